"""What a learner's page reads of the learner: one query for the quiz's address, the content version, the learner's
(or guest's) attempt at that quiz and its answers.

The quiz content itself comes from a snapshot (``quizzes.snapshots``) at the version this query returns, so a page
costs this one query beyond the session and the user, whatever the size of the quiz. The query is written in SQL
once, here, because the ORM cannot say "the latest attempt, with its answers, next to one row of another table" in
one statement; it runs unchanged on PostgreSQL and SQLite.
"""

import uuid
from dataclasses import dataclass
from datetime import datetime

from django.db import connection
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from quizzes import scoring
from quizzes.arrangement import Arrangement
from quizzes.kinds import chosen_pks
from quizzes.models import Answer, Attempt, ContentVersion, Quiz

_VERSION = f"(SELECT token FROM {ContentVersion._meta.db_table} WHERE id = 1)"
_ATTEMPT = Attempt._meta.db_table
_ANSWER = Answer._meta.db_table
# What both reads of an attempt select: the quiz, the version, the attempt with its order and pass mark, its answers.
_COLUMNS = (
    f"quiz.id, quiz.published, {_VERSION}, attempt.id, attempt.language, attempt.finished_at, attempt.seed, "
    "attempt.shuffle_questions, attempt.shuffle_choices, attempt.pass_mark, "
    "answer.question_id, answer.chosen, answer.is_correct"
)
# The owner's attempt the pages show: the unfinished one, else the latest finished one; closed ones never.
_LATEST = (
    f"(SELECT latest.id FROM {_ATTEMPT} latest WHERE latest.quiz_id = quiz.id AND latest.{{owner}} = %s "
    "AND latest.closed_at IS NULL ORDER BY latest.finished_at IS NULL DESC, latest.finished_at DESC, latest.id DESC "
    "LIMIT 1)"
)
_SELECT = (
    f"SELECT {_COLUMNS} "
    f"FROM {Quiz._meta.db_table} quiz "
    f"LEFT JOIN {_ATTEMPT} attempt ON attempt.id = {{latest}} "
    f"LEFT JOIN {_ANSWER} answer ON answer.attempt_id = attempt.id "
    "WHERE quiz.slug = %s ORDER BY answer.answered_at, answer.id"
)
_BY_OWNER = {
    "learner": _SELECT.format(latest=_LATEST.format(owner="learner_id")),
    "guest": _SELECT.format(latest=_LATEST.format(owner="guest_id")),
    None: _SELECT.format(latest="NULL"),
}


@dataclass(frozen=True, slots=True)
class AnswerState:
    """One answer of an attempt as the pages need it: which question, which choices were chosen (their primary keys,
    ascending), whether it was right."""

    question_id: int
    chosen: tuple[int, ...]
    is_correct: bool


@dataclass(frozen=True, slots=True)
class AttemptState:
    """The attempt a learner's quiz pages show (``Attempt`` fields, no model instance): ``finished_at`` is None
    while it is being taken; ``answers`` in the order given; the order it shows its quiz in (``arrangement``) and
    the pass mark it started with (``pass_mark``, a percentage or None)."""

    pk: int
    language: str
    finished_at: datetime | None
    answers: tuple[AnswerState, ...]
    arrangement: Arrangement = Arrangement()
    pass_mark: int | None = None

    @property
    def is_finished(self) -> bool:
        return self.finished_at is not None


@dataclass(frozen=True, slots=True)
class QuizState:
    """What ``quiz_state`` read: the quiz's ``pk`` and ``published`` flag, the content ``version`` (None when the
    database has no version row) and the owner's ``attempt`` (None when they have none at this quiz)."""

    quiz_pk: int
    published: bool
    version: str | None
    attempt: AttemptState | None


def _moment(value) -> datetime | None:
    """A timestamp from a cursor: PostgreSQL gives an aware ``datetime``, SQLite the UTC text Django stored."""
    moment = parse_datetime(value) if isinstance(value, str) else value
    if moment is not None and timezone.is_naive(moment):
        moment = timezone.make_aware(moment, timezone.UTC)
    return moment


# The owner's unfinished attempt at the quiz with its answers, its row locked: what an answer is judged on.
_LOCKED = (
    f"SELECT {_COLUMNS} "
    f"FROM {_ATTEMPT} attempt JOIN {Quiz._meta.db_table} quiz ON quiz.id = attempt.quiz_id "
    f"LEFT JOIN {_ANSWER} answer ON answer.attempt_id = attempt.id "
    "WHERE quiz.slug = %s AND attempt.{owner} = %s AND attempt.finished_at IS NULL AND attempt.closed_at IS NULL "
    "ORDER BY answer.answered_at, answer.id FOR UPDATE OF attempt"
)


