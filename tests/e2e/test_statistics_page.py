"""The answer statistics with their item analysis in a real browser: the page of the demo quiz answered by simulated
learners passes axe in light and dark colours, fits a 320px screen, and its flags and CSV link are reached from
the keyboard."""

from io import StringIO

import pytest
from django.core.management import call_command

from quizzes.models import Quiz
from tests.e2e.support import admin_page, axe_wcag_violations
from tests.factories import make_author

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def author(browser, live_server, authors_group):
    """A narrow browser tab logged in as an author, on the statistics of the demo quiz that ``make run`` shows."""
    call_command("load_demo", stdout=StringIO())
    call_command("simulate_learners", "--demo", stdout=StringIO())
    make_author("camille")
    page, problems = admin_page(browser, live_server.url, "camille", "en-GB", viewport=(320, 640))
    quiz = Quiz.objects.get(slug="data-parallelism")
    page.goto(f"{live_server.url}/admin/quizzes/quiz/{quiz.pk}/statistics/")
    yield page, problems
    page.context.close()


def test_the_statistics_page_fits_a_narrow_screen_passes_axe_and_reads_from_the_keyboard(author):
    page, problems = author
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    flag = page.locator("#question-5-item-analysis .item-flags li")
    assert flag.inner_text().startswith("Check the Turkish translation: ")
    assert page.locator(".item-flags li").count() == 1  # only the question harder in Turkish
    assert axe_wcag_violations(page) == []
    link = page.get_by_role("link", name="Download the item analysis (CSV)")
    for _ in range(60):
        page.keyboard.press("Tab")
        if link.evaluate("element => element === document.activeElement"):
            break
    assert link.evaluate("element => element === document.activeElement")
    page.emulate_media(color_scheme="dark")
    page.reload()
    assert axe_wcag_violations(page) == []
    assert problems == []


def test_the_regrade_page_fits_a_narrow_screen_passes_axe_and_regrades_from_the_keyboard(author):
    page, problems = author
    page.get_by_role("link", name="Correct the answer key of question 6 and regrade").click()
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    assert axe_wcag_violations(page) == []
    choice = page.get_by_role("radio").first
    choice.focus()
    page.keyboard.press("Space")
    assert choice.is_checked()
    page.keyboard.press("Enter")  # sends the form
    page.wait_for_url("**/statistics/#question-6")
    assert page.locator(".messagelist").inner_text().startswith("Question 6 was regraded")
    assert axe_wcag_violations(page) == []
    assert problems == []
