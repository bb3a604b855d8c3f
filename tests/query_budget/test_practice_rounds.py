"""The query budget of a practice round's pages (``quizzes.round_views``; ``tests/query_budget/support.py`` says how
budgets are counted): its question page before and after answering, the answer POST, its own page under way and
finished, starting it, and "My progress" listing rounds. Each costs the same for a round of 8 missed questions and
of 50, and for 1 round and 10."""

import pytest
from django.contrib.auth.models import AnonymousUser

from quizzes.answering import answer_submit
from quizzes.models import Attempt, Question
from quizzes.rounds import practice_round_start
from quizzes.services import attempt_start
from tests.factories import make_guide, make_quiz, make_user
from tests.pages import find, has_class, texts_of, url
from tests.query_budget.support import (
    LANGUAGES,
    PRACTICE_ROUNDS,
    SESSION,
    SNAPSHOT,
    STANDINGS,
    USER,
    owner_of,
    pinned_get,
    translate,
)

pytestmark = pytest.mark.django_db

# A round's page of its own: the quiz's id with the content version and the round with its answers, owner-checked
# (quizzes.learner_state.round_state); its questions come from the quiz's snapshot.
ROUND_STATE = 1
# A finished round's page also reads its answers as results show them (quizzes.results.attempt_answers).
ROUND_ANSWERS = 1
# An answer POST: in a savepoint (the view's atomic block, inside the test's transaction), the round with its
# answers, locked, the answer's INSERT and the savepoint's release.
ANSWER = 4
# A guest's POST also checks that the guest exists and saves the session it marks modified (as an answer to the
# quiz does, ``quizzes.guests.guest_for_writing``): the check, and a savepoint, UPDATE and release.
GUEST_WRITES = 4
VISITORS = [("guest", SESSION), ("learner", SESSION + USER)]
POSTING = {"guest": SESSION + GUEST_WRITES, "learner": SESSION + USER}
PROGRESS_LABEL = {"en": "Question {n} of {total}", "fr": "Question {n} de {total}", "tr": "{total} sorudan {n}. soru"}
RIGHT = {
    "en": "{score} of {total} right",
    "fr": "{score} bonnes réponses sur {total}",
    "tr": "{total} sorudan {score} tanesini bildiniz",
}


def missed_all(quiz, owner: dict) -> Attempt:
    """The owner's finished attempt at ``quiz`` (questions in the author's order, choice 1 right) with every answer
    wrong (choice 2)."""
    attempt = attempt_start(
        learner=owner.get("learner") or AnonymousUser(), quiz=quiz, language="en", **guest_of(owner)
    )
    for question in quiz.questions.prefetch_related("choices").order_by("position"):
        answer_submit(attempt=attempt, question=question, choice=question.choices.get(position=2))
    return attempt


def guest_of(owner: dict) -> dict:
    return {"guest": owner["guest"]} if "guest" in owner else {}


def missed_everything(quiz, owner: dict) -> Attempt:
    """A practice round, just started, of the owner's attempt at ``quiz`` that missed every question."""
    attempt = missed_all(quiz, owner)
    learner = owner.get("learner") or AnonymousUser()
    return practice_round_start(learner=learner, attempt_pk=attempt.pk, **guest_of(owner))


def answer_round(round_: Attempt, count: int) -> None:
    """Answer the round's next ``count`` questions rightly (choice 1), in the quiz's order; the last one finishes it."""
    answered = set(round_.answers.values_list("question_id", flat=True))
    questions = Question.objects.filter(pk__in=round_.round_questions.split(",")).order_by("position")
    for question in [question for question in questions if question.pk not in answered][:count]:
        answer_submit(attempt=round_, question=question, choice=question.choices.get(position=1))


def round_question_url(quiz, round_, number: int, language: str = "en") -> str:
    return url("quizzes:round_question", language, slug=quiz.slug, pk=round_.pk, number=number)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("questions", [8, 50])
