"""Learners' attempts in the admin, read-only, with their answers and the history of their regrades."""

from django.contrib import admin
from django.db.models import Exists, OuterRef
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from quizsite.timezones import format_moment
from quizzes.admin.regrade import RegradedAnswerInline
from quizzes.exams import exams_expired_submit
from quizzes.models import Answer, Attempt, RegradedAnswer
from quizzes.modes import QuizMode

#: The mode in a column: a word (the mode's own label is a sentence, for the quiz's editor).
MODE_WORDS = {QuizMode.PRACTICE: _("Practice"), QuizMode.EXAM: _("Exam")}


class AnswerInline(admin.TabularInline):
    """An attempt's answers, read-only, in the order given: one query however many there are."""

    model = Answer
    fields = ["question", "choice", "is_correct", "answered"]
    readonly_fields = fields
    extra = 0
    can_delete = False

    def get_queryset(self, request: HttpRequest):
        # Each row shows its question and choice, and names itself (Answer.__str__) by its attempt's taker and quiz.
        return (
            super()
            .get_queryset(request)
            .select_related("question", "choice", "attempt__learner", "attempt__guest", "attempt__quiz")
        )

    @admin.display(description=_("answered"))
    def answered(self, answer: Answer) -> str:
        return format_moment(answer.answered_at)

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False


@admin.register(Attempt)
class AttemptAdmin(admin.ModelAdmin):
    """Learners' and guests' attempts, read-only: who took which quiz, in which language, with what score.

    A guest's attempt shows "Guest" with the first characters of the guest's id; it moves to the learner's
    account when the guest signs up or logs in. "Closed" attempts were replaced then by one further along.
    Times are in the site's zone (``quizsite.timezones.TimeZoneMiddleware``), each followed by it ("UTC").
    Each says how it is taken: practice, exam (with its deadline, moved by accommodations, and how many questions
    the learner flagged for review), or a practice round of an earlier attempt's mistakes (``quizzes.rounds``),
    which is no attempt at the quiz: it counts in no result.
    """

    list_display = [
        "taker",
        "quiz",
        "taken_as",
        "language",
        "score",
        "started",
        "finished",
        "closed",
        "deadline_at",
        "flagged_count",
    ]
    list_filter = [
        "quiz",
        "mode",
        ("practice_of", admin.EmptyFieldListFilter),
        "language",
        ("finished_at", admin.EmptyFieldListFilter),
        ("learner", admin.EmptyFieldListFilter),
    ]
    list_select_related = ["learner", "guest", "quiz"]
    search_fields = ["learner__username"]
    date_hierarchy = "started_at"
    fields = list_display
    readonly_fields = fields
    inlines = [AnswerInline, RegradedAnswerInline]
    # Attempts go with their learner's account (deleted by the learner, or by a superuser under Users, which
    # needs the delete permission here); no bulk action, so that nobody clears a quiz's results by accident.
    actions = None

    def get_queryset(self, request: HttpRequest):
        regraded = Exists(RegradedAnswer.objects.filter(attempt=OuterRef("pk")))
        return (
            super()
            .get_queryset(request)
            .with_score()
            .annotate(regraded=regraded)
            .select_related("learner", "guest", "quiz")
        )

    def get_inline_instances(self, request: HttpRequest, obj=None):
        """The answers, and the history of regrades only for an attempt that has one (no query otherwise)."""
        inlines = super().get_inline_instances(request, obj)
        regraded = getattr(obj, "regraded", False)
        return [inline for inline in inlines if regraded or not isinstance(inline, RegradedAnswerInline)]

    def changelist_view(self, request: HttpRequest, extra_context=None):
        """The list, once the exams whose time ran out are submitted (``quizzes.exams.exams_expired_submit``): an
        exam over is never listed as under way."""
        exams_expired_submit()
        return super().changelist_view(request, extra_context)

    def change_view(self, request: HttpRequest, object_id, form_url="", extra_context=None):
        """One attempt, once the exams whose time ran out are submitted (as ``changelist_view``)."""
        exams_expired_submit()
        return super().change_view(request, object_id, form_url, extra_context)

    @admin.display(description=_("learner"), ordering="learner__username")
    def taker(self, attempt: Attempt) -> str:
        return str(attempt.learner or attempt.guest)

    @admin.display(description=_("taken as"), ordering="mode")
    def taken_as(self, attempt: Attempt) -> str:
        """ "Practice", "Exam", or "Practice round of attempt 12" linking to the attempt it practises."""
        if attempt.practice_of_id is None:
            return MODE_WORDS.get(attempt.mode, attempt.mode)
        address = reverse("admin:quizzes_attempt_change", args=[attempt.practice_of_id])
        label = gettext("Practice round of attempt %(number)s") % {"number": attempt.practice_of_id}
        return format_html('<a href="{}">{}</a>', address, label)

    @admin.display(description=_("deadline"), ordering="deadline")
    def deadline_at(self, attempt: Attempt) -> str:
        return format_moment(attempt.deadline) or self.get_empty_value_display()

    @admin.display(description=_("flagged for review"))
    def flagged_count(self, attempt: Attempt) -> int:
        return len(attempt.flagged_pks)

    @admin.display(description=_("score"), ordering="correct_count")
    def score(self, attempt: Attempt) -> int | str:
        """The attempt's score; an exam under way has none yet (its running count would be read as one, and its
        answers may still change): the admin's empty value."""
        if attempt.is_exam and not attempt.is_finished:
            return self.get_empty_value_display()
        return attempt.score

    @admin.display(description=_("started"), ordering="started_at")
    def started(self, attempt: Attempt) -> str:
        return format_moment(attempt.started_at)

    @admin.display(description=_("finished"), ordering="finished_at")
    def finished(self, attempt: Attempt) -> str:
        return format_moment(attempt.finished_at) or self.get_empty_value_display()

    @admin.display(description=_("closed"), ordering="closed_at")
    def closed(self, attempt: Attempt) -> str:
        return format_moment(attempt.closed_at) or self.get_empty_value_display()

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False
