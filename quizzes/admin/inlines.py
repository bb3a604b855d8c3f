"""The pieces the quiz's and the question's admin pages share: nested inlines with language tabs, refusals."""

import nested_admin
from django.contrib import admin, messages
from django.db import models
from django.forms import Textarea
from django.http import HttpRequest, HttpResponseRedirect, QueryDict
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy
from modeltranslation.admin import TranslationInlineModelAdmin
from nested_admin.templatetags import nested_admin as nested_admin_tags

from quizsite.admin import TextRulesMixin, TranslatedAdmin, redirect_to_change_page
from quizzes.admin.forms import ChoiceForm, ChoiceInlineFormSet, QuestionForm, QuestionInlineFormSet
from quizzes.models import Choice, Question
from quizzes.rules import MAX_CHOICES, MAX_QUESTIONS, RuleBroken

SHORT_TEXT = {models.TextField: {"widget": Textarea(attrs={"rows": 2, "cols": 60})}}


def formsetsort(formset, field_name: str) -> list:
    """django-nested-admin's ``formsetsort`` filter (its inlines' order on a refused form: by the numbers
    submitted, blank ones last), with a number that is not a whole number ("1.5", "abc") put last as a blank one
    is. Its own calls ``int()`` on it, which turned the page that shows the author "Enter a whole number." into a
    500 (a typed "1.5" with JavaScript off)."""
    if not field_name:
        return formset

    def number(item) -> int | None:
        try:
            return int(item.form[field_name].data)
        except (TypeError, ValueError):
            return None

    numbered = [(number(item), index, item) for index, item in enumerate(formset)]
    ordered = sorted((value, index, item) for value, index, item in numbered if value not in (None, -1))
    return [item for *_key, item in ordered] + [item for value, _index, item in numbered if value in (None, -1)]


# Replaces the filter of the library that django-nested-admin's templates load ({% load nested_admin %}).
nested_admin_tags.register.filter("formsetsort", formsetsort)


class BoundedInlineMixin:
    """For inlines: at most ``max_num`` children, checked (``validate_max``) with ``too_many_message``, and never
    more forms built than that whatever the submitted ``TOTAL_FORMS`` says (``absolute_max``): a forged count of
    100,000 is refused with that message instead of building 100,000 forms."""

    too_many_message = ""

    def get_formset(self, request: HttpRequest, obj=None, **kwargs):
        formset = super().get_formset(request, obj, validate_max=True, absolute_max=self.max_num, **kwargs)
        formset.default_error_messages = {"too_many_forms": self.too_many_message}  # a class of this call's own
        return formset


class ListCopyQueryDict(QueryDict):
    """Submitted form data whose ``copy()`` copies each field's list of values, not each value again.

    django-nested-admin gives every nested formset (a question's choices) its own ``request.POST.copy()``, which
    Django makes with ``deepcopy``: once per question, of every field of the page, so the time grew with the
    square of the questions (4.5 s of a 60-question save, measured). The values are strings, which no one can
    change, so copying the lists gives the same independent copy, several times faster.
    """

    def copy(self) -> "ListCopyQueryDict":
        result = ListCopyQueryDict(mutable=True, encoding=self.encoding)
        # The dict's own update: keys and values are text already (QueryDict.setlist would decode each again).
        dict.update(result, {key: list(values) for key, values in dict.items(self)})
        return result


class NestedTranslatedAdmin(nested_admin.NestedModelAdminMixin, TranslatedAdmin):
    """A ``TranslatedAdmin`` (a tab per language) whose inlines may hold inlines of their own."""

    def _create_formsets(self, request: HttpRequest, obj, change: bool):
        if request.method == "POST" and not isinstance(request.POST, ListCopyQueryDict):
            submitted = ListCopyQueryDict.copy(request.POST)
            submitted._mutable = False  # as Django gives it
            request.POST = submitted
        return super()._create_formsets(request, obj, change)


def refuse(model_admin: admin.ModelAdmin, request: HttpRequest, refusal: RuleBroken, obj) -> HttpResponseRedirect:
    """Show a content rule's refusal as an error message and go back to ``obj``'s change page."""
    model_admin.message_user(request, refusal.messages[0], messages.ERROR)
    return redirect_to_change_page(obj)


class ChoiceInline(BoundedInlineMixin, TextRulesMixin, TranslationInlineModelAdmin, nested_admin.NestedStackedInline):
    """A question's choices: number, text (a tab per language), correct mark, pin (kept in place when shuffled).

    Stacked, not tabular: modeltranslation gives the rows that "Add another question" adds their language tabs
    in stacked inlines only. Reordered by their numbers, without a drag handle: django-nested-admin would let
    a dragged choice land among another question's.
    """

    model = Choice
    is_sortable = False
    form = ChoiceForm
    formset = ChoiceInlineFormSet
    fields = ["position", "text", "is_correct", "pinned"]
    max_num = MAX_CHOICES
    too_many_message = ngettext_lazy(
        "A question has at most %(num)d choice.", "A question has at most %(num)d choices.", "num"
    )
    # The add link's words (templates/django/nesting/admin/inlines/stacked.html): Django's "Add another %s"
    # reads "Ajouter un objet Choix supplémentaire" in French.
    add_another_label = _("Add another choice")

    def get_extra(self, request: HttpRequest, obj: Question | None = None, **kwargs) -> int:
        """Four blank rows for a question without choices (a new one among them), else one, so that a choice
        can be added without JavaScript too ("Add another" adds more). A blank row left untouched is not saved.
        Reads the prefetched choices on the quiz's page."""
        return 4 if obj is None or obj.pk is None or not obj.choices.exists() else 1


class QuestionInline(BoundedInlineMixin, TextRulesMixin, TranslationInlineModelAdmin, nested_admin.NestedStackedInline):
    """The quiz's questions with their text, explanation and choices; dragged by their title bar to reorder,
    or renumbered by hand. The change link opens the question's own page."""

    model = Question
    form = QuestionForm
    formset = QuestionInlineFormSet
    fields = ["position", "kind", "text", "statement", "explanation"]
    max_num = MAX_QUESTIONS
    too_many_message = ngettext_lazy(
        "A quiz has at most %(num)d question.", "A quiz has at most %(num)d questions.", "num"
    )
    add_another_label = _("Add another question")
    inlines = [ChoiceInline]
    sortable_field_name = "position"
    # django-nested-admin's script numbers a row that has a value; a kind's radio button is always checked, so a
    # blank extra question would be numbered, taken for filled in and refused as incomplete.
    sortable_excludes = ("kind",)
    show_change_link = True
    view_on_site = False  # a question's page exists only within a learner's attempt
    formfield_overrides = SHORT_TEXT

    class Media:
        # django-nested-admin numbers positions from 0 when it reorders; this shows them from 1.
        js = ("admin/js/jquery.init.js", "js/admin_positions.js")

    def get_extra(self, request: HttpRequest, obj=None, **kwargs) -> int:
        """One blank question (with four blank choices), so that a question can be added without JavaScript
        too; "Add another question" adds more. A blank question left untouched is not saved."""
        return 1

    def get_queryset(self, request: HttpRequest) -> models.QuerySet:
        # Every question's choices in one query, whatever the number of questions.
        return super().get_queryset(request).prefetch_related("choices")
