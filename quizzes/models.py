import secrets
from collections.abc import Sequence

from django.core.validators import MaxValueValidator
from django.db import models, transaction
from django.db.models import Count, F, Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from quizsite.querysets import PublishableQuerySet

# Questions of a quiz and choices of a question are numbered 1..N; far fewer than this in practice, and the
# bound keeps a reordering save (which moves rows past every position in use) inside a 32-bit integer.
MAX_POSITION = 1000
# Keys name questions (within their quiz) and choices (within their question) in quiz files; see quizzes/content.
MAX_KEY_LENGTH = 50


def new_key() -> str:
    """A fresh key for a question or choice added without one (in the admin, by a factory): 8 hex digits.

    Random, so it never repeats the readable keys authors write in files; 2**32 values make a clash among one
    quiz's questions or one question's choices negligible, and the unique constraints refuse one anyway.
    """
    return secrets.token_hex(4)


class Difficulty(models.TextChoices):
    """How hard a quiz is; the labels are what the quiz page shows ("Medium level")."""

    EASY = "easy", _("Easy level")
    MEDIUM = "medium", _("Medium level")
    HARD = "hard", _("Hard level")


class QuizQuerySet(PublishableQuerySet):
    """Quizzes: ``published()`` and ``visible_to(user)`` (``PublishableQuerySet``), and counts."""

    def with_question_count(self) -> "QuizQuerySet":
        """Annotate each quiz with ``question_count`` (int), in one query."""
        return self.annotate(question_count=Count("questions", distinct=True))


class Quiz(models.Model):
    """A short quiz of multiple-choice questions, linked to the guides it tests.

    ``title`` and ``description`` are translated (``quizzes/translation.py``); the slug is not, so a quiz's
    address does not depend on the language.
    """

    slug = models.SlugField(_("slug"), max_length=100, unique=True)
    title = models.CharField(_("title"), max_length=200)
    description = models.TextField(_("description"), blank=True)
    difficulty = models.CharField(_("difficulty"), max_length=10, choices=Difficulty.choices, default=Difficulty.MEDIUM)
    guides = models.ManyToManyField(
        "guides.Guide", related_name="quizzes", blank=True, verbose_name=_("related guides")
    )
    published = models.BooleanField(_("published"), default=False)

    objects = QuizQuerySet.as_manager()

    class Meta:
        ordering = ["title", "slug"]
        verbose_name = _("quiz")
        verbose_name_plural = _("quizzes")
        constraints = [
            models.CheckConstraint(condition=Q(difficulty__in=Difficulty.values), name="quiz_difficulty_valid"),
        ]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("quizzes:detail", kwargs={"slug": self.slug})


class PositionedQuerySet(models.QuerySet):
    """Rows numbered by a ``position`` unique among their siblings: the questions of one quiz, the choices of one
    question."""

    def renumber(self, order: Sequence[int] | None = None) -> None:
        """Number the rows of this queryset 1..N, so positions stay contiguous after a removal or a reorder.

        Call it on one parent's children (``quiz.questions.all()``). Only rows whose position changes are written,
        in two statements inside one transaction: first moved past every position in use, then to their number, so
        the database's unique constraint on position (checked at each row, also on PostgreSQL) always holds.

        Args:
            order: the rows' primary keys in their new order; by default their current position order.

        Raises:
            ValueError: ``order`` does not hold exactly this queryset's rows.
        """
        current = dict(self.order_by("position", "pk").values_list("pk", "position"))
        keys = list(current) if order is None else list(order)
        if sorted(keys) != sorted(current):
            raise ValueError("renumber(order=…) must list exactly the rows being renumbered.")
        wanted = {key: number for number, key in enumerate(keys, start=1)}
        moving = [key for key in keys if current[key] != wanted[key]]
        if not moving:
            return
        with transaction.atomic():
            self.model.objects.filter(pk__in=moving).update(position=F("position") + max(current.values()))
            self.model.objects.bulk_update([self.model(pk=key, position=wanted[key]) for key in moving], ["position"])


class QuestionQuerySet(PositionedQuerySet):
    def with_answer_counts(self) -> "QuestionQuerySet":
        """Annotate ``answer_count`` and ``correct_answer_count`` (ints): learners' answers, all attempts.

        ``correct_answer_count`` counts answers judged correct when they were given (``Answer.is_correct``).
        """
        return self.annotate(
            answer_count=Count("answers", distinct=True),
            correct_answer_count=Count("answers", filter=Q(answers__is_correct=True), distinct=True),
        )


