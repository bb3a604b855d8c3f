import pytest
from django.db import IntegrityError, transaction
from django.utils import translation

from quizzes.models import Answer, Attempt, Choice, Question
from tests.factories import make_quiz, make_user


@pytest.mark.django_db
def test_a_question_may_store_several_correct_choices():
    """How many choices are correct is a rule of the question's kind (``quizzes.rules.check_choices``), which a
    multiple-answer question needs the database to allow: the one-correct-choice constraint is gone."""
    question = make_quiz(questions=1).questions.get()
    Choice.objects.create(question=question, position=5, text_en="Also right", is_correct=True)
    assert list(question.choices.filter(is_correct=True).values_list("text_en", flat=True)) == [
        "Q1 choice 1",
        "Also right",
    ]


@pytest.mark.django_db
def test_duplicate_answer_to_a_question_is_refused():
    quiz = make_quiz(questions=1)
    question = quiz.questions.get()
    attempt = Attempt.objects.create(learner=make_user(), quiz=quiz, language="en")
    choice = question.choices.first()
    Answer.objects.create(attempt=attempt, question=question, choice=choice, is_correct=True)
    with pytest.raises(IntegrityError), transaction.atomic():
        Answer.objects.create(attempt=attempt, question=question, choice=choice, is_correct=True)
    assert Answer.objects.filter(attempt=attempt).count() == 1


@pytest.mark.django_db
def test_second_unfinished_attempt_at_the_same_quiz_is_refused():
    quiz = make_quiz()
    learner = make_user()
    Attempt.objects.create(learner=learner, quiz=quiz, language="en")
    with pytest.raises(IntegrityError), transaction.atomic():
        Attempt.objects.create(learner=learner, quiz=quiz, language="fr")
    assert Attempt.objects.count() == 1


@pytest.mark.django_db
def test_duplicate_question_position_is_refused():
    quiz = make_quiz(questions=2)
    with pytest.raises(IntegrityError), transaction.atomic():
        Question.objects.create(quiz=quiz, position=2, text_en="Again")


@pytest.mark.django_db
@pytest.mark.parametrize("missing", [None, ""], ids=["null", "empty"])
def test_missing_translation_falls_back_to_english(missing):
    quiz = make_quiz(questions=1, title="Data parallelism quiz", title_fr=missing, title_tr="Veri Paralelliği Testi")
    question = quiz.questions.get()
    question.text_fr = missing
    question.save()
    question.refresh_from_db()
    quiz.refresh_from_db()
    with translation.override("fr"):
        assert quiz.title == "Data parallelism quiz"
        assert question.text == "Question 1"
    with translation.override("tr"):
        assert quiz.title == "Veri Paralelliği Testi"


@pytest.mark.django_db
def test_score_counts_answers_that_were_correct_when_given():
    quiz = make_quiz(questions=3, correct=1)
    attempt = Attempt.objects.create(learner=make_user(), quiz=quiz, language="en")
    for question, position in zip(quiz.questions.order_by("position"), [1, 2, 1], strict=True):
        choice = question.choices.get(position=position)
        Answer.objects.create(attempt=attempt, question=question, choice=choice, is_correct=choice.is_correct)
    # The author then marks another choice of question 1 correct: its answer stays counted as given.
    first = quiz.questions.get(position=1)
    first.choices.filter(position=1).update(is_correct=False)
    first.choices.filter(position=2).update(is_correct=True)
    assert attempt.score == 2
    assert Attempt.objects.with_score().get(pk=attempt.pk).score == 2
    assert attempt.next_question() is None
