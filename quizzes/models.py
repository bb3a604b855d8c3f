from collections.abc import Sequence

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models, transaction
from django.db.models import Count, F, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from quizsite.fields import limited_text_field
from quizsite.querysets import PublishableQuerySet, TranslatedQuerySet
from quizzes.keys import MAX_KEY_LENGTH, MAX_POSITION, Difficulty, key_field, new_key
from quizzes.kinds import QuestionKind
from quizzes.modes import MAX_TIME_LIMIT, QuizMode
from translations.facts import FALLBACK_LANGUAGE, falls_back, translated_fields
from translations.tracking import TranslationTracked


class QuizQuerySet(PublishableQuerySet, TranslatedQuerySet):
    """Quizzes: ``published()`` and ``visible_to(user)`` (``PublishableQuerySet``), and counts."""

    def with_question_count(self) -> "QuizQuerySet":
        """Annotate each quiz with ``question_count`` (int), in the same query.

        A subquery per quiz rather than a join grouped over every quiz: a page of 24 quizzes out of thousands
        (the home page) counts the questions of its 24 only, and its paginator's ``count()`` drops the unused
        annotation.
        """
        questions = Question.objects.filter(quiz=OuterRef("pk")).order_by().values("quiz")
        return self.annotate(
            question_count=Coalesce(Subquery(questions.annotate(count=Count("pk")).values("count")), 0)
        )


class Quiz(TranslationTracked, models.Model):
    """A short quiz of multiple-choice questions, linked to the guides it tests.

    Each text's longest length, in characters per language, is its field's ``max_length`` (here and on
    ``Question`` and ``Choice``): the admin, quiz files and PO files read it there (README, "Authoring").

    ``title`` and ``description`` are translated (``quizzes/translation.py``); the slug is not, so a quiz's
    address does not depend on the language.
    """

    slug = models.SlugField(_("slug"), max_length=100, unique=True)
    title = models.CharField(_("title"), max_length=200)
    description = limited_text_field(_("description"), max_length=2_000, blank=True)
    difficulty = models.CharField(_("difficulty"), max_length=10, choices=Difficulty.choices, default=Difficulty.MEDIUM)
    guides = models.ManyToManyField(
        "guides.Guide", related_name="quizzes", blank=True, verbose_name=_("related guides")
    )
    published = models.BooleanField(_("published"), default=False)
    # Each attempt takes these as they are when it starts (``Attempt``), so that a change never reorders or
    # re-judges an attempt under way or finished.
    shuffle_choices = models.BooleanField(
        _("shuffle choices"),
        default=True,
        help_text=_("Each attempt shows each question's choices in its own order; pinned choices stay in place."),
    )
    shuffle_questions = models.BooleanField(
        _("shuffle questions"), default=False, help_text=_("Each attempt asks the questions in its own order.")
    )
    pass_mark = models.PositiveSmallIntegerField(
        _("pass mark"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(100)],
        help_text=_("The score, in percent, from which an attempt passes; leave empty for no pass mark."),
    )
    mode = models.CharField(
        _("mode"),
        max_length=10,
        choices=QuizMode.choices,
        default=QuizMode.PRACTICE,
        help_text=_("How learners take the quiz; an attempt keeps the mode it started with."),
    )
    time_limit = models.PositiveSmallIntegerField(
        _("time limit (minutes)"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_TIME_LIMIT)],
        help_text=_(
            "Exams only: the minutes each attempt has, from its start; leave empty for no limit. Give a learner more "
            "time, or none, under Accommodations."
        ),
    )

    objects = QuizQuerySet.as_manager()

    class Meta:
        ordering = ["title", "slug"]
        verbose_name = _("quiz")
        verbose_name_plural = _("quizzes")
        constraints = [
            models.CheckConstraint(condition=Q(difficulty__in=Difficulty.values), name="quiz_difficulty_valid"),
            models.CheckConstraint(
                condition=Q(pass_mark__isnull=True) | Q(pass_mark__gte=1, pass_mark__lte=100),
                name="quiz_pass_mark_percentage",
                violation_error_message=_("A pass mark is a percentage from 1 to 100."),
            ),
            models.CheckConstraint(condition=Q(mode__in=QuizMode.values), name="quiz_mode_valid"),
            models.CheckConstraint(
                condition=Q(time_limit__isnull=True)
                | Q(mode=QuizMode.EXAM, time_limit__gte=1, time_limit__lte=MAX_TIME_LIMIT),
                name="quiz_time_limit_of_exam",
                violation_error_message=_("A time limit is for exams only, from 1 to 1440 minutes."),
            ),
        ]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("quizzes:detail", kwargs={"slug": self.slug})


class PositionedQuerySet(TranslatedQuerySet):
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
    """A quiz's questions (the answer statistics are counted in ``quizzes.statistics``)."""