class Question(models.Model):
    """One question of a quiz, at ``position`` 1..N (unique within the quiz), with its choices.

    ``key`` names it in quiz files (unique within the quiz), so a file can reorder questions and still update the
    ones learners answered; positions change, keys do not.

    No ``get_absolute_url``: a question's page is addressed by the number a learner sees for it, which can differ
    from its position after an author reorders mid-attempt (``quizzes.progress.Progress.url_of``).
    """

    quiz = models.ForeignKey(Quiz, on_delete=models.CASCADE, related_name="questions", verbose_name=_("quiz"))
    key = models.SlugField(
        _("key"),
        max_length=MAX_KEY_LENGTH,
        db_index=False,  # the unique constraint with the parent indexes it
        default=new_key,
        help_text=_("Names the question in quiz files; unique within the quiz."),
    )
    position = models.PositiveIntegerField(_("position"), validators=[MaxValueValidator(MAX_POSITION)])
    text = models.TextField(_("text"))
    explanation = models.TextField(
        _("explanation"),
        blank=True,
        help_text=_("Shown to the learner after answering: why the answer is right."),
    )

    objects = QuestionQuerySet.as_manager()

    class Meta:
        ordering = ["quiz", "position"]
        verbose_name = _("question")
        verbose_name_plural = _("questions")
        constraints = [
            models.UniqueConstraint(fields=["quiz", "position"], name="question_position_unique_in_quiz"),
            models.UniqueConstraint(fields=["quiz", "key"], name="question_key_unique_in_quiz"),
            models.CheckConstraint(
                condition=Q(position__gte=1),
                name="question_position_positive",
                violation_error_message=_("Positions start at 1."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.position}. {self.text}"

    def correct_choice(self) -> "Choice | None":
        """The question's correct choice, or None while an author has not marked one.

        Uses the prefetched ``choices`` when present, so a page that lists questions stays at one query.
        """
        return next((choice for choice in self.choices.all() if choice.is_correct), None)


class ChoiceQuerySet(PositionedQuerySet):
    def with_pick_count(self) -> "ChoiceQuerySet":
        """Annotate ``pick_count`` (int): how many learners' answers picked each choice, all attempts."""
        return self.annotate(pick_count=Count("answers"))


class Choice(models.Model):
    """A possible answer to a question. Exactly one choice of a question is correct.

    ``key`` names it in quiz files (unique within the question), as ``Question.key`` does.

    The database allows at most one correct choice per question (a conditional unique constraint); the rule
    "at least two choices, exactly one correct" is ``quizzes.rules.check_choices``, which the admin's choices
    formset applies to all of a question's submitted choices, so that an author can move the mark in one save.
    """

    question = models.ForeignKey(Question, on_delete=models.CASCADE, related_name="choices", verbose_name=_("question"))
    key = models.SlugField(
        _("key"),
        max_length=MAX_KEY_LENGTH,
        db_index=False,  # the unique constraint with the parent indexes it
        default=new_key,
        help_text=_("Names the choice in quiz files; unique within the question."),
    )
    position = models.PositiveIntegerField(_("position"), validators=[MaxValueValidator(MAX_POSITION)])
    text = models.CharField(_("text"), max_length=500)
    is_correct = models.BooleanField(_("correct"), default=False)

    objects = ChoiceQuerySet.as_manager()

    class Meta:
        ordering = ["question", "position"]
        verbose_name = _("choice")
        verbose_name_plural = _("choices")
        constraints = [
            models.UniqueConstraint(fields=["question", "position"], name="choice_position_unique_in_question"),
            models.UniqueConstraint(fields=["question", "key"], name="choice_key_unique_in_question"),
            models.UniqueConstraint(
                fields=["question"], condition=Q(is_correct=True), name="one_correct_choice_per_question"
            ),
            models.CheckConstraint(
                condition=Q(position__gte=1),
                name="choice_position_positive",
                violation_error_message=_("Positions start at 1."),
            ),
        ]

    def __str__(self) -> str:
        return self.text


# Attempts and answers live in their own module; Django finds them here, and callers import them from here.
from quizzes.attempts import Answer, Attempt, AttemptQuerySet  # noqa: E402

__all__ = [
    "MAX_KEY_LENGTH",
    "MAX_POSITION",
    "Answer",
    "Attempt",
    "AttemptQuerySet",
    "Choice",
    "ChoiceQuerySet",
    "Difficulty",
    "PositionedQuerySet",
    "Question",
    "QuestionQuerySet",
    "Quiz",
    "QuizQuerySet",
    "new_key",
]
