"""Learners' attempts at quizzes and their answers; re-exported by ``quizzes.models``, where Django finds them.

The content models are referred to by name ("quizzes.Question") so that this module does not import
``quizzes.models``, which imports it.
"""

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Count, Q
from django.utils.translation import gettext_lazy as _

from quizsite.timezones import format_moment
from quizzes import scoring
from quizzes.arrangement import Arrangement
from quizzes.guest_model import Guest
from quizzes.kinds import chosen_pks
from quizzes.modes import QuizMode


def counted_in_statistics(answers: str = "answers", *, unanswered: bool | None = False) -> Q:
    """The rule for which answers the authors' answer statistics count: those of learners with an account, in
    attempts at the quiz, as final.

    Guests' answers are left out: anyone can send them without an account, and they are deleted when the
    guest's session expires (``manage.py clearguests``), which would make the numbers shrink. They count from
    the moment the guest signs up or logs in, when their attempts join the account (README, "Guests").
    Practice rounds of missed questions are not attempts at the quiz (``quizzes.rounds``). An exam's answers count
    as they were at submission: not while it is under way (they may still change), and not the empty answers of
    questions left unanswered (``quizzes.modes``).

    Args:
        answers: the lookup path from the model being annotated to ``Answer`` (``"answers"`` from a question or
            a choice; ``""`` from ``Answer`` itself).
        unanswered: True: the empty answers instead (questions that submitted exams left unanswered); None: both.

    Returns:
        A ``Q`` for the ``filter`` of a ``Count`` over ``answers``.
    """
    prefix = f"{answers}__" if answers else ""
    attempt = f"{prefix}attempt__"
    final = Q(**{f"{attempt}mode": QuizMode.PRACTICE}) | Q(**{f"{attempt}finished_at__isnull": False})
    counted = Q(**{f"{attempt}learner__isnull": False, f"{attempt}practice_of__isnull": True}) & final
    empty = Q(**{f"{prefix}chosen": ""})
    return counted if unanswered is None else counted & (empty if unanswered else ~empty)


def new_seed() -> int:
    """A fresh attempt's seed (``Attempt.seed``): a random int below 2**31, which orders its shuffled questions and
    choices (``quizzes.arrangement``)."""
    return secrets.randbelow(2**31)


class AttemptQuerySet(models.QuerySet):
    def of_quiz(self) -> "AttemptQuerySet":
        """Attempts at their quiz, without practice rounds (``Attempt.practice_of``): what results, passes, "My
        progress" completion and the answer statistics count."""
        return self.filter(practice_of__isnull=True)

    def unfinished(self) -> "AttemptQuerySet":
        """Attempts still being taken: neither finished nor closed."""
        return self.filter(finished_at__isnull=True, closed_at__isnull=True)

    def finished(self) -> "AttemptQuerySet":
        return self.filter(finished_at__isnull=False)

    def not_closed(self) -> "AttemptQuerySet":
        """Attempts a learner sees: finished or unfinished, without those closed when a guest's attempts joined
        their account (``Attempt.closed_at``)."""
        return self.filter(closed_at__isnull=True)

    def of_learners(self) -> "AttemptQuerySet":
        """Attempts of learners with an account, without guests' (``counted_in_statistics``)."""
        return self.filter(learner__isnull=False)

    def with_score(self) -> "AttemptQuerySet":
        """Annotate ``correct_count`` (correct answers) and ``answer_count`` (all answers), ints, in one query.

        ``quizzes.scoring.score`` counted by the database: for a finished attempt these are its score and total
        (``quizzes.scoring.total``).
        """
        return self.annotate(
            correct_count=scoring.score_annotation(),
            answer_count=Count("answers"),
        )


