"""The query budget of the question page, the answer POST and the results for quizzes of every kind
(``tests/query_budget/support.py`` says how budgets are counted; ``test_learner_pages`` pins the other pages for
both kinds of quiz): shuffled choices and questions, several right answers, true or false, a pass mark. Each costs
what it costs for a quiz of single-answer questions in the author's order: an attempt's order follows from its seed
(``quizzes.arrangement``), a question's kind and right choices come with the quiz's snapshot, and an answer's chosen
set and the choices as shown are columns of its row."""

import pytest

from quizzes.kinds import QuestionKind
from quizzes.models import Attempt, Question
from tests.factories import make_quiz
from tests.pages import find, texts_of, url
from tests.query_budget.support import (
    LANGUAGES,
    QUIZ_STATE,
    SESSION,
    SNAPSHOT,
    USER,
    kinds_quiz,
    owner_of,
    pinned_get,
    take,
    translate,
)

pytestmark = pytest.mark.django_db

# An answer POST: in a savepoint (the service's atomic block, inside the test's transaction), the attempt with its
# answers, locked, with the quiz's id and the content version (quizzes.learner_state), the answer's INSERT; the
# question's content comes from the snapshot.
ANSWER = 4
# A guest's POST also checks that the guest exists and saves the session it marks modified, so that the session
# lasts from the last answer (quizzes.guests.guest_for_writing): the check, and a savepoint, UPDATE and release.
GUEST_WRITES = 4
# And the attempt's UPDATE when the answer was its last one.
FINISH = 1

VISITORS = [("guest", SESSION), ("learner", SESSION + USER)]
# What a visitor's POST costs beyond ``ANSWER``.
POSTING = {"guest": SESSION + GUEST_WRITES, "learner": SESSION + USER}


def until_next_is(quiz, owner: dict, kind: str) -> tuple[int, Question]:
    """Answer the owner's attempt at ``quiz`` until its next question is of ``kind``; returns that question's number
    (the learner's) and the question."""
    attempt = take(quiz, 0, **owner)
    ordered = attempt.arrangement.questions(list(quiz.questions.prefetch_related("choices").order_by("position")))
    number = next(number for number, question in enumerate(ordered, start=1) if question.kind == kind)
    take(quiz, number - 1, **owner)
    return number, ordered[number - 1]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("questions", [8, 50])
@pytest.mark.parametrize(("visitor", "queries"), VISITORS)
@pytest.mark.parametrize(
    ("quiz_of", "kind", "inputs"),
    [
        ("single answers", QuestionKind.SINGLE, ("radio", 4)),
        ("every kind", QuestionKind.SINGLE, ("radio", 4)),
        ("every kind", QuestionKind.MULTIPLE, ("checkbox", 4)),
        ("every kind", QuestionKind.TRUE_FALSE, ("radio", 2)),
    ],
)
def test_question_page_get_and_answer_post(
    client, django_assert_num_queries, language, questions, visitor, queries, quiz_of, kind, inputs
):
    """The page of a question of each kind before answering, its answer POST (several ``choice`` values for a
    multiple-answer question), and the page after: the same counts for every kind, and for a quiz of single-answer
    questions in the author's order."""
    quiz = (
        make_quiz(questions=questions, shuffle_choices=False)
        if quiz_of == "single answers"
        else kinds_quiz(questions=questions)
    )
    translate(quiz)
    owner = owner_of(client, visitor, quiz)
    number, question = until_next_is(quiz, owner, kind)
    address = url("quizzes:question", language, slug=quiz.slug, number=number)
    before = pinned_get(
        client, address, django_assert_num_queries, cold=queries + QUIZ_STATE + SNAPSHOT, warm=queries + QUIZ_STATE
    )
    kind_of_input, count = inputs
    shown = find(before.content, lambda node: node.name == "input" and ("type", kind_of_input) in node.attributes)
    assert len(shown) == count
    right = [choice.pk for choice in question.choices.all() if choice.is_correct]
    with django_assert_num_queries(POSTING[visitor] + ANSWER):
        response = client.post(address, {"choice": right})
    assert response.status_code == 302
    assert Attempt.objects.get(quiz=quiz).answers.get(question=question).is_correct
    after = pinned_get(
        client, address, django_assert_num_queries, cold=queries + QUIZ_STATE + SNAPSHOT, warm=queries + QUIZ_STATE
    )
    assert texts_of(after.content, "progress-label") == texts_of(before.content, "progress-label")


@pytest.mark.parametrize("visitor", POSTING)
def test_the_last_answer_post_finishes_the_attempt_with_one_query_more(client, django_assert_num_queries, visitor):
    quiz = kinds_quiz(questions=8)
    owner = owner_of(client, visitor, quiz)
    attempt = take(quiz, 7, **owner)
    ordered = attempt.arrangement.questions(list(quiz.questions.prefetch_related("choices").order_by("position")))
    last = ordered[-1]
    with django_assert_num_queries(POSTING[visitor] + ANSWER + FINISH):
        client.post(
            url("quizzes:question", slug=quiz.slug, number=8),
            {"choice": [choice.pk for choice in last.choices.all() if choice.is_correct]},
        )
    attempt.refresh_from_db()
    assert attempt.is_finished


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("answers", [8, 100])
@pytest.mark.parametrize(("visitor", "queries"), VISITORS)
def test_results_page_with_a_pass_mark(client, django_assert_num_queries, language, answers, visitor, queries):
    """Two finished attempts and a retake under way, as for single-answer quizzes: the quiz's id with the content
    version and the attempts with their scores and pass marks, then the answers of the one shown."""
    quiz = kinds_quiz(questions=answers)
    translate(quiz)
    owner = owner_of(client, visitor, quiz)
    take(quiz, answers, **owner)
    take(quiz, answers, **owner)
    take(quiz, 1, **owner)
    address = url("quizzes:results", language, slug=quiz.slug)
    response = pinned_get(client, address, django_assert_num_queries, cold=queries + 2 + SNAPSHOT, warm=queries + 2)
    assert len(texts_of(response.content, "question-text")) == answers
    assert texts_of(response.content, "score-value") == [f"{answers}/{answers}"]
