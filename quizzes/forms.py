from collections import Counter

from django import forms
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Max
from django.forms.models import BaseInlineFormSet
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from quizzes.models import Choice, Question


class AnswerForm(forms.Form):
    """The learner's pick of one choice of ``question``, as radio inputs named ``choice``, none pre-selected."""

    choice = forms.ModelChoiceField(
        queryset=None,
        widget=forms.RadioSelect,
        empty_label=None,
        label=_("Your answer"),
        error_messages={
            "required": _("Please choose an answer."),
            "invalid_choice": _("Please choose one of this question's answers."),
        },
    )

    def __init__(self, *args, question: Question, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["choice"].queryset = question.choices.order_by("position")


# --- Authoring (admin) ----------------------------------------------------------------------------------


def _positions(numbers) -> str:
    """``[3, 1]`` → ``"1, 3"``: position numbers for a message."""
    return ", ".join(str(number) for number in sorted(numbers))


class SiblingForm(forms.ModelForm):
    """The form of one child in a ``PositionedInlineFormSet`` (a question of a quiz, a choice of a question).

    The database constraints named in the formset's ``sibling_constraints`` compare a child with its siblings
    as they are stored, which is wrong while the formset changes several at once (two questions swapping
    positions, the correct mark moving from one choice to another). This form skips them; the formset checks
    the same rules over the submitted siblings, and saves in an order the constraints accept.
    """

    sibling_constraints: tuple[str, ...] = ()

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


class PositionedInlineFormSet(BaseInlineFormSet):
    """Children of one parent, numbered by a ``position`` that is unique among them.

    ``clean()`` refuses duplicate positions and the deletion of a child that learners have answered (their
    answers keep pointing at it: ``Answer`` protects it); subclasses add rules in ``clean_siblings``.
    ``save()`` first moves every changed or deleted child past all positions in use, inside one transaction,
    so the database's unique constraint on position (checked at each statement, also on PostgreSQL) never
    sees two children at one position while a swap is half done.
    """

    #: Fields reset while a child is moved out of the way (a correct mark that may move to a sibling).
    vacate_values: dict = {}
    duplicate_message = ""
    answered_message = ""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Blank rows offer the next free positions; a row left otherwise blank still counts as unchanged.
        top = max((child.position for child in self.get_queryset()), default=0)
        self.initial_extra = [{"position": top + number} for number in range(1, self.extra + 1)]

    def kept_forms(self) -> list[forms.ModelForm]:
        """The forms of children that stay after saving: filled in and not marked for deletion."""
        # An extra form left blank has no cleaned_data: Django skips it.
        return [form for form in self.forms if form.cleaned_data and not form.cleaned_data.get("DELETE")]

    def clean(self) -> None:
        """Check the rules that involve several children.

        Raises:
            ValidationError: duplicate positions, the deletion of an answered child, or a subclass's rule; the
                admin shows the messages above the inline.
        """
        if any(self.errors):
            return  # each form shows its own errors first
        kept = self.kept_forms()
        counts = Counter(form.cleaned_data["position"] for form in kept)
        duplicates = [position for position, count in counts.items() if count > 1]
        if duplicates:
            raise ValidationError(self.duplicate_message % {"positions": _positions(duplicates)})
        answered = [
            form.initial["position"]
            for form in self.deleted_forms
            if form.instance.pk and form.instance.answers.exists()
        ]
        if answered:
            raise ValidationError(self.answered_message % {"positions": _positions(answered)})
        self.clean_siblings(kept)
        super().clean()

    def clean_siblings(self, kept: list[forms.ModelForm]) -> None:
        """Subclass hook: check the kept children together; raise ``ValidationError`` to refuse."""

    def save(self, commit: bool = True):
        if not commit:
            return super().save(commit=False)
        with transaction.atomic():
            self._vacate_positions()
            return super().save(commit=True)

    def _vacate_positions(self) -> None:
        moving = [
            form.instance.pk
            for form in self.initial_forms
            if form.instance.pk and (form in self.deleted_forms or form.has_changed())
        ]
        if not moving:
            return
        stored_top = self.get_queryset().aggregate(top=Max("position"))["top"] or 0
        submitted_top = max((form.cleaned_data.get("position") or 0 for form in self.forms), default=0)
        offset = max(stored_top, submitted_top)
        self.model.objects.filter(pk__in=moving).update(position=F("position") + offset, **self.vacate_values)


class ChoiceForm(SiblingForm):
    sibling_constraints = ("choice_position_unique_in_question", "one_correct_choice_per_question")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.checked_with_siblings = True  # ChoiceInlineFormSet checks "exactly one correct"


class ChoiceInlineFormSet(PositionedInlineFormSet):
    """A question's choices: at least two, exactly one correct, positions unique, answered ones kept."""

    vacate_values = {"is_correct": False}
    duplicate_message = _("Two choices have the same position (%(positions)s); give each choice its own.")
    answered_message = _(
        "Learners have already picked the choice at position %(positions)s, so it cannot be deleted. "
        "Change its text instead, or unpublish the quiz."
    )

    def clean_siblings(self, kept: list[forms.ModelForm]) -> None:
        """Refuse fewer than two choices, anything but exactly one correct choice, and moving the correct mark
        of a question that learners have answered (their answers were judged against it).

        Raises:
            ValidationError: with a message for the author.
        """
        if len(kept) < 2:
            raise ValidationError(_("A question needs at least two choices."))
        correct = sum(1 for form in kept if form.cleaned_data.get("is_correct"))
        if correct == 0:
            raise ValidationError(_("Mark one choice as correct."))
        if correct > 1:
            raise ValidationError(
                ngettext(
                    "Only one choice can be correct, but %(count)d is marked.",
                    "Only one choice can be correct, but %(count)d are marked.",
                    correct,
                )
                % {"count": correct}
            )
        question = self.instance
        if question.pk and question.answers.exists():
            stored = question.choices.filter(is_correct=True).values_list("pk", flat=True).first()
            marked = next(form.instance.pk for form in kept if form.cleaned_data.get("is_correct"))
            if marked != stored:
                raise ValidationError(
                    _(
                        "Learners have already answered this question, so its correct choice cannot change: their "
                        "scores were given against it. Add a new question instead, or fix the wording of the choices."
                    )
                )


class QuestionAdminForm(forms.ModelForm):
    """A question's own admin page. Once the question exists its quiz is read-only, so the form has no quiz
    field, and Django skips the (quiz, position) unique check: this form makes it instead."""

    def clean_position(self) -> int:
        """Refuse a position another question of the quiz has (when the quiz cannot be changed here).

        Raises:
            ValidationError: on ``position``.
        """
        position = self.cleaned_data["position"]
        if "quiz" in self.fields or not self.instance.quiz_id:
            return position  # the quiz is on the form: Django's constraint check covers it
        siblings = Question.objects.filter(quiz_id=self.instance.quiz_id, position=position)
        if siblings.exclude(pk=self.instance.pk).exists():
            raise ValidationError(
                _("Another question of this quiz is at position %(position)d."), params={"position": position}
            )
        return position


class QuestionForm(SiblingForm):
    sibling_constraints = ("question_position_unique_in_quiz",)


class QuestionInlineFormSet(PositionedInlineFormSet):
    """A quiz's questions: positions unique, answered ones kept, and a published quiz complete."""

    duplicate_message = _("Two questions have the same position (%(positions)s); give each question its own.")
    answered_message = _(
        "Learners have already answered the question at position %(positions)s, so it cannot be deleted. "
        "Unpublish the quiz instead."
    )

    def clean_siblings(self, kept: list[forms.ModelForm]) -> None:
        """Refuse to publish a quiz without questions, or with a question that has no correct choice.

        ``self.instance`` carries the quiz form's submitted ``published`` value (the admin applies the quiz
        form before building the formsets). Questions added in this same save have no choices yet, so they
        count as lacking a correct one: an author adds the choices on each question's page, then publishes.

        Raises:
            ValidationError: naming the positions of the incomplete questions.
        """
        if not self.instance.published:
            return
        if not kept:
            raise ValidationError(_("A quiz needs at least one question before it can be published."))
        with_correct = set(
            Choice.objects.filter(
                question__in=[form.instance.pk for form in kept if form.instance.pk], is_correct=True
            ).values_list("question_id", flat=True)
        )
        lacking = [form.cleaned_data["position"] for form in kept if form.instance.pk not in with_correct]
        if lacking:
            raise ValidationError(
                ngettext(
                    "Question %(positions)s has no correct choice yet, so the quiz cannot be published. "
                    "Add its choices on the question's page first.",
                    "Questions %(positions)s have no correct choice yet, so the quiz cannot be published. "
                    "Add their choices on each question's page first.",
                    len(lacking),
                )
                % {"positions": _positions(lacking)}
            )
