"""A French author writes the new kinds of question on a quiz's page in a real browser: a true-or-false question
without typing "True" or "False" (its list of choices hidden once the kind is chosen, "The statement is" shown),
and a multiple-answer question with two right choices and a pinned one, first refused with every choice marked,
the message at that question and linked from the top. Without JavaScript the same page works."""

import pytest
from django.urls import reverse
from django.utils import translation

from quizzes.models import Quiz
from quizzes.rules import check_choices
from tests.e2e.test_admin_errors_at_once import IN_VIEW
from tests.factories import make_quiz

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def refusal_in_french(**counts) -> str:
    """The rules' message (quizzes/rules.py) for a question's choices, as a French author reads it."""
    with translation.override("fr"):
        try:
            check_choices(**counts)
        except Exception as refusal:  # noqa: BLE001  (RuleBroken: its message is what is wanted)
            return refusal.messages[0]
    raise AssertionError("not refused")


def save(page) -> None:
    with page.expect_navigation():
        page.locator("input[name=_continue]").click()


@pytest.mark.parametrize("javascript", [True, False], ids=["javascript", "no javascript"])
def test_a_true_or_false_question_is_written_without_typing_true_or_false(author_context, javascript):
    quiz = make_quiz(questions=1, choices=2)
    page = author_context("fr", reverse("admin:quizzes_quiz_change", args=[quiz.pk]), javascript=javascript)
    new = page.locator("#questions-1")  # the blank question the page offers
    statement = new.locator(".form-row.field-statement")
    choices = page.locator("#questions-1-choices-group")
    assert statement.is_hidden() and choices.is_visible()  # a single-answer question, as it starts

    new.get_by_label("Vrai ou faux").check()
    assert statement.is_visible() and choices.is_hidden()
    page.locator("#id_questions-1-text_en").fill("Zero is an even number.")
    statement.get_by_label("Vrai").check()
    save(page)

    question = Quiz.objects.get().questions.get(position=2)
    assert (question.kind, question.text_en) == ("true_false", "Zero is an even number.")
    assert list(question.choices.values_list("key", "is_correct", "pinned", "text_en")) == [
        ("true", True, True, ""),
        ("false", False, True, ""),
    ]
    assert page.locator("#id_questions-1-statement_0").is_checked()  # "Vrai", as saved
    assert page.problems == []


def test_a_multiple_answer_question_is_refused_with_every_choice_right_then_saved(author_context):
    quiz = make_quiz(questions=1, choices=2, published=False)
    page = author_context("fr", reverse("admin:quizzes_quiz_change", args=[quiz.pk]))
    new = page.locator("#questions-1")
    new.get_by_label("Plusieurs bonnes réponses (cochez toutes les bonnes réponses)").check()
    page.locator("#id_questions-1-text_en").fill("Which are even?")
    for index, text in enumerate(["2", "3", "8", "None of these"]):
        page.locator(f"#id_questions-1-choices-{index}-text_en").fill(text)
        page.locator(f"#id_questions-1-choices-{index}-is_correct").check()
    page.locator("#id_questions-1-choices-3-pinned").check()
    save(page)

    message = refusal_in_french(kind="multiple", choice_count=4, correct_count=4)
    link = page.get_by_role("region", name="1 erreur à corriger").get_by_role("link")
    assert link.inner_text() == f"Question 2, Choix\u00a0: {message}"
    link.click()
    shown = page.locator("#questions-1-choices-errors")
    assert shown.inner_text() == message
    assert shown.evaluate(IN_VIEW)

    for index in (1, 3):
        page.locator(f"#id_questions-1-choices-{index}-is_correct").uncheck()
    save(page)

    question = Quiz.objects.get().questions.get(position=2)
    assert question.kind == "multiple"
    assert list(question.choices.values_list("text_en", "is_correct", "pinned")) == [
        ("2", True, False),
        ("3", False, False),
        ("8", True, False),
        ("None of these", False, True),
    ]
    assert page.problems == []


def test_on_a_questions_own_page_true_or_false_hides_the_choices_and_asks_for_the_statement(author_context):
    question = make_quiz(questions=1, choices=2, published=False).questions.get()
    page = author_context("fr", reverse("admin:quizzes_question_change", args=[question.pk]))
    statement = page.locator(".form-row.field-statement")
    choices = page.locator("#choices-group")
    assert statement.is_hidden() and choices.is_visible()

    page.get_by_label("Vrai ou faux").check()
    assert statement.is_visible() and choices.is_hidden()
    statement.get_by_label("Faux").check()
    with page.expect_navigation():
        page.locator("input[name=_continue]").click()

    question.refresh_from_db()
    assert question.kind == "true_false"
    assert list(question.choices.values_list("key", "is_correct")) == [("true", False), ("false", True)]
    assert page.problems == []
