"""The error summary at the top of the quiz's and the question's admin pages: every error of a refused save,
each linked to the place on the page where it is shown.

A long quiz puts a missing mark 4,000 px below Django's "Please correct the errors below."; the summary names
each error's place (question 3, choice 2, its English text) and links to it: a field's input (whose language tab
``static/js/admin_open_field.js`` opens), or the row or the list of children whose message it is.
"""

from dataclasses import dataclass
from types import SimpleNamespace

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext

from quizzes.admin.inlines import formsetsort


@dataclass(frozen=True)
class SummaryError:
    """One error of the page: ``place`` names where (``"Question 3, Choice 2, Text [en]"``), ``message`` is the
    error as shown there, ``anchor`` the id of the element that shows it (None: it is shown at the top)."""

    place: str
    message: str
    anchor: str | None


def _form_errors(form: forms.Form, place: list[str], row_anchor: str | None) -> list[SummaryError]:
    """A form's errors: those of the whole form at ``row_anchor``, then each visible field's at its input."""
    found = [SummaryError(", ".join(place), message, row_anchor) for message in form.non_field_errors()]
    for name in form.errors:
        if name not in form.fields or form[name].is_hidden:
            continue  # an error with nowhere to show (a stale hidden id): the formset says it at its top
        field = form[name]
        where = ", ".join([*place, str(capfirst(field.label))])
        found += [SummaryError(where, message, field.auto_id) for message in field.errors]
    return found


def _kept(formset, field: str) -> list[forms.Form]:
    """The formset's forms as the page orders them (by their submitted ``field``, a quiz's questions by their
    numbers; "" keeps the form order), less those marked for deletion (their errors do not stop the save) and the
    blank rows left blank (not saved), so that the numbers are the ones the rules' messages use."""
    ordered = [item.form for item in formsetsort([SimpleNamespace(form=form) for form in formset.forms], field)]
    return [
        form
        for form in ordered
        if hasattr(form, "cleaned_data")
        and not (form.empty_permitted and not form.has_changed())
        and not (formset.can_delete and formset._should_delete_form(form))
    ]


def _formset_errors(formset, place: list[str], group_name: str, child_name: str, field: str = "") -> list[SummaryError]:
    """A formset's errors: its own (shown above its rows) under ``group_name``, then each row's, the row named
    ``child_name`` with its number on the page; each question's choices after it."""
    group = [*place, group_name] if place else [group_name]
    found = [
        SummaryError(", ".join(group), message, f"{formset.prefix}-errors") for message in formset.non_form_errors()
    ]
    for number, form in enumerate(_kept(formset, field), start=1):
        row = [*place, child_name % {"number": number}]
        found += _form_errors(form, row, form.prefix)
        for nested in getattr(form, "nested_formsets", ()):
            found += _formset_errors(nested, row, gettext("Choices"), gettext("Choice %(number)d"))
    return found


def error_summary(form: forms.Form | None, inline_admin_formsets) -> list[SummaryError]:
    """Every error of the page, in page order: the main form's, then each inline's (questions with their
    choices, or a question's choices). [] when there are none (a page as opened, or a save that went through).

    Args:
        form: the page's main form (a quiz's, a question's); None on a page without one.
        inline_admin_formsets: the admin's ``InlineAdminFormSet`` list of the page.
    """
    found = [] if form is None or not form.is_bound else _form_errors(form, [], None)
    for inline in inline_admin_formsets:
        formset = inline.formset
        if not formset.is_bound:
            continue
        if formset.model._meta.model_name == "question":
            field = inline.opts.sortable_field_name
            found += _formset_errors(formset, [], gettext("Questions"), gettext("Question %(number)d"), field)
        else:
            found += _formset_errors(formset, [], gettext("Choices"), gettext("Choice %(number)d"))
    return found


class ErrorSummaryMixin:
    """For a ModelAdmin: its change form's context holds ``error_summary`` (see ``error_summary``), which
    ``admin/quizzes/error_summary.html`` shows at the top of the form."""

    def render_change_form(self, request, context, *args, **kwargs):
        adminform = context.get("adminform")
        form = adminform.form if adminform is not None else None
        context["error_summary"] = error_summary(form, context.get("inline_admin_formsets", []))
        return super().render_change_form(request, context, *args, **kwargs)