class Attempt(models.Model):
    """One run of a learner through a quiz, from start to the last answer.

    Its owner is either a learner (an account) or a guest (``Guest``), never both. Each has at most one
    unfinished attempt per quiz (conditional unique constraints); finished attempts are kept, so a retake adds a
    new one.

    A closed attempt (``closed_at``) is one that stopped unfinished because another attempt at the same quiz took
    its place: when a guest logs in to an account that had an unfinished attempt at a quiz the guest had started
    too, the one further along goes on and the other is closed (``quizzes.guests.guest_attempts_join``). Closed
    attempts take no more answers and are not shown to their learner; their answers stay in the statistics and
    in the learner's data export.

    How it is taken (``mode``, ``quizzes.modes``): in practice each answer is final when given; in an exam answers
    may change until the learner submits (``quizzes.exams``), which gives every question left unanswered an empty,
    wrong answer, so a submitted exam answered every question it asked. A timed exam's ``deadline`` is fixed at its
    start (``quizzes.accommodations`` may move it); past it, the attempt is submitted as it stands.

    A practice round (``practice_of``, ``quizzes.rounds``) asks again the questions an earlier attempt missed
    (``round_questions``); it is not an attempt at the quiz: results, passes, statistics and completion leave it out
    (``AttemptQuerySet.of_quiz``).

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
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="attempts",
        verbose_name=_("learner"),
    )
    guest = models.ForeignKey(
        Guest, on_delete=models.CASCADE, null=True, blank=True, related_name="attempts", verbose_name=_("guest")
    )
    quiz = models.ForeignKey("quizzes.Quiz", on_delete=models.CASCADE, related_name="attempts", verbose_name=_("quiz"))
    language = models.CharField(_("language"), max_length=10, choices=settings.LANGUAGES)
    started_at = models.DateTimeField(_("started"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    closed_at = models.DateTimeField(_("closed"), null=True, blank=True)
    # The quiz's settings when the attempt started, and the seed of its own order: an author's later change of the
    # settings neither reorders nor re-judges it (``quizzes.arrangement``; ``quizzes.scoring.passed``).
    seed = models.PositiveIntegerField(_("order seed"), default=new_seed, editable=False)
    shuffle_choices = models.BooleanField(_("choices shuffled"), default=False, editable=False)
    shuffle_questions = models.BooleanField(_("questions shuffled"), default=False, editable=False)
    pass_mark = models.PositiveSmallIntegerField(_("pass mark"), null=True, blank=True, editable=False)
    # How it is taken (``quizzes.modes``), fixed at its start; an exam's deadline, None without a time limit, moved
    # only by an accommodation (``quizzes.accommodations``); the questions the learner flagged for review ("12,15").
    mode = models.CharField(
        _("mode"), max_length=10, choices=QuizMode.choices, default=QuizMode.PRACTICE, editable=False
    )
    time_limit = models.PositiveSmallIntegerField(_("time limit (minutes)"), null=True, blank=True, editable=False)
    deadline = models.DateTimeField(_("deadline"), null=True, blank=True, editable=False)
    flagged = models.TextField(_("flagged for review"), blank=True, default="", editable=False)
    # A practice round of the questions an earlier attempt missed (``quizzes.rounds``): not an attempt at the quiz.
    practice_of = models.ForeignKey(
        "self",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="practice_rounds",
        verbose_name=_("practice round of"),
        editable=False,
    )
    round_questions = models.TextField(_("questions of the round"), blank=True, default="", editable=False)

    objects = AttemptQuerySet.as_manager()

    class Meta:
        ordering = ["-started_at", "-pk"]
        verbose_name = _("attempt")
        verbose_name_plural = _("attempts")
        constraints = [
            models.UniqueConstraint(
                fields=["learner", "quiz"],
                condition=Q(finished_at__isnull=True, closed_at__isnull=True, practice_of__isnull=True),
                name="one_unfinished_attempt_per_learner_and_quiz",
            ),
            models.UniqueConstraint(
                fields=["guest", "quiz"],
                condition=Q(finished_at__isnull=True, closed_at__isnull=True, practice_of__isnull=True),
                name="one_unfinished_attempt_per_guest_and_quiz",
            ),
            models.UniqueConstraint(
                fields=["learner", "quiz"],
                condition=Q(finished_at__isnull=True, closed_at__isnull=True, practice_of__isnull=False),
                name="one_unfinished_practice_round_per_learner_and_quiz",
            ),
            models.UniqueConstraint(
                fields=["guest", "quiz"],
                condition=Q(finished_at__isnull=True, closed_at__isnull=True, practice_of__isnull=False),
                name="one_unfinished_practice_round_per_guest_and_quiz",
            ),
            models.CheckConstraint(condition=Q(mode__in=QuizMode.values), name="attempt_mode_valid"),
            models.CheckConstraint(
                condition=Q(practice_of__isnull=True) | Q(mode=QuizMode.PRACTICE), name="practice_round_in_practice"
            ),
            models.CheckConstraint(
                condition=Q(learner__isnull=False, guest__isnull=True) | Q(learner__isnull=True, guest__isnull=False),
                name="attempt_has_one_owner",
            ),
            models.CheckConstraint(
                condition=Q(finished_at__isnull=True) | Q(finished_at__gte=models.F("started_at")),
                name="attempt_finishes_after_start",
            ),
            models.CheckConstraint(
                condition=Q(finished_at__isnull=True) | Q(closed_at__isnull=True),
                name="attempt_finished_or_closed_not_both",
            ),
        ]

    def __str__(self) -> str:
        # The start in the active language's own format and the active zone, labelled ("30 novembre 2026 12:32
        # UTC"): the admin's titles, breadcrumbs and answer rows name attempts by it, in the site's zone.
        return f"{self.learner or self.guest} – {self.quiz} ({format_moment(self.started_at)})"

    @property
    def is_finished(self) -> bool:
        return self.finished_at is not None

    @property
    def is_closed(self) -> bool:
        return self.closed_at is not None

    @property
    def is_exam(self) -> bool:
        return self.mode == QuizMode.EXAM

    @property
    def is_practice_round(self) -> bool:
        return self.practice_of_id is not None

    @property
    def flagged_pks(self) -> tuple[int, ...]:
        """The questions flagged for review (primary keys, ascending)."""
        return chosen_pks(self.flagged)

    @property
    def arrangement(self) -> Arrangement:
        """The order this attempt shows its questions and choices in (``quizzes.arrangement``)."""
        return Arrangement(self.seed, self.shuffle_questions, self.shuffle_choices)

    @property
    def passed(self) -> bool | None:
        """Whether this finished attempt passed (``quizzes.scoring.passed``); None without a pass mark or while
        unfinished. Queries as ``score`` and ``question_count``."""
        if not self.is_finished:
            return None
        return scoring.passed(self.score, self.question_count, self.pass_mark)

    @property
    def score(self) -> int:
        """Number of questions answered correctly (int), as judged when each answer was given or regraded
        (``quizzes.scoring.score``).

        Uses the ``with_score()`` annotation when present, else one query.
        """
        if hasattr(self, "correct_count"):
            return self.correct_count
        return scoring.score(self.answers.values_list("is_correct", flat=True))

    @property
    def answered_count(self) -> int:
        """Number of questions answered so far (int); the ``with_score()`` annotation when present, else a query."""
        if hasattr(self, "answer_count"):
            return self.answer_count
        return self.answers.count()

    @property
    def question_count(self) -> int:
        """The total a learner sees ("3 / 4", "Question 2 of 4"), int (``quizzes.scoring.total``): a finished
        attempt's number of answers; an unfinished one's quiz's current number of questions (one query)."""
        from quizzes.models import Question

        if self.is_finished:
            return scoring.total(finished=True, answered=self.answered_count, question_count=0)
        count = Question.objects.filter(quiz_id=self.quiz_id).count()
        return scoring.total(finished=False, answered=0, question_count=count)

    @property
    def score_percent(self) -> int:
        """The score as a whole percentage of ``question_count`` (``quizzes.scoring.percent``); the results page's
        score card shows it."""
        return scoring.percent(self.score, self.question_count)

    def next_question(self) -> "Question | None":  # noqa: F821 (quizzes.models.Question, imported inside)
        """The question this attempt answers next (``quizzes.scoring.next_question``), or None when none is left;
        two queries. Pages read it from ``quizzes.progress`` instead."""
        from quizzes.models import Question

        questions = {question.pk: question for question in Question.objects.filter(quiz_id=self.quiz_id)}
        ordered = [
            question.pk for question in self.arrangement.questions(sorted(questions.values(), key=lambda q: q.position))
        ]
        answered = self.answers.values_list("question_id", flat=True)
        pk = scoring.next_question(questions=ordered, answered=answered, finished=False)
        return None if pk is None else questions[pk]

    def answers_for_results(self) -> models.QuerySet:
        """This attempt's answers in the order given, with question, choice and the question's choices loaded:
        three queries however many there are (the results page)."""
        return self.answers.select_related("question", "choice").prefetch_related("question__choices")
