"""Finish times on the results and "My progress", in the learner's zone, and the admin's attempts in the site's."""

from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client
from django.urls import reverse

from quizsite.timezones import COOKIE_NAME
from quizzes.models import Attempt
from tests.factories import answer_quiz, make_quiz, make_superuser, make_user
from tests.pages import attribute, elements, find, has_class, own_text, texts_of, url

pytestmark = pytest.mark.django_db

# 19:30 UTC is 22:30 in Istanbul (UTC+3 all year).
FINISHED = datetime(2026, 12, 1, 19, 30, tzinfo=UTC)


def finished_attempt(learner) -> Attempt:
    """``learner``'s finished attempt (1 of 2 right) at a quiz "Parallel", finished at ``FINISHED``."""
    attempt = answer_quiz(learner, make_quiz(slug="parallel", title="Parallel", questions=2), [1, 2])
    Attempt.objects.filter(pk=attempt.pk).update(started_at=FINISHED - timedelta(minutes=4), finished_at=FINISHED)
    return attempt


def client_of(user, **cookies) -> Client:
    client = Client()
    client.force_login(user)
    client.cookies.load(cookies)
    return client


def results_and_progress(client: Client, attempt: Attempt, language: str) -> tuple[list[str], list[str], list[str]]:
    """The results' "Finished on …", My progress's "Last score: …" and its finished attempts' links."""
    results = client.get(url("quizzes:attempt_results", language, slug="parallel", pk=attempt.pk)).content
    progress = client.get(url("progress", language)).content
    table = find(progress, has_class("finished-attempts"))[0]
    return (
        texts_of(results, "finished-at"),
        texts_of(progress, "last-score"),
        [own_text(a) for a in elements(table, "a")],
    )


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "tr",
            (["Bitiş: 01 Aralık 2026 22:30"], ["Son puanınız: 1/2 (01 Aralık 2026 22:30)"], ["01 Aralık 2026 22:30"]),
        ),
        (
            "fr",
            (
                ["Terminé le 1 décembre 2026 22:30"],
                ["Dernier score\u00a0: 1/2, le 1 décembre 2026 22:30"],
                ["1 décembre 2026 22:30"],
            ),
        ),
        (
            "en",
            (
                ["Finished on Dec. 1, 2026, 10:30 p.m."],
                ["Last score: 1/2, on Dec. 1, 2026, 10:30 p.m."],
                ["Dec. 1, 2026, 10:30 p.m."],
            ),
        ),
    ],
)
def test_a_learner_who_chose_istanbul_reads_the_istanbul_time_unlabelled(language, expected):
    ada = make_user("ada", time_zone="Europe/Istanbul")
    attempt = finished_attempt(ada)
    assert results_and_progress(client_of(ada), attempt, language) == expected


def test_the_chosen_zone_wins_over_the_browsers_cookie():
    ada = make_user("ada", time_zone="Europe/Istanbul")
    attempt = finished_attempt(ada)
    client = client_of(ada, **{COOKIE_NAME: "America/New_York"})
    assert results_and_progress(client, attempt, "tr")[0] == ["Bitiş: 01 Aralık 2026 22:30"]


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "tr",
            (
                ["Bitiş: 01 Aralık 2026 19:30\u00a0UTC"],
                ["Son puanınız: 1/2 (01 Aralık 2026 19:30\u00a0UTC)"],
                ["01 Aralık 2026 19:30\u00a0UTC"],
            ),
        ),
        (
            "fr",
            (
                ["Terminé le 1 décembre 2026 19:30\u00a0UTC"],
                ["Dernier score\u00a0: 1/2, le 1 décembre 2026 19:30\u00a0UTC"],
                ["1 décembre 2026 19:30\u00a0UTC"],
            ),
        ),
    ],
)
def test_a_learner_without_a_zone_reads_the_sites_time_labelled_utc(language, expected):
    ada = make_user("ada")
    attempt = finished_attempt(ada)
    assert results_and_progress(client_of(ada), attempt, language) == expected


