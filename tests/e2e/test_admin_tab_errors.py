"""An author working in French or Turkish leaves a required English text empty: the page comes back open on the
English tab of that field, the tab flagged (red, and in words for screen readers), the error beside the field; no
other tab flagged. On the quiz's own fields, in its nested question and choice inlines, on a question's page and
on a guide's page (static/js/admin_translation_tabs.js). Without JavaScript every field shows with its error."""

import pytest
from django.urls import reverse

from tests.factories import make_guide, make_quiz

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# The words after a flagged tab's language code (quizsite/admin.py), and Django's message for a missing value.
HAS_AN_ERROR = {"fr": "(contient une erreur)", "tr": "(hata içeriyor)"}
REQUIRED = {"fr": "Ce champ est obligatoire.", "tr": "Bu alan zorunludur."}
ERROR_RED = "rgb(186, 33, 33)"  # Django admin's --error-fg in its light theme
# A link's colour once its transition (0.15 s in Django's admin CSS) has ended.
COLOR_AFTER_TRANSITIONS = (
    "link => Promise.all(link.getAnimations().map(a => a.finished)).then(() => getComputedStyle(link).color)"
)


def replace_english(page, field_id: str, english: str, translation: str, language: str) -> None:
    """Type ``english`` in the field's English tab (open on arrival), then ``translation`` in its tab of
    ``language``, as an author does."""
    page.locator(f"#{field_id}_en").fill(english)
    page.locator(f'a[href="#tab_{field_id}_{language}"]').click()
    page.locator(f"#{field_id}_{language}").fill(translation)


def save(page) -> None:
    """Press "Save and continue editing" and wait for the page that comes back."""
    with page.expect_navigation():
        page.locator("input[name=_continue]").click()


def flagged_tabs(page) -> list[str]:
    """The panels (``tab_<field id>``) whose tabs are flagged as holding an error, by class or by words, in page
    order."""
    return page.get_by_role("tab").evaluate_all(
        """tabs => tabs
            .filter(tab => tab.classList.contains("ui-tab-has-errors") || tab.querySelector(".tab-error-label"))
            .map(tab => tab.getAttribute("aria-controls"))"""
    )


def assert_open_and_flagged_on_english(page, field_id: str, language: str, message: str) -> None:
    """The field's English tab is the open one, named with its error for screen readers and drawn in red; the
    field and ``message`` beside it are visible."""
    tab = page.get_by_role("tab", name=f"en {HAS_AN_ERROR[language]}", exact=True).and_(
        page.locator(f'[aria-controls="tab_{field_id}_en"]')
    )
    assert tab.get_attribute("aria-selected") == "true"
    assert tab.get_attribute("class").split().count("ui-tab-has-errors") == 1
    assert tab.locator("a").evaluate(COLOR_AFTER_TRANSITIONS) == ERROR_RED
    assert page.locator(f"#{field_id}_en").is_visible()
    error = page.locator(f"#{field_id}_en_error")
    assert error.is_visible()
    assert error.inner_text() == message
    for other in ("fr", "tr"):
        assert page.locator(f'[role=tab][aria-controls="tab_{field_id}_{other}"]').get_attribute("aria-selected") == (
            "false"
        )


@pytest.mark.parametrize("language", ["fr", "tr"])
def test_a_missing_english_title_opens_the_quiz_page_on_its_flagged_english_tab(author_context, language):
    quiz = make_quiz(questions=1, choices=2)
    page = author_context(language, reverse("admin:quizzes_quiz_change", args=[quiz.pk]))
    replace_english(page, "id_title", "", "Un test", language)
    save(page)

    assert_open_and_flagged_on_english(page, "id_title", language, REQUIRED[language])
    assert flagged_tabs(page) == ["tab_id_title_en"]
    # The fields without an error open on English, as every field does.
    assert page.locator("#id_description_en").is_visible()
    assert page.locator("#id_questions-0-text_en").is_visible()
    assert page.problems == []


@pytest.mark.parametrize("language", ["fr", "tr"])
def test_a_missing_english_choice_opens_its_nested_inline_on_the_flagged_english_tab(author_context, language):
    quiz = make_quiz(questions=2, choices=2)
    page = author_context(language, reverse("admin:quizzes_quiz_change", args=[quiz.pk]))
    replace_english(page, "id_questions-1-choices-0-text", "", "Un choix", language)
    save(page)

    assert_open_and_flagged_on_english(page, "id_questions-1-choices-0-text", language, REQUIRED[language])
    assert flagged_tabs(page) == ["tab_id_questions-1-choices-0-text_en"]
    assert page.locator("#id_questions-0-choices-0-text_en").is_visible()
    assert page.problems == []


@pytest.mark.parametrize("language", ["fr", "tr"])
def test_a_missing_english_question_text_opens_the_question_page_on_its_flagged_english_tab(author_context, language):
    question = make_quiz(questions=1, choices=2).questions.get()
    page = author_context(language, reverse("admin:quizzes_question_change", args=[question.pk]))
    replace_english(page, "id_text", "", "Une question", language)
    save(page)

    assert_open_and_flagged_on_english(page, "id_text", language, REQUIRED[language])
    assert flagged_tabs(page) == ["tab_id_text_en"]
    assert page.locator("#id_explanation_en").is_visible()
    assert page.problems == []


def test_a_missing_english_guide_title_opens_the_guide_page_on_its_flagged_english_tab(author_context):
    guide = make_guide()
    page = author_context("tr", reverse("admin:guides_guide_change", args=[guide.pk]))
    replace_english(page, "id_title", "", "Bir rehber", "tr")
    save(page)

    assert_open_and_flagged_on_english(page, "id_title", "tr", REQUIRED["tr"])
    assert flagged_tabs(page) == ["tab_id_title_en"]
    assert page.problems == []


def test_with_errors_in_english_and_turkish_the_english_tab_opens(author_context):
    """Both tabs flagged; English, the required source and the first tab, is the one open."""
    quiz = make_quiz(questions=1, choices=2)
    page = author_context("tr", reverse("admin:quizzes_quiz_change", args=[quiz.pk]))
    turkish = page.locator("#id_title_tr")
    turkish.evaluate("input => input.removeAttribute('maxlength')")  # the server's check, not the browser's
    replace_english(page, "id_title", "", "ş" * 201, "tr")
    save(page)

    too_long = "Bu değerin en fazla 200 karaktere sahip olduğuna emin olun (şu an 201)."
    assert_open_and_flagged_on_english(page, "id_title", "tr", REQUIRED["tr"])
    assert flagged_tabs(page) == ["tab_id_title_en", "tab_id_title_tr"]
    assert page.get_by_role("tab", name=f"tr {HAS_AN_ERROR['tr']}", exact=True).is_visible()
    assert page.locator("#id_title_tr_error").inner_text() == too_long
    assert page.problems == []


def test_without_javascript_every_language_shows_with_its_error(author_context):
    quiz = make_quiz(questions=1, choices=2)
    page = author_context("fr", reverse("admin:quizzes_quiz_change", args=[quiz.pk]), javascript=False)
    page.locator("#id_title_fr").fill("Un test")
    page.locator("#id_title_en").fill("")
    save(page)

    assert page.locator(".ui-tabs").count() == 0
    for language in ("en", "fr", "tr"):
        assert page.locator(f"#id_title_{language}").is_visible()
    error = page.locator("#id_title_en_error")
    assert error.is_visible()
    assert error.inner_text() == REQUIRED["fr"]
    assert page.locator("#id_title_en").get_attribute("aria-describedby") == "id_title_en_error"
