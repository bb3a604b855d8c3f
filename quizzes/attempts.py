"""Learners' attempts at quizzes and their answers; re-exported by ``quizzes.models``, where Django finds them.

The content models are referred to by name ("quizzes.Question") so that this module does not import
``quizzes.models``, which imports it.
"""

from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.db.models import Count, Q
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from quizzes.models import Question


class AttemptQuerySet(models.QuerySet):
    def unfinished(self) -> "AttemptQuerySet":
        return self.filter(finished_at__isnull=True)

    def finished(self) -> "AttemptQuerySet":
        return self.filter(finished_at__isnull=False)

    def with_score(self) -> "AttemptQuerySet":
        """Annotate ``correct_count`` (correct answers) and ``answer_count`` (all answers), ints, in one query.

        For a finished attempt these are its score and total (see ``Attempt``).
        """
        return self.annotate(
            correct_count=Count("answers", filter=Q(answers__is_correct=True)),
            answer_count=Count("answers"),
        )


class Attempt(models.Model):
    """One run of a learner through a quiz, from start to the last answer.

    A learner has at most one unfinished attempt per quiz (a conditional unique constraint); finished attempts
    are kept, so a retake adds a new one.

    What an attempt covers (README, "Authoring"):

    - A finished attempt's questions are exactly those it answered: answers protect their question and choice,
      and an attempt finishes only when no question is left. Its total is its number of answers and its score
      its correct answers, whatever authors add, reorder or unpublish later; its results list its answers in
      the order they were given.
    - An unfinished attempt covers the quiz's current questions until it is finished: a question that an
      author adds meanwhile is asked too, and the total shown (``question_count``) counts it. Learners number
      questions in the order they meet them (``quizzes.progress.Progress.number_of``), so the number and the
      total agree whatever the positions.
    """

    learner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="attempts", verbose_name=_("learner")
    )
    quiz = models.ForeignKey("quizzes.Quiz", on_delete=models.CASCADE, related_name="attempts", verbose_name=_("quiz"))
    language = models.CharField(_("language"), max_length=10, choices=settings.LANGUAGES)
    started_at = models.DateTimeField(_("started"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    objects = AttemptQuerySet.as_manager()

    class Meta:
        ordering = ["-started_at", "-pk"]
        verbose_name = _("attempt")
        verbose_name_plural = _("attempts")
        constraints = [
            models.UniqueConstraint(
                fields=["learner", "quiz"],
                condition=Q(finished_at__isnull=True),
                name="one_unfinished_attempt_per_learner_and_quiz",
            ),
            models.CheckConstraint(
                condition=Q(finished_at__isnull=True) | Q(finished_at__gte=models.F("started_at")),
                name="attempt_finishes_after_start",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.learner} – {self.quiz} ({self.started_at:%Y-%m-%d %H:%M})"

    @property
    def is_finished(self) -> bool:
        return self.finished_at is not None

    @property
    def score(self) -> int:
        """Number of questions answered correctly (int), as judged when each answer was given.

        Uses the ``with_score()`` annotation when present, else one query.
        """
        if hasattr(self, "correct_count"):
            return self.correct_count
        return self.answers.filter(is_correct=True).count()

    @property
    def answered_count(self) -> int:
        """Number of questions answered so far (int); the ``with_score()`` annotation when present, else a query."""
        if hasattr(self, "answer_count"):
            return self.answer_count
        return self.answers.count()

    @property
    def question_count(self) -> int:
        """The total a learner sees ("3 / 4", "Question 2 of 4"), int.

        Finished: its number of answers, fixed for good. Unfinished: the quiz's current questions, which
        include every answered one (answered questions cannot be removed); one query.
        """
        if self.is_finished:
            return self.answered_count
        from quizzes.models import Question

        return Question.objects.filter(quiz_id=self.quiz_id).count()

    def next_question(self) -> "Question | None":
        """The lowest-positioned question of the quiz this attempt has not answered yet, or None when done."""
        from quizzes.models import Question

        return Question.objects.filter(quiz_id=self.quiz_id).exclude(answers__attempt=self).order_by("position").first()

    def answers_for_results(self) -> models.QuerySet:
        """This attempt's answers in the order given, with question, choice and the question's choices loaded:
        three queries however many there are (the results page)."""
        return self.answers.select_related("question", "choice").prefetch_related("question__choices")


class Answer(models.Model):
    """A learner's answer to one question within an attempt. The first answer is final: one per question.

    ``question_text`` and ``choice_text`` keep the texts as the learner saw them, in ``language`` (English where
    a text was not translated): the data export gives them, and the results page shows them whenever it is in
    that language, so that an author's later edits do not change what a learner's results say they answered.
    In another language the results page shows the current texts.
    """

    attempt = models.ForeignKey(Attempt, on_delete=models.CASCADE, related_name="answers", verbose_name=_("attempt"))
    # PROTECT: content that learners have answered cannot be deleted from under their results.
    question = models.ForeignKey(
        "quizzes.Question", on_delete=models.PROTECT, related_name="answers", verbose_name=_("question")
    )
    choice = models.ForeignKey(
        "quizzes.Choice", on_delete=models.PROTECT, related_name="answers", verbose_name=_("choice")
    )
    language = models.CharField(_("language"), max_length=10, choices=settings.LANGUAGES)
    question_text = models.TextField(_("question as shown"))
    choice_text = models.CharField(_("answer as shown"), max_length=500)
    is_correct = models.BooleanField(_("correct"))
    answered_at = models.DateTimeField(_("answered"), auto_now_add=True)

    class Meta:
        # The order the learner answered in, which a later reordering of the quiz does not change.
        ordering = ["attempt", "answered_at", "pk"]
        verbose_name = _("answer")
        verbose_name_plural = _("answers")
        constraints = [
            models.UniqueConstraint(fields=["attempt", "question"], name="one_answer_per_question_per_attempt"),
        ]

    def __str__(self) -> str:
        return f"{self.attempt} – {self.question.position}: {self.choice}"
