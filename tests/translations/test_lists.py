"""The quiz and guide lists in the admin: per-language completeness columns and the "Translation" filter, whose
database conditions agree with the grid's states."""

import pytest
from django.urls import reverse
from django.utils import translation
from pytest_django.asserts import assertInHTML

from guides.models import Guide
from quizzes.models import Choice, Question, Quiz
from quizzes.translation_rows import quiz_texts
from tests.factories import make_guide, make_quiz
from translations.completeness import missing
from translations.facts import translation_languages
from translations.filters import TranslationFilter
from translations.models import NAMES_IN_SENTENCE
from translations.states import State, rows

pytestmark = pytest.mark.django_db

QUIZ_LIST = reverse("admin:quizzes_quiz_changelist")
GUIDE_LIST = reverse("admin:guides_guide_changelist")


def translate_quiz(quiz: Quiz, *languages: str) -> None:
    """Every text of ``quiz`` written in each of ``languages`` (a query update: no save, no record)."""
    for code in languages:
        Quiz.objects.filter(pk=quiz.pk).update(**{f"title_{code}": f"{quiz.title_en} [{code}]"})
        Question.objects.filter(quiz=quiz).update(**{f"text_{code}": "…", f"explanation_{code}": "…"})
        Choice.objects.filter(question__quiz=quiz).update(**{f"text_{code}": "…"})


def listed(client, address: str, **params) -> list[str]:
    return sorted(item.slug for item in client.get(address, params).context["cl"].result_list)


def test_the_quiz_list_shows_translated_questions_per_language(author_client, demo_quiz):
    """In Turkish the demo also lacks the quiz's description and the guide's three texts (as the grid shows)."""
    response = author_client.get(QUIZ_LIST)
    assertInHTML(
        '<td class="field-translated_questions">fr 3/8 questions<br>tr 3/8 questions; 4 other texts missing</td>',
        response.content.decode(),
    )


def test_a_question_with_one_choice_left_in_english_is_not_translated(author_client):
    quiz = make_quiz(slug="q", questions=2)
    translate_quiz(quiz, "fr")
    Choice.objects.filter(question__position=2, position=4).update(text_fr="")
    response = author_client.get(QUIZ_LIST)
    assertInHTML(
        '<td class="field-translated_questions">fr 1/2 questions<br>tr 0/2 questions; 1 other text missing</td>',
        response.content.decode(),
    )


def test_the_guide_list_shows_the_share_of_translated_texts_per_language(author_client, demo_quiz):
    make_guide(slug="short", title="Short", title_tr="Kısa")  # no summary nor body: one text
    content = author_client.get(GUIDE_LIST).content.decode()
    assertInHTML('<td class="field-translated_fields">fr 3/3<br>tr 0/3</td>', content)
    assertInHTML('<td class="field-translated_fields">fr 0/1<br>tr 1/1</td>', content)


def test_the_guide_list_counts_stale_texts_per_language(author_client):
    """The tester's guide: English texts and a French title, then its English title reworded."""
    guide = make_guide(slug="lonely", title="Lonely", summary="Alone.", body="No quiz links it.", title_fr="Seul")
    guide.title_en = "Lonely, reworded"
    guide.save()
    make_guide(slug="current", title="Current", title_fr="À jour")
    content = author_client.get(GUIDE_LIST).content.decode()
    assertInHTML('<td class="field-translated_fields">fr 1/3; 1 stale<br>tr 0/3</td>', content)
    assertInHTML('<td class="field-translated_fields">fr 1/1<br>tr 0/1</td>', content)


def test_the_translation_filter_offers_each_language_and_stale(author_client):
    for address in (QUIZ_LIST, GUIDE_LIST):
        specs = author_client.get(address).context["cl"].filter_specs
        (spec,) = [spec for spec in specs if getattr(spec, "parameter_name", None) == "translation"]
        assert [(value, str(label)) for value, label in spec.lookup_choices] == [
            ("missing-fr", "Missing French"),
            ("missing-tr", "Missing Turkish"),
            ("stale", "Stale"),
        ]


