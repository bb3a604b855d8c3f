"""An exam under way as the lists show it: the quiz cards and "My progress" say how many questions it answered,
never which comes next (it has no order of answering) nor anything of its score."""

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from quizzes.exams import exam_answer_save
from quizzes.models import Attempt
from quizzes.modes import GRACE, QuizMode
from quizzes.services import attempt_start
from tests.factories import make_quiz, make_user
from tests.pages import find, has_class, own_text, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def client_with_exam_under_way():
    quiz = make_quiz(title="An exam", questions=8, mode=QuizMode.EXAM)
    learner = make_user()
    attempt = attempt_start(learner=learner, quiz=quiz, language="en")
    for position in (3, 7):
        question = quiz.questions.get(position=position)
        exam_answer_save(attempt=attempt, question=question, choices=[question.choices.get(position=2)])
    client = Client()
    client.force_login(learner)
    return client


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "Exam under way: 2 of 8 questions answered"),
        ("fr", "Examen en cours\N{NO-BREAK SPACE}: 2 questions sur 8 répondues"),
        ("tr", "Sınav sürüyor: 8 sorudan 2 tanesi cevaplandı"),
    ],
)
def test_the_home_card_says_how_many_questions_the_exam_answered(client_with_exam_under_way, language, expected):
    page = client_with_exam_under_way.get(url("home", language)).content
    assert [own_text(node) for node in find(page, has_class("quiz-standing"))] == [expected]


def test_my_progress_says_how_many_and_offers_to_resume_the_exam(client_with_exam_under_way):
    page = client_with_exam_under_way.get(url("progress")).content
    assert [own_text(node) for node in find(page, has_class("status"))] == ["Exam under way: 2 of 8 questions answered"]
    buttons = [own_text(node) for node in find(page, lambda node: node.name == "button")]
    assert "Resume the exam" in buttons
    assert "Question 3 of 8" not in page.decode()


def _expired_exam(learner):
    """A timed exam of ``learner``'s whose deadline and grace have passed, one answer saved."""
    quiz = make_quiz(title="A timed exam", slug="timed", questions=4, mode=QuizMode.EXAM, time_limit=5)
    attempt = attempt_start(learner=learner, quiz=quiz, language="en")
    question = quiz.questions.get(position=1)
    exam_answer_save(attempt=attempt, question=question, choices=[question.choices.get(position=1)])
    long_ago = timezone.now() - timedelta(minutes=6)
    Attempt.objects.filter(pk=attempt.pk).update(started_at=long_ago, deadline=long_ago + timedelta(minutes=5))
    return quiz, attempt


def test_lists_say_an_exam_is_over_once_its_time_ran_out_and_its_button_submits_it(client):
    learner = make_user()
    quiz, attempt = _expired_exam(learner)
    client.force_login(learner)
    home = client.get(url("home")).content
    assert [own_text(node) for node in find(home, has_class("quiz-standing"))] == ["Exam time is up: see your results"]
    progress = client.get(url("progress")).content
    assert [own_text(node) for node in find(progress, has_class("status"))] == ["Exam time is up: see your results"]
    response = client.post(url("quizzes:start", slug=quiz.slug))
    assert response.url == url("quizzes:results", slug=quiz.slug)
    attempt.refresh_from_db()
    assert attempt.finished_at == attempt.deadline + GRACE
    assert attempt.answers.count() == 4


def test_the_admins_attempts_list_and_statistics_submit_exams_whose_time_ran_out(admin_client):
    learner = make_user()
    quiz, attempt = _expired_exam(learner)
    admin_client.get(reverse("admin:quizzes_attempt_changelist"))
    attempt.refresh_from_db()
    assert (attempt.finished_at, attempt.answers.count()) == (attempt.deadline + GRACE, 4)
    second = make_user("second")
    late = attempt_start(learner=second, quiz=quiz, language="en")
    long_ago = timezone.now() - timedelta(minutes=6)
    Attempt.objects.filter(pk=late.pk).update(started_at=long_ago, deadline=long_ago + timedelta(minutes=5))
    response = admin_client.get(reverse("admin:quizzes_quiz_statistics", args=[quiz.pk]))
    assert response.context["attempt_count"] == 2
    assert Attempt.objects.unfinished().count() == 0
