"""An exam's clock (templates/quizzes/exam_clock.html, quizzes/clock.py, static/js/exam_clock.js): the deadline as
a time without JavaScript, a countdown with it announced at a few moments only; and ``manage.py submitexams``,
which closes the exams whose learners never came back."""

import zoneinfo
from datetime import UTC, datetime, timedelta
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.template.loader import render_to_string
from django.utils import timezone, translation

from quizsite import timezones
from quizzes.accommodations import Accommodation
from quizzes.learner_state import quiz_state
from quizzes.models import Attempt
from quizzes.modes import GRACE, QuizMode
from quizzes.progress import progress_at
from quizzes.services import attempt_start
from tests.factories import make_quiz, make_user
from tests.pages import attribute, find, has_class
from tests.quizzes.test_admin_exams import text_in

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 12, 1, 14, 15, tzinfo=UTC)


@pytest.fixture(autouse=True)
def now(monkeypatch):
    """The server's clock stands at ``NOW``: exams start then, and the clock counts from it."""
    monkeypatch.setattr(timezone, "now", lambda: NOW)


def clock_html(minutes: int | None = 20, language: str = "en", mode: str = QuizMode.EXAM, **owner) -> str:
    """The clock as the exam's pages include it, for a learner's attempt started at ``NOW``."""
    learner = owner.get("learner") or make_user()
    quiz = make_quiz(slug=f"exam-{Attempt.objects.count()}", questions=2, mode=mode, time_limit=minutes)
    attempt_start(learner=learner, quiz=quiz, language=language)
    progress = progress_at(quiz_state(slug=quiz.slug, learner_id=learner.pk))
    with translation.override(language):
        return render_to_string("quizzes/exam_clock.html", {"progress": progress})


def has_data_at(node) -> bool:
    return attribute(node, "data-at") is not None


def clock_of(html: str) -> dict:
    """What the clock shows and holds for its script."""
    (clock,) = find(html, has_class("exam-clock"))
    (deadline,) = find(clock, has_class("exam-clock-deadline"))
    (stamp,) = find(deadline, lambda node: node.name == "time")
    (countdown,) = find(clock, has_class("exam-clock-countdown"))
    (announcer,) = find(clock, lambda node: attribute(node, "aria-live") is not None)
    return {
        "deadline": text_in(deadline),
        "datetime": attribute(stamp, "datetime"),
        "seconds_left": attribute(clock, "data-seconds-left"),
        "grace": attribute(clock, "data-grace"),
        "countdown": (attribute(countdown, "aria-hidden"), attribute(countdown, "data-countdown"), text_in(countdown)),
        "countdown_hidden_without_script": "hidden" in dict(countdown.attributes),
        "live": (attribute(announcer, "aria-live"), text_in(announcer)),
        "announcements": [
            (attribute(item, "data-at"), text_in(item)) for item in find(clock, lambda n: n.name == "li")
        ],
    }


def test_the_clock_says_when_the_time_ends_and_announces_10_5_and_1_minute_left_then_the_end():
    assert clock_of(clock_html(minutes=20)) == {
        "deadline": "Time ends at 2:35 p.m.\u00a0UTC",
        "datetime": "2026-12-01T14:35:00Z",
        "seconds_left": "1200",
        "grace": "10",
        "countdown": ("true", "Time left: {time}", ""),
        "countdown_hidden_without_script": True,
        "live": ("polite", ""),
        "announcements": [
            ("600", "10 minutes left."),
            ("300", "5 minutes left."),
            ("60", "1 minute left."),
            ("0", "Time is up: your answers are submitted as they are."),
        ],
    }


def test_a_short_exam_announces_only_the_moments_still_ahead():
    announcements = clock_of(clock_html(minutes=5))["announcements"]
    assert announcements == [("60", "1 minute left."), ("0", "Time is up: your answers are submitted as they are.")]


@pytest.mark.parametrize(
    ("language", "deadline", "announcements"),
    [
        (
            "fr",
            "Fin de l’examen\u00a0: 14:35\u00a0UTC",
            [
                "Il reste 10 minutes.",
                "Il reste 5 minutes.",
                "Il reste 1 minute.",
                "Temps écoulé\u00a0: vos réponses sont remises telles quelles.",
            ],
        ),
        (
            "tr",
            "Bitiş zamanı: 14:35\u00a0UTC",
            [
                "10 dakika kaldı.",
                "5 dakika kaldı.",
                "1 dakika kaldı.",
                "Süre doldu: cevaplarınız olduğu gibi gönderiliyor.",
            ],
        ),
    ],
)
def test_the_clock_speaks_french_and_turkish(language, deadline, announcements):
    clock = clock_of(clock_html(minutes=20, language=language))
    assert clock["deadline"] == deadline
    assert [text for _at, text in clock["announcements"]] == announcements


def test_a_deadline_on_another_day_gives_its_date():
    assert clock_of(clock_html(minutes=1440))["deadline"] == "Time ends at Dec. 2, 2026, 2:15 p.m.\u00a0UTC"


@pytest.mark.parametrize(
    ("language", "deadline"),
    [
        ("en", "Time ends at Dec. 3, 2026, 8:00 a.m.\u00a0UTC"),
        ("fr", "Fin de l’examen\u00a0: 3 décembre 2026 08:00\u00a0UTC"),
        ("tr", "Bitiş zamanı: 03 Aralık 2026 08:00\u00a0UTC"),
    ],
)
def test_a_deadline_on_another_day_gives_its_date_in_each_language(monkeypatch, language, deadline):
    monkeypatch.setattr(timezone, "now", lambda: datetime(2026, 12, 2, 8, 0, tzinfo=UTC))
    assert clock_of(clock_html(minutes=1440, language=language))["deadline"] == deadline


