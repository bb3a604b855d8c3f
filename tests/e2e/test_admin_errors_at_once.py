"""A French author on a quiz's page in a real browser: every text opens on its English tab (English is required,
static/js/admin_english_first.js), and a refused save lists every error at the top, each link bringing its
question's message into view, on its English tab (quizzes/admin/summary.py, static/js/admin_open_field.js)."""

import pytest
from django.urls import reverse

from quizzes.models import Question
from tests.factories import make_quiz

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

REQUIRED = "Ce champ est obligatoire."
NO_CORRECT = "Marquez exactement un choix comme correct\u00a0; 0 est marqué."
IN_VIEW = """element => {
    const box = element.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
}"""


def open_tabs(page, field_id: str) -> list[str]:
    """The language codes of the field's open tab: ``["en"]``."""
    return page.locator(f'[role=tab][aria-controls^="tab_{field_id}_"][aria-selected=true]').evaluate_all(
        "tabs => tabs.map(tab => tab.getAttribute('aria-controls').split('_').pop())"
    )


def test_every_text_opens_on_its_english_tab_for_a_french_author(author_context):
    quiz = make_quiz(questions=2, choices=2)
    page = author_context("fr", reverse("admin:quizzes_quiz_change", args=[quiz.pk]))

    for field_id in ("id_title", "id_description", "id_questions-1-text", "id_questions-1-choices-1-text"):
        assert open_tabs(page, field_id) == ["en"], field_id
        assert page.locator(f"#{field_id}_en").is_visible()
        assert not page.locator(f"#{field_id}_fr").is_visible()
    assert page.get_by_text("Écrivez chaque texte d’abord en anglais").is_visible()
    # A question added with "Add another" opens on English too.
    page.get_by_role("link", name="Ajouter une autre question").click()
    assert open_tabs(page, "id_questions-3-text") == ["en"]
    assert page.locator("#id_questions-3-text_en").is_visible()
    assert page.problems == []


def test_each_error_of_a_save_is_linked_from_the_top_and_the_link_shows_it(author_context):
    quiz = make_quiz(questions=12, choices=3)
    page = author_context("fr", reverse("admin:quizzes_quiz_change", args=[quiz.pk]))
    page.locator("#id_questions-0-choices-0-is_correct").uncheck()
    page.locator("#id_questions-11-text_en").fill("")  # the last question's English text, far below
    page.locator("#id_questions-10-choices-0-is_correct").uncheck()
    with page.expect_navigation():
        page.locator("input[name=_continue]").click()

    summary = page.get_by_role("region", name="4 erreurs à corriger")
    assert summary.is_visible()
    assert summary.get_by_role("link").all_inner_texts() == [
        "Questions\u00a0: Les questions 1, 11 n’ont pas de choix correct, le quiz ne peut donc pas être publié. "
        "Marquez-en un dans chacune, ou dépubliez le quiz.",
        f"Question 1, Choix\u00a0: {NO_CORRECT}",
        f"Question 11, Choix\u00a0: {NO_CORRECT}",
        f"Question 12, Texte [en]\u00a0: {REQUIRED}",
    ]

    summary.get_by_role("link", name=f"Question 12, Texte [en]\u00a0: {REQUIRED}").click()
    field = page.locator("#id_questions-11-text_en")
    assert field.evaluate(IN_VIEW)
    assert field.evaluate("field => field === document.activeElement")
    error = page.locator("#id_questions-11-text_en_error")
    assert error.inner_text() == REQUIRED
    assert error.evaluate(IN_VIEW)

    page.go_back()  # to the summary again, as the browser's Back button does
    summary.get_by_role("link", name=f"Question 11, Choix\u00a0: {NO_CORRECT}").click()
    message = page.locator("#questions-10-choices-errors")
    assert message.inner_text() == NO_CORRECT
    assert message.evaluate(IN_VIEW)
    assert Question.objects.get(quiz=quiz, position=12).text_en == "Question 12"
    assert page.problems == []
