"""An author, in French, works on the demo quiz's admin page in a real browser: language tabs on questions and
choices, "Add another question" with its choices, a question dragged to the top; no console error (the site's
Content-Security-Policy included)."""

from io import StringIO

import pytest
from django.core.management import call_command

from quizzes.models import Quiz
from tests.e2e.support import admin_page
from tests.factories import make_author

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def author_page(browser, live_server, authors_group):
    """A French author's browser tab on the demo quiz's admin page, and the list its console errors go to."""
    call_command("load_demo", stdout=StringIO())
    make_author("camille")
    page, problems = admin_page(browser, live_server.url, "camille", "fr-FR")
    page.goto(f"{live_server.url}/admin/quizzes/quiz/{Quiz.objects.get(slug='data-parallelism').pk}/change/")
    yield page, problems
    page.context.close()


def test_author_adds_a_question_with_its_choices_on_the_quiz_page(author_page, live_server):
    page, problems = author_page
    quiz = Quiz.objects.get(slug="data-parallelism")

    # The first question's first choice, in its Turkish tab.
    turkish = page.locator("#id_questions-0-choices-0-text_tr")
    page.locator('a[href="#tab_id_questions-0-choices-0-text_tr"]').click()
    assert turkish.is_visible()
    assert turkish.input_value() == "Partinin farklı bir dilimini işleyen modelin tam bir kopyası"
    assert page.locator('a[href="#tab_id_questions-0-choices-0-text_fr"]').is_visible()

    page.get_by_role("link", name="Ajouter une autre question").click()
    new = "#id_questions-9-"  # after the blank question the page offers (questions-8)
    page.locator(f'a[href="#tab_{new[1:]}text_en"]').click()
    page.locator(f"{new}text_en").fill("Which collective averages the gradients?")
    page.locator(f'a[href="#tab_{new[1:]}text_fr"]').click()
    page.locator(f"{new}text_fr").fill("Quelle opération collective moyenne les gradients\u00a0?")
    for index, text in enumerate(["Broadcast", "All-reduce", "Scatter", "Gather"]):
        page.locator(f'a[href="#tab_{new[1:]}choices-{index}-text_en"]').click()
        page.locator(f"{new}choices-{index}-text_en").fill(text)
    page.locator(f"{new}choices-1-is_correct").check()
    page.locator("input[name=_save]").click()
    page.wait_for_url(f"{live_server.url}/admin/quizzes/quiz/")

    question = quiz.questions.get(position=9)
    assert (question.text_en, question.text_fr) == (
        "Which collective averages the gradients?",
        "Quelle opération collective moyenne les gradients\u00a0?",
    )
    assert list(question.choices.values_list("position", "text_en", "is_correct")) == [
        (1, "Broadcast", False),
        (2, "All-reduce", True),
        (3, "Scatter", False),
        (4, "Gather", False),
    ]
    assert problems == []


def test_author_drags_a_question_to_the_top(author_page):
    """django-nested-admin's drag handle (the question's title bar) works beside the language tabs; the position
    fields show 1..8 as the headings do, before and after the drag, and the new order is saved."""
    page, problems = author_page
    quiz = Quiz.objects.get(slug="data-parallelism")
    positions = [page.locator(f"#id_questions-{index}-position") for index in range(4)]
    assert [position.input_value() for position in positions] == ["1", "2", "3", "4"]
    third = list(quiz.questions.order_by("position").values_list("text_en", flat=True))[2]
    handle, first = page.locator("#questions-2 > h3"), page.locator("#questions-0 > h3")
    handle.scroll_into_view_if_needed()
    start = handle.bounding_box()
    page.mouse.move(start["x"] + 50, start["y"] + start["height"] / 2)
    page.mouse.down()
    for step in range(1, 30):  # jQuery UI's sortable follows the mouse in small steps, the rows moving under it
        end = first.bounding_box()
        page.mouse.move(start["x"] + 50, start["y"] + (end["y"] - 20 - start["y"]) * step / 29, steps=2)
    page.mouse.up()
    assert [position.input_value() for position in positions] == ["2", "3", "1", "4"]
    page.locator("input[name=_continue]").click()
    page.wait_for_load_state()
    assert quiz.questions.get(position=1).text_en == third
    assert list(quiz.questions.order_by("position").values_list("position", flat=True)) == list(range(1, 9))
    assert problems == []
