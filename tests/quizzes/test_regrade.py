"""Correcting the answer key of an answered question and regrading (``quizzes.regrading``): exactly the attempts
that answered it change score, their history keeps the earlier verdicts and scores, and a bad or unchanged key
changes nothing (what learners read of it: ``test_regrade_results.py``)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from quizzes.answering import answer_submit
from quizzes.exams import exam_submit
from quizzes.kinds import QuestionKind
from quizzes.models import Answer, Attempt, Choice, Question, Regrade, RegradedAnswer
from quizzes.modes import QuizMode
from quizzes.regrading import answer_key_correct
from quizzes.rules import RuleBroken
from quizzes.services import attempt_start
from quizzes.statistics import quiz_statistics
from tests.factories import answer_quiz, make_quiz, make_user
from tests.quizzes.regrade_helpers import choice_pks, keyed_wrong_quiz, regrade, right_of, scores

pytestmark = pytest.mark.django_db


@pytest.fixture
def keyed_wrong():
    return keyed_wrong_quiz()


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


def test_a_choice_added_after_learners_answered_cannot_become_their_key(keyed_wrong):
    """Its learners never saw it: nothing is regraded, and the message names it."""
    _quiz, question, _attempts = keyed_wrong
    added = Choice.objects.create(question=question, position=9, text="Added later", text_en="Added later")
    before = scores()
    with pytest.raises(RuleBroken) as refusal:
        answer_key_correct(question=question, right={added.pk}, by=None)
    assert refusal.value.messages == [
        "Choice 9 was added after learners answered this question: they never saw it, so their answers cannot be "
        "judged by it."
    ]
    assert (scores(), Regrade.objects.count(), right_of(question) != {added.pk}) == (before, 0, True)
