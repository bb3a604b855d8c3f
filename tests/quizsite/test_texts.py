"""Strings unfit to store or show (``quizsite.texts``) are refused wherever text enters: the admin's forms, as
quiz files and PO files refuse them (tests/quizzes/test_content_refusals.py, tests/translations/test_po_import.py)."""

import pytest
from django.urls import reverse

from guides.models import Guide
from quizsite.texts import text_problem
from quizzes.models import Question
from tests.factories import admin_form_data, make_quiz
from tests.pages import find, has_class, own_text
from translations.models import GlossaryTerm

pytestmark = pytest.mark.django_db

BELL = "\x07"


def field_errors(response) -> list[str]:
    return [
        own_text(item)
        for errors in find(response.content, has_class("errorlist"))
        for item in errors.children
        if own_text(item)
    ]


def test_text_problem_names_the_character_and_lets_tabs_and_line_breaks_pass():
    assert text_problem("Tab\tand\r\nlines") is None
    assert text_problem("Bell" + BELL) == "contains a control character (\\u0007), which no page can show"
    assert text_problem("C1\x85") == "contains a control character (\\u0085), which no page can show"
    assert text_problem("nul\x00") == "contains a NUL character (\\u0000)"


def test_the_guide_form_refuses_a_control_character_in_a_translation(author_client):
    add = reverse("admin:guides_guide_add")
    data = {**admin_form_data(author_client.get(add)), "title_en": "Data", "slug": "data", "title_fr": "Données" + BELL}

    response = author_client.post(add, data)

    assert response.status_code == 200
    assert "The text contains a control character (\\u0007), which no page can show." in field_errors(response)
    assert not Guide.objects.exists()


def test_the_quiz_page_refuses_a_control_character_in_a_choice(author_client):
    quiz = make_quiz(questions=1)
    change = reverse("admin:quizzes_quiz_change", args=[quiz.pk])
    data = admin_form_data(author_client.get(change))
    data["questions-0-choices-0-text_tr"] = "Seçenek" + BELL

    response = author_client.post(change, data)

    assert response.status_code == 200
    assert "The text contains a control character (\\u0007), which no page can show." in field_errors(response)
    assert Question.objects.get().choices.get(position=1).text_tr is None


def test_the_glossary_refuses_a_control_character_in_a_term(author_client):
    add = reverse("admin:translations_glossaryterm_add")
    data = {**admin_form_data(author_client.get(add)), "term": "gradient" + BELL}

    response = author_client.post(add, data)

    assert response.status_code == 200
    assert "The text contains a control character (\\u0007), which no page can show." in field_errors(response)
    assert not GlossaryTerm.objects.exists()


@pytest.mark.parametrize(
    ("changelist", "action"),
    [
        ("admin:guides_guide_changelist", "confirm_stale_tr"),
        ("admin:quizzes_quiz_changelist", "delete_selected"),
        ("admin:translations_glossaryterm_changelist", "delete_selected"),
    ],
)
def test_a_list_action_on_ids_that_are_not_ids_is_a_bad_request(author_client, changelist, action):
    make_quiz()
    response = author_client.post(reverse(changelist), {"action": action, "_selected_action": ["abc"]})

    assert response.status_code == 400


def test_a_user_list_action_on_ids_that_are_not_ids_is_a_bad_request(admin_client):
    response = admin_client.post(
        reverse("admin:accounts_user_changelist"), {"action": "delete_selected", "_selected_action": ["abc"]}
    )

    assert response.status_code == 400
