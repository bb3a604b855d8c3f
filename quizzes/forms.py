from django import forms
from django.utils.translation import gettext_lazy as _

from quizzes.models import Question


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
