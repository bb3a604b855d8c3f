"""The query budget of the pages that show regrades (``quizzes.regrading``): a regraded attempt's results and
its admin page (``tests/query_budget/support.py`` says how budgets are counted)."""

import pytest
from django.urls import reverse

from quizzes.models import Question
from quizzes.regrading import answer_key_correct
from tests.factories import make_author, make_quiz
from tests.pages import texts_of, url
from tests.query_budget.support import LANGUAGES, SESSION, SNAPSHOT, USER, owner_of, pinned_get, take

pytestmark = pytest.mark.django_db

PERMISSIONS = 2  # the staff user's own permissions, and their groups' (as in test_admin_pages)


def regrade_all(quiz, times: int) -> None:
    """Correct the key of each of the quiz's questions ``times`` times (choice 2, then 3...)."""
    for question in Question.objects.filter(quiz=quiz):
        for time in range(times):
            right = set(question.choices.filter(position=2 + time).values_list("pk", flat=True))
            answer_key_correct(question=question, right=right, by=None)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("answers", "regraded"), [(8, 1), (100, 2)])
@pytest.mark.parametrize(("visitor", "queries"), [("guest", SESSION), ("learner", SESSION + USER)])
def test_results_of_a_regraded_attempt(
    client, django_assert_num_queries, language, answers, regraded, visitor, queries
):
    """As any results page (``test_learner_pages.test_results_page``: the state and the answers, each answer with
    whether it was regraded, in the same query), + 1 for the regrades of its questions, read only when one was: a
    page without a regrade costs what it did."""
    quiz = make_quiz(questions=answers)
    take(quiz, answers, **owner_of(client, visitor, quiz))
    regrade_all(quiz, regraded)
    address = url("quizzes:results", language, slug=quiz.slug)
    response = pinned_get(client, address, django_assert_num_queries, cold=queries + 3 + SNAPSHOT, warm=queries + 3)
    assert len(texts_of(response.content, "regrade-note")) == answers * regraded


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("answers", [8, 100])
def test_admin_page_of_a_regraded_attempt(client, django_assert_num_queries, language, answers):
    """As ``test_admin_pages.test_an_attempts_page`` (the exams to submit, the attempt with whether it was
    regraded, its answers), + 1 for its history of regrades with their questions and authors."""
    quiz = make_quiz(questions=answers)
    client.force_login(make_author())
    attempt = take(quiz, answers, learner=make_author("learner"))
    regrade_all(quiz, 1)
    address = reverse("admin:quizzes_attempt_change", args=[attempt.pk])
    client.get(address, headers={"accept-language": language})
    with django_assert_num_queries(SESSION + USER + PERMISSIONS + 4):
        response = client.get(address, headers={"accept-language": language})
    assert len(response.context["inline_admin_formsets"][1].formset.forms) == answers


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("learners", [1, 30])
def test_regrade_page(client, django_assert_num_queries, language, learners):
    """The quiz with its guides (the quiz admin's queryset prefetches them), the question, its choices, the count of
    its answers (finished or not): as many for 1 learner as for 30."""
    quiz = make_quiz(questions=2)
    for number in range(learners):
        take(quiz, 2, learner=make_author(f"learner{number}"))
    client.force_login(make_author())
    question = quiz.questions.get(position=2)
    address = reverse("admin:quizzes_quiz_regrade", args=[quiz.pk, question.pk])
    client.get(address, headers={"accept-language": language})
    with django_assert_num_queries(SESSION + USER + PERMISSIONS + 5):
        response = client.get(address, headers={"accept-language": language})
    assert response.context["answer_count"] == learners