def quiz_state(
    *, slug: str, learner_id: int | None = None, guest: uuid.UUID | None = None, lock: bool = False
) -> QuizState | None:
    """Read quiz ``slug``'s id, the content version and where its owner stands: one query.

    Args:
        slug: the quiz's slug, from its address.
        learner_id: the logged-in learner's primary key; None for a visitor who is not logged in.
        guest: the session's guest id (``quizzes.guests.session_guest``) for a visitor who is not logged in.
        lock: inside a transaction, lock the owner's unfinished attempt at the quiz as it is read (PostgreSQL;
            SQLite's write transactions are serialised whole), so that concurrent answers to it are judged one after
            the other. A request that waited for the lock reads the answers as they were when it began: one
            committed meanwhile by the request it waited for (a double submit) is then met as a duplicate by the
            database's unique constraint (``IntegrityError``), which the caller takes as "already answered". Without
            an unfinished attempt, the state is read as without ``lock``.

    Returns:
        A ``QuizState``, or None when no quiz has this slug (published or not: the caller decides who sees drafts).
        The attempt is the owner's unfinished attempt, else their latest finished one, never a closed one (as
        ``quizzes.progress.learner_attempts``).
    """
    owner, value = _owner(learner_id, guest)
    sql, params = _BY_OWNER[owner], [slug] if owner is None else [value, slug]
    with connection.cursor() as cursor:
        rows = []
        if lock and owner is not None and connection.features.has_select_for_update_of:
            cursor.execute(_LOCKED.format(owner=f"{owner}_id"), [slug, value])
            rows = cursor.fetchall()
        if not rows:
            cursor.execute(sql, params)
            rows = cursor.fetchall()
    if not rows:
        return None
    quiz_pk, published, version, attempt_pk, language, finished_at = rows[0][:6]
    seed, by_questions, by_choices, pass_mark = rows[0][6:10]
    attempt = None
    if attempt_pk is not None:
        answers = tuple(AnswerState(row[10], chosen_pks(row[11]), bool(row[12])) for row in rows if row[10] is not None)
        arrangement = Arrangement(seed, bool(by_questions), bool(by_choices))
        attempt = AttemptState(attempt_pk, language, _moment(finished_at), answers, arrangement, pass_mark)
    return QuizState(quiz_pk, bool(published), version, attempt)


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
    f"SELECT quiz.id, quiz.published, {_VERSION}, attempt.id, attempt.finished_at, "
    f"{scoring.score_sql(answers=_ANSWER, attempt='attempt')}, "
    f"(SELECT COUNT(*) FROM {_ANSWER} answer WHERE answer.attempt_id = attempt.id), attempt.pass_mark "
    f"FROM {Quiz._meta.db_table} quiz "
    f"LEFT JOIN {_ATTEMPT} attempt ON attempt.quiz_id = quiz.id AND attempt.{{owner}} = %s "
    "AND attempt.closed_at IS NULL "
    "WHERE quiz.slug = %s ORDER BY attempt.finished_at DESC, attempt.id DESC"
)
_RESULTS_BY_OWNER = {
    "learner": _RESULTS.format(owner="learner_id"),
    "guest": _RESULTS.format(owner="guest_id"),
    # No owner: matched against NULL, which nothing equals.
    None: _RESULTS.format(owner="id"),
}


def _owner(learner_id: int | None, guest: uuid.UUID | None) -> tuple[str | None, object]:
    """Which owner column to match, and the value to match it with, in the database's own form."""
    if learner_id is not None:
        return "learner", learner_id
    if guest is not None:
        # Stored as Django stores UUIDs: the uuid type on PostgreSQL, 32 hex digits elsewhere.
        return "guest", guest if connection.vendor == "postgresql" else guest.hex
    return None, None


def results_state(*, slug: str, learner_id: int | None = None, guest: uuid.UUID | None = None) -> ResultsState | None:
    """Read quiz ``slug``'s id, the content version and the owner's attempts at it with their scores: one query.

    Args:
        slug, learner_id, guest: as for ``quiz_state``.

    Returns:
        A ``ResultsState``, or None when no quiz has this slug. Closed attempts are left out.
    """
    owner, value = _owner(learner_id, guest)
    with connection.cursor() as cursor:
        cursor.execute(_RESULTS_BY_OWNER[owner], [value, slug])
        rows = cursor.fetchall()
    if not rows:
        return None
    quiz_pk, published, version = rows[0][:3]
    finished = tuple(
        AttemptSummary(row[3], quiz_pk, _moment(row[4]), row[5], row[6], row[7]) for row in rows if row[4] is not None
    )
    has_unfinished = any(row[3] is not None and row[4] is None for row in rows)
    return ResultsState(quiz_pk, bool(published), version, finished, has_unfinished)


_COUNTS = (
    f"{scoring.score_sql(answers=_ANSWER, attempt='attempt')}, "
    f"(SELECT COUNT(*) FROM {_ANSWER} answer WHERE answer.attempt_id = attempt.id)"
)
_SUMMARIES = (
    f"SELECT attempt.id, attempt.quiz_id, attempt.finished_at, {_COUNTS}, attempt.pass_mark FROM {_ATTEMPT} attempt "
    "WHERE attempt.{owner} = %s AND attempt.closed_at IS NULL AND attempt.quiz_id IN ({quizzes}) "
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
    owner, value = _owner(learner_id, guest)
    if owner is None or not quiz_ids:
        return []
    sql = _SUMMARIES.format(owner=f"{owner}_id", quizzes=", ".join(["%s"] * len(quiz_ids)))
    with connection.cursor() as cursor:
        cursor.execute(sql, [value, *quiz_ids])
        return [AttemptSummary(row[0], row[1], _moment(row[2]), row[3], row[4], row[5]) for row in cursor.fetchall()]
