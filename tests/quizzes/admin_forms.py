"""What the admin tests share: the author's client, the POST data of admin forms, the errors a page shows."""

from html.parser import HTMLParser
from urllib.parse import urlencode

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


def new_question(
    index: int,
    text: dict,
    choices: list[tuple[dict, bool]],
    position: str = "",
    kind: str = "single",
    statement: str | None = None,
    **fields,
) -> dict:
    """The rows of a new question on the quiz's page: ``questions-<index>-…`` with its choices nested.

    Args:
        choices: (texts by language, whether correct) per choice, numbered 1..N.
        position: as typed; blank by default (after the last).
        kind: the kind's radio button ("single", "multiple", "true_false").
        statement: a true-or-false question's "The statement is" radio button ("true", "false"); None: unset.
        fields: other translated fields, e.g. ``explanation={"en": …}``.
    """
    prefix = f"questions-{index}-"
    data = {f"{prefix}position": position, f"{prefix}kind": kind, **translated(prefix, "text", text)}
    if statement is not None:
        data[f"{prefix}statement"] = statement
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


class _BrowserForm(HTMLParser):
    """Collects what a browser submits from the form with id ``form_id``: every named field that is not
    disabled (the hidden empty-form templates of "Add another" included), checkboxes only when checked, the
    selected options of a select, the text of a textarea, and the pressed submit button ``submit``."""

    def __init__(self, form_id: str, submit: str):
        super().__init__(convert_charrefs=True)
        self.form_id, self.submit = form_id, submit
        self.inside = False
        self.pairs: list[tuple[str, str]] = []
        self.textarea: list | None = None
        self.select: str | None = None

    def handle_starttag(self, tag: str, attrs: list) -> None:
        attrs = dict(attrs)
        if tag == "form":
            self.inside = attrs.get("id") == self.form_id
        if not self.inside or "disabled" in attrs:
            return
        name = attrs.get("name")
        if tag == "input" and name:
            kind = attrs.get("type", "text")
            if kind in ("checkbox", "radio") and "checked" not in attrs:
                return
            if kind == "submit" and name != self.submit:
                return
            if kind not in ("button", "file", "image", "reset"):
                self.pairs.append((name, attrs.get("value") or ("on" if kind == "checkbox" else "")))
        elif tag == "textarea" and name:
            self.textarea = [name, ""]
        elif tag == "select" and name:
            self.select = name
        elif tag == "option" and self.select and "selected" in attrs:
            self.pairs.append((self.select, attrs.get("value", "")))

    def handle_data(self, data: str) -> None:
        if self.textarea is not None:
            self.textarea[1] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        elif tag == "textarea" and self.textarea is not None:
            # A browser drops the one line break that follows <textarea>.
            self.pairs.append((self.textarea[0], self.textarea[1].removeprefix("\n")))
            self.textarea = None
        elif tag == "select":
            self.select = None


def browser_form_data(response, form_id: str = "quiz_form", submit: str = "_save") -> list[tuple[str, str]]:
    """The (name, value) pairs a browser sends when the author presses Save on an admin page unchanged."""
    parser = _BrowserForm(form_id, submit)
    parser.feed(response.content.decode())
    return parser.pairs


def post_as_browser(client, url: str, pairs: list[tuple[str, str]]):
    """POST ``pairs`` URL-encoded, as a browser sends the admin's forms (they hold no file field)."""
    return client.post(url, urlencode(pairs), content_type="application/x-www-form-urlencoded")
