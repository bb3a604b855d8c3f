"""The time zone a learner chooses on the account page, and the data export's times in it."""

import json
from datetime import UTC, datetime, timedelta

import pytest
from django.core.exceptions import ValidationError
from pytest_django.asserts import assertInHTML

from quizsite.timezones import COOKIE_NAME
from quizzes.models import Answer, Attempt
from tests.factories import answer_quiz, make_quiz, make_user
from tests.pages import attribute, attributes, elements, find, own_text, url

pytestmark = pytest.mark.django_db


def test_the_account_page_offers_the_zones_grouped_by_region_under_a_label(client):
    client.force_login(make_user("ada"))
    page = client.get(url("account", "tr")).content.decode()
    assertInHTML('<label for="id_time_zone">Saat dilimi:</label>', page)
    select = next(elements(page, "select"))
    assert attribute(select, "name") == "time_zone"
    assert attribute(select, "aria-describedby") == "id_time_zone_helptext"
    groups = [attribute(group, "label") for group in elements(select, "optgroup")]
    assert groups == [
        "Afrika",
        "Amerika",
        "Antarktika",
        "Arktik",
        "Asya",
        "Atlas Okyanusu",
        "Avustralya",
        "Avrupa",
        "Hint Okyanusu",
        "Pasifik Okyanusu",
    ]
    options = list(elements(select, "option"))
    assert [(attribute(o, "value"), own_text(o)) for o in options[:2]] == [("", "Seçilmedi"), ("UTC", "UTC")]
    assert [attribute(o, "value") for o in options if "selected" in attributes(o)] == [""]  # nothing chosen yet
    istanbul = [o for o in options if attribute(o, "value") == "Europe/Istanbul"]
    assert [(own_text(o), attribute(o, "lang")) for o in istanbul] == [("Istanbul", "en")]
    assert ("America/Argentina/Buenos_Aires", "Argentina/Buenos Aires") in [
        (attribute(o, "value"), own_text(o)) for o in options
    ]
    assert 'action="/tr/account/time-zone/"' in page


def test_choosing_a_zone_saves_it_and_the_page_shows_it_chosen(client):
    ada = make_user("ada")
    client.force_login(ada)
    response = client.post(url("account_time_zone", "fr"), {"time_zone": "Europe/Istanbul"}, follow=True)
    assert response.redirect_chain == [("/fr/account/", 302)]
    assert "Votre fuseau horaire a été enregistré." in response.content.decode()
    ada.refresh_from_db()
    assert ada.time_zone == "Europe/Istanbul"
    chosen = [o for o in elements(response.content, "option") if "selected" in attributes(o)]
    assert [attribute(o, "value") for o in chosen] == ["Europe/Istanbul"]


def test_not_chosen_clears_the_zone(client):
    ada = make_user("ada", time_zone="Europe/Istanbul")
    client.force_login(ada)
    assert client.post(url("account_time_zone"), {"time_zone": ""}).status_code == 302
    ada.refresh_from_db()
    assert ada.time_zone == ""


@pytest.mark.parametrize("value", ["Mars/Olympus_Mons", "localtime", "Europe/Istanbul ", "x" * 100])
def test_a_zone_not_in_the_list_is_a_form_error_and_saves_nothing(client, value):
    ada = make_user("ada", time_zone="Asia/Tokyo")
    client.force_login(ada)
    response = client.post(url("account_time_zone", "fr"), {"time_zone": value})
    assert response.status_code == 400
    summary = find(response.content, lambda element: attribute(element, "class") == "error-summary")
    assert [own_text(link) for link in elements(summary[0], "a")] == [
        "Fuseau horaire\u00a0: Choisissez un fuseau horaire dans la liste."
    ]
    ada.refresh_from_db()
    assert ada.time_zone == "Asia/Tokyo"


def test_the_model_refuses_a_zone_that_does_not_exist():
    ada = make_user("ada")
    ada.time_zone = "Europe/Atlantis"
    with pytest.raises(ValidationError) as refused:
        ada.full_clean()
    assert refused.value.message_dict == {"time_zone": ["“Europe/Atlantis” is not a time zone."]}


def test_the_time_zone_form_takes_only_post_and_a_login(client):
    assert client.post(url("account_time_zone"), {"time_zone": "UTC"})["Location"] == (
        "/en/accounts/login/?next=/en/account/time-zone/"
    )
    client.force_login(make_user("ada"))
    assert client.get(url("account_time_zone")).status_code == 405


def export_of(client) -> dict:
    return json.loads(client.get(url("account_export")).content)


def test_the_export_gives_times_with_the_learners_offset_and_names_the_zone(client):
    ada = make_user("ada", time_zone="Europe/Istanbul")
    attempt = answer_quiz(ada, make_quiz(questions=1), [1])
    finished = datetime(2026, 12, 1, 19, 30, tzinfo=UTC)
    Attempt.objects.filter(pk=attempt.pk).update(started_at=finished - timedelta(minutes=2), finished_at=finished)
    Answer.objects.filter(attempt=attempt).update(answered_at=finished)
    client.force_login(ada)
    data = export_of(client)
    assert data["time_zone"] == "Europe/Istanbul"
    assert data["account"]["time_zone"] == "Europe/Istanbul"
    assert data["exported_at"].endswith("+03:00")
    [exported] = data["attempts"]
    assert (exported["started_at"], exported["finished_at"], exported["answers"][0]["answered_at"]) == (
        "2026-12-01T22:28:00+03:00",
        "2026-12-01T22:30:00+03:00",
        "2026-12-01T22:30:00+03:00",
    )


def test_without_a_chosen_zone_the_export_uses_the_browsers_then_utc(client):
    ada = make_user("ada")
    attempt = answer_quiz(ada, make_quiz(questions=1), [1])
    finished = datetime(2026, 12, 1, 19, 30, tzinfo=UTC)
    Attempt.objects.filter(pk=attempt.pk).update(started_at=finished, finished_at=finished)
    client.force_login(ada)
    data = export_of(client)
    assert (data["time_zone"], data["account"]["time_zone"]) == ("UTC", "")
    assert data["attempts"][0]["finished_at"] == "2026-12-01T19:30:00+00:00"
    client.cookies.load({COOKIE_NAME: "America/New_York"})
    data = export_of(client)
    assert (data["time_zone"], data["account"]["time_zone"]) == ("America/New_York", "")
    assert data["attempts"][0]["finished_at"] == "2026-12-01T14:30:00-05:00"
