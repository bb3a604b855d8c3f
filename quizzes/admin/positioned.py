"""Children numbered 1..N within their parent, as the quiz editor writes them: a quiz's questions, a question's
choices (``PositionedForm``, ``PositionedInlineFormSet``; the subclasses are in ``quizzes/admin/forms.py``)."""

import math

from django import forms
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.db.models import Max
from django.utils.translation import gettext_lazy as _
from nested_admin.formsets import NestedInlineFormSet

from quizzes.rules import check_removable


class PositionedForm(forms.ModelForm):
    """The form of one child in a ``PositionedInlineFormSet``: a question of a quiz, a choice of a question.

    Its position only orders the children, so it may be blank (after the last) or any number from 0 (the
    drag-and-drop script numbers from 0): the formset numbers the children 1..N when it saves. The database
    constraints named in ``sibling_constraints`` compare a child with its siblings as they are stored, which is
    wrong while the formset changes several at once (two questions swapping places, the correct mark moving
    from one choice to another); this form skips them, and the formset saves in an order they accept.
    """

    sibling_constraints: tuple[str, ...] = ()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        position = self.fields["position"]
        position.required = False
        position.help_text = _("Sets the order; blank puts it last. Numbered 1, 2, 3… on saving.")

    def validate_constraints(self) -> None:
        # ModelForm.validate_constraints() validates every constraint; this validates all but the siblings'.
        exclude = self._get_validation_exclusions()
        errors = {}
        for constraint in self.instance._meta.constraints:
            if constraint.name in self.sibling_constraints:
                continue
            try:
                constraint.validate(type(self.instance), self.instance, exclude=exclude)
            except ValidationError as error:
                errors = error.update_error_dict(errors)
        if errors:
            self._update_errors(ValidationError(errors))


