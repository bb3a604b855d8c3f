"""The query budget of an exam's pages (``tests/query_budget/support.py`` says how budgets are counted): a question,
the overview and the confirmation cost the same for 8 questions as for 50, half of them answered and some flagged."""

import pytest
from django.contrib.auth.models import AnonymousUser

from quizzes.exams import exam_answer_save
from quizzes.models import Attempt, Quiz
from quizzes.modes import QuizMode
from quizzes.services import attempt_start
from tests.factories import make_quiz
from tests.pages import find, has_class, texts_of, url
from tests.query_budget.support import (
    LANGUAGES,
    QUIZ_STATE,
    SESSION,
    SNAPSHOT,
    USER,
    kinds_quiz,
    owner_of,
    pinned_get,
    translate,
)

pytestmark = pytest.mark.django_db


def exam_quiz(slug: str = "quiz", title: str = "A quiz", questions: int = 8) -> Quiz:
    return make_quiz(slug, title, questions=questions, mode=QuizMode.EXAM, time_limit=30)


def kinds_exam(slug: str = "quiz", title: str = "A quiz", questions: int = 8) -> Quiz:
    """``kinds_quiz`` (every kind, shuffled both ways, a pass mark) as a timed exam."""
    quiz = kinds_quiz(slug, title, questions)
    quiz.mode, quiz.time_limit = QuizMode.EXAM, 30
    quiz.save()
    return quiz


EXAMS = pytest.mark.parametrize("make", [exam_quiz, kinds_exam], ids=["single answers", "every kind"])
VISITORS = pytest.mark.parametrize(("visitor", "queries"), [("guest", SESSION), ("learner", SESSION + USER)])


def half_answered(quiz: Quiz, *, learner=None, guest=None) -> Attempt:
    """The owner's exam at ``quiz`` with every other question answered (right) and every third flagged, in the
    attempt's order."""
    attempt = attempt_start(learner=learner or AnonymousUser(), quiz=quiz, language="en", guest=guest)
    ordered = attempt.arrangement.questions(list(quiz.questions.prefetch_related("choices").order_by("position")))
    for index, question in enumerate(ordered):
        choices = question.correct_choices() if index % 2 == 0 else []
        exam_answer_save(attempt=attempt, question=question, choices=choices, flagged=index % 3 == 0 or None)
    return attempt


@EXAMS
@VISITORS
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("questions", [8, 50])
def test_exam_question_page(client, django_assert_num_queries, make, visitor, queries, language, questions):
    """The quiz's id with the content version and the attempt with its answers and flags; the form, the saved
    answer and the segments from the quiz's snapshot."""
    quiz = make(questions=questions)
    translate(quiz)
    half_answered(quiz, **owner_of(client, visitor, quiz))
    address = url("quizzes:question", language, slug=quiz.slug, number=2)
    page = pinned_get(
        client, address, django_assert_num_queries, cold=queries + QUIZ_STATE + SNAPSHOT, warm=queries + QUIZ_STATE
    )
    assert len(find(page.content, has_class("segment"))) == questions
    assert len(find(page.content, has_class("is-flagged"))) == len(range(0, questions, 3))


@EXAMS
@VISITORS
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("questions", [8, 50])
def test_exam_overview_page(client, django_assert_num_queries, make, visitor, queries, language, questions):
    """One query of its own however many questions: every row from the attempt read with its answers and flags."""
    quiz = make(questions=questions)
    translate(quiz)
    half_answered(quiz, **owner_of(client, visitor, quiz))
    address = url("quizzes:overview", language, slug=quiz.slug)
    page = pinned_get(
        client, address, django_assert_num_queries, cold=queries + QUIZ_STATE + SNAPSHOT, warm=queries + QUIZ_STATE
    )
    assert len(find(page.content, has_class("exam-overview-item"))) == questions
    assert len(find(page.content, has_class("is-answered"))) == len(range(0, questions, 2))
    assert len(find(page.content, has_class("exam-flag"))) == len(range(0, questions, 3))


@EXAMS
@VISITORS
@pytest.mark.parametrize("questions", [8, 50])
def test_exam_confirmation_page(client, django_assert_num_queries, make, visitor, queries, questions):
    quiz = make(questions=questions)
    half_answered(quiz, **owner_of(client, visitor, quiz))
    address = url("quizzes:submit", slug=quiz.slug)
    page = pinned_get(
        client, address, django_assert_num_queries, cold=queries + QUIZ_STATE + SNAPSHOT, warm=queries + QUIZ_STATE
    )
    assert texts_of(page.content, "exam-unanswered-count") == [
        f"{questions // 2} questions are not answered: they will score zero."
    ]


# Saving an answer: the view's transaction (a savepoint and its release, in a test), the quiz's state read with the
# lock, then exam_answer_save (``quizzes.exams``): its own savepoint and release, the attempt's lock, the answered
# questions with the content version, and the earlier answer updated (the flag, already set, is left alone). A
# guest's answer also reads the guest's row and saves the session again (a savepoint, the update, the release),
# which keeps it alive (``quizzes.guests.guest_for_writing``).
ATOMIC = 2
SAVE = 2 + 1 + 1 + 1
GUEST = 1 + 3


@EXAMS
@VISITORS
@pytest.mark.parametrize("questions", [8, 50])
def test_saving_an_exam_answer(client, django_assert_num_queries, make, visitor, queries, questions):
    quiz = make(questions=questions)
    attempt = half_answered(quiz, **owner_of(client, visitor, quiz))
    question = attempt.arrangement.questions(list(quiz.questions.order_by("position")))[0]
    [choice] = [choice for choice in question.choices.order_by("position") if not choice.is_correct][:1]
    address = url("quizzes:question", slug=quiz.slug, number=1)
    client.get(address)  # the snapshot is held
    guest = GUEST if visitor == "guest" else 0
    with django_assert_num_queries(queries + ATOMIC + QUIZ_STATE + SAVE + guest):
        response = client.post(address, {"choice": choice.pk, "flagged": "on", "go": "next"})
    assert response.url == url("quizzes:question", slug=quiz.slug, number=2)
    assert attempt.answers.get(question=question).chosen == str(choice.pk)


# Submitting: the quiz's state, then exam_submit (``quizzes.exams``): its savepoint and release, the attempt's lock,
# the answered questions with the content version, the empty answers of the unanswered questions (one insert) and
# the attempt finished.
SUBMIT = 2 + 1 + 1 + 1 + 1


@EXAMS
@VISITORS
@pytest.mark.parametrize("questions", [8, 50])
def test_submitting_an_exam_then_its_results(client, django_assert_num_queries, make, visitor, queries, questions):
    """The results of an exam cost what a practice attempt's cost: its answers come in its order from the same
    query (``quizzes.results``)."""
    quiz = make(questions=questions)
    half_answered(quiz, **owner_of(client, visitor, quiz))
    client.get(url("quizzes:submit", slug=quiz.slug))  # the snapshot is held
    with django_assert_num_queries(queries + QUIZ_STATE + SUBMIT):
        response = client.post(url("quizzes:submit", slug=quiz.slug))
    assert response.url == url("quizzes:results", slug=quiz.slug)
    results = pinned_get(client, response.url, django_assert_num_queries, cold=queries + 2 + SNAPSHOT, warm=queries + 2)
    assert len(find(results.content, has_class("result"))) == questions
    assert len(find(results.content, has_class("not-answered"))) == questions // 2