class Question(TranslationTracked, models.Model):
    """One question of a quiz, at ``position`` 1..N (unique within the quiz), with its choices.

    ``key`` names it in quiz files (unique within the quiz), so a file can reorder questions and still update the
    ones learners answered; positions change, keys do not.

    No ``get_absolute_url``: a question's page is addressed by the number a learner sees for it, which can differ
    from its position after an author reorders mid-attempt (``quizzes.progress.Progress.url_of``).
    """

    # No index of its own: the unique constraints' indexes on (quiz, position) and (quiz, key) lead with it.
    quiz = models.ForeignKey(
        Quiz, on_delete=models.CASCADE, db_index=False, related_name="questions", verbose_name=_("quiz")
    )
    key = key_field(_("Names the question in quiz files; unique within the quiz."))
    kind = models.CharField(_("kind"), max_length=12, choices=QuestionKind.choices, default=QuestionKind.SINGLE)
    position = models.PositiveIntegerField(_("position"), validators=[MaxValueValidator(MAX_POSITION)])
    text = limited_text_field(_("text"), max_length=1_000)
    explanation = limited_text_field(
        _("explanation"),
        max_length=2_000,
        blank=True,
        help_text=_("Shown to the learner after answering: why the answer is right."),
    )

    objects = QuestionQuerySet.as_manager()

    class Meta:
        # By the column, not by the quiz's own ordering (its title), which would join quizzes only to sort.
        ordering = ["quiz_id", "position"]
        verbose_name = _("question")
        verbose_name_plural = _("questions")
        constraints = [
            models.UniqueConstraint(fields=["quiz", "position"], name="question_position_unique_in_quiz"),
            models.UniqueConstraint(fields=["quiz", "key"], name="question_key_unique_in_quiz"),
            models.CheckConstraint(condition=Q(kind__in=QuestionKind.values), name="question_kind_valid"),
            models.CheckConstraint(
                condition=Q(position__gte=1),
                name="question_position_positive",
                violation_error_message=_("Positions start at 1."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.position}. {self.text}"

    def correct_choice(self) -> "Choice | None":
        """The question's first correct choice, or None while an author has not marked one (a multiple-answer
        question has several: ``correct_choices``); the prefetched ``choices`` when present (no query)."""
        return next((choice for choice in self.choices.all() if choice.is_correct), None)

    def correct_choices(self) -> list["Choice"]:
        """The question's correct choices in position order (the prefetched ``choices`` when present)."""
        return [choice for choice in self.choices.all() if choice.is_correct]

    def is_translated(self, language: str | None = None) -> bool:
        """Tell whether a learner reads the whole question in ``language``: its text, its explanation and every
        choice's text, none of them shown in the fallback language instead (the one fallback rule,
        ``translations.facts.falls_back``).

        Args:
            language: a code from ``settings.LANGUAGES``; the active language when None. Always True in the
                fallback language, English.

        Uses the prefetched ``choices`` when present (the quiz page counts its questions with no query).
        """
        language = language or get_language() or FALLBACK_LANGUAGE
        if any(falls_back(self, field, language) for field in translated_fields(Question)):
            return False
        return not any(
            falls_back(choice, field, language) for choice in self.choices.all() for field in translated_fields(Choice)
        )


class ChoiceQuerySet(PositionedQuerySet):
    """A question's choices."""


class Choice(TranslationTracked, models.Model):
    """A possible answer to a question; how many of a question's choices are correct depends on its kind.

    ``key`` names it in quiz files (unique within the question), as ``Question.key`` does. ``pinned``: it keeps
    its place when the quiz shuffles choices ("None of the above" stays last; ``quizzes.arrangement``).

    The rule of how many choices and how many correct, per kind, is ``quizzes.rules.check_choices``, which the
    admin's choices formset applies to all of a question's submitted choices (so that an author can move the mark in
    one save) and the importer to a file's. A true-or-false question's two choices are the site's
    (``quizzes.kinds.true_false_rows``): empty texts, labelled by the site in every language.
    """

    # No index of its own: the unique constraints' indexes on (question, position) and (question, key) lead with it.
    question = models.ForeignKey(
        Question, on_delete=models.CASCADE, db_index=False, related_name="choices", verbose_name=_("question")
    )
    key = key_field(_("Names the choice in quiz files; unique within the question."))
    position = models.PositiveIntegerField(_("position"), validators=[MaxValueValidator(MAX_POSITION)])
    text = models.CharField(_("text"), max_length=500)
    is_correct = models.BooleanField(_("correct"), default=False)
    pinned = models.BooleanField(
        _("pinned"), default=False, help_text=_("Stays in its place when the choices are shuffled.")
    )

    objects = ChoiceQuerySet.as_manager()

    class Meta:
        # By the column, not by the question's own ordering, which would join questions and quizzes only to sort.
        ordering = ["question_id", "position"]
        verbose_name = _("choice")
        verbose_name_plural = _("choices")
        constraints = [
            models.UniqueConstraint(fields=["question", "position"], name="choice_position_unique_in_question"),
            models.UniqueConstraint(fields=["question", "key"], name="choice_key_unique_in_question"),
            models.CheckConstraint(
                condition=Q(position__gte=1),
                name="choice_position_positive",
                violation_error_message=_("Positions start at 1."),
            ),
        ]

    def __str__(self) -> str:
        return self.text


# Attempts and answers live in their own module; Django finds them here, and callers import them from here.
from quizzes.accommodations import Accommodation  # noqa: E402
from quizzes.answers import Answer  # noqa: E402
from quizzes.attempts import Attempt, AttemptQuerySet, Guest, counted_in_statistics  # noqa: E402
from quizzes.regrades import Regrade, RegradedAnswer  # noqa: E402
from quizzes.versions import ContentVersion  # noqa: E402

__all__ = (
    ["Accommodation", "MAX_KEY_LENGTH", "MAX_POSITION", "Answer", "counted_in_statistics", "Attempt"]
    + ["AttemptQuerySet", "Choice", "ChoiceQuerySet", "ContentVersion", "Difficulty", "Guest"]
    + ["PositionedQuerySet", "Question", "QuestionQuerySet", "Quiz", "QuizQuerySet", "Regrade"]
    + ["RegradedAnswer", "new_key"]
)
