"""A learner's progress across guides: what "My progress" shows, read in a fixed number of queries.

``quizzes.standings`` says where a learner stands in each quiz; this module groups the quizzes they started by
guide, with each guide's published quizzes (what is left to do) and how many of them the learner completed.
"""

from dataclasses import dataclass

from django.contrib.auth.base_user import AbstractBaseUser
from django.db.models import Exists, OuterRef, Prefetch

from guides.models import Guide
from quizzes.models import Quiz
from quizzes.progress import learner_attempts
from quizzes.rounds import practice_rounds
from quizzes.standings import Standing, learner_standings
from quizzes.summaries import AttemptSummary


@dataclass(frozen=True)
class QuizProgress:
    """One quiz as "My progress" lists it.

    Attributes:
        quiz: the quiz; it may be unpublished when the learner started it before (then only its finished
            results are shown, without a way back to its page).
        standing: where the learner stands in it (``quizzes.standings.Standing``).
        rounds: their practice rounds of its missed questions (``quizzes.rounds.practice_rounds``), listed apart:
            not attempts at the quiz, they change none of the above.
    """

    quiz: Quiz
    standing: Standing
    rounds: tuple[AttemptSummary, ...] = ()

    @property
    def is_completed(self) -> bool:
        """Whether the learner completed the quiz: passed it, or finished it when it had no pass mark
        (``Standing.is_completed``, ``quizzes.scoring.completed``); a retake under way keeps it so."""
        return self.standing.is_completed


@dataclass(frozen=True)
class GuideProgress:
    """One section of "My progress": a guide with its quizzes, or the quizzes started in no guide.

    Attributes:
        guide: a published guide, or None for the last section, "Other quizzes".
        quizzes: for a guide, all its published quizzes in the order its page lists them, started or not; for
            "Other quizzes", the started quizzes that no guide section lists (those in no published guide, and
            those no longer published), in title order.
    """

    guide: Guide | None
    quizzes: tuple[QuizProgress, ...]

    @property
    def completed_count(self) -> int:
        """How many of ``quizzes`` the learner completed (int): the 2 of "2 of 3 quizzes completed"."""
        return sum(1 for quiz_progress in self.quizzes if quiz_progress.is_completed)

    @property
    def total(self) -> int:
        """How many quizzes the section lists (int): for a guide, its published quizzes, the 3 of "2 of 3"."""
        return len(self.quizzes)


def learner_overview(*, learner: AbstractBaseUser) -> tuple[GuideProgress, ...]:
    """Every quiz ``learner`` started, grouped by guide, with where they stand in each.

    A quiz counts as started when the learner has an attempt at it (a practice round is none), finished or not;
    closed attempts are left out, as on every learner page (``quizzes.progress.learner_attempts``). A started quiz
    that is published appears under every published guide that holds it, next to that guide's other published
    quizzes, so that the learner sees what is left; the started quizzes that no guide section lists come last, in a
    section without a guide.

    Args:
        learner: a logged-in learner (the page requires login; guests have no progress page).

    Returns:
        The sections in order: published guides holding a started published quiz, in the guides' order, then
        the section without a guide when it lists anything. Empty when the learner started nothing. Six
        queries, one when the learner started nothing, whatever the number of guides, quizzes, attempts and practice
        rounds: the started quizzes, the guides, the guides' published quizzes, the two of ``learner_standings``,
        then the practice rounds (``quizzes.rounds.practice_rounds``).
    """
    attempts = learner_attempts(learner=learner).of_quiz()
    started = list(Quiz.objects.filter(Exists(attempts.filter(quiz=OuterRef("pk")))))
    if not started:
        return ()
    started_published = [quiz.pk for quiz in started if quiz.published]
    guides = list(
        Guide.objects.published()
        .filter(pk__in=Quiz.guides.through.objects.filter(quiz_id__in=started_published).values("guide_id"))
        .prefetch_related(Prefetch("quizzes", queryset=Quiz.objects.published(), to_attr="published_quizzes"))
    )
    in_guides = {quiz.pk for guide in guides for quiz in guide.published_quizzes}
    others = [quiz for quiz in started if quiz.pk not in in_guides]
    standings = learner_standings(learner=learner, quiz_ids=[*in_guides, *(quiz.pk for quiz in others)])
    rounds = practice_rounds(learner_id=learner.pk, quiz_ids=[quiz.pk for quiz in started])

    def section(guide: Guide | None, quizzes: list[Quiz]) -> GuideProgress:
        return GuideProgress(
            guide=guide,
            quizzes=tuple(QuizProgress(quiz, standings[quiz.pk], rounds.get(quiz.pk, ())) for quiz in quizzes),
        )

    sections = [section(guide, guide.published_quizzes) for guide in guides]
    if others:
        sections.append(section(None, others))
    return tuple(sections)
