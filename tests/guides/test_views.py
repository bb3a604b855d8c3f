"""Learner pages of guides: draft preview for staff, 404 for learners."""

import pytest
from django.urls import reverse

from tests.factories import make_guide, make_user

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
