"""The query budget of the admin pages of exams: the attempts' list with exams and practice rounds, and the
accommodations' pages (``tests/query_budget/support.py`` says how budgets are counted)."""

import pytest
from django.urls import reverse

from quizzes.accommodations import Accommodation
from quizzes.modes import QuizMode
from quizzes.rounds import practice_round_start
from quizzes.services import attempt_start
from tests.factories import answer_quiz, make_quiz, make_user
from tests.query_budget.support import LANGUAGES, SESSION, USER
from tests.query_budget.test_admin_pages import PERMISSIONS

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_page(author_client, django_assert_num_queries):
    """``admin_page(address, language, queries)``: an author's GET of an admin page in ``language``, pinned to
    ``queries``, after a first GET, not pinned, that reads the content types (as in ``test_admin_pages``)."""

    def get(address: str, language: str, queries: int):
        author_client.get(address, headers={"accept-language": language})
        with django_assert_num_queries(queries):
            return author_client.get(address, headers={"accept-language": language})

    return get


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("attempts", [1, 50])
def test_attempts_list_of_exams_and_practice_rounds(admin_page, language, attempts):
    """As ``test_admin_pages.test_attempts_list``, with exams (their deadlines, their flags) and practice rounds
    (linked to the attempt they practise, by its id: no query of their own)."""
    exam = make_quiz(slug="exam", questions=2, mode=QuizMode.EXAM, time_limit=30)
    quiz = make_quiz(questions=2)
    for number in range(attempts):
        learner = make_user(f"learner-{number}")
        attempt_start(learner=learner, quiz=exam, language="en")
        practice_round_start(learner=learner, attempt_pk=answer_quiz(learner, quiz, [2, 2]).pk)
    # + 1: the exams whose time ran out, submitted before the list (quizzes.exams.exams_expired_submit).
    response = admin_page(reverse("admin:quizzes_attempt_changelist"), language, SESSION + USER + PERMISSIONS + 7)
    assert len(response.context["cl"].result_list) == min(3 * attempts, 100)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("accommodations", [1, 30])
def test_accommodations_list(admin_page, language, accommodations):
    """The count of matching accommodations and of all, the page of them with their learners and quizzes."""
    quiz = make_quiz(mode=QuizMode.EXAM, time_limit=20)
    for number in range(accommodations):
        Accommodation.objects.create(learner=make_user(f"learner-{number}"), quiz=quiz if number % 2 else None)
    response = admin_page(reverse("admin:quizzes_accommodation_changelist"), language, SESSION + USER + PERMISSIONS + 3)
    assert len(response.context["cl"].result_list) == accommodations


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("quizzes", [1, 30])
def test_accommodation_change_page(admin_page, language, quizzes):
    """The accommodation with its learner and quiz, the exams to choose from (a practice quiz is not offered)."""
    make_quiz(slug="practice", questions=1)
    for number in range(quizzes):
        make_quiz(slug=f"quiz-{number}", questions=1, mode=QuizMode.EXAM)
    accommodation = Accommodation.objects.create(learner=make_user(), extra_percent=50)
    address = reverse("admin:quizzes_accommodation_change", args=[accommodation.pk])
    response = admin_page(address, language, SESSION + USER + PERMISSIONS + 2)
    assert len(response.context["adminform"].form.fields["quiz"].choices) == quizzes + 1  # and "All timed exams"
