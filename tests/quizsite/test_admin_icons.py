"""The admin's yes/no icons say "Oui"/"Non", "Evet"/"Hayır" (quizsite/admin_icons.py), where Django wrote "True"."""

import pytest
from django.contrib.admin.templatetags import admin_list
from django.contrib.admin.utils import display_for_field, display_for_value
from django.urls import reverse
from django.utils import translation

from quizsite.admin_icons import DJANGO_BOOLEAN_ICON, boolean_icon
from quizzes.models import Choice
from tests.factories import answer_quiz, make_quiz, make_user
from tests.pages import attribute, find

ALT_TEXTS = {
    "en": ["Yes", "No", "Unknown"],
    "fr": ["Oui", "Non", "Inconnu"],
    "tr": ["Evet", "Hayır", "Bilinmiyor"],
}


def alt_texts(html, cell_class: str) -> list[str]:
    """The alt texts of the images inside the elements of class ``cell_class``, in document order."""
    cells = find(html, lambda node: cell_class in (attribute(node, "class") or "").split())
    return [attribute(image, "alt") for cell in cells for image in find(cell, lambda node: node.name == "img")]


def test_the_admin_draws_every_boolean_icon_with_ours():
    """Installed once, when the project starts; Django's callers look the function up in ``admin_list``."""
    assert admin_list._boolean_icon is boolean_icon


@pytest.mark.parametrize(("value", "words"), [(True, "Yes"), (False, "No"), (None, "Unknown")])
def test_our_icon_is_djangos_with_the_alt_text_in_words(value, words):
    """A Django upgrade that changes its icon's markup fails here, so ours does not drift from it."""
    with translation.override("en"):
        assert boolean_icon(value) == DJANGO_BOOLEAN_ICON(value).replace(f'alt="{value}"', f'alt="{words}"')


@pytest.mark.parametrize("language", ["en", "fr", "tr"])
def test_djangos_boolean_displays_say_yes_no_unknown_in_the_language(language):
    field = Choice._meta.get_field("is_correct")
    with translation.override(language):
        shown = [
            display_for_field(True, field, "-"),
            display_for_value(False, "-", boolean=True),
            display_for_value(None, "-", boolean=True),
        ]
    assert [attribute(find(html, lambda node: node.name == "img")[0], "alt") for html in shown] == ALT_TEXTS[language]


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["fr", "tr"])
def test_the_quiz_lists_published_column_says_yes_or_no(admin_client, language):
    make_quiz("draft", published=False)
    make_quiz("live")
    yes, no = ALT_TEXTS[language][:2]

    response = admin_client.get(reverse("admin:quizzes_quiz_changelist"), headers={"accept-language": language})

    assert alt_texts(response.content, "field-published") == [no, yes]  # by title ("A quiz" both), then slug


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["fr", "tr"])
def test_an_attempts_read_only_answers_say_right_or_wrong_with_yes_or_no(admin_client, language):
    quiz = make_quiz(questions=2)
    attempt = answer_quiz(make_user(), quiz, [1, 2])
    yes, no = ALT_TEXTS[language][:2]

    response = admin_client.get(
        reverse("admin:quizzes_attempt_change", args=[attempt.pk]), headers={"accept-language": language}
    )

    assert alt_texts(response.content, "field-is_correct") == [yes, no]
