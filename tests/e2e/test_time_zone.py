"""A Turkish learner in Istanbul, in a real browser: the script passes the browser's zone on and offers it on the
account page; without JavaScript the times stay in UTC, labelled, and the zone can still be chosen by hand."""

from datetime import UTC, datetime, timedelta

import pytest

from quizzes.models import Attempt
from tests.e2e.conftest import axe_violations
from tests.factories import PASSWORD, answer_quiz, make_quiz, make_user

pytestmark = pytest.mark.django_db(transaction=True)
FINISHED = datetime(2026, 12, 1, 19, 30, tzinfo=UTC)


def learner_with_a_result():
    """ada, who finished "Parallel" at 19:30 UTC (22:30 in Istanbul); returns the results' path."""
    ada = make_user("ada")
    attempt = answer_quiz(ada, make_quiz(slug="parallel", title="Parallel", questions=1), [1], language="tr")
    Attempt.objects.filter(pk=attempt.pk).update(started_at=FINISHED - timedelta(minutes=3), finished_at=FINISHED)
    return ada, f"/tr/quizzes/parallel/results/{attempt.pk}/"


def logged_in_page(browser, base_url: str, **options):
    context = browser.new_context(
        viewport={"width": 320, "height": 640}, locale="tr-TR", timezone_id="Europe/Istanbul", **options
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(base_url + "/tr/accounts/login/")
    page.get_by_label("Kullanıcı adı").fill("ada")
    page.get_by_label("Parola").fill(PASSWORD)
    page.get_by_role("main").get_by_role("button", name="Giriş yap").click()
    page.wait_for_load_state()
    return page


def time_zone_form(page):
    return page.locator('form[action="/tr/account/time-zone/"]')


def test_the_browsers_zone_is_used_labelled_then_offered_and_chosen(browser, live_server):
    ada, results = learner_with_a_result()
    page = logged_in_page(browser, live_server.url)
    try:
        page.goto(live_server.url + results)
        assert page.locator(".finished-at").inner_text() == "Bitiş: 01 Aralık 2026 22:30\u00a0UTC+3"

        page.goto(live_server.url + "/tr/account/")
        select = page.get_by_label("Saat dilimi")
        assert select.input_value() == "Europe/Istanbul"  # offered, not yet saved
        assert page.evaluate("document.documentElement.scrollWidth") <= 320
        assert axe_violations(page) == []
        time_zone_form(page).get_by_role("button", name="Saat dilimini kaydet").click()
        page.wait_for_url(live_server.url + "/tr/account/")
        assert "Saat diliminiz kaydedildi." in page.get_by_role("main").inner_text()
        ada.refresh_from_db()
        assert ada.time_zone == "Europe/Istanbul"

        page.goto(live_server.url + results)
        assert page.locator(".finished-at").inner_text() == "Bitiş: 01 Aralık 2026 22:30"
    finally:
        page.context.close()


def test_without_javascript_times_are_in_utc_labelled_and_the_zone_is_chosen_by_hand(browser, live_server):
    ada, results = learner_with_a_result()
    page = logged_in_page(browser, live_server.url, java_script_enabled=False)
    try:
        page.goto(live_server.url + results)
        assert page.locator(".finished-at").inner_text() == "Bitiş: 01 Aralık 2026 19:30\u00a0UTC"

        page.goto(live_server.url + "/tr/account/")
        select = page.get_by_label("Saat dilimi")
        assert select.input_value() == ""
        select.select_option("Europe/Istanbul")
        time_zone_form(page).get_by_role("button", name="Saat dilimini kaydet").click()
        page.wait_for_url(live_server.url + "/tr/account/")
        ada.refresh_from_db()
        assert ada.time_zone == "Europe/Istanbul"

        page.goto(live_server.url + results)
        assert page.locator(".finished-at").inner_text() == "Bitiş: 01 Aralık 2026 22:30"
    finally:
        page.context.close()
