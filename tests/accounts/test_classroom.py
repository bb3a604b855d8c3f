"""A class of 40 behind one school router (one client address) uses the site together, within the limits
(settings "Throttling"): each pupil signs up, some mistype their password, and everyone logs in and starts a quiz;
guests start one too. A script doing more from the same address is refused (tests/quizsite/test_login_limits.py,
test_signup_limit.py)."""

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.test import Client

from quizzes.models import Attempt, Guest
from tests.factories import make_quiz
from tests.pages import url

pytestmark = pytest.mark.django_db

SCHOOL = {"REMOTE_ADDR": "203.0.113.40"}
CLASS = [f"pupil{number:02}" for number in range(1, 41)]


def password_of(username: str) -> str:
    return f"{username} likes quizzes 7"


def test_40_pupils_behind_one_address_sign_up_five_mistype_five_times_and_all_40_log_in_and_start_a_quiz():
    quiz = make_quiz(questions=2)
    signups = [
        Client(**SCHOOL)
        .post(url("signup"), {"username": name, "password1": password_of(name), "password2": password_of(name)})
        .status_code
        for name in CLASS
    ]
    mistypes = [
        Client(**SCHOOL).post(url("login"), {"username": name, "password": "wrong"}).status_code
        for name in CLASS[:5]
        for _ in range(5)
    ]
    failures_recorded = AccessAttempt.objects.filter(ip_address=SCHOOL["REMOTE_ADDR"]).count()

    logins, starts = [], []
    for name in CLASS:
        pupil = Client(**SCHOOL)
        response = pupil.post(url("login"), {"username": name, "password": password_of(name)})
        logins.append((response.status_code, response["Location"]))
        starts.append(pupil.post(url("quizzes:start", slug=quiz.slug)).status_code)

    assert signups == [302] * 40
    assert sorted(get_user_model().objects.values_list("username", flat=True)) == CLASS
    assert mistypes == [200] * 25
    assert failures_recorded == 5
    assert logins == [(302, "/en/")] * 40
    assert starts == [302] * 40
    assert Attempt.objects.filter(learner__username__in=CLASS).count() == 40
    assert not AccessAttempt.objects.exists()


def test_40_guests_behind_one_address_all_start_a_quiz():
    quiz = make_quiz(questions=2)

    starts = [Client(**SCHOOL).post(url("quizzes:start", slug=quiz.slug)).status_code for _ in CLASS]

    assert starts == [302] * 40
    assert Guest.objects.count() == 40