@pytest.mark.parametrize(("visitor", "queries"), VISITORS)
def test_round_question_page_before_and_after_answering_and_the_answer_post(
    client, django_assert_num_queries, language, questions, visitor, queries
):
    quiz = make_quiz(questions=questions)
    translate(quiz)
    round_ = missed_everything(quiz, owner_of(client, visitor, quiz))
    answer_round(round_, 4)
    address = round_question_url(quiz, round_, 5, language)
    page = queries + ROUND_STATE
    before = pinned_get(client, address, django_assert_num_queries, cold=page + SNAPSHOT, warm=page)
    label = PROGRESS_LABEL[language].format(n=5, total=questions)
    assert texts_of(before.content, "progress-label") == [label]
    assert len(find(before.content, has_class("round-mark"))) == 1
    right = quiz.questions.get(position=5).choices.get(position=1)
    with django_assert_num_queries(POSTING[visitor] + ANSWER):
        response = client.post(address, {"choice": right.pk})
    assert response.url == address
    after = pinned_get(client, address, django_assert_num_queries, cold=page + SNAPSHOT, warm=page)
    assert texts_of(after.content, "progress-label") == [label]
    assert texts_of(after.content, "feedback") == [{"en": "Right!", "fr": "Exact\u00a0!", "tr": "Bildiniz!"}[language]]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("questions", [8, 50])
@pytest.mark.parametrize(("visitor", "queries"), VISITORS)
def test_round_page_under_way_and_finished(client, django_assert_num_queries, language, questions, visitor, queries):
    quiz = make_quiz(questions=questions)
    translate(quiz)
    round_ = missed_everything(quiz, owner_of(client, visitor, quiz))
    answer_round(round_, 2)
    address = url("quizzes:round", language, slug=quiz.slug, pk=round_.pk)
    page = queries + ROUND_STATE
    under_way = pinned_get(client, address, django_assert_num_queries, cold=page + SNAPSHOT, warm=page)
    assert texts_of(under_way.content, "round-status") == [PROGRESS_LABEL[language].format(n=3, total=questions)]
    answer_round(round_, questions)
    page += ROUND_ANSWERS
    finished = pinned_get(client, address, django_assert_num_queries, cold=page + SNAPSHOT, warm=page)
    assert texts_of(finished.content, "round-score") == [RIGHT[language].format(score=questions, total=questions)]
    assert len(find(finished.content, has_class("result"))) == questions


@pytest.mark.parametrize("questions", [8, 50])
@pytest.mark.parametrize(("visitor", "queries"), VISITORS)
def test_starting_a_round(client, django_assert_num_queries, questions, visitor, queries):
    """The visitor's finished attempt, checked; then in the service's transaction the attempt, its missed questions,
    the round under way (none), and the round's INSERT in a savepoint; then the round read for its first question's
    address. A guest also keeps their session alive (``GUEST_WRITES``)."""
    quiz = make_quiz(questions=questions)
    source = missed_all(quiz, owner_of(client, visitor, quiz))
    extra = GUEST_WRITES if visitor == "guest" else 0
    # savepoint, the attempt, its missed questions, the round under way, savepoint, INSERT, release, release
    with django_assert_num_queries(queries + extra + 1 + 8 + ROUND_STATE):
        response = client.post(url("quizzes:round_start", slug=quiz.slug, pk=source.pk))
    started = Attempt.objects.get(practice_of=source)
    assert response.url == round_question_url(quiz, started, 1)


@pytest.mark.parametrize("rounds", [1, 10])
def test_my_progress_lists_rounds_at_one_query(client, django_assert_num_queries, rounds):
    """A guide of two quizzes, each with ``rounds`` finished rounds: the rounds cost one query, whatever their
    number."""
    learner = make_user()
    client.force_login(learner)
    quizzes = [make_quiz(f"quiz-{number}", questions=2) for number in range(2)]
    make_guide(slug="path").quizzes.set(quizzes)
    for quiz in quizzes:
        attempt = missed_all(quiz, {"learner": learner})
        for _ in range(rounds):
            round_ = practice_round_start(learner=learner, attempt_pk=attempt.pk)
            answer_round(round_, 2)
    with django_assert_num_queries(SESSION + USER + 3 + STANDINGS + 1 + PRACTICE_ROUNDS):
        response = client.get(url("progress"))
    tables = find(response.content, has_class("practice-rounds"))
    assert [len(find(table, lambda node: node.name == "td")) for table in tables] == [2 * rounds, 2 * rounds]
