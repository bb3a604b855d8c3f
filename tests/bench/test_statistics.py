"""The statistics row of ``make bench`` (``bench.statistics``): an author's request of the statistics page of a
quiz of ten questions in three languages with simulated learners' finished attempts, and of a quiz alike with fewer.
Rows and pages only; how fast the page answers is the benchmark's to print."""

from collections import Counter
from http.cookies import SimpleCookie

import pytest
from django.test import Client

from bench import queries, statistics
from quizzes.models import Attempt, Quiz
from tests.pages import find, has_class

pytestmark = pytest.mark.django_db


@pytest.fixture
def prepared() -> statistics.Statistics:
    return statistics.prepare(attempts=60, few=12)


def test_the_quiz_has_ten_questions_of_every_kind_half_translated_and_the_attempts_asked(prepared):
    quiz = Quiz.objects.get(slug="bench-statistics")
    questions = list(quiz.questions.all())

    assert prepared.questions == 10
    assert Counter(question.kind for question in questions) == {"single": 8, "multiple": 1, "true_false": 1}
    # As the demo's: five of them translated into French and Turkish, the others read in English fallback there.
    assert [bool(question.text_fr) for question in questions] == [bool(question.text_tr) for question in questions]
    assert sum(bool(question.text_tr) for question in questions) == 5
    finished = Attempt.objects.filter(quiz=quiz, finished_at__isnull=False, learner__isnull=False)
    assert Counter(finished.values_list("language", flat=True)) == {"en": 20, "fr": 20, "tr": 20}
    assert Attempt.objects.filter(quiz__slug="bench-statistics-few", finished_at__isnull=False).count() == 12


def test_the_authors_request_reaches_the_statistics_page_of_every_question(prepared):
    client = Client()
    client.cookies = SimpleCookie(prepared.page.cookie)

    response = client.get(prepared.page.path)

    assert response.status_code == 200
    assert response.context["user"].username == "bench-author"
    assert [group.name for group in response.context["user"].groups.all()] == ["Authors"]
    assert len(find(response.content, has_class("question-statistics"))) == 10
    assert response.context["learner_count"] == 60


def test_the_page_runs_as_many_queries_at_the_quiz_with_fewer_attempts(prepared):
    assert prepared.few.path != prepared.page.path
    assert queries.count(prepared.few) == queries.count(prepared.page) > 0
