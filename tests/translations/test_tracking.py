"""Stale translations: which English text each translation was written from, recorded on every save."""

import pytest

from quizzes.models import Question
from tests.factories import make_quiz
from translations.models import TranslationSource
from translations.states import rows
from translations.tracking import confirm, fingerprint


def states_of(question: Question, field: str = "text") -> dict[str, str]:
    """``{"fr": "translated", "tr": "stale"}`` for ``question.<field>``, as the grid reads them."""
    (row,) = rows([(Question.objects.get(pk=question.pk), field)], glossary=[])
    return {code: str(cell.state) for code, cell in row.cells.items()}


@pytest.fixture
def translated_question(db) -> Question:
    """A question with French and Turkish texts written in the same save as its English (so both current)."""
    question = make_quiz(questions=1).questions.get()
    question.text_fr, question.text_tr = "Question 1 en français", "Türkçe soru 1"
    question.save()
    return Question.objects.get(pk=question.pk)


def test_fingerprint_ignores_line_endings_and_surrounding_spaces():
    assert fingerprint("One\r\nTwo \n") == fingerprint("One\nTwo")
    assert fingerprint("One\nTwo") != fingerprint("One\nTwo!")
    assert fingerprint(None) == fingerprint("")


def test_a_translation_written_is_current_and_a_missing_one_is_missing(translated_question):
    assert states_of(translated_question) == {"fr": "translated", "tr": "translated"}
    assert states_of(translated_question, "explanation") == {"fr": "missing", "tr": "missing"}
    assert sorted(
        TranslationSource.objects.filter(object_id=translated_question.pk).values_list("field", "language", "stale")
    ) == [("text", "fr", False), ("text", "tr", False)]


def test_editing_the_english_marks_both_translations_stale_and_confirming_clears_them(translated_question):
    translated_question.text_en = "Question 1, reworded"
    translated_question.save()

    assert states_of(translated_question) == {"fr": "stale", "tr": "stale"}
    assert TranslationSource.objects.filter(object_id=translated_question.pk, stale=True).count() == 2

    assert confirm([translated_question], field="text", language="fr") == 1
    assert states_of(translated_question) == {"fr": "translated", "tr": "stale"}

    assert confirm([translated_question]) == 2  # the text's two translations (the explanation has none)
    assert states_of(translated_question) == {"fr": "translated", "tr": "translated"}
    assert TranslationSource.objects.filter(object_id=translated_question.pk, stale=True).count() == 0


def test_editing_a_translation_with_its_english_keeps_it_current(translated_question):
    translated_question.text_en = "Question 1, reworded"
    translated_question.text_fr = "Question 1, reformulée"
    translated_question.save()

    assert states_of(translated_question) == {"fr": "translated", "tr": "stale"}


def test_editing_the_stale_translation_later_makes_it_current(translated_question):
    translated_question.text_en = "Question 1, reworded"
    translated_question.save()
    question = Question.objects.get(pk=translated_question.pk)
    question.text_tr = "Soru 1, yeniden yazıldı"
    question.save()

    assert states_of(question) == {"fr": "stale", "tr": "translated"}


def test_english_put_back_as_it_was_makes_the_translation_current_again(translated_question):
    translated_question.text_en = "Question 1, reworded"
    translated_question.save()
    translated_question.text_en = "Question 1"
    translated_question.save()

    assert states_of(translated_question) == {"fr": "translated", "tr": "translated"}
    assert TranslationSource.objects.filter(object_id=translated_question.pk, stale=True).count() == 0


def test_a_translation_without_a_record_goes_stale_from_the_english_it_was_saved_beside(translated_question):
    """Translations written before tracking existed (no row) are taken as current, until their English changes."""
    TranslationSource.objects.all().delete()
    question = Question.objects.get(pk=translated_question.pk)
    assert states_of(question) == {"fr": "translated", "tr": "translated"}

    question.text_en = "Question 1, reworded"
    question.save()

    assert states_of(question) == {"fr": "stale", "tr": "stale"}


def test_emptying_a_translation_makes_it_missing_and_drops_its_record(translated_question):
    translated_question.text_fr = ""
    translated_question.save()

    assert states_of(translated_question) == {"fr": "missing", "tr": "translated"}
    assert list(
        TranslationSource.objects.filter(object_id=translated_question.pk).values_list("language", flat=True)
    ) == ["tr"]


def test_a_save_that_changes_no_text_writes_nothing(translated_question, django_assert_num_queries):
    translated_question.position = translated_question.position  # an unchanged save, as a formset may do
    with django_assert_num_queries(1):  # the UPDATE of the question itself
        translated_question.save()


def test_confirm_refuses_a_field_that_is_not_translated_and_an_unknown_language(translated_question):
    with pytest.raises(ValueError, match="has no translated field 'position'"):
        confirm([translated_question], field="position")
    with pytest.raises(ValueError, match="'en' is not a translation language"):
        confirm([translated_question], language="en")