def test_the_quiz_list_filters_quizzes_missing_a_language_or_stale(author_client, demo_quiz):
    translate_quiz(make_quiz(slug="both", questions=2), "fr", "tr")
    translate_quiz(make_quiz(slug="french", questions=2), "fr")
    make_quiz(slug="english", questions=2)
    assert listed(author_client, QUIZ_LIST, translation="missing-fr") == ["data-parallelism", "english"]
    assert listed(author_client, QUIZ_LIST, translation="missing-tr") == ["data-parallelism", "english", "french"]
    assert listed(author_client, QUIZ_LIST, translation="stale") == []

    choice = Choice.objects.get(question__quiz__slug="french", question__position=2, position=3)
    choice.text_en = "Reworded"
    choice.save()  # its French, written before (no record yet), is now stale
    assert listed(author_client, QUIZ_LIST, translation="stale") == ["french"]
    question = demo_quiz.questions.get(position=5)
    question.explanation_en = "Reworded"
    question.save()
    assert listed(author_client, QUIZ_LIST, translation="stale") == ["data-parallelism", "french"]


def test_the_quiz_list_counts_one_missing_choice_as_missing(author_client):
    translate_quiz(make_quiz(slug="both", questions=2), "fr", "tr")
    Choice.objects.filter(question__position=2, position=1).update(text_tr=None)
    assert listed(author_client, QUIZ_LIST, translation="missing-fr") == []
    assert listed(author_client, QUIZ_LIST, translation="missing-tr") == ["both"]


def test_the_guide_list_filters_guides_missing_a_language_or_stale(author_client, demo_quiz):
    make_guide(slug="turkish", title="Turkish", title_tr="Türkçe")
    make_guide(slug="blank-summary", title="Blank", summary="  ", title_fr="Vide", title_tr="Boş")
    assert listed(author_client, GUIDE_LIST, translation="missing-fr") == ["turkish"]
    assert listed(author_client, GUIDE_LIST, translation="missing-tr") == ["data-parallelism"]
    assert listed(author_client, GUIDE_LIST, translation="stale") == []
    guide = Guide.objects.get(slug="turkish")
    guide.title_en = "Turkish, reworded"
    guide.save()
    assert listed(author_client, GUIDE_LIST, translation="stale") == ["turkish"]


def test_the_missing_condition_agrees_with_the_grid_on_every_demo_text(demo_quiz):
    """``completeness.missing`` (SQL) and ``states.rows`` (Python) tell the same texts missing, language by
    language; a text with a blank English (no grid row) is missing in neither."""
    question = demo_quiz.questions.get(position=1)
    Question.objects.filter(pk=question.pk).update(explanation_en=" ", explanation_fr="")
    items = quiz_texts(Quiz.objects.get(pk=demo_quiz.pk))
    grid = {(row.instance._meta.label_lower, row.instance.pk, row.field): row for row in rows(items, glossary=[])}
    compared = 0
    for instance, field in items:
        row = grid.get((instance._meta.label_lower, instance.pk, field))
        for code in ("fr", "tr"):
            in_database = type(instance).objects.filter(missing(field, code), pk=instance.pk).exists()
            assert in_database == (row is not None and row.cells[code].state is State.MISSING), (instance, field)
            compared += 1
    assert (compared, len(grid)) == (2 * 53, 52)  # the demo's 53 texts, one without a row now


def test_every_translation_language_has_its_name_for_inside_a_sentence():
    assert sorted(NAMES_IN_SENTENCE) == sorted(code for code, _name in translation_languages())


@pytest.mark.parametrize(
    ("language", "options"),
    [
        ("fr", ["Pas encore traduit en français", "Pas encore traduit en turc", "À revoir"]),
        ("tr", ["Eksik çeviri: Fransızca", "Eksik çeviri: Türkçe", "Güncelliğini yitirmiş"]),
    ],
)
def test_the_translation_filter_names_languages_as_a_sentence_does(language, options):
    with translation.override(language):
        assert [str(label) for _value, label in TranslationFilter.lookups(None, None, None)] == options


def test_the_quiz_list_counts_the_linked_guides_texts_as_the_grid_does(author_client):
    quiz = make_quiz(slug="french", questions=2)
    translate_quiz(quiz, "fr")
    guide = make_guide(slug="guide", title="A guide", title_fr="Un guide", summary="Summary")
    quiz.guides.add(guide)

    assert listed(author_client, QUIZ_LIST, translation="missing-fr") == ["french"]  # the guide's summary
    assertInHTML(
        '<td class="field-translated_questions">fr 2/2 questions; 1 other text missing<br>'
        "tr 0/2 questions; 3 other texts missing</td>",
        author_client.get(QUIZ_LIST).content.decode(),
    )
    assert listed(author_client, QUIZ_LIST, translation="stale") == []

    guide = Guide.objects.get(pk=guide.pk)
    guide.title_en = "The guide"
    guide.save()

    assert listed(author_client, QUIZ_LIST, translation="stale") == ["french"]
