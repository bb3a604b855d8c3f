"""The learner's forms: the answer to a question, in practice and in an exam."""

from django import forms
from django.core.exceptions import ValidationError
from django.forms.models import ModelChoiceIteratorValue
from django.utils.translation import gettext_lazy as _

from quizzes.kinds import chosen_text
from quizzes.localized import ChoiceContent, QuestionContent


class AnswerForm(forms.Form):
    """The learner's answer to ``question``, as inputs named ``choice``, none pre-selected: radio buttons for a
    question with one right answer (single-answer, true or false), check boxes for a multiple-answer one.

    Built from the question's choices in its content snapshot (``quizzes.snapshots``) and validated against them:
    no query to show or check the form. ``chosen()`` gives the chosen ``ChoiceContent``s; each input's
    ``data.value.instance`` is its choice.
    Data with several ``choice`` values for a question that takes one (only a crafted request sends them: the
    radios send one) is refused with the error ``several``, where Django's radios would have read the last value.
    """

    error_messages = {
        "required": _("Please choose an answer."),
        "invalid_choice": _("Please choose one of this question's answers."),
        "invalid_list": _("Please choose one of this question's answers."),
        "several": _("Please choose only one answer."),
    }

    def __init__(self, *args, question: QuestionContent, **kwargs):
        super().__init__(*args, **kwargs)
        self.question = question
        if question.is_multiple:
            field = forms.TypedMultipleChoiceField(
                widget=forms.CheckboxSelectMultiple,
                error_messages={**self.error_messages, "required": _("Please choose at least one answer.")},
            )
        else:
            field = forms.TypedChoiceField(widget=forms.RadioSelect, error_messages=self.error_messages)
        field.label = _("Your answer")
        choices = question.choices
        field.choices = [(ModelChoiceIteratorValue(choice.pk, choice), choice.text) for choice in choices]
        # Only a value among the choices reaches coerce (ChoiceField.validate refuses the others).
        field.coerce = {str(choice.pk): choice for choice in choices}.__getitem__
        self.fields["choice"] = field

    def clean(self):
        cleaned_data = super().clean()
        name = self.add_prefix("choice")
        if not self.question.is_multiple and hasattr(self.data, "getlist") and len(self.data.getlist(name)) > 1:
            self.errors.pop("choice", None)  # only this error, not also one about the last value
            self.add_error("choice", ValidationError(self.error_messages["several"], code="several"))
        return cleaned_data

    def chosen(self) -> tuple[ChoiceContent, ...]:
        """The chosen choices of a valid form: one, or several for a multiple-answer question."""
        value = self.cleaned_data["choice"]
        return tuple(value) if self.question.is_multiple else (value,)


#: What an exam question's buttons do after saving (``ExamAnswerForm``'s ``go``): the question before, the one after
#: (the overview after the last), the overview, or stay on the question with its answer cleared.
EXAM_MOVES = ("previous", "next", "overview", "clear")


class ExamAnswerForm(AnswerForm):
    """The learner's answer to ``question`` of an exam under way (``quizzes.exams``), as ``AnswerForm`` but optional.
    ``flagged``: the "Flag for review" check box. ``go``: the button pressed (``EXAM_MOVES``; "next" when none is
    named, as when Enter sends the form); any other value is refused.

    The page also sends what it showed: ``shown_answer`` (the saved answer's choices, ``quizzes.kinds.chosen_text``)
    and ``shown_flag`` ("1" flagged, "0" not). What the learner left as shown changes nothing (``answer_change``,
    ``flag_change``), so that a tab left open, or another device, never undoes an answer or a flag saved meanwhile
    elsewhere: only what the learner changed on this page is saved, and only the "clear" button clears."""

    flagged = forms.BooleanField(required=False, label=_("Flag for review"))
    shown_answer = forms.CharField(required=False, max_length=1000, widget=forms.HiddenInput)
    shown_flag = forms.ChoiceField(choices=[("0", "0"), ("1", "1")], required=False, widget=forms.HiddenInput)
    go = forms.ChoiceField(
        choices=[(move, move) for move in EXAM_MOVES],
        required=False,
        widget=forms.HiddenInput,
        error_messages={"invalid_choice": _("Please use one of the page's buttons.")},
    )

    def __init__(self, *args, question: QuestionContent, **kwargs):
        super().__init__(*args, question=question, **kwargs)
        self.fields["choice"].required = False

    def clean_go(self) -> str:
        return self.cleaned_data["go"] or "next"

    def chosen(self) -> tuple[ChoiceContent, ...]:
        """The chosen choices of a valid form: none (the answer is cleared, also by the "clear" button), one, or
        several for a multiple-answer question."""
        value = self.cleaned_data["choice"]
        if self.cleaned_data["go"] == "clear" or value in (None, ""):
            return ()
        return tuple(value) if self.question.is_multiple else (value,)

    def answer_change(self) -> tuple[ChoiceContent, ...] | None:
        """What to save of a valid form's answer: None to leave the saved answer as it is (the learner sent what the
        page showed), ``()`` to clear it ("clear" button, or every box unticked), else the chosen choices. A form
        without ``shown_answer`` (sent by something else than the page) saves what it chose."""
        chosen = self.chosen()
        if self.cleaned_data["go"] == "clear" or "shown_answer" not in self.data:
            return chosen
        if chosen_text(choice.pk for choice in chosen) == self.cleaned_data["shown_answer"]:
            return None
        return chosen

    def flag_change(self) -> bool | None:
        """The flag to save of a valid form: None to leave it as it is (the box as the page showed it), else the
        box's state."""
        shown = self.cleaned_data["shown_flag"]
        if shown in ("0", "1") and self.cleaned_data["flagged"] == (shown == "1"):
            return None
        return self.cleaned_data["flagged"]
