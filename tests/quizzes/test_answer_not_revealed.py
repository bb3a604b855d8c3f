"""The correct choice must not be findable in a page before the learner has answered that question.

Each choice's markup, parsed, with its own text, value and id blanked out, must be identical to its siblings',
and nothing in the page may say "correct".
"""

import pytest
from django.test.html import Element
from pytest_django.asserts import assertHTMLEqual, assertInHTML

from tests.factories import make_user
from tests.pages import attribute, find, has_class

pytestmark = pytest.mark.django_db

# Attributes that differ from one choice to the next by design, and what they are blanked to.
BLANKED_ATTRIBUTES = {"value": "PK", "id": "ID", "for": "ID"}


def blanked(node: Element) -> Element:
    """A copy of ``node`` whose texts read TEXT and whose choice-specific attributes read PK or ID."""
    copy = Element(node.name, [(name, BLANKED_ATTRIBUTES.get(name, value)) for name, value in node.attributes])
    for child in node.children:
        copy.append(blanked(child) if isinstance(child, Element) else "TEXT")
    copy.finalize()
    return copy


def choice_lists(page: bytes) -> list[list[str]]:
    """For every list of choices in ``page`` (``<ul class="choice-list">``): its items, blanked, as HTML."""
    lists = find(page, lambda node: node.name == "ul" and attribute(node, "class") == "choice-list")
    return [[str(blanked(item)) for item in choices.children if isinstance(item, Element)] for choices in lists]


@pytest.mark.parametrize("language", ["en", "fr", "tr"])
def test_preview_gives_no_marker_of_the_correct_choice(client, demo_quiz, language):
    client.force_login(make_user())
    response = client.get(f"/{language}/quizzes/data-parallelism/")
    assert "correct" not in response.content.decode().casefold()
    lists = choice_lists(response.content)
    assert [len(items) for items in lists] == [4] * 8
    for items in lists:
        for item in items:
            assertHTMLEqual(item, "<li>TEXT</li>")


@pytest.mark.parametrize("language", ["en", "fr", "tr"])
def test_unanswered_question_page_gives_no_marker_of_the_correct_choice(client, demo_quiz, language):
    client.force_login(make_user())
    client.post(f"/{language}/quizzes/data-parallelism/start/")
    for position in range(1, 9):
        url = f"/{language}/quizzes/data-parallelism/questions/{position}/"
        response = client.get(url)
        page = response.content.decode()
        assert "correct" not in page.casefold()
        assert "checked" not in page
        [items] = choice_lists(response.content)
        assert len(items) == 4
        # Every choice's markup is the same once blanked, and is a radio with its label.
        assert len(set(items)) == 1
        assertInHTML('<input type="radio" name="choice" value="PK" id="ID" required>', items[0])
        assertInHTML('<label class="choice-text" for="ID">TEXT</label>', items[0])
        wrong = demo_quiz.questions.get(position=position).choices.filter(is_correct=False).first()
        client.post(url, {"choice": wrong.pk})
        assert find(client.get(url).content, has_class("is-correct"))
