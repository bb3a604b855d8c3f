"""Where a learner (or a guest) stands in many quizzes at once: the quiz cards' status and "My progress".

``learner_progress`` (``quizzes.progress``) reads one quiz in depth for its own pages; this module reads a list of
quizzes in a fixed number of queries, whatever their number and the number of attempts, so that a page that
lists quizzes makes no query per card.
"""

import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db.models import Count

from quizzes import scoring
from quizzes.models import Question
from quizzes.progress import owner_ids
from quizzes.summaries import AttemptSummary, attempt_summaries


@dataclass(frozen=True)
class Standing:
    """A learner's attempts at one quiz, as lists show them.

    Attributes:
        quiz_id: the quiz's primary key (int).
        question_count: the quiz's current number of questions (int): M in "Question N of M" while unfinished;
            0 when the learner has no attempt at the quiz (then it is not read).
        unfinished: the unfinished attempt (``quizzes.summaries.AttemptSummary``), or None.
        finished: the finished attempts, newest first (each an ``AttemptSummary``: its score and total are
            ``score`` and ``question_count``).
    """

    quiz_id: int
    question_count: int
    unfinished: AttemptSummary | None = None
    finished: tuple[AttemptSummary, ...] = field(default=())

    @property
    def status(self) -> str:
        """``"unfinished"`` while an attempt is being taken (whatever came before), else ``"finished"`` after at
        least one finished attempt, else ``"not_started"``."""
        if self.unfinished is not None:
            return "unfinished"
        return "finished" if self.finished else "not_started"

    @property
    def number(self) -> int | None:
        """N in "Question N of M" for the unfinished attempt (int): its answers come first in the learner's
        numbering (``Progress.number_of``), so the next question is number answers + 1. None without an
        unfinished attempt, or when it has answered every question (an author removed the ones left)."""
        if self.unfinished is None:
            return None
        return scoring.next_number(
            answered=self.unfinished.answered_count, question_count=self.question_count, finished=False
        )

    @property
    def is_completed(self) -> bool:
        """Whether the learner completed the quiz (``quizzes.scoring.completed``): a finished attempt passed, or was
        finished without a pass mark; a retake under way keeps it so. "My progress" and the cards count it."""
        return any(attempt.is_completed for attempt in self.finished)

    @property
    def pass_status(self) -> str | None:
        """What the cards say of the pass mark: ``"passed"`` when a finished attempt passed, else ``"not_passed"``
        when a finished attempt had a pass mark (each attempt keeps the one it started with), else None (nothing
        finished, or no pass mark to meet)."""
        if any(attempt.passed for attempt in self.finished):
            return "passed"
        if any(attempt.pass_mark is not None for attempt in self.finished):
            return "not_passed"
        return None

    @property
    def last(self) -> AttemptSummary | None:
        """The latest finished attempt, or None."""
        return self.finished[0] if self.finished else None

    @property
    def best(self) -> AttemptSummary | None:
        """The finished attempt with the best share of correct answers (the earliest of equals), or None."""
        if not self.finished:
            return None
        # Newest first: ``max`` keeps the first of equals, so reversed for the earliest.
        return max(reversed(self.finished), key=lambda attempt: attempt.score / max(attempt.question_count, 1))


def learner_standings(
    *,
    learner: AbstractBaseUser | AnonymousUser,
    quiz_ids: Iterable[int],
    guest: uuid.UUID | None = None,
    question_counts: dict[int, int] | None = None,
) -> dict[int, Standing]:
    """Where the learner (or the guest) stands in each quiz of ``quiz_ids``.

    Args:
        learner: the request's user (``learner_attempts``).
        quiz_ids: primary keys of quizzes (ints), published or not.
        guest: the session's guest id for a visitor who is not logged in (``quizzes.guests.session_guest``).
        question_counts: ``{quiz id: number of questions}`` for every id of ``quiz_ids``, when the caller has them
            (the cards of ``quizzes.catalogue``): they are then not read.

    Returns:
        ``{quiz_id: Standing}`` with an entry for every id of ``quiz_ids``. Two queries (the attempts with their
        scores, ``quizzes.summaries.attempt_summaries``; the question counts of the quizzes they have attempts
        at, unless given), fewer when there is nothing to read (none for a visitor who is neither logged in nor a
        guest), whatever the number of quizzes and attempts.
        Closed attempts are left out, as on every learner page.
    """
    quiz_ids = list(dict.fromkeys(quiz_ids))
    if not quiz_ids or not (learner.is_authenticated or guest is not None):
        return {quiz_id: Standing(quiz_id=quiz_id, question_count=0) for quiz_id in quiz_ids}
    by_quiz: dict[int, list[AttemptSummary]] = {quiz_id: [] for quiz_id in quiz_ids}
    for attempt in attempt_summaries(quiz_ids=quiz_ids, **owner_ids(learner, guest)):
        by_quiz[attempt.quiz_id].append(attempt)
    counts = question_counts
    if counts is None:
        counts = dict(
            Question.objects.filter(quiz_id__in=[quiz_id for quiz_id, found in by_quiz.items() if found])
            # Without the default ordering, which would split each quiz's group per question.
            .order_by()
            .values("quiz_id")
            .annotate(count=Count("pk"))
            .values_list("quiz_id", "count")
        )
    return {
        quiz_id: Standing(
            quiz_id=quiz_id,
            question_count=counts.get(quiz_id, 0),
            unfinished=next((attempt for attempt in found if not attempt.is_finished), None),
            finished=tuple(attempt for attempt in found if attempt.is_finished),
        )
        for quiz_id, found in by_quiz.items()
    }
