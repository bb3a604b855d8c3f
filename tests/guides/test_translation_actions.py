"""Confirming the stale translations of the guides ticked in the guide list, one language at a time, whether or
not a quiz links them (no quiz's translation grid shows the texts of a guide no quiz links)."""

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from guides.models import Guide
from tests.factories import make_guide, make_user
from tests.pages import attribute, find
from translations.facts import fingerprint
from translations.models import TranslationSource

pytestmark = pytest.mark.django_db

GUIDE_LIST = reverse("admin:guides_guide_changelist")


def stale_guide(slug: str = "lonely") -> Guide:
    """English texts, a French title and a Turkish summary; then the English title and summary reworded, and the
    French summary written afterwards: stale are the French title and the Turkish summary."""
    guide = make_guide(
        slug=slug, title="Lonely", summary="Alone.", body="No quiz links it.", title_fr="Seul", summary_tr="Yalnız."
    )
    guide.title_en, guide.summary_en = "Lonely, reworded", "Alone, reworded."
    guide.save()
    guide.summary_fr = "Seul, reformulé."
    guide.save()
    return guide


def records(guide: Guide) -> dict[tuple[str, str], tuple[bool, str]]:
    """The guide's translation records: ``{(field, language): (stale, fingerprint)}``."""
    return {
        (row.field, row.language): (row.stale, row.fingerprint)
        for row in TranslationSource.objects.filter(model="guides.guide", object_id=guide.pk)
    }


def messages_of(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def action_options(response, name: str = "action") -> list[tuple[str, str]]:
    (select,) = find(response.content, lambda node: node.name == "select" and attribute(node, "name") == name)
    return [(attribute(option, "value"), option.children[0]) for option in find(select, lambda n: n.name == "option")]


def run_action(client, action: str, *guides: Guide):
    data = {"action": action, "_selected_action": [guide.pk for guide in guides], "index": "0"}
    return client.post(GUIDE_LIST, data, follow=True)


def test_the_guide_list_offers_a_confirm_action_per_language(author_client):
    make_guide()
    assert action_options(author_client.get(GUIDE_LIST)) == [
        ("", "- Select an option -"),
        ("delete_selected", "Delete selected guides"),
        ("confirm_stale_fr", "Confirm stale French translations"),
        ("confirm_stale_tr", "Confirm stale Turkish translations"),
    ]


def test_the_french_action_confirms_only_the_stale_french_translations(author_client):
    guide, other = stale_guide(), stale_guide("other")
    before = records(guide)
    response = run_action(author_client, "confirm_stale_fr", guide)
    assert messages_of(response) == ["1 stale translation confirmed."]
    assert records(guide) == {
        ("title", "fr"): (False, fingerprint("Lonely, reworded")),
        ("summary", "fr"): before[("summary", "fr")],
        ("summary", "tr"): (True, fingerprint("Alone.")),
    }
    assert records(other) == {
        ("title", "fr"): (True, fingerprint("Lonely")),
        ("summary", "fr"): (False, fingerprint("Alone, reworded.")),
        ("summary", "tr"): (True, fingerprint("Alone.")),
    }


def test_the_action_confirms_every_guide_ticked(author_client):
    guides = stale_guide(), stale_guide("other")
    response = run_action(author_client, "confirm_stale_tr", *guides)
    assert messages_of(response) == ["2 stale translations confirmed."]
    assert [records(guide)[("summary", "tr")] for guide in guides] == [(False, fingerprint("Alone, reworded."))] * 2


def test_the_action_says_when_nothing_was_stale(author_client):
    guide = stale_guide()
    run_action(author_client, "confirm_stale_fr", guide)
    before = records(guide)
    response = run_action(author_client, "confirm_stale_fr", guide)
    assert messages_of(response) == ["No stale translation to confirm."]
    assert records(guide) == before


def test_the_guide_page_offers_no_action(author_client):
    """On a change page Django puts the actions' "Run" before "Save": Enter in a field would run an action."""
    guide = stale_guide()
    response = author_client.get(reverse("admin:guides_guide_change", args=[guide.pk]))
    assert response.context["action_form"] is None


def test_a_user_who_may_only_view_guides_can_neither_see_nor_run_the_actions(client):
    guide = stale_guide()
    viewer = make_user("viewer", is_staff=True)
    viewer.user_permissions.add(Permission.objects.get(codename="view_guide"))
    client.force_login(viewer)
    before = records(guide)
    response = client.get(GUIDE_LIST)
    assert response.status_code == 200
    assert not find(response.content, lambda node: node.name == "select" and attribute(node, "name") == "action")
    response = run_action(client, "confirm_stale_fr", guide)
    assert response.status_code == 200
    assert records(guide) == before
