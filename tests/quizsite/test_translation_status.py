"""The "not yet translated" marker: shown where a text falls back to English, and only there."""

import pytest
from django.conf import settings
from django.template import TemplateSyntaxError
from django.utils import translation

from quizsite.templatetags.translation_status import (
    FALLBACK_LANGUAGE,
    TRANSLATED_INTO,
    all_fall_back,
    fallback_badge,
    falls_back,
    translated_into,
)
from quizzes.models import Choice, Quiz
from tests.pages import short_marker


@pytest.mark.parametrize(
    ("english", "french", "expected"),
    [
        ("About GPUs", None, True),  # shown in English
        ("About GPUs", "", True),
        ("About GPUs", "À propos des GPU", False),
        ("", None, False),  # empty in every language: nothing is shown, so nothing falls back
        (None, None, False),
    ],
)
def test_a_text_falls_back_only_when_english_has_one(english, french, expected):
    quiz = Quiz(description_en=english, description_fr=french)
    with translation.override("fr"):
        assert falls_back(quiz, "description") is expected
    assert falls_back(quiz, "description", "en") is False


def test_every_language_but_english_names_itself_for_not_yet_translated_into():
    """The quiz page's "… not yet translated into <language>" would fail (KeyError) in a language without one."""
    translated = [code for code, _name in settings.LANGUAGES if code != FALLBACK_LANGUAGE]
    assert sorted(TRANSLATED_INTO) == sorted(translated)


@pytest.mark.parametrize(("language", "expected"), [("fr", "français"), ("tr", "Türkçeye")])
def test_the_language_is_named_as_the_sentence_needs_it(language, expected):
    with translation.override(language):
        assert translated_into() == expected


@pytest.mark.parametrize(
    ("quiz", "choices", "expected"),
    [
        (Quiz(title_en="Quiz"), [Choice(text_en="A"), Choice(text_en="B")], True),
        # A text empty in every language is not shown, so it does not make the block partly translated.
        (Quiz(title_en="Quiz", description_en=""), [Choice(text_en="A")], True),
        (Quiz(title_en="Quiz", title_fr="Quiz fr"), [Choice(text_en="A")], False),
        (Quiz(title_en="Quiz"), [Choice(text_en="A"), Choice(text_en="B", text_fr="B fr")], False),
        (Quiz(title_en="Quiz"), None, True),  # nothing shown of that kind
        (Quiz(), [], False),  # a block that shows nothing needs no marker
    ],
)
def test_one_marker_stands_for_a_block_only_when_all_it_shows_is_english(quiz, choices, expected):
    with translation.override("fr"):
        assert all_fall_back(quiz, "title, description", choices, "text") is expected


def test_a_block_is_named_by_pairs_of_objects_and_fields():
    with pytest.raises(TemplateSyntaxError):
        all_fall_back(Quiz(title_en="Quiz"))


@pytest.mark.parametrize(
    ("quiz", "block_marked", "expected"),
    [
        (Quiz(title_en="Quiz"), False, short_marker("tr")),
        (Quiz(title_en="Quiz"), True, ""),  # the block's own marker says it
        (Quiz(title_en="Quiz", title_tr="Test"), False, ""),
        (None, False, ""),
    ],
)
def test_a_badge_sits_on_an_english_text_unless_its_block_is_marked(quiz, block_marked, expected):
    with translation.override("tr"):
        assert fallback_badge(quiz, "title", block_marked) == expected
