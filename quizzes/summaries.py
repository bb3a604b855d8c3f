"""What lists and results pages read of a learner's attempts: each with its counts (score, answers), in one query
per page (``results_state`` for one quiz's results, ``attempt_summaries`` for many quizzes' cards and "My
progress"). Practice rounds (``quizzes.rounds``) are not attempts at the quiz: neither reads them."""

import uuid
from dataclasses import dataclass
from datetime import datetime

from django.db import connection
from django.utils import timezone

from quizzes import scoring
from quizzes.learner_state import ANSWER_TABLE, ATTEMPT_TABLE, VERSION_SQL, moment, owner_column
from quizzes.models import Quiz
from quizzes.modes import QuizMode, is_expired


@dataclass(frozen=True, slots=True)
class AttemptSummary:
    """An attempt as lists show it (results, cards, "My progress"): its ``pk``, ``quiz_id``, ``finished_at`` (None
    while unfinished) and counts (``correct_count``, ``answer_count``); ``score``, ``question_count`` and
    ``score_percent`` of a finished attempt follow ``quizzes.scoring``, as do ``passed`` and ``is_completed`` by the
    ``pass_mark`` it started with (a percentage, or None)."""

    pk: int
    quiz_id: int
    finished_at: datetime | None
    correct_count: int
    answer_count: int
    pass_mark: int | None = None
    mode: str = QuizMode.PRACTICE
    deadline: datetime | None = None

    @property
    def is_expired(self) -> bool:
        """Whether it is an exam under way whose time ran out (``quizzes.modes.is_expired``): lists say so; the
        quiz's pages submit it (``quizzes.exams``)."""
        return not self.is_finished and is_expired(self.deadline, timezone.now())

    @property
    def is_exam(self) -> bool:
        """Whether it is an exam (``quizzes.modes``): under way, lists say how many questions it answered, not which
        question comes next, and nothing of its score."""
        return self.mode == QuizMode.EXAM

    @property
    def is_finished(self) -> bool:
        return self.finished_at is not None

    @property
    def score(self) -> int:
        return self.correct_count

    @property
    def answered_count(self) -> int:
        return self.answer_count

    @property
    def question_count(self) -> int:
        """A finished attempt's total (``quizzes.scoring.total``); an unfinished one's is the quiz's number of
        questions, which lists read with the quiz (``quizzes.standings.Standing.question_count``)."""
        return scoring.total(finished=True, answered=self.answer_count, question_count=0)

    @property
    def score_percent(self) -> int:
        return scoring.percent(self.score, self.question_count)

    @property
    def passed(self) -> bool | None:
        """Whether this finished attempt passed (``quizzes.scoring.passed``); None while unfinished or without a
        pass mark."""
        if not self.is_finished:
            return None
        return scoring.passed(self.score, self.question_count, self.pass_mark)

    @property
    def is_completed(self) -> bool:
        """Whether it completes its quiz (``quizzes.scoring.completed``): passed, or finished without a pass mark."""
        return scoring.completed(finished=self.is_finished, passed=self.passed)


@dataclass(frozen=True, slots=True)
class ResultsState:
    """What ``results_state`` read: the quiz's ``pk``, ``published`` flag and the content ``version``; the owner's
    ``finished`` attempts, newest first; whether they have an unfinished one (``has_unfinished``)."""

    quiz_pk: int
    published: bool
    version: str | None
    finished: tuple[AttemptSummary, ...]
    has_unfinished: bool


_RESULTS = (
    f"SELECT quiz.id, quiz.published, {VERSION_SQL}, attempt.id, attempt.finished_at, "
    f"{scoring.score_sql(answers=ANSWER_TABLE, attempt='attempt')}, "
    f"(SELECT COUNT(*) FROM {ANSWER_TABLE} answer WHERE answer.attempt_id = attempt.id), attempt.pass_mark "
    f"FROM {Quiz._meta.db_table} quiz "
    f"LEFT JOIN {ATTEMPT_TABLE} attempt ON attempt.quiz_id = quiz.id AND attempt.{{owner}} = %s "
    "AND attempt.closed_at IS NULL AND attempt.practice_of_id IS NULL "
    "WHERE quiz.slug = %s ORDER BY attempt.finished_at DESC, attempt.id DESC"
)
_RESULTS_BY_OWNER = {
    "learner": _RESULTS.format(owner="learner_id"),
    "guest": _RESULTS.format(owner="guest_id"),
    # No owner: matched against NULL, which nothing equals.
    None: _RESULTS.format(owner="id"),
}


def results_state(*, slug: str, learner_id: int | None = None, guest: uuid.UUID | None = None) -> ResultsState | None:
    """Read quiz ``slug``'s id, the content version and the owner's attempts at it with their scores: one query.

    Args:
        slug, learner_id, guest: as for ``quiz_state``.

    Returns:
        A ``ResultsState``, or None when no quiz has this slug. Closed attempts are left out.
    """
    owner, value = owner_column(learner_id, guest)
    with connection.cursor() as cursor:
        cursor.execute(_RESULTS_BY_OWNER[owner], [value, slug])
        rows = cursor.fetchall()
    if not rows:
        return None
    quiz_pk, published, version = rows[0][:3]
    finished = tuple(
        AttemptSummary(row[3], quiz_pk, moment(row[4]), row[5], row[6], row[7]) for row in rows if row[4] is not None
    )
    has_unfinished = any(row[3] is not None and row[4] is None for row in rows)
    return ResultsState(quiz_pk, bool(published), version, finished, has_unfinished)


_COUNTS = (
    f"{scoring.score_sql(answers=ANSWER_TABLE, attempt='attempt')}, "
    f"(SELECT COUNT(*) FROM {ANSWER_TABLE} answer WHERE answer.attempt_id = attempt.id)"
)
_SUMMARIES = (
    f"SELECT attempt.id, attempt.quiz_id, attempt.finished_at, {_COUNTS}, attempt.pass_mark, attempt.mode, "
    "attempt.deadline "
    f"FROM {ATTEMPT_TABLE} attempt "
    "WHERE attempt.{owner} = %s AND attempt.closed_at IS NULL AND attempt.practice_of_id IS NULL "
    "AND attempt.quiz_id IN ({quizzes}) "
    "ORDER BY attempt.finished_at DESC, attempt.id DESC"
)


def attempt_summaries(
    *, quiz_ids: list[int], learner_id: int | None = None, guest: uuid.UUID | None = None
) -> list[AttemptSummary]:
    """The owner's attempts at the quizzes ``quiz_ids`` with their counts, unfinished and finished, without closed
    ones, newest finished first (an unfinished one's place among them is the database's): one query, none without
    an owner or quizzes.

    Args:
        quiz_ids: primary keys of quizzes (ints).
        learner_id, guest: as for ``quiz_state``.
    """
    owner, value = owner_column(learner_id, guest)
    if owner is None or not quiz_ids:
        return []
    sql = _SUMMARIES.format(owner=f"{owner}_id", quizzes=", ".join(["%s"] * len(quiz_ids)))
    with connection.cursor() as cursor:
        cursor.execute(sql, [value, *quiz_ids])
        return [AttemptSummary(row[0], row[1], moment(row[2]), *row[3:7], moment(row[7])) for row in cursor.fetchall()]
