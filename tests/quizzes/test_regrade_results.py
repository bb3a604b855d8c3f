"""What a regrade tells learners (``quizzes.regrading``): one sentence per regrade on the results of each attempt
it judged again (practice, exam, practice round), in the attempt's own numbering and the learner's language and
date format; and the regrades in the learner's data export."""

import pytest

from accounts.export import learner_data
from quizzes.answering import answer_submit
from quizzes.exams import exam_answer_save, exam_submit
from quizzes.models import Attempt, Question, RegradedAnswer
from quizzes.modes import QuizMode
from quizzes.rounds import practice_round_start
from quizzes.services import attempt_start
from tests.factories import answer_quiz, make_quiz, make_user
from tests.pages import texts_of, url
from tests.quizzes.regrade_helpers import keyed_wrong_quiz, regrade

pytestmark = pytest.mark.django_db


@pytest.fixture
def keyed_wrong():
    return keyed_wrong_quiz()


def results_notes(client, quiz, language: str = "en", pk: int | None = None) -> list[str]:
    address = (
        url("quizzes:results", language, slug=quiz.slug)
        if pk is None
        else url("quizzes:attempt_results", language, slug=quiz.slug, pk=pk)
    )
    response = client.get(address)
    assert response.status_code == 200
    return texts_of(response.content, "regrade-note")


def test_the_results_say_which_question_was_regraded_and_when(client, keyed_wrong):
    quiz, question, attempts = keyed_wrong
    regrade(question, 2)
    expected = {
        "gains": "Question 4 was regraded on Dec. 2, 2026, 2:05 p.m.\u00a0UTC: its answer key was corrected, and your "
        "score went from 3 to 4 out of 4.",
        "loses": "Question 4 was regraded on Dec. 2, 2026, 2:05 p.m.\u00a0UTC: its answer key was corrected, and your "
        "score went from 4 to 3 out of 4.",
        "stays": "Question 4 was regraded on Dec. 2, 2026, 2:05 p.m.\u00a0UTC: its answer key was corrected, and your "
        "score stayed 1 out of 4.",
    }
    for name, sentence in expected.items():
        client.force_login(attempts[name].learner)
        assert results_notes(client, quiz) == [sentence]
        score = texts_of(client.get(url("quizzes:results", slug=quiz.slug)).content, "score-value")
        assert score == [f"{Attempt.objects.get(pk=attempts[name].pk).score}/4"]
    client.force_login(attempts["elsewhere"].learner)
    assert results_notes(client, attempts["elsewhere"].quiz) == []


def test_results_of_an_attempt_not_regraded_say_nothing(client):
    quiz, calm = make_quiz(questions=2), make_quiz(slug="calm", questions=2)
    learner = make_user()
    regraded, untouched = answer_quiz(learner, quiz, picks=[1, 2]), answer_quiz(learner, calm, picks=[1, 2])
    regrade(quiz.questions.get(position=1), 2)
    client.force_login(learner)
    assert len(results_notes(client, quiz, pk=regraded.pk)) == 1
    assert results_notes(client, calm, pk=untouched.pk) == []


@pytest.mark.parametrize(
    ("language", "date"),
    [("fr", "2 décembre 2026 14:05\u00a0UTC"), ("tr", "02 Aralık 2026 14:05\u00a0UTC")],
)
def test_the_results_say_it_in_the_learners_language_and_date_format(client, keyed_wrong, language, date):
    quiz, question, attempts = keyed_wrong
    regrade(question, 2)
    client.force_login(attempts["gains"].learner)
    [note] = results_notes(client, quiz, language)
    assert date in note and "3" in note and "4" in note  # the date in the learner's format; the scores