class PositionedInlineFormSet(NestedInlineFormSet):
    """Children of one parent (a quiz's questions, a question's choices), numbered 1..N by ``position``.

    The submitted numbers order the children. A blank number goes after the last; on a tie, the child the
    author moved goes where the author put it: moved up to 3, before the child that was at 3; moved down to 3,
    after it (a new child with a number counts as moved up). Saving numbers the kept children 1..N in that
    order (``PositionedQuerySet.renumber``), so positions stay contiguous after any addition, removal or
    reorder, and a question's number in its address is the one learners see.

    ``clean()`` refuses removing children that learners answered (``rules.check_removable``) and what the
    subclass's ``check_children`` refuses, also when some children have errors of their own, and reports every
    refusal at once. Within django-nested-admin a formset may be nested in a parent
    formset's form (``parent_form``): when that row is removed or left blank, its children are neither checked
    nor saved (the database removes them with it).
    """

    #: ``check_removable``'s keyword for these children: ``"questions"`` or ``"choices"``.
    removed_keyword = ""

    def get_queryset(self) -> models.QuerySet:
        """The parent's stored children in position order; the parent's prefetched ones when it has them (so a
        quiz page reads every question's choices in one query). Replaces django-nested-admin's version, which
        would accept any stored child named in the submitted data."""
        if not hasattr(self, "_children"):
            prefetched = getattr(self.instance, "_prefetched_objects_cache", {})
            name = self.fk.remote_field.get_accessor_name()
            if self.instance.pk is None:
                children = self.model._default_manager.none()
            elif name in prefetched:
                children = prefetched[name]
            else:
                children = self.queryset.order_by("position")
            self._children = children
        return self._children

    def add_fields(self, form: forms.ModelForm, index: int | None) -> None:
        super().add_fields(form, index)
        # A hidden id names a child of this parent only: another quiz's question is refused, not moved here.
        form.fields[self._pk_field.name].queryset = self.get_queryset()
        # The admin's own refusal to delete a child that answers protect lists those answers; the rule's home
        # is check_removable (in clean), whose message the author reads instead.
        form.hand_clean_DELETE = lambda: None

    def count_damaged(self) -> bool:
        """Whether the submitted counts of children cannot be right: unreadable (Django's message says so) or
        fewer rows than stored ones (``clean`` says so). No page sends them; a forged or damaged form does."""
        return not self.management_form.is_valid() or self.initial_form_count() > self.total_form_count()

    def parent_dropped(self) -> bool:
        """Whether the parent row this formset is nested in will not be saved: marked for deletion, or an
        extra row left blank. False for a formset that is not nested."""
        form = getattr(self, "parent_form", None)
        if form is None:
            return False
        form.is_valid()  # cleans the parent row, if it is not yet
        return (form.empty_permitted and not form.has_changed()) or form.parent_formset._should_delete_form(form)

    def kept_forms(self) -> list[forms.ModelForm]:
        """The forms of the children that stay: filled in (a blank extra row has no cleaned_data) and not
        marked for deletion, in form order."""
        return [form for form in self.forms if form.cleaned_data and not self._should_delete_form(form)]

    def ordered_forms(self) -> list[forms.ModelForm]:
        """The kept forms in the children's new order (see the class docstring)."""

        def order(item: tuple[int, forms.ModelForm]) -> tuple:
            index, form = item
            number = form.cleaned_data.get("position")
            if number is None:
                return (math.inf, 0, index)
            before = form.initial.get("position") if form.instance.pk else None
            moved = -1 if before is None else (number > before) - (number < before)
            return (number, moved, index)

        return [form for _index, form in sorted(enumerate(self.kept_forms()), key=order)]

    def stored_parent(self) -> models.Model:
        """The parent as the rules' messages name it; see ``ChoiceInlineFormSet``."""
        return self.instance

    def stored(self, form: forms.ModelForm) -> models.Model:
        """A copy of the form's child as stored (its number before this change), for the rules' messages: the
        form's own instance already holds the submitted number."""
        return self.model(
            pk=form.instance.pk, position=form.initial.get("position"), **{self.fk.name: self.stored_parent()}
        )

    def clean(self) -> None:
        """Check the content rules over the submitted children.

        Django's check of unique (parent, position) pairs is left out: equal numbers are allowed (see the
        class docstring), and saving numbers the children anew.

        Raises:
            ValidationError: every ``RuleBroken`` of ``check_removed`` and ``check_children``; the admin shows
                them above the inline.
        """
        if not self.management_form.is_valid():
            return  # a forged or damaged count: Django's message says so, and no form of it is checked or saved
        if self.initial_form_count() > self.total_form_count():
            # Forged too (no page sends it): Django would take the new rows for stored ones and drop them.
            names = f"{self.add_prefix('TOTAL_FORMS')}, {self.add_prefix('INITIAL_FORMS')}"
            raise ValidationError(self.error_messages["missing_management_form"] % {"field_names": names})
        if any(self._pk_field.name in form.errors for form in self.forms):
            # The hidden id of a row that no longer exists: its error would show nowhere on the page.
            raise ValidationError(
                _(
                    "This quiz was changed while you were editing it: a question or choice on this page no longer "
                    "exists. Reload the page, then make your change again."
                )
            )
        if self.parent_dropped():
            return  # a removed parent's children go with it
        # Checked even when some children have errors of their own (a missing English text): the author is told
        # every error of the save at once, not the rules' in a second round. A child's count, its marks and its
        # removal do not depend on the texts that were refused.
        refusals = []
        for check in (self.check_removed, self.check_children):
            try:
                check(self.ordered_forms())
            except ValidationError as refusal:
                refusals += refusal.error_list
        if refusals:
            raise ValidationError(refusals)

    def check_removed(self, ordered: list[forms.ModelForm]) -> None:
        """Refuse removing children that learners answered (``check_removable``)."""
        # Not Django's deleted_forms, which is empty while any form has an error.
        removed = [form for form in self.forms if form.cleaned_data and self._should_delete_form(form)]
        check_removable(**{self.removed_keyword: [self.stored(form) for form in removed]})

    def check_children(self, ordered: list[forms.ModelForm]) -> None:
        """Subclass hook: call the rules about the kept children (in their new order); let ``RuleBroken`` out."""

    def process_forms_pre_save(self, forms: list[forms.ModelForm]) -> list[forms.ModelForm]:
        """The order django-nested-admin saves the forms in: removals first. (Its own renumbering from 0 is not
        used: ``save`` numbers the children.)"""
        return sorted(forms, key=lambda form: not self._should_delete_form(form))

    def save(self, commit: bool = True) -> list[models.Model]:
        """Save the children, then number them 1..N in their new order, in one transaction.

        Each saved child first takes a number past every stored one, and removals go first, so the database's
        constraints hold at each statement, also on PostgreSQL.

        Returns:
            The saved children (added or changed), as Django's formsets do.
        """
        if self.parent_dropped():
            self.new_objects, self.changed_objects, self.deleted_objects = [], [], []
            return []
        if not commit or not self.has_changed():
            return super().save(commit)
        ordered = self.ordered_forms()
        siblings = self.model._default_manager.filter(**{self.fk.name: self.instance})
        with transaction.atomic():
            top = siblings.aggregate(top=Max("position"))["top"] or 0
            for rank, form in enumerate(ordered, start=1):
                form.instance.position = top + rank
            saved = super().save(commit)
            order = [form.instance.pk for form in ordered]
            # Children this form did not show (added meanwhile by another author) go after them.
            others = siblings.exclude(pk__in=order).values_list("pk", flat=True)
            siblings.renumber([*order, *others])
        for number, form in enumerate(ordered, start=1):
            form.instance.position = number
        return saved
