"""Learner pages of guides: draft preview for staff, 404 for learners."""

import pytest
from django.urls import reverse
from pytest_django.asserts import assertInHTML

from tests.factories import make_guide, make_quiz, make_user
from tests.pages import find, has_class, own_text, url

pytestmark = pytest.mark.django_db


def guide_url() -> str:
    return reverse("guides:detail", kwargs={"slug": "draft"})


@pytest.mark.parametrize("make_visitor", [None, make_user], ids=["anonymous", "learner"])
def test_a_draft_guide_is_not_found_for_learners(client, make_visitor):
    make_guide(slug="draft", published=False)
    if make_visitor:
        client.force_login(make_visitor())
    assert client.get(guide_url()).status_code == 404


def test_staff_preview_a_draft_guide(author_client):
    make_guide(slug="draft", title="Unfinished guide", published=False)
    response = author_client.get(guide_url())
    content = response.content.decode()
    assert response.status_code == 200
    assert "Unfinished guide" in content
    assert "Draft preview: learners cannot see this page until it is published." in content


def test_a_draft_guide_stays_off_the_home_page_for_staff_too(author_client):
    make_guide(slug="draft", title="Unfinished guide", published=False)
    make_guide(slug="live", title="Finished guide")
    content = author_client.get(reverse("home")).content.decode()
    assert "Finished guide" in content
    assert "Unfinished guide" not in content


def test_the_home_page_shows_24_cards_a_list_with_pages_that_keep_the_other_lists_page(client):
    for number in range(30):
        make_quiz(f"quiz-{number:02}", f"Quiz {number:02}", questions=1)
    first = client.get(url("home"), {"guides": "1"}).content
    headings = find(first, lambda element: element.name == "h3")
    assert [own_text(heading.children[0]) for heading in headings] == [f"Quiz {number:02}" for number in range(24)]
    assertInHTML(
        '<nav class="pager" aria-label="Pages of quizzes"><span aria-current="page">Page 1 of 2</span>'
        '<a rel="next" href="?guides=1&amp;quizzes=2">Next</a></nav>',
        first.decode(),
    )
    second = client.get(url("home", "fr"), {"quizzes": "2"}).content
    assert len(find(second, has_class("card"))) == 6
    assertInHTML(
        '<nav class="pager" aria-label="Pages des quiz"><a rel="prev" href="?quizzes=1">Précédente</a>'
        '<span aria-current="page">Page 2 sur 2</span></nav>',
        second.decode(),
    )
    # A page number that is not a number shows the first page; one out of range, the last.
    for asked, shown in (("abc", 24), ("0", 6), ("99", 6)):
        assert len(find(client.get(url("home"), {"quizzes": asked}).content, has_class("card"))) == shown