def test_the_results_number_the_question_as_the_learner_saw_it(client):
    """Questions shuffled: the sentence names the regraded question by its number in this attempt's results."""
    quiz = make_quiz(questions=4, shuffle_questions=True)
    learner = make_user()
    attempt = attempt_start(learner=learner, quiz=quiz, language="en")
    order = [question.pk for question in attempt.arrangement.questions(list(quiz.questions.all()))]
    for pk in order:
        question = Question.objects.get(pk=pk)
        answer_submit(attempt=attempt, question=question, choice=question.choices.get(position=1))
    target = Question.objects.get(quiz=quiz, position=1)
    number = order.index(target.pk) + 1
    regrade(target, 2)
    client.force_login(learner)
    assert results_notes(client, quiz) == [
        f"Question {number} was regraded on Dec. 2, 2026, 2:05 p.m.\u00a0UTC: its answer key was corrected, and "
        "your score went from 4 to 3 out of 4."
    ]


def test_an_exam_under_way_is_judged_again_and_its_results_say_when(client):
    quiz = make_quiz(questions=2, mode=QuizMode.EXAM)
    learner = make_user()
    attempt = attempt_start(learner=learner, quiz=quiz, language="en")
    second = quiz.questions.get(position=2)
    exam_answer_save(attempt=attempt, question=second, choices=[second.choices.get(position=3)])
    regrade(second, 3)
    assert list(RegradedAnswer.objects.values_list("was_correct", "is_correct", "score_before", "out_of")) == [
        (False, True, None, None)
    ]
    exam_submit(attempt=attempt)
    assert Attempt.objects.get(pk=attempt.pk).score == 1
    client.force_login(learner)
    assert results_notes(client, quiz) == [
        "Question 2 was regraded on Dec. 2, 2026, 2:05 p.m.\u00a0UTC, while you were taking this quiz: its answer key "
        "was corrected."
    ]


def test_the_data_export_carries_the_regrades_of_each_attempt(django_assert_num_queries):
    """Finished: the verdicts and scores before and after; an exam under way: only which question and when (its
    verdicts stay hidden until it is submitted). One query more than without regrades."""
    quiz = make_quiz(questions=2)
    learner = make_user()
    answer_quiz(learner, quiz, picks=[1, 2])
    exam = make_quiz(slug="exam", questions=2, mode=QuizMode.EXAM)
    attempt = attempt_start(learner=learner, quiz=exam, language="en")
    first = exam.questions.get(position=1)
    exam_answer_save(attempt=attempt, question=first, choices=[first.choices.get(position=2)])
    regrade(quiz.questions.get(position=2), 2)
    regrade(first, 2)
    with django_assert_num_queries(4):  # the attempts, their answers, the failed logins; the regrades
        data = learner_data(learner)
    assert [attempt["regrades"] for attempt in data["attempts"]] == [
        [{"question": "Question 1", "regraded_at": "2026-12-02T14:05:00+00:00"}],
        [
            {
                "question": "Question 2",
                "regraded_at": "2026-12-02T14:05:00+00:00",
                "correct_before": False,
                "correct_after": True,
                "score_before": 1,
                "score_after": 2,
                "out_of": 2,
            }
        ],
    ]


def test_a_practice_round_is_judged_again_and_its_page_says_so(client):
    """A round of the missed questions is judged by the same key: its answers are regraded, and its page says so."""
    quiz = make_quiz(questions=2)
    learner = make_user()
    source = answer_quiz(learner, quiz, picks=[1, 2])
    practice = practice_round_start(learner=learner, attempt_pk=source.pk)
    question = quiz.questions.get(position=2)
    answer_submit(attempt=practice, question=question, choice=question.choices.get(position=3))
    regrade(question, 3)
    rows = RegradedAnswer.objects.order_by("attempt_id").values_list("attempt_id", "score_before", "score_after")
    assert list(rows) == [
        (source.pk, 1, 1),
        (practice.pk, 0, 1),
    ]
    client.force_login(learner)
    response = client.get(url("quizzes:round", slug=quiz.slug, pk=practice.pk))
    assert texts_of(response.content, "regrade-note") == [
        "Question 1 was regraded on Dec. 2, 2026, 2:05 p.m.\u00a0UTC: its answer key was corrected, and your score "
        "went from 0 to 1 out of 1."
    ]