def test_the_browsers_zone_from_the_cookie_is_used_and_labelled_with_its_offset():
    ada = make_user("ada")
    attempt = finished_attempt(ada)
    client = client_of(ada, **{COOKIE_NAME: "Europe/Istanbul"})
    assert results_and_progress(client, attempt, "tr") == (
        ["Bitiş: 01 Aralık 2026 22:30\u00a0UTC+3"],
        ["Son puanınız: 1/2 (01 Aralık 2026 22:30\u00a0UTC+3)"],
        ["01 Aralık 2026 22:30\u00a0UTC+3"],
    )


@pytest.mark.parametrize(
    "cookie", ["Mars/Olympus_Mons", "../../../etc/passwd", "localtime", "", "Europe/Istanbul\\", "x" * 5000]
)
def test_a_bad_zone_cookie_is_ignored(cookie):
    ada = make_user("ada")
    attempt = finished_attempt(ada)
    client = client_of(ada, **{COOKIE_NAME: cookie})
    assert results_and_progress(client, attempt, "tr")[0] == ["Bitiş: 01 Aralık 2026 19:30\u00a0UTC"]


def test_a_guests_results_follow_the_browsers_zone_labelled():
    guest = Client()
    quiz = make_quiz(slug="parallel", questions=1)
    guest.post(url("quizzes:start", slug="parallel"))
    choice = quiz.questions.get().choices.get(position=1)
    guest.post(url("quizzes:question", slug="parallel", number=1), {"choice": choice.pk})
    attempt = Attempt.objects.get(guest__isnull=False)
    Attempt.objects.filter(pk=attempt.pk).update(started_at=FINISHED - timedelta(minutes=4), finished_at=FINISHED)
    results_url = url("quizzes:attempt_results", "tr", slug="parallel", pk=attempt.pk)
    assert texts_of(guest.get(results_url).content, "finished-at") == ["Bitiş: 01 Aralık 2026 19:30\u00a0UTC"]
    guest.cookies.load({COOKIE_NAME: "Asia/Kolkata"})
    assert texts_of(guest.get(results_url).content, "finished-at") == ["Bitiş: 02 Aralık 2026 01:00\u00a0UTC+5:30"]


def test_the_admin_shows_attempts_in_the_sites_zone_labelled_whatever_the_administrators_zone():
    attempt = finished_attempt(make_user("ada"))
    admin = make_superuser()
    admin.time_zone = "Europe/Istanbul"
    admin.save()
    client = client_of(admin, **{COOKIE_NAME: "America/New_York"})

    changelist = client.get(reverse("admin:quizzes_attempt_changelist"), headers={"accept-language": "tr"}).content
    assert [own_text(cell) for cell in find(changelist, has_class("field-started"))] == [
        "01 Aralık 2026 19:26\u00a0UTC"
    ]
    assert [own_text(cell) for cell in find(changelist, has_class("field-finished"))] == [
        "01 Aralık 2026 19:30\u00a0UTC"
    ]
    assert [own_text(cell) for cell in find(changelist, has_class("field-closed"))] == ["-"]

    change = client.get(
        reverse("admin:quizzes_attempt_change", args=[attempt.pk]), headers={"accept-language": "tr"}
    ).content.decode()
    assert "ada – Parallel (01 Aralık 2026 19:26\u00a0UTC)" in change  # the title and the breadcrumb
    readonly = [own_text(node) for node in find(change, has_class("readonly"))]
    assert "01 Aralık 2026 19:26\u00a0UTC" in readonly
    assert "01 Aralık 2026 19:30\u00a0UTC" in readonly


def test_the_admins_user_dates_say_they_are_in_the_sites_zone():
    ada = make_user("ada", time_zone="Europe/Istanbul")
    ada.date_joined = FINISHED
    ada.save()
    admin = make_superuser()
    admin.time_zone = "Asia/Tokyo"
    admin.save()
    page = (
        client_of(admin)
        .get(reverse("admin:accounts_user_change", args=[ada.pk]), headers={"accept-language": "fr"})
        .content
    )
    helps = {attribute(node, "id"): own_text(list(elements(node, "div"))[-1]) for node in find(page, has_class("help"))}
    assert (helps["id_last_login_helptext"], helps["id_date_joined_helptext"]) == (
        "En UTC, le fuseau horaire du site.",
        "En UTC, le fuseau horaire du site.",
    )
    assert [
        attribute(field, "value") for field in elements(page, "input") if attribute(field, "name") == "date_joined_1"
    ] == ["19:30:00"]