@pytest.mark.parametrize(
    ("language", "deadline"),
    [
        ("en", "Time ends at 8:16 a.m.\u00a0UTC"),
        ("fr", "Fin de l’examen\u00a0: 08:16\u00a0UTC"),
        ("tr", "Bitiş zamanı: 08:16\u00a0UTC"),
    ],
)
def test_a_deadline_on_the_hour_or_just_after_shows_hours_and_minutes(monkeypatch, language, deadline):
    monkeypatch.setattr(timezone, "now", lambda: datetime(2026, 12, 2, 7, 56, tzinfo=UTC))
    assert clock_of(clock_html(minutes=20, language=language, learner=make_user("ada")))["deadline"] == deadline
    monkeypatch.setattr(timezone, "now", lambda: datetime(2026, 12, 2, 7, 40, tzinfo=UTC))
    on_the_hour = clock_of(clock_html(minutes=20, language=language, learner=make_user("bob")))["deadline"]
    assert on_the_hour == deadline.replace("16", "00")


def test_a_learner_who_chose_a_zone_reads_the_deadline_in_it_unlabelled():
    timezones.activate(zoneinfo.ZoneInfo("Europe/Istanbul"), chosen=True)
    try:
        html = clock_html(minutes=20, language="tr")
    finally:
        timezones.deactivate()
    assert clock_of(html)["deadline"] == "Bitiş zamanı: 17:35"


def test_an_accommodation_shows_the_learners_own_deadline():
    learner = make_user("ada")
    Accommodation.objects.create(learner=learner, extra_percent=50)
    clock = clock_of(clock_html(minutes=20, learner=learner))
    assert (clock["deadline"], clock["seconds_left"]) == ("Time ends at 2:45 p.m.\u00a0UTC", "1800")


def test_no_clock_without_a_deadline():
    learner = make_user("ada")
    Accommodation.objects.create(learner=learner, unlimited=True)
    assert clock_html(minutes=None, learner=make_user("bob")).strip() == ""
    assert clock_html(minutes=None, mode=QuizMode.PRACTICE, learner=make_user("cem")).strip() == ""
    assert clock_html(minutes=20, learner=learner).strip() == ""


def test_no_clock_once_the_exam_is_submitted():
    learner = make_user()
    quiz = make_quiz(questions=1, mode=QuizMode.EXAM, time_limit=20)
    attempt = attempt_start(learner=learner, quiz=quiz, language="en")
    Attempt.objects.filter(pk=attempt.pk).update(finished_at=NOW)
    progress = progress_at(quiz_state(slug=quiz.slug, learner_id=learner.pk))
    assert render_to_string("quizzes/exam_clock.html", {"progress": progress}).strip() == ""


def test_the_countdown_is_a_same_origin_script_file_and_no_inline_script():
    """The site's Content-Security-Policy (settings.SECURE_CSP) allows scripts from the site's own files only."""
    html = clock_html(minutes=20)
    scripts = find(html, lambda node: node.name == "script")
    assert [(attribute(script, "src"), "defer" in dict(script.attributes), text_in(script)) for script in scripts] == [
        ("/static/js/exam_clock.js", True, "")
    ]
    source = (Path(settings.BASE_DIR) / "static" / "js" / "exam_clock.js").read_text()
    assert 'querySelector("[data-exam-clock]")' in source
    assert "aria-live" not in source  # the live region is the page's own, present before anything is said


# --- manage.py submitexams ----------------------------------------------------------------------------------------


def test_submitexams_submits_the_exams_whose_time_ran_out_and_says_how_many(monkeypatch):
    quiz = make_quiz(questions=2, mode=QuizMode.EXAM, time_limit=20)
    gone = attempt_start(learner=make_user("gone"), quiz=quiz, language="en")
    here = attempt_start(learner=make_user("here"), quiz=quiz, language="en")
    Attempt.objects.filter(pk=here.pk).update(deadline=NOW + timedelta(hours=1))
    monkeypatch.setattr(timezone, "now", lambda: NOW + timedelta(minutes=21))
    output = StringIO()
    call_command("submitexams", stdout=output)
    assert output.getvalue() == "Submitted 1 exam(s) whose time ran out.\n"
    gone.refresh_from_db()
    here.refresh_from_db()
    assert (gone.finished_at, here.finished_at) == (NOW + timedelta(minutes=20) + GRACE, None)
    assert gone.answers.count() == 2  # its two unanswered questions, each scored zero
    again = StringIO()
    call_command("submitexams", stdout=again)
    assert again.getvalue() == "Submitted 0 exam(s) whose time ran out.\n"


def test_the_exam_question_form_is_the_one_the_clock_sends_at_the_deadline(client):
    """At the deadline the script sends the form marked ``data-exam-clock-send``: the question page's answer form,
    so that an answer picked but not yet sent is saved within the grace; the overview has no form to send."""
    learner = make_user()
    quiz = make_quiz(questions=2, mode=QuizMode.EXAM, time_limit=20)
    attempt_start(learner=learner, quiz=quiz, language="en")
    client.force_login(learner)
    question_page = client.get(f"/en/quizzes/{quiz.slug}/questions/1/").content
    marked = find(
        question_page, lambda node: node.name == "form" and attribute(node, "data-exam-clock-send") is not None
    )
    assert [attribute(form, "class") for form in marked] == ["answer-form"]
    overview = client.get(f"/en/quizzes/{quiz.slug}/overview/").content
    assert b"data-exam-clock-send" not in overview
