"""The "not yet translated" marker: shown where a text falls back to English, and only there."""

import pytest
from django.conf import settings
from django.utils import translation

from quizsite.templatetags.translation_status import FALLBACK_LANGUAGE, TRANSLATED_INTO, falls_back, translated_into
from quizzes.models import Quiz


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
