"""The translation grid in a real browser: a cell's link opens its field on its language tab and focuses it; the
grid passes axe and fits a 320px screen; a stale cell is confirmed from the keyboard."""

from io import StringIO

import pytest
from django.core.management import call_command

from quizzes.models import Question, Quiz
from tests.e2e.support import admin_page, axe_wcag_violations
from tests.factories import make_author

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def author(browser, live_server, authors_group):
    """A browser tab logged in as an author (in English), the demo loaded, and the list its console errors go to."""
    call_command("load_demo", stdout=StringIO())
    make_author("camille")
    page, problems = admin_page(browser, live_server.url, "camille", "en-GB")
    yield page, problems
    page.context.close()


def grid_address(live_server) -> str:
    return f"{live_server.url}/admin/quizzes/quiz/{Quiz.objects.get(slug='data-parallelism').pk}/translations/"


def test_a_cell_link_opens_the_field_on_its_language_tab(author, live_server):
    page, problems = author
    page.goto(f"{live_server.url}/admin/quizzes/quiz/{Quiz.objects.get(slug='data-parallelism').pk}/change/")
    page.get_by_role("link", name="Translations").click()
    page.get_by_role("link", name="Edit Question 2 · Choice C (Turkish)").click()

    question = Question.objects.get(quiz__slug="data-parallelism", position=2)
    page.wait_for_url(f"{live_server.url}/admin/quizzes/question/{question.pk}/change/#id_choices-2-text_tr")
    field = page.locator("#id_choices-2-text_tr")
    assert field.is_visible()
    assert field.input_value() == "Verileri GPU'lar arasında bölen dağılım"
    assert field.evaluate("element => element === document.activeElement")
    assert not page.locator("#id_choices-2-text_en").is_visible()  # its English tab is closed
    assert page.locator("#id_text_en").is_visible()  # the other fields keep their first tab
    assert problems == []


def test_the_grid_fits_a_narrow_screen_and_passes_axe(author, live_server):
    """With a stale text (its confirm buttons shown), in light and dark colours."""
    page, problems = author
    question = Question.objects.get(quiz__slug="data-parallelism", position=1)
    question.text_en = "In standard data parallelism, what does every GPU hold?"
    question.save()
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto(grid_address(live_server))
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    assert axe_wcag_violations(page) == []
    page.emulate_media(color_scheme="dark")
    page.reload()  # not mid-way through the links' colour transition
    assert axe_wcag_violations(page) == []
    assert problems == []


def test_a_stale_cell_is_confirmed_from_the_keyboard(author, live_server):
    page, problems = author
    question = Question.objects.get(quiz__slug="data-parallelism", position=1)
    question.text_en = "In standard data parallelism, what does every GPU hold?"
    question.save()
    page.goto(grid_address(live_server))
    button = page.get_by_role("button", name="Confirm Question 1 · Text (French)")
    button.focus()
    page.keyboard.press("Enter")
    page.wait_for_url(f"{grid_address(live_server)}#text-quizzes-question-{question.pk}-text")
    assert page.locator(".messagelist").inner_text() == "1 stale translation confirmed."
    row = page.locator(f"#text-quizzes-question-{question.pk}-text")
    assert row.locator(".translation-state").all_inner_texts() == ["Translated", "Stale"]
    assert problems == []
