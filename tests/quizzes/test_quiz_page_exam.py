"""An exam on its quiz page (``quizzes.views.quiz_detail_view``): how many questions the learner answered, their own
time limit with an accommodation (``quizzes.own_time``), and the clock of an exam under way."""

from datetime import UTC, datetime

import pytest
from django.utils import timezone

from quizzes.accommodations import Accommodation
from quizzes.exams import exam_answer_save
from quizzes.modes import QuizMode
from quizzes.services import attempt_start
from tests.factories import make_quiz, make_user
from tests.pages import find, has_class, texts_of, url
from tests.quizzes.test_exam_clock import clock_of

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 12, 1, 14, 15, tzinfo=UTC)


@pytest.fixture(autouse=True)
def now(monkeypatch):
    monkeypatch.setattr(timezone, "now", lambda: NOW)


def exam_page(client, learner, language: str = "en", answered: int = 0, **fields) -> bytes:
    """The quiz page of an exam of 8 questions, for ``learner`` who started it and answered ``answered``."""
    quiz = make_quiz(slug="exam", questions=8, mode=QuizMode.EXAM, **fields)
    attempt = attempt_start(learner=learner, quiz=quiz, language=language)
    for question in quiz.questions.order_by("position")[:answered]:
        exam_answer_save(attempt=attempt, question=question, choices=[question.choices.first()], language=language)
    client.force_login(learner)
    return client.get(url("quizzes:detail", language, slug=quiz.slug)).content


@pytest.mark.parametrize(
    ("language", "answered", "count"),
    [
        ("en", 1, "1 of 8 questions answered."),
        ("en", 3, "3 of 8 questions answered."),
        ("fr", 1, "Vous avez répondu à 1 question sur 8."),
        ("fr", 3, "Vous avez répondu à 3 questions sur 8."),
        ("tr", 1, "8 sorudan 1 tanesini cevapladınız."),
        ("tr", 3, "8 sorudan 3 tanesini cevapladınız."),
    ],
)
def test_an_exam_under_way_says_how_many_questions_the_learner_answered(client, language, answered, count):
    assert texts_of(exam_page(client, make_user(), language, answered=answered), "exam-answered-count") == [count]


@pytest.mark.parametrize(
    ("language", "extra_percent", "unlimited", "limit"),
    [
        ("en", 0, False, "Time limit: 15 minutes"),
        ("en", 50, False, "Time limit: 15 minutes (you have 23 minutes)"),
        ("en", 0, True, "Time limit: 15 minutes (you have no time limit)"),
        ("fr", 50, False, "Durée limite\u00a0: 15 minutes (vous disposez de 23 minutes)"),
        ("fr", 0, True, "Durée limite\u00a0: 15 minutes (pas de durée limite pour vous)"),
        ("tr", 50, False, "Süre sınırı: 15 dakika (sizin süreniz 23 dakika)"),
        ("tr", 0, True, "Süre sınırı: 15 dakika (sizin için süre sınırı yok)"),
    ],
)
def test_a_learner_with_an_accommodation_reads_their_own_time_limit(client, language, extra_percent, unlimited, limit):
    """22.5 minutes (15 and half as much) read as 23: whole minutes, rounded up."""
    learner = make_user()
    Accommodation.objects.create(learner=learner, extra_percent=extra_percent, unlimited=unlimited)
    assert texts_of(exam_page(client, learner, language, time_limit=15), "time-limit") == [limit]


def test_an_accommodation_on_another_quiz_changes_nothing_here(client):
    learner = make_user()
    Accommodation.objects.create(learner=learner, quiz=make_quiz(slug="other", mode=QuizMode.EXAM), extra_percent=50)
    assert texts_of(exam_page(client, learner, time_limit=15), "time-limit") == ["Time limit: 15 minutes"]


@pytest.mark.parametrize(
    ("language", "deadline"),
    [
        ("en", "Time ends at 2:35 p.m.\u00a0UTC"),
        ("fr", "Fin de l’examen\u00a0: 14:35\u00a0UTC"),
        ("tr", "Bitiş zamanı: 14:35\u00a0UTC"),
    ],
)
def test_an_exam_under_way_shows_its_clock_on_the_quiz_page(client, language, deadline):
    clock = clock_of(exam_page(client, make_user(), language, time_limit=20))
    assert (clock["deadline"], clock["seconds_left"]) == (deadline, "1200")


def test_no_clock_on_the_quiz_page_without_a_deadline_or_an_exam_under_way(client):
    assert find(exam_page(client, make_user("ada")), has_class("exam-clock")) == []
    quiz = make_quiz(slug="timed", mode=QuizMode.EXAM, time_limit=20)
    assert find(client.get(url("quizzes:detail", slug=quiz.slug)).content, has_class("exam-clock")) == []
