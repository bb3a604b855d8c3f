"""The translation facts of ``translations/facts.py``, and the one meaning of "missing" where the site had two: a
translation of white space only is missing everywhere (learners read the English, the grid and the lists say
"missing", the quiz file has no text), where it used to be "translated" yet shown blank."""

import pytest
from pytest_django.asserts import assertInHTML

from guides.models import Guide
from quizzes.content import quiz_export
from quizzes.models import Choice, Question, Quiz
from tests.factories import make_quiz
from tests.pages import short_marker, url
from tests.translations.helpers import state
from tests.translations.test_grid import grid_rows, grid_url
from translations.completeness import any_missing
from translations.facts import (
    FALLBACK_LANGUAGE,
    SOURCE_LANGUAGE,
    TARGET_LANGUAGES,
    falls_back,
    fingerprint,
    is_missing,
    is_stale,
    shown_text,
    translated_fields,
)
from translations.models import TranslationSource

BLANK = " \n\t"


@pytest.mark.parametrize(
    ("text", "missing"),
    [(None, True), ("", True), (" ", True), (BLANK, True), ("x", False), (" Soru ", False), ("0", False)],
)
def test_a_text_is_missing_when_none_empty_or_white_space_only(text, missing):
    assert is_missing(text) is missing


def test_the_languages_come_from_the_settings():
    assert (SOURCE_LANGUAGE, FALLBACK_LANGUAGE, TARGET_LANGUAGES) == ("en", "en", ("fr", "tr"))


def test_translated_fields_are_the_registered_ones_in_the_models_order():
    assert [translated_fields(model) for model in (Quiz, Question, Choice, Guide)] == [
        ("title", "description"),
        ("text", "explanation"),
        ("text",),
        ("title", "summary", "body"),
    ]
    assert translated_fields(TranslationSource) == ()


@pytest.mark.parametrize(
    ("row", "language", "expected"),
    [
        ({"text_en": "Q", "text_tr": None}, "tr", (True, "Q")),
        ({"text_en": "Q", "text_tr": BLANK}, "tr", (True, "Q")),
        ({"text_en": "Q", "text_tr": "Soru"}, "tr", (False, "Soru")),
        ({"text_en": BLANK, "text_tr": None}, "tr", (False, "")),
        ({"text_en": "Q", "text_tr": None}, "en", (False, "Q")),
    ],
)
def test_the_fallback_rule_on_a_row(row, language, expected):
    assert (falls_back(row, "text", language), shown_text(row, "text", language)) == expected


def test_a_translation_is_stale_only_when_written_from_another_english_text():
    assert not is_stale(None, "Q")
    assert not is_stale(fingerprint("Q \r\n"), "Q")
    assert is_stale(fingerprint("Q"), "Q, changed")


@pytest.mark.django_db
def test_a_translation_of_spaces_is_missing_in_the_grid(author_client):
    """It used to read "Translated" in the grid while learners saw a blank question."""
    quiz = make_quiz(questions=1)
    Question.objects.filter(quiz=quiz).update(text_tr=BLANK, text_fr="Question un")
    rows = {row[0]: row[1:] for row in grid_rows(author_client.get(grid_url(quiz)))}
    assert rows["Question 1 · Text"] == ("Translated", "Missing — shown in English")
    question = quiz.questions.get()
    assert (state(question, "text", "tr"), question.is_translated("tr")) == ("missing", False)


@pytest.mark.django_db
def test_the_missing_filter_finds_a_translation_of_spaces_as_the_grid_does():
    """The lists' SQL twin (``completeness.any_missing``) used to miss it: it compared with "" untrimmed."""
    quiz = make_quiz(questions=2)
    Question.objects.filter(quiz=quiz).update(text_tr="Soru", explanation_tr="Açıklama")
    Question.objects.filter(quiz=quiz, position=2).update(explanation_tr="   ")
    found = Question.objects.filter(any_missing(Question, "tr"))
    assert list(found.values_list("position", flat=True)) == [2]


@pytest.mark.django_db
def test_a_learner_reads_the_english_explanation_marked_where_the_turkish_one_is_spaces(client):
    """The Turkish page used to show a blank explanation, unmarked."""
    quiz = make_quiz(questions=1, title_tr="Test")
    question = quiz.questions.get()
    Question.objects.filter(pk=question.pk).update(text_tr="Soru 1", explanation_tr=BLANK)
    client.post(url("quizzes:start", "tr", slug=quiz.slug))
    address = url("quizzes:question", "tr", slug=quiz.slug, number=1)
    client.post(address, {"choice": question.choices.get(position=1).pk})
    page = client.get(address).content.decode()
    assertInHTML(f'<p id="explanation-text">{short_marker("tr")} Explanation 1</p>', page)


@pytest.mark.django_db
def test_the_quiz_file_writes_no_text_for_a_translation_of_spaces():
    quiz = make_quiz(questions=1)
    Question.objects.filter(quiz=quiz).update(text_fr=BLANK, text_tr="Soru 1")
    (question,) = quiz_export(quiz)["quiz"]["questions"]
    assert question["text"] == {"en": "Question 1", "fr": None, "tr": "Soru 1"}
