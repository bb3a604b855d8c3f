"""The quiz editor's forms (the admin's one-page authoring of a quiz with its questions and choices).

These forms state no content rule: they call the checks of quizzes/rules.py, whose RuleBroken is a
ValidationError, so the rule's message shows above the inline as it is.
"""

import copy

from django import forms
from django.core.exceptions import ValidationError
from django.db import transaction
from django.forms.utils import ErrorDict
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _
from modeltranslation.utils import build_localized_fieldname

from quizzes.admin.positioned import PositionedForm, PositionedInlineFormSet
from quizzes.kinds import TRUE_FALSE_KEYS, TRUE_KEY, QuestionKind, true_false_label, true_false_rows
from quizzes.models import Choice, Question
from quizzes.rules import (
    RuleBroken,
    check_choices,
    check_correct_choices_kept,
    check_kind_change,
    check_publishable,
    check_removable,
)
from translations.facts import LANGUAGE_CODES, SOURCE_LANGUAGE


class KindField(forms.TypedChoiceField):
    """A question's kind as radio buttons. Not sent (a page opened before kinds existed, a script's post): the
    question keeps its kind (``KindForm.clean_kind``), and a blank extra row stays unchanged, so it is not saved."""

    widget = forms.RadioSelect

    def has_changed(self, initial, data) -> bool:
        return data not in (None, "") and super().has_changed(initial, data)


