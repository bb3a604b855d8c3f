"""The pieces the quiz's and the question's admin pages share: nested inlines with language tabs, refusals."""

import nested_admin
from django.contrib import admin, messages
from django.db import models
from django.forms import Textarea
from django.http import HttpRequest, HttpResponseRedirect
from modeltranslation.admin import TranslationInlineModelAdmin

from quizsite.admin import TextRulesMixin, TranslatedAdmin, redirect_to_change_page
from quizzes.forms import ChoiceForm, ChoiceInlineFormSet, QuestionForm, QuestionInlineFormSet
from quizzes.models import Choice, Question
from quizzes.rules import RuleBroken

SHORT_TEXT = {models.TextField: {"widget": Textarea(attrs={"rows": 2, "cols": 60})}}


class NestedTranslatedAdmin(nested_admin.NestedModelAdminMixin, TranslatedAdmin):
    """A ``TranslatedAdmin`` (a tab per language) whose inlines may hold inlines of their own."""


def refuse(model_admin: admin.ModelAdmin, request: HttpRequest, refusal: RuleBroken, obj) -> HttpResponseRedirect:
    """Show a content rule's refusal as an error message and go back to ``obj``'s change page."""
    model_admin.message_user(request, refusal.messages[0], messages.ERROR)
    return redirect_to_change_page(obj)


class ChoiceInline(TextRulesMixin, TranslationInlineModelAdmin, nested_admin.NestedStackedInline):
    """A question's choices: number, text (a tab per language), correct mark.

    Stacked, not tabular: modeltranslation gives the rows that "Add another question" adds their language tabs
    in stacked inlines only. Reordered by their numbers, without a drag handle: django-nested-admin would let
    a dragged choice land among another question's.
    """

    model = Choice
    is_sortable = False
    form = ChoiceForm
    formset = ChoiceInlineFormSet
    fields = ["position", "text", "is_correct"]

    def get_extra(self, request: HttpRequest, obj: Question | None = None, **kwargs) -> int:
        """Four blank rows for a question without choices (a new one among them), else one, so that a choice
        can be added without JavaScript too ("Add another" adds more). A blank row left untouched is not saved.
        Reads the prefetched choices on the quiz's page."""
        return 4 if obj is None or obj.pk is None or not obj.choices.exists() else 1


class QuestionInline(TextRulesMixin, TranslationInlineModelAdmin, nested_admin.NestedStackedInline):
    """The quiz's questions with their text, explanation and choices; dragged by their title bar to reorder,
    or renumbered by hand. The change link opens the question's own page."""

    model = Question
    form = QuestionForm
    formset = QuestionInlineFormSet
    fields = ["position", "text", "explanation"]
    inlines = [ChoiceInline]
    sortable_field_name = "position"
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
