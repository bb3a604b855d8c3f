"""The learner's forms: the answer to a question."""

from django import forms
from django.core.exceptions import ValidationError
from django.forms.models import ModelChoiceIteratorValue
from django.utils.translation import gettext_lazy as _

from quizzes.localized import QuestionContent


class AnswerForm(forms.Form):
    """The learner's pick of one choice of ``question``, as radio inputs named ``choice``, none pre-selected.

    Built from the question's choices in its content snapshot (``quizzes.snapshots``), in position order, and
    validated against them: no query to show or check the form. ``cleaned_data["choice"]`` is the picked
    ``ChoiceContent``; each radio's ``data.value.instance`` is its choice.
    Data with several ``choice`` values (only a crafted request sends them: the radios send one) is refused with
    the error ``several``, where Django's radios would have read the last value.
    """

    choice = forms.TypedChoiceField(
        widget=forms.RadioSelect,
        label=_("Your answer"),
        error_messages={
            "required": _("Please choose an answer."),
            "invalid_choice": _("Please choose one of this question's answers."),
            "several": _("Please choose only one answer."),
        },
    )

    def __init__(self, *args, question: QuestionContent, **kwargs):
        super().__init__(*args, **kwargs)
        choices = question.choices
        field = self.fields["choice"]
        field.choices = [(ModelChoiceIteratorValue(choice.pk, choice), choice.text) for choice in choices]
        # Only a value among the choices reaches coerce (ChoiceField.validate refuses the others).
        field.coerce = {str(choice.pk): choice for choice in choices}.__getitem__

    def clean(self):
        cleaned_data = super().clean()
        name = self.add_prefix("choice")
        if hasattr(self.data, "getlist") and len(self.data.getlist(name)) > 1:
            field = self.fields["choice"]
            self.errors.pop("choice", None)  # only this error, not also one about the last value
            self.add_error("choice", ValidationError(field.error_messages["several"], code="several"))
        return cleaned_data
