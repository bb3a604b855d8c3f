"""Correcting the answer key of an answered question and regrading (``quizzes.regrading``): exactly the attempts
that answered it change score, their results say so in one sentence, their history keeps the earlier verdicts and
scores, and a bad or unchanged key changes nothing."""

from datetime import UTC, datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.export import learner_data
from quizzes.answering import answer_submit
from quizzes.exams import exam_answer_save, exam_submit
from quizzes.kinds import QuestionKind
from quizzes.models import Answer, Attempt, Choice, Question, Regrade, RegradedAnswer
from quizzes.modes import QuizMode
from quizzes.regrading import answer_key_correct
from quizzes.rounds import practice_round_start
from quizzes.rules import RuleBroken
from quizzes.services import attempt_start
from quizzes.statistics import quiz_statistics
from tests.factories import answer_quiz, make_quiz, make_user
from tests.pages import texts_of, url

pytestmark = pytest.mark.django_db

#: When the regrade of these tests happened (set after it: ``regraded_at`` is written by the database's clock).
REGRADED = datetime(2026, 12, 2, 14, 5, tzinfo=UTC)


def right_of(question: Question) -> set[int]:
    return set(question.choices.filter(is_correct=True).values_list("pk", flat=True))


def choice_pks(question: Question, *positions: int) -> set[int]:
    return set(question.choices.filter(position__in=positions).values_list("pk", flat=True))


def regrade(question: Question, *positions: int, by=None) -> Regrade:
    """Correct ``question``'s key to the choices at ``positions`` and date the regrade ``REGRADED``."""
    done = answer_key_correct(question=question, right=choice_pks(question, *positions), by=by)
    Regrade.objects.filter(pk=done.pk).update(regraded_at=REGRADED)
    return done


def scores() -> dict[str, int]:
    return {
        attempt.learner.username: attempt.score for attempt in Attempt.objects.with_score().select_related("learner")
    }


@pytest.fixture
def keyed_wrong():
    """A quiz of 4 questions (pass mark 75 %) whose question 4 is keyed wrong (choice 1 marked, choice 2 right), a
    second quiz, and learners: "gains" answered 4 with choice 2 (3 of 4, passed), "loses" with choice 1 (4 of 4),
    "stays" with choice 3 (1 of 4), "halfway" has not reached question 4, "elsewhere" took the other quiz (3 of 4)."""
    quiz = make_quiz(questions=4, pass_mark=75)
    other = make_quiz(slug="other", questions=4)
    attempts = {
        "gains": answer_quiz(make_user("gains"), quiz, picks=[1, 1, 1, 2]),
        "loses": answer_quiz(make_user("loses"), quiz, picks=[1, 1, 1, 1]),
        "stays": answer_quiz(make_user("stays"), quiz, picks=[2, 2, 1, 3]),
        "halfway": answer_quiz(make_user("halfway"), quiz, picks=[1, 1]),
        "elsewhere": answer_quiz(make_user("elsewhere"), other, picks=[1, 1, 1, 2]),
    }
    return quiz, quiz.questions.get(position=4), attempts


def test_regrading_changes_exactly_the_scores_of_the_attempts_that_answered_the_question(keyed_wrong):
    quiz, question, _attempts = keyed_wrong
    assert scores() == {"gains": 3, "loses": 4, "stays": 1, "halfway": 2, "elsewhere": 3}
    regrade(question, 2)
    assert scores() == {"gains": 4, "loses": 3, "stays": 1, "halfway": 2, "elsewhere": 3}
    assert right_of(question) == choice_pks(question, 2)
    assert list(
        Answer.objects.filter(question=question)
        .order_by("attempt__learner__username")
        .values_list("attempt__learner__username", "is_correct")
    ) == [("gains", True), ("loses", False), ("stays", False)]


def test_the_choices_as_shown_follow_the_corrected_key(keyed_wrong):
    _quiz, question, attempts = keyed_wrong
    regrade(question, 2)
    shown = Answer.objects.get(attempt=attempts["gains"], question=question).shown
    assert [(text, right, chosen) for _pk, text, right, chosen in shown] == [
        ("Q4 choice 1", False, False),
        ("Q4 choice 2", True, True),
        ("Q4 choice 3", False, False),
        ("Q4 choice 4", False, False),
    ]


def test_the_history_keeps_each_earlier_verdict_and_score(keyed_wrong):
    _quiz, question, attempts = keyed_wrong
    author = make_user("author")
    done = regrade(question, 2, by=author)
    done.refresh_from_db()
    assert (done.question, done.by, done.right_before, done.right_after) == (
        question,
        author,
        str(question.choices.get(position=1).pk),
        str(question.choices.get(position=2).pk),
    )
    rows = RegradedAnswer.objects.order_by("attempt__learner__username").values_list(
        "attempt__learner__username", "was_correct", "is_correct", "score_before", "score_after", "out_of"
    )
    assert list(rows) == [
        ("gains", False, True, 3, 4, 4),
        ("loses", True, False, 4, 3, 4),
        ("stays", False, False, 1, 1, 4),
    ]


def test_passing_follows_the_new_score(keyed_wrong):
    _quiz, question, attempts = keyed_wrong
    regrade(question, 2)
    passed = {name: Attempt.objects.get(pk=attempt.pk).passed for name, attempt in attempts.items()}
    assert passed == {"gains": True, "loses": True, "stays": False, "halfway": None, "elsewhere": None}
    regrade(question, 3)
    passed = {name: Attempt.objects.get(pk=attempts[name].pk).passed for name in ("gains", "loses", "stays")}
    assert passed == {"gains": True, "loses": True, "stays": False}
    assert scores()["gains"] == 3 and scores()["stays"] == 2


