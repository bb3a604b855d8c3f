"""Stale translations: which English text each translation was written from, recorded on every save."""

import copy

import pytest

from quizzes.content import DEMO_FILE, quiz_import, read_quiz_file
from quizzes.models import Question
from quizzes.translation_rows import quiz_texts
from tests.factories import make_quiz
from translations.facts import fingerprint
from translations.models import TranslationSource
from translations.states import rows
from translations.tracking import confirm


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


def demo_file_with(change) -> dict:
    """The demo quiz file with ``change(data)`` applied to a copy."""
    data = copy.deepcopy(read_quiz_file(DEMO_FILE))
    change(data)
    return data


def demo_question_states(quiz, key: str) -> dict[str, str]:
    return states_of(quiz.questions.get(key=key))


def test_a_quiz_file_import_that_changes_the_english_only_marks_the_translations_stale(demo_quiz):
    def reword(data):
        data["quiz"]["questions"][0]["text"]["en"] = "In plain data parallelism, what does each GPU hold?"

    assert demo_question_states(demo_quiz, "what-each-gpu-holds") == {"fr": "translated", "tr": "translated"}
    quiz_import(demo_file_with(reword))

    assert demo_question_states(demo_quiz, "what-each-gpu-holds") == {"fr": "stale", "tr": "stale"}
    assert demo_question_states(demo_quiz, "replica-synchronization") == {"fr": "translated", "tr": "translated"}


def test_a_quiz_file_import_that_changes_english_and_a_translation_keeps_that_translation_current(demo_quiz):
    def reword(data):
        text = data["quiz"]["questions"][0]["text"]
        text["en"] = "In plain data parallelism, what does each GPU hold?"
        text["fr"] = "Dans le parallélisme de données simple, que contient chaque GPU ?"

    quiz_import(demo_file_with(reword))

    assert demo_question_states(demo_quiz, "what-each-gpu-holds") == {"fr": "translated", "tr": "stale"}


def test_importing_the_same_file_again_leaves_every_state_as_it_was(demo_quiz):
    def grid():
        return {
            (row.instance._meta.label, row.instance.pk, row.field): row.cells for row in rows(quiz_texts(demo_quiz))
        }

    before = grid()
    quiz_import(read_quiz_file(DEMO_FILE))

    assert grid() == before
    assert len(before) == 53 and [cell.state for cell in before[("quizzes.Quiz", demo_quiz.pk, "title")].values()] == [
        "translated",
        "translated",
    ]


def test_emptying_the_english_drops_the_records_so_nothing_stays_stale(translated_question):
    translated_question.explanation_en = "Because."
    translated_question.explanation_fr, translated_question.explanation_tr = "Parce que.", "Çünkü."
    translated_question.save()
    translated_question.text_en = "Question 1, reworded"
    translated_question.save()
    assert TranslationSource.objects.filter(object_id=translated_question.pk, stale=True).count() == 2

    translated_question.text_en = ""
    translated_question.explanation_en = ""
    translated_question.save()

    assert rows([(translated_question, "text"), (translated_question, "explanation")], glossary=[]) == []
    assert not TranslationSource.objects.filter(object_id=translated_question.pk).exists()