class KindForm(forms.ModelForm):
    """A question's kind (``quizzes.kinds.QuestionKind``) as radio buttons, and for a true-or-false question whether
    its statement is true: the author never types "True" or "False", the site writes the two choices
    (``ChoiceInlineFormSet``). The statement's answer is left on the instance as ``statement_is_true`` (None for
    other kinds) for the choices' formset, on the quiz's page and on the question's own page alike.

    Without JavaScript both show; ``css/admin_editor.css`` hides what a kind does not use.
    """

    kind = KindField(
        label=capfirst(Question._meta.get_field("kind").verbose_name),
        choices=QuestionKind.choices,
        required=False,
        initial=QuestionKind.SINGLE,
        help_text=_(
            "Several right answers: learners tick every right choice (select all that apply) and are right only "
            "with all of them. True or false: write the statement as the text; the site writes the two choices."
        ),
    )
    statement = forms.ChoiceField(
        label=_("The statement is"),
        required=False,
        widget=forms.RadioSelect,
        help_text=_("For a true-or-false question only: the site writes its two choices in every language."),
        error_messages={"invalid_choice": _("Say whether the statement is true or false.")},  # a forged value
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["statement"].choices = [(key, true_false_label(key)) for key in TRUE_FALSE_KEYS]
        if self.instance.pk is not None and self.instance.kind == QuestionKind.TRUE_FALSE:
            right = self.instance.correct_choice()  # the prefetched choices on the quiz's page
            self.initial.setdefault("statement", right.key if right is not None else None)

    def clean_kind(self) -> str:
        return self.cleaned_data.get("kind") or self.instance.kind

    def clean(self) -> dict:
        """The statement's answer for a true-or-false question, and the kind refused at the kind's field when
        learners answered the question (``check_kind_change``; the instance still holds the stored kind and
        number here). Either error leaves ``statement_is_true`` None: the choices' formset then checks nothing."""
        cleaned = super().clean()
        self.instance.statement_is_true = None
        if cleaned.get("kind") == QuestionKind.TRUE_FALSE:
            try:
                check_kind_change(question=self.instance, kind=cleaned["kind"])
            except RuleBroken as refusal:
                self.add_error("kind", refusal)
                return cleaned
            if cleaned.get("statement") in TRUE_FALSE_KEYS:
                self.instance.statement_is_true = cleaned["statement"] == TRUE_KEY
            elif not self.has_error("statement"):  # else said already (a forged value)
                self.add_error("statement", _("Say whether the statement is true or false."))
        return cleaned


class QuestionForm(KindForm, PositionedForm):
    """A question's row on the quiz's page: number, kind, text and explanation in every language."""

    sibling_constraints = ("question_position_unique_in_quiz", "question_position_positive")


class QuestionPageForm(KindForm):
    """A question's own page: its quiz, number, kind, text and explanation."""


class ChoiceForm(PositionedForm):
    """A choice's row within its question: number, text in every language, correct mark, pin."""

    sibling_constraints = ("choice_position_unique_in_question", "choice_position_positive")


class ChoiceInlineFormSet(PositionedInlineFormSet):
    """A question's choices, on the quiz's page (nested in its question) and on the question's own page.

    A true-or-false question's choices are the site's (``quizzes.kinds.true_false_rows``): the submitted rows are
    neither checked nor saved; saving writes the two rows, keeping the stored ones of that key, removing the others
    (refused, with the rules' messages, when learners chose one of them or when the right answer of an answered
    question would change).
    """

    removed_keyword = "choices"

    def stored_parent(self) -> Question:
        """The question with its stored number (nested, its own form holds the submitted one)."""
        form = getattr(self, "parent_form", None)
        number = self.instance.position if form is None else form.initial.get("position")
        return Question(pk=self.instance.pk, position=number)

    def kind(self) -> str:
        """The question's kind as submitted (its form cleaned first when nested)."""
        form = getattr(self, "parent_form", None)
        if form is not None:
            form.is_valid()
        return self.instance.kind

    def true_false(self) -> bool:
        return self.kind() == QuestionKind.TRUE_FALSE

    def full_clean(self) -> None:
        if not (self.is_bound and self.true_false()) or not self.management_form.is_valid():
            return super().full_clean()
        self._errors, self._non_form_errors = [], self.error_class(error_class="nonform", renderer=self.renderer)
        for form in self.forms:  # not used: shown as sent, without errors
            form._errors, form.cleaned_data = ErrorDict(), {}
            self._errors.append(form._errors)
        if self.parent_dropped() or getattr(self.instance, "statement_is_true", None) is None:
            return  # the question's form says what is missing
        try:
            self.check_true_false()
        except ValidationError as refusal:
            self._non_form_errors = self.error_class(refusal.error_list, error_class="nonform", renderer=self.renderer)

    def true_false_plan(self) -> tuple[list[Choice], list[Choice]]:
        """(the two choices as they will be, saved ones kept by key; the stored choices that go)."""
        stored = {choice.key: choice for choice in self.get_queryset()}
        rows = []
        for row in true_false_rows(is_true=self.instance.statement_is_true):
            kept = stored.pop(row["key"], None)
            choice = (
                copy.copy(kept) if kept is not None else Choice(question=self.instance)
            )  # the page shows the stored
            for field, value in row.items():
                if field != "text":
                    setattr(choice, field, value)
            # No text in any language (English's empty, the others unset): learners read the site's label.
            for code in LANGUAGE_CODES:
                setattr(choice, build_localized_fieldname("text", code), "" if code == SOURCE_LANGUAGE else None)
            rows.append(choice)
        return rows, list(stored.values())

    def check_true_false(self) -> None:
        """The rules over the site's two choices: none removed that learners chose (``check_removable``), the
        right one of an answered question kept (``check_correct_choices_kept``)."""
        rows, removed = self.true_false_plan()
        parent = self.stored_parent()
        check_removable(choices=[Choice(pk=choice.pk, position=choice.position, question=parent) for choice in removed])
        check_choices(
            kind=QuestionKind.TRUE_FALSE,
            choice_count=len(rows),
            correct_count=sum(choice.is_correct for choice in rows),
        )
        if self.instance.pk is not None:
            check_correct_choices_kept({parent: [choice for choice in rows if choice.is_correct]})

    def check_children(self, ordered: list[forms.ModelForm]) -> None:
        """As many correct choices as the question's kind allows, of two or more (``check_choices``), and the
        correct choices of an answered question kept (``check_correct_choices_kept``), over the submitted
        choices."""
        marked = [form for form in ordered if form.cleaned_data.get("is_correct")]
        check_choices(kind=self.kind(), choice_count=len(ordered), correct_count=len(marked))
        if self.instance.pk is not None:  # a new question has no answers yet
            check_correct_choices_kept({self.stored_parent(): [self.stored(form) for form in marked]})

    @staticmethod
    def unchanged(choice: Choice, stored: Choice | None) -> bool:
        """Whether the planned ``choice`` is the ``stored`` one as it is (None: a new one)."""
        names = ["key", "position", "is_correct", "pinned"]
        names += [build_localized_fieldname("text", code) for code in LANGUAGE_CODES]
        return stored is not None and all(getattr(choice, name) == getattr(stored, name) for name in names)

    def save(self, commit: bool = True) -> list:
        """Save the choices (``PositionedInlineFormSet.save``); for a true-or-false question, write the site's two
        choices instead (``true_false_plan``), if they differ from the stored ones."""
        if not (commit and self.true_false()) or self.parent_dropped():
            return super().save(commit)
        rows, removed = self.true_false_plan()
        stored = {choice.pk: choice for choice in self.get_queryset()}
        if not removed and all(self.unchanged(choice, stored.get(choice.pk)) for choice in rows):
            self.new_objects, self.changed_objects, self.deleted_objects = [], [], []
            return []
        siblings = Choice.objects.filter(question=self.instance)
        with transaction.atomic():
            siblings.filter(pk__in=[choice.pk for choice in removed]).delete()
            top = max((choice.position for choice in self.get_queryset()), default=0)
            for rank, choice in enumerate(rows, start=1):
                final, choice.position = choice.position, top + rank  # past every stored number, then renumbered
                choice.question = self.instance
                choice.save()
                choice.position = final
            siblings.renumber([choice.pk for choice in rows])
        self.new_objects, self.changed_objects, self.deleted_objects = [], [], removed
        return rows


class QuestionInlineFormSet(PositionedInlineFormSet):
    """A quiz's questions, each with its choices nested in its form (``form.nested_formsets``, set by
    django-nested-admin)."""

    removed_keyword = "questions"

    def check_children(self, ordered: list[forms.ModelForm]) -> None:
        """A published quiz complete (``check_publishable``), its questions numbered in their new order.

        ``self.instance`` carries the quiz form's submitted ``published`` (the admin applies the quiz form before
        building the formsets); whether a question has a correct choice is read from its submitted choices.
        """
        numbers_with_correct, true_false = {}, set()
        for number, form in enumerate(ordered, start=1):
            nested = getattr(form, "nested_formsets", None)
            if form.cleaned_data.get("kind") == QuestionKind.TRUE_FALSE:
                true_false.add(number)  # its form asks for the statement's answer, if missing
                has_correct = getattr(form.instance, "statement_is_true", None) is not None
            elif not nested:  # the choices are not on this page (no permission for them): as stored
                has_correct = form.instance.pk is not None and form.instance.choices.filter(is_correct=True).exists()
            elif nested[0].count_damaged():
                return  # the choices' formset says so, and which choices were sent is unknown
            else:
                nested[0].errors  # noqa: B018  (cleans the choices, if not yet; read even where one has an error)
                has_correct = any(choice.cleaned_data.get("is_correct") for choice in nested[0].kept_forms())
            numbers_with_correct[number] = has_correct
        check_publishable(
            published=self.instance.published, numbers_with_correct=numbers_with_correct, true_false=true_false
        )