def test_the_statistics_count_the_corrected_verdicts(keyed_wrong):
    quiz, question, _attempts = keyed_wrong
    before = {row.question.position: row.correct for row in quiz_statistics(quiz)}
    regrade(question, 2)
    after = {row.question.position: row.correct for row in quiz_statistics(quiz)}
    assert (before[4], after[4]) == (1, 1)  # "loses" right before, "gains" right after
    assert {position: after[position] for position in (1, 2, 3)} == {1: before[1], 2: before[2], 3: before[3]}
    assert [(item.choice.position, item.choice.is_correct) for item in quiz_statistics(quiz)[3].choices][:2] == [
        (1, False),
        (2, True),
    ]


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


def test_an_empty_exam_answer_stays_wrong():
    quiz = make_quiz(questions=2, mode=QuizMode.EXAM)
    attempt = attempt_start(learner=make_user(), quiz=quiz, language="en")
    exam_submit(attempt=attempt)
    regrade(quiz.questions.get(position=1), 2)
    assert list(RegradedAnswer.objects.values_list("was_correct", "is_correct", "score_before", "score_after")) == [
        (False, False, 0, 0)
    ]


def test_a_multiple_answer_key_is_judged_all_or_nothing():
    quiz = make_quiz(questions=1, choices=4, correct=1)
    question = quiz.questions.get()
    Question.objects.filter(pk=question.pk).update(kind=QuestionKind.MULTIPLE)
    question.refresh_from_db()
    attempt = attempt_start(learner=make_user(), quiz=quiz, language="en")
    answer_submit(attempt=attempt, question=question, choices=list(question.choices.filter(position__in=[1, 2])))
    assert Attempt.objects.with_score().get(pk=attempt.pk).score == 0
    regrade(question, 1, 2)
    assert Attempt.objects.with_score().get(pk=attempt.pk).score == 1
    regrade(question, 1, 2, 3)
    assert Attempt.objects.with_score().get(pk=attempt.pk).score == 0


@pytest.mark.parametrize(
    ("kind", "positions", "message"),
    [
        (QuestionKind.SINGLE, (1,), "This is already the answer key of question 1: choose the answers that are right."),
        (QuestionKind.SINGLE, (1, 2), "Mark exactly one choice as correct; 2 are marked."),
        (QuestionKind.SINGLE, (), "Mark exactly one choice as correct; 0 are marked."),
        (
            QuestionKind.MULTIPLE,
            (),
            "Mark at least one choice as correct: a question with several right answers needs one.",
        ),
        (
            QuestionKind.MULTIPLE,
            (1, 2, 3, 4),
            "Not every choice can be correct: leave at least one unmarked, or learners could tick them all without "
            "reading.",
        ),
    ],
)
def test_a_bad_or_unchanged_key_is_refused_and_changes_nothing(kind, positions, message):
    quiz = make_quiz(questions=1)
    question = quiz.questions.get()
    Question.objects.filter(pk=question.pk).update(kind=kind)
    question.refresh_from_db()
    attempt = answer_quiz(make_user(), quiz, picks=[1])
    with pytest.raises(RuleBroken) as refusal:
        answer_key_correct(question=question, right=choice_pks(question, *positions), by=None)
    assert refusal.value.messages == [message]
    assert right_of(question) == choice_pks(question, 1)
    assert (Regrade.objects.count(), RegradedAnswer.objects.count()) == (0, 0)
    assert Answer.objects.get(attempt=attempt).is_correct is True


def test_a_choice_of_another_question_is_refused():
    quiz = make_quiz(questions=2)
    answer_quiz(make_user(), quiz, picks=[1, 1])
    first, second = quiz.questions.all()
    with pytest.raises(RuleBroken) as refusal:
        answer_key_correct(question=first, right=choice_pks(second, 2), by=None)
    assert refusal.value.messages == ["Choose the right answers among this question’s choices."]
    assert Choice.objects.filter(is_correct=True).count() == 2


def test_a_regrade_writes_a_fixed_number_of_statements_whatever_the_number_of_answers():
    """The answers are judged again in batches, not one statement per answer."""
    quiz = make_quiz(questions=1)
    for number in range(30):
        answer_quiz(make_user(f"learner{number}"), quiz, picks=[number % 4 + 1])
    question = quiz.questions.get()
    with CaptureQueriesContext(connection) as queries:
        answer_key_correct(question=question, right=choice_pks(question, 2), by=None)
    small = len(queries)
    answer_quiz(make_user("one-more"), quiz, picks=[1])
    with CaptureQueriesContext(connection) as queries:
        answer_key_correct(question=question, right=choice_pks(question, 3), by=None)
    assert len(queries) == small


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


def test_a_regraded_question_whose_answers_are_gone_can_be_removed():
    """Its answers protect it; once its only learner deleted their account, it goes like any unanswered question,
    with its history."""
    quiz = make_quiz(questions=2)
    learner = make_user()
    answer_quiz(learner, quiz, picks=[1, 1])
    question = quiz.questions.get(position=2)
    regrade(question, 2)
    learner.delete()
    question.delete()
    assert (Question.objects.filter(quiz=quiz).count(), Regrade.objects.count(), RegradedAnswer.objects.count()) == (
        1,
        0,
        0,
    )
