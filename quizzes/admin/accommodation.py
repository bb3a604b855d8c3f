"""Accommodations in the admin: an author gives a learner more time on timed exams, or no time limit (WCAG 2.2.1,
"Timing Adjustable"; ``quizzes.accommodations``). Saving or deleting one moves the deadline of that learner's
exams under way at once (``deadlines_apply``)."""

from django import forms
from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.http import HttpRequest
from django.utils.text import capfirst
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from quizsite.admin import SafeActionsMixin, TextRulesMixin
from quizzes.accommodations import Accommodation, deadlines_apply
from quizzes.models import Quiz
from quizzes.modes import QuizMode

#: The most extra time an author may give, in percent (the database's constraint says the same).
MAX_EXTRA_PERCENT = 1000


class AccommodationForm(forms.ModelForm):
    """An accommodation: the learner named by their username (authors may not browse accounts, so no lookup
    list), an exam or every timed exam, more time or none. Refused at the field: an unknown username, a quiz that
    is no exam (practice: no time limit to extend), an extra time that is no whole percentage from 0 to 1000, or 0
    without "no time limit" (nothing would change); a second accommodation for the same learner and quiz, or for
    all timed exams (at the quiz)."""

    learner = forms.ModelChoiceField(
        queryset=get_user_model().objects.all(),
        to_field_name="username",
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
        label=capfirst(_("learner")),
        help_text=_("The learner’s username, as the list of attempts shows it."),
        error_messages={
            "invalid_choice": _("No account has the username “%(value)s”. Check its spelling and case."),
            "required": _("Enter the learner’s username."),
        },
    )
    quiz = forms.ModelChoiceField(
        # Exams only: a practice quiz has no time limit to extend (quizzes.modes).
        queryset=Quiz.objects.filter(mode=QuizMode.EXAM).only("pk", "title").order_by("title", "slug"),
        required=False,
        empty_label=_("All timed exams"),
        label=capfirst(_("quiz")),
        help_text=_("One quiz, or all timed exams; an accommodation for one quiz goes before one for all."),
        error_messages={
            "invalid_choice": _(
                "An accommodation is for an exam: choose one of the exams listed, or all timed exams. A practice "
                "quiz has no time limit."
            ),
        },
    )
    extra_percent = forms.IntegerField(
        label=capfirst(_("extra time (percent)")),
        initial=0,
        help_text=_("Extra time in percent of each time limit: 50 gives time and a half, 100 double time."),
        error_messages=dict.fromkeys(
            ("invalid", "min_value", "max_value", "required"),
            _("Enter the extra time as a whole percentage from 0 to 1000: 50 gives time and a half, 100 double time."),
        ),
        min_value=0,
        max_value=MAX_EXTRA_PERCENT,
    )

    class Meta:
        model = Accommodation
        fields = ["learner", "quiz", "extra_percent", "unlimited", "note"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        #: Whose deadlines change when the learner is changed to another: theirs too.
        self.stored_learner_id = self.instance.learner_id
        if self.instance.pk is not None:
            self.initial["learner"] = self.instance.learner.get_username()

    def clean(self) -> dict:
        cleaned = super().clean()
        if self.errors:
            return cleaned
        if not cleaned.get("unlimited") and not cleaned.get("extra_percent"):
            message = _(
                "Give more time (a percentage above 0), or tick “no time limit”: as it is, nothing would change."
            )
            self.add_error("extra_percent", forms.ValidationError(message, code="nothing"))
            return cleaned
        same = Accommodation.objects.filter(learner=cleaned["learner"], quiz=cleaned.get("quiz"))  # None: all
        if same.exclude(pk=self.instance.pk).exists():
            message = (
                _("%(learner)s already has an accommodation for this quiz: change that one instead.")
                if cleaned.get("quiz") is not None
                else _("%(learner)s already has an accommodation for all timed exams: change that one instead.")
            )
            learner = cleaned["learner"].get_username()
            self.add_error("quiz", forms.ValidationError(message, code="duplicate", params={"learner": learner}))
        return cleaned

    def validate_constraints(self) -> None:
        """The constraints are checked in ``clean`` with the author's words (and by the database)."""


@admin.register(Accommodation)
class AccommodationAdmin(SafeActionsMixin, TextRulesMixin, admin.ModelAdmin):
    """Learners' accommodations: more time on timed exams, or none (README, "Authoring"). Saving or deleting one
    applies it to the learner's exams under way, and says how many deadlines moved."""

    form = AccommodationForm
    list_display = ["learner", "applies_to", "extra_time", "unlimited", "note"]
    list_display_links = ["learner", "applies_to"]
    list_filter = ["unlimited"]
    list_select_related = ["learner", "quiz"]
    search_fields = ["learner__username", "note"]
    search_help_text = _("Searches usernames and notes.")

    def get_queryset(self, request: HttpRequest):
        return super().get_queryset(request).select_related("learner", "quiz")

    @admin.display(description=_("quiz"), ordering="quiz__title")
    def applies_to(self, accommodation: Accommodation) -> str:
        return accommodation.quiz.title if accommodation.quiz is not None else gettext("All timed exams")

    @admin.display(description=_("extra time"), ordering="extra_percent")
    def extra_time(self, accommodation: Accommodation) -> str:
        if accommodation.unlimited:
            return gettext("No time limit")
        return gettext("%(percent)s%% more") % {"percent": accommodation.extra_percent}

    def save_model(self, request: HttpRequest, obj: Accommodation, form, change: bool) -> None:
        super().save_model(request, obj, form, change)
        learners = {obj.learner_id, form.stored_learner_id} - {None}
        self.report_moved(request, sum(deadlines_apply(learner_id=learner_id) for learner_id in learners))

    def delete_model(self, request: HttpRequest, obj: Accommodation) -> None:
        super().delete_model(request, obj)
        self.report_moved(request, deadlines_apply(learner_id=obj.learner_id))

    def delete_queryset(self, request: HttpRequest, queryset) -> None:
        learners = set(queryset.values_list("learner_id", flat=True))
        super().delete_queryset(request, queryset)
        self.report_moved(request, sum(deadlines_apply(learner_id=learner_id) for learner_id in learners))

    def report_moved(self, request: HttpRequest, moved: int) -> None:
        """Tell the author how many exams under way got a new deadline (nothing when none did)."""
        if moved:
            message = ngettext(
                "%(count)d exam under way now has its new deadline.",
                "%(count)d exams under way now have their new deadline.",
                moved,
            )
            self.message_user(request, message % {"count": moved}, messages.INFO)
