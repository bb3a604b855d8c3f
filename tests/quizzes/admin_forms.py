"""What the admin tests share: the author's client, the POST data of admin forms, the errors a page shows."""

from django.urls import reverse
from pytest_django.asserts import assertInHTML

from quizzes.models import Question, Quiz

LANGUAGE_CODES = ("en", "fr", "tr")


def management(prefix: str, total: int, initial: int = 0) -> dict:
    """A formset's management form: ``{"questions-TOTAL_FORMS": "8", …}``."""
    return {
        f"{prefix}-TOTAL_FORMS": str(total),
        f"{prefix}-INITIAL_FORMS": str(initial),
        f"{prefix}-MIN_NUM_FORMS": "0",
        f"{prefix}-MAX_NUM_FORMS": "1000",
    }


def translated(prefix: str, field: str, texts: dict) -> dict:
    """``{"questions-0-text_en": …, "questions-0-text_fr": …, …}`` for a form field in every language; a
    language missing from ``texts`` (or None there) is sent blank."""
    return {f"{prefix}{field}_{code}": texts.get(code) or "" for code in LANGUAGE_CODES}


def new_question(index: int, text: dict, choices: list[tuple[dict, bool]], position: str = "", **fields) -> dict:
    """The rows of a new question on the quiz's page: ``questions-<index>-…`` with its choices nested.

    Args:
        choices: (texts by language, whether correct) per choice, numbered 1..N.
        position: as typed; blank by default (after the last).
        fields: other translated fields, e.g. ``explanation={"en": …}``.
    """
    prefix = f"questions-{index}-"
    data = {f"{prefix}position": position, **translated(prefix, "text", text)}
    for field in ("explanation",):
        data.update(translated(prefix, field, fields.get(field, {})))
    data.update(management(f"{prefix}choices", len(choices)))
    for number, (texts, correct) in enumerate(choices, start=1):
        choice = f"{prefix}choices-{number - 1}-"
        data.update({f"{choice}position": str(number), **translated(choice, "text", texts)})
        if correct:
            data[f"{choice}is_correct"] = "on"
    return data


def quiz_change_url(quiz: Quiz) -> str:
    return reverse("admin:quizzes_quiz_change", args=[quiz.pk])


def question_change_url(question: Question) -> str:
    return reverse("admin:quizzes_question_change", args=[question.pk])


def errors_of(response) -> list[str]:
    """Every error message the admin page shows: the form's, and each inline's, nested ones included."""
    messages = list(response.context["adminform"].form.non_field_errors())
    for field_errors in response.context["adminform"].form.errors.values():
        messages += [field_errors[index] for index in range(len(field_errors))]  # as shown: text

    def formset_errors(formset) -> list[str]:
        found = list(formset.non_form_errors())
        for form in formset.forms:
            for field_errors in form.errors.values():
                found += [field_errors[index] for index in range(len(field_errors))]
            for nested in getattr(form, "nested_formsets", ()):
                found += formset_errors(nested)
        return found

    for inline in response.context["inline_admin_formsets"]:
        messages += formset_errors(inline.formset)
    return messages


def assert_refused(response, message: str) -> None:
    """The page came back (200) with ``message`` as the only error, shown in an error list."""
    assert response.status_code == 200
    assert errors_of(response) == [message], errors_of(response)
    assert_in_page(response, f'<ul class="errorlist nonform"><li>{message}</li></ul>')


def assert_in_page(response, html: str) -> None:
    assertInHTML(html, response.content.decode())
