import pytest

from quizzes.answering import AnswerRefused, answer_submit
from quizzes.models import Answer, Attempt
from quizzes.services import attempt_start
from tests.factories import make_quiz, make_user


@pytest.fixture
def quiz(db):
    return make_quiz(questions=2)


@pytest.fixture
def attempt(quiz):
    return attempt_start(learner=make_user(), quiz=quiz, language="fr")


def test_start_twice_resumes_the_same_attempt(quiz):
    learner = make_user()
    first = attempt_start(learner=learner, quiz=quiz, language="fr")
    second = attempt_start(learner=learner, quiz=quiz, language="en")
    assert second.pk == first.pk
    assert Attempt.objects.get().language == "fr"


def test_second_answer_to_same_question_is_ignored(quiz, attempt):
    question = quiz.questions.get(position=1)
    answer_submit(attempt=attempt, question=question, choice=question.choices.get(position=2))
    answer, created = answer_submit(attempt=attempt, question=question, choice=question.choices.get(position=1))
    assert created is False
    assert answer.choice.position == 2
    assert list(Answer.objects.values_list("question__position", "choice__position", "is_correct")) == [(1, 2, False)]


def test_answering_ahead_of_the_next_question_is_refused(quiz, attempt):
    question = quiz.questions.get(position=2)
    with pytest.raises(AnswerRefused, match="Please answer the questions in order."):
        answer_submit(attempt=attempt, question=question, choice=question.choices.get(position=1))
    assert Answer.objects.count() == 0


def test_choice_of_another_question_is_refused(quiz, attempt):
    first, second = quiz.questions.order_by("position")
    with pytest.raises(AnswerRefused, match="Please choose one of this question's answers."):
        answer_submit(attempt=attempt, question=first, choice=second.choices.get(position=1))
    assert Answer.objects.count() == 0


def test_last_answer_finishes_the_attempt(quiz, attempt):
    for question in quiz.questions.order_by("position"):
        answer_submit(attempt=attempt, question=question, choice=question.choices.get(position=1))
    attempt.refresh_from_db()
    assert attempt.finished_at is not None
    assert attempt.score == 2


def test_retake_starts_a_new_attempt_and_keeps_the_finished_one(quiz, attempt):
    for question in quiz.questions.order_by("position"):
        answer_submit(attempt=attempt, question=question, choice=question.choices.get(position=1))
    retake = attempt_start(learner=attempt.learner, quiz=quiz, language="tr")
    assert retake.pk != attempt.pk
    assert Attempt.objects.finished().count() == 1
    assert Attempt.objects.unfinished().get().pk == retake.pk
