"""Accommodations: more time, or no time limit, that an author grants a learner for timed exams (WCAG 2.2.1,
"Timing Adjustable": a time limit the user can extend or turn off); re-exported by ``quizzes.models``.

An accommodation applies to one quiz, or to every quiz when it names none; one for the quiz goes before one for
every quiz. It is read when an exam attempt starts (``deadline_of``) and, when an author saves or deletes one, moves
the deadline of the learner's exams under way (``deadlines_apply``): a learner given more time in the middle of an
exam keeps answering after the others' deadline. An exam whose time has run out stays over.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from quizzes import modes


class Accommodation(models.Model):
    """Extra time on timed exams for one learner (an account), on one quiz or on all.

    ``extra_percent``: extra time in percent of each exam's limit (50: time and a half; 100: double time);
    ``unlimited``: no time limit at all (then ``extra_percent`` is not used).
    """

    learner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="accommodations", verbose_name=_("learner")
    )
    quiz = models.ForeignKey(
        "quizzes.Quiz",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="accommodations",
        verbose_name=_("quiz"),
        help_text=_("Leave empty for every timed exam."),
    )
    extra_percent = models.PositiveSmallIntegerField(
        _("extra time (percent)"),
        default=0,
        help_text=_("Extra time in percent of each time limit: 50 gives time and a half, 100 double time."),
    )
    unlimited = models.BooleanField(_("no time limit"), default=False)
    note = models.CharField(_("note"), max_length=200, blank=True, help_text=_("Why, for other authors (optional)."))
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("accommodation")
        verbose_name_plural = _("accommodations")
        ordering = ["learner_id", "quiz_id"]
        constraints = [
            models.UniqueConstraint(
                fields=["learner", "quiz"],
                name="one_accommodation_per_learner_and_quiz",
                condition=Q(quiz__isnull=False),
            ),
            models.UniqueConstraint(
                fields=["learner"], name="one_accommodation_per_learner_for_all_quizzes", condition=Q(quiz__isnull=True)
            ),
            models.CheckConstraint(
                condition=Q(extra_percent__lte=1000), name="accommodation_extra_percent_at_most_1000"
            ),
        ]

    def __str__(self) -> str:
        if self.unlimited:
            return str(_("%(learner)s: no time limit") % {"learner": self.learner})
        return str(_("%(learner)s: %(percent)s%% more time") % {"learner": self.learner, "percent": self.extra_percent})


def accommodation_for(*, learner_id: int | None, quiz_id: int) -> Accommodation | None:
    """The accommodation that applies to learner ``learner_id`` on quiz ``quiz_id``: the quiz's own, else the one
    for every quiz, else None (also for a guest, ``learner_id`` None). One query."""
    if learner_id is None:
        return None
    found = list(Accommodation.objects.filter(Q(quiz_id=quiz_id) | Q(quiz__isnull=True), learner_id=learner_id))
    return min(found, key=lambda item: item.quiz_id is None, default=None)


def deadline_of(*, started_at, time_limit: int | None, learner_id: int | None, quiz_id: int):
    """The deadline of an exam attempt (``quizzes.modes.deadline``) with the learner's accommodation; no query when
    ``time_limit`` is None."""
    if time_limit is None:
        return None
    accommodation = accommodation_for(learner_id=learner_id, quiz_id=quiz_id)
    if accommodation is None:
        return modes.deadline(started_at=started_at, time_limit=time_limit)
    return modes.deadline(
        started_at=started_at,
        time_limit=time_limit,
        extra_percent=accommodation.extra_percent,
        unlimited=accommodation.unlimited,
    )


def deadlines_apply(*, learner_id: int) -> int:
    """Set the deadline of each of learner ``learner_id``'s exams under way from their time limit and their
    accommodations as they are now (after an author saved or deleted one, or a guest's exams joined the account).

    An exam over already stays over: submitted, or past its deadline and grace (``quizzes.modes.is_expired``; the
    next look at it submits it), so that no accommodation brings back an exam whose time had run out. A deadline is
    never moved to before now: a shorter accommodation ends an exam under way at once (with the network's grace),
    never before answers it already took.

    Returns:
        How many attempts' deadlines changed (int).
    """
    from quizzes.models import Attempt

    changed, now = 0, timezone.now()
    attempts = Attempt.objects.unfinished().filter(
        learner_id=learner_id, mode=modes.QuizMode.EXAM, time_limit__isnull=False
    )
    for attempt in attempts.only("pk", "quiz_id", "started_at", "time_limit", "deadline"):
        if modes.is_expired(attempt.deadline, now):
            continue
        new = deadline_of(
            started_at=attempt.started_at, time_limit=attempt.time_limit, learner_id=learner_id, quiz_id=attempt.quiz_id
        )
        if new is not None and new < now:
            new = now
        if new != attempt.deadline:
            changed += Attempt.objects.filter(pk=attempt.pk, finished_at__isnull=True).update(deadline=new)
    return changed
