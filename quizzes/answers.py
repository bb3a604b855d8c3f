"""Learners' answers to questions within attempts; re-exported by ``quizzes.models``, where Django finds them.

The models they point at are referred to by name ("quizzes.Question", "quizzes.Attempt") so that this module does
not import ``quizzes.models``, which imports it.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from quizzes.kinds import QuestionKind


class Answer(models.Model):
    """A learner's answer to one question within an attempt: one per question. In practice the first answer is
    final; in an exam it may change, or be removed, until the attempt is submitted (``quizzes.exams``), when each
    question left unanswered gets an empty answer (``chosen`` empty, no ``choice``, wrong).

    What was chosen: ``chosen``, the chosen choices' primary keys (``quizzes.kinds.chosen_text``: ``"12,15"``), for
    every kind; ``choice``, the chosen choice of a single-answer or true-or-false question (None for a
    multiple-answer one), which keeps it from being deleted.

    ``question_text`` and ``choice_text`` keep the texts as the learner saw them, in ``language`` (English where
    a text was not translated; several chosen texts joined by "; "): the data export gives them, and the results
    page shows them whenever it is in that language, so that an author's later edits do not change what a
    learner's results say they answered. In another language the results page shows the current texts.

    ``in_fallback`` says whether the question was shown in English, the fallback language, because it had no
    translation into ``language`` (its text and choices all in English: ``QuestionContent.asked_in_english``); the
    item analysis compares such answers with the English ones (``quizzes.item_analysis``).

    ``kind`` is the question's kind when it was answered (``quizzes.kinds.QuestionKind``), and ``shown`` keeps every
    choice as it was shown, in the order shown: ``[[choice pk, text as shown, whether it was
    right, whether it was chosen], ...]``, so that the results keep the order and the per-choice verdicts whatever
    an author changes later (kind, right choices, the quiz's shuffling). Answers given before it existed have
    ``[]``: they were shown in the author's order.
    """

    # No index of its own: the unique constraint's index on (attempt, question) leads with it, and each answer
    # saved writes one index fewer.
    attempt = models.ForeignKey(
        "quizzes.Attempt", on_delete=models.CASCADE, db_index=False, related_name="answers", verbose_name=_("attempt")
    )
    # PROTECT: content that learners have answered cannot be deleted from under their results.
    question = models.ForeignKey(
        "quizzes.Question", on_delete=models.PROTECT, related_name="answers", verbose_name=_("question")
    )
    choice = models.ForeignKey(
        "quizzes.Choice",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="answers",
        verbose_name=_("choice"),
    )
    kind = models.CharField(_("kind"), max_length=12, choices=QuestionKind.choices, default=QuestionKind.SINGLE)
    chosen = models.CharField(_("choices chosen"), max_length=100)
    shown = models.JSONField(_("choices as shown"), default=list, blank=True)
    language = models.CharField(_("language"), max_length=10, choices=settings.LANGUAGES)
    in_fallback = models.BooleanField(
        _("shown in the fallback language"),
        default=False,
        help_text=_("Whether the question was shown in English because it had no translation into the language."),
    )
    question_text = models.TextField(_("question as shown"))
    choice_text = models.TextField(_("answer as shown"))
    is_correct = models.BooleanField(_("correct"))
    answered_at = models.DateTimeField(_("answered"), auto_now_add=True)

    class Meta:
        # The order the learner answered in, which a later reordering of the quiz does not change. By the column,
        # not by the attempt's own ordering (its start), which would join attempts only to sort.
        ordering = ["attempt_id", "answered_at", "pk"]
        verbose_name = _("answer")
        verbose_name_plural = _("answers")
        constraints = [
            models.UniqueConstraint(fields=["attempt", "question"], name="one_answer_per_question_per_attempt"),
        ]

    def __str__(self) -> str:
        return f"{self.attempt} – {self.question.position}: {self.choice_text}"
