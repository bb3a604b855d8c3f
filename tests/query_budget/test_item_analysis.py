"""The answer statistics page with its item analysis costs the same number of queries for 100 finished attempts
as for 10,000 (``quizzes.item_analysis``: the answers grouped in the database, never read one by one)."""

import pytest
from django.urls import reverse

from quizzes.content import DEMO_FILES, quiz_create_from_data, read_quiz_file
from quizzes.simulation import Twist, simulate_learners
from tests.factories import make_author
from tests.pages import find, has_class
from tests.query_budget.support import SESSION, USER

pytestmark = pytest.mark.django_db

PERMISSIONS = 2  # the staff user's own permissions, and their groups'


@pytest.mark.parametrize("learners", [100, 10_000])
def test_statistics_page_of_100_and_10000_attempts(client, django_assert_num_queries, learners):
    """The quiz, the exams to submit, the questions, their choices, the answers by chosen set, the item analysis's
    one query, the questions with an answer (their links to regrade), the attempts counted."""
    quiz = quiz_create_from_data(read_quiz_file(DEMO_FILES[0])).quiz
    simulate_learners(quiz, learners=learners, twist=Twist(harder=5, harder_in="tr", wrongly_keyed=6))
    client.force_login(make_author())
    address = reverse("admin:quizzes_quiz_statistics", args=[quiz.pk])
    client.get(address)  # the content types, which Django keeps for the process
    with django_assert_num_queries(SESSION + USER + PERMISSIONS + 9):
        response = client.get(address)
    assert response.context["learner_count"] == learners
    assert len(find(response.content, has_class("item-analysis"))) == 8
    assert {analysis.numbers.learners for analysis in (entry["analysis"] for entry in response.context["entries"])} == {
        learners
    }
