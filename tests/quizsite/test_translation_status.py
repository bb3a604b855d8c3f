"""The "not yet translated" marker: shown where a text falls back to English, and only there."""

import pytest
from django.utils import translation

from quizsite.templatetags.translation_status import falls_back
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
