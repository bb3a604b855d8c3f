"""Corrections of a question's answer key, and what each did to the answers it judged again; re-exported by
``quizzes.models``, where Django finds them. Written only by ``quizzes.regrading.answer_key_correct``.

The models they point at are referred to by name ("quizzes.Question", "quizzes.Answer") so that this module does
not import ``quizzes.models``, which imports it.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from quizsite.timezones import format_moment


class Regrade(models.Model):
    """One correction of ``question``'s answer key, as Moodle's regrade: when, by whom, and its right choices before
    and after (their primary keys as ``Answer.chosen`` writes them, ``quizzes.kinds.chosen_text``: ``"12,15"``)."""

    # CASCADE, not PROTECT: its answers protect the question; once they are gone (a guest's expired, an account
    # deleted), nothing is left to tell, and the question may be removed like any unanswered one.
    question = models.ForeignKey(
        "quizzes.Question", on_delete=models.CASCADE, related_name="regrades", verbose_name=_("question")
    )
    regraded_at = models.DateTimeField(_("regraded"), auto_now_add=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("regraded by"),
    )
    right_before = models.CharField(_("right choices before"), max_length=100)
    right_after = models.CharField(_("right choices after"), max_length=100)

    class Meta:
        ordering = ["regraded_at", "pk"]
        verbose_name = _("regrade")
        verbose_name_plural = _("regrades")

    def __str__(self) -> str:
        # As ``Attempt`` names itself: the moment in the active language's format and zone, labelled.
        return f"{self.question} ({format_moment(self.regraded_at)})"


class RegradedAnswer(models.Model):
    """What one regrade did to one answer: its verdict before and after (``was_correct``, ``is_correct``) and its
    attempt's score before and after, out of ``out_of`` (the attempt's total, ``quizzes.scoring.total``).

    The scores are None for an attempt under way when regraded: it had no score yet (an exam's answers could
    still change; a practice attempt's total was not reached). Its results then say only that the question was
    regraded while it was being taken.
    """

    # No index of its own: the unique constraint's index on (regrade, answer) leads with it.
    regrade = models.ForeignKey(
        Regrade, on_delete=models.CASCADE, db_index=False, related_name="answers", verbose_name=_("regrade")
    )
    answer = models.ForeignKey(
        "quizzes.Answer", on_delete=models.CASCADE, related_name="regrades", verbose_name=_("answer")
    )
    attempt = models.ForeignKey(
        "quizzes.Attempt", on_delete=models.CASCADE, related_name="regrades", verbose_name=_("attempt")
    )
    was_correct = models.BooleanField(_("correct before"))
    is_correct = models.BooleanField(_("correct after"))
    score_before = models.PositiveIntegerField(_("score before"), null=True, blank=True)
    score_after = models.PositiveIntegerField(_("score after"), null=True, blank=True)
    out_of = models.PositiveIntegerField(_("out of"), null=True, blank=True)

    class Meta:
        ordering = ["regrade_id", "pk"]
        verbose_name = _("regraded answer")
        verbose_name_plural = _("regraded answers")
        constraints = [
            models.UniqueConstraint(fields=["regrade", "answer"], name="one_row_per_answer_per_regrade"),
            models.CheckConstraint(
                condition=Q(score_before__isnull=True, score_after__isnull=True, out_of__isnull=True)
                | Q(
                    score_before__isnull=False,
                    score_after__isnull=False,
                    out_of__isnull=False,
                    score_before__lte=models.F("out_of"),
                    score_after__lte=models.F("out_of"),
                ),
                name="regraded_answer_scores_within_total",
            ),
        ]

    def __str__(self) -> str:
        return str(self.regrade)

    @property
    def was_finished(self) -> bool:
        """Whether the attempt was finished when regraded (it then had a score, kept here)."""
        return self.out_of is not None
