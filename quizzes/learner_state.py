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

from quizzes.arrangement import Arrangement
from quizzes.kinds import chosen_pks
from quizzes.models import Answer, Attempt, ContentVersion, Quiz
from quizzes.modes import QuizMode, is_expired

VERSION_SQL = f"(SELECT token FROM {ContentVersion._meta.db_table} WHERE id = 1)"
ATTEMPT_TABLE = Attempt._meta.db_table
ANSWER_TABLE = Answer._meta.db_table
# What both reads of an attempt select: the quiz, the version, the attempt with its order and pass mark, its answers.
_COLUMNS = (
    f"quiz.id, quiz.published, {VERSION_SQL}, attempt.id, attempt.language, attempt.finished_at, attempt.seed, "
    "attempt.shuffle_questions, attempt.shuffle_choices, attempt.pass_mark, "
    "attempt.mode, attempt.deadline, attempt.flagged, attempt.practice_of_id, attempt.round_questions, "
    "answer.question_id, answer.chosen, answer.is_correct"
)
# The answer's columns in a row of ``_COLUMNS``.
_ANSWER_AT = 15
# The owner's attempt the pages show: the unfinished one, else the latest finished one; closed ones and practice
# rounds never.
_LATEST = (
    f"(SELECT latest.id FROM {ATTEMPT_TABLE} latest WHERE latest.quiz_id = quiz.id AND latest.{{owner}} = %s "
    "AND latest.closed_at IS NULL AND latest.practice_of_id IS NULL "
    "ORDER BY latest.finished_at IS NULL DESC, latest.finished_at DESC, latest.id DESC LIMIT 1)"
)
_SELECT = (
    f"SELECT {_COLUMNS} "
    f"FROM {Quiz._meta.db_table} quiz "
    f"LEFT JOIN {ATTEMPT_TABLE} attempt ON attempt.id = {{latest}} "
    f"LEFT JOIN {ANSWER_TABLE} answer ON answer.attempt_id = attempt.id "
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
    the pass mark it started with (``pass_mark``, a percentage or None); its ``mode`` (``quizzes.modes.QuizMode``),
    an exam's ``deadline`` (None without a time limit) and the questions flagged for review (``flagged``, primary
    keys); for a practice round (``quizzes.rounds``), the attempt it practises (``practice_of``, a primary key) and
    the questions it asks (``round_questions``, primary keys), else None and ``()``."""

    pk: int
    language: str
    finished_at: datetime | None
    answers: tuple[AnswerState, ...]
    arrangement: Arrangement = Arrangement()
    pass_mark: int | None = None
    mode: str = QuizMode.PRACTICE
    deadline: datetime | None = None
    flagged: tuple[int, ...] = ()
    practice_of: int | None = None
    round_questions: tuple[int, ...] = ()

    @property
    def is_finished(self) -> bool:
        return self.finished_at is not None

    @property
    def is_exam(self) -> bool:
        return self.mode == QuizMode.EXAM

    @property
    def is_practice_round(self) -> bool:
        return self.practice_of is not None

    def is_expired(self, now: datetime) -> bool:
        """Whether this exam is under way past its deadline and grace (``quizzes.modes.is_expired``): it takes no
        more answers and is to be submitted as it stands (``quizzes.exams.exam_submit``)."""
        return not self.is_finished and is_expired(self.deadline, now)


@dataclass(frozen=True, slots=True)
class QuizState:
    """What ``quiz_state`` read: the quiz's ``pk`` and ``published`` flag, the content ``version`` (None when the
    database has no version row) and the owner's ``attempt`` (None when they have none at this quiz)."""

    quiz_pk: int
    published: bool
    version: str | None
    attempt: AttemptState | None


def moment(value) -> datetime | None:
    """A timestamp from a cursor: PostgreSQL gives an aware ``datetime``, SQLite the UTC text Django stored."""
    moment = parse_datetime(value) if isinstance(value, str) else value
    if moment is not None and timezone.is_naive(moment):
        moment = timezone.make_aware(moment, timezone.UTC)
    return moment


# The owner's unfinished attempt at the quiz with its answers, its row locked: what an answer is judged on.
_LOCKED = (
    f"SELECT {_COLUMNS} "
    f"FROM {ATTEMPT_TABLE} attempt JOIN {Quiz._meta.db_table} quiz ON quiz.id = attempt.quiz_id "
    f"LEFT JOIN {ANSWER_TABLE} answer ON answer.attempt_id = attempt.id "
    "WHERE quiz.slug = %s AND attempt.{owner} = %s AND attempt.finished_at IS NULL AND attempt.closed_at IS NULL "
    "AND attempt.practice_of_id IS NULL ORDER BY answer.answered_at, answer.id FOR UPDATE OF attempt"
)
# A practice round of the owner's by its primary key, with its answers (and its row locked, with ``_ROUND_LOCK``).
_ROUND = (
    f"SELECT {_COLUMNS} "
    f"FROM {ATTEMPT_TABLE} attempt JOIN {Quiz._meta.db_table} quiz ON quiz.id = attempt.quiz_id "
    f"LEFT JOIN {ANSWER_TABLE} answer ON answer.attempt_id = attempt.id "
    "WHERE quiz.slug = %s AND attempt.id = %s AND attempt.{owner} = %s AND attempt.practice_of_id IS NOT NULL "
    "AND attempt.closed_at IS NULL ORDER BY answer.answered_at, answer.id"
)
_ROUND_LOCK = " FOR UPDATE OF attempt"


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
    owner, value = owner_column(learner_id, guest)
    sql, params = _BY_OWNER[owner], [slug] if owner is None else [value, slug]
    with connection.cursor() as cursor:
        rows = []
        if lock and owner is not None and connection.features.has_select_for_update_of:
            cursor.execute(_LOCKED.format(owner=f"{owner}_id"), [slug, value])
            rows = cursor.fetchall()
        if not rows:
            cursor.execute(sql, params)
            rows = cursor.fetchall()
    return _state(rows)


def round_state(
    *, slug: str, pk: int, learner_id: int | None = None, guest: uuid.UUID | None = None, lock: bool = False
) -> QuizState | None:
    """Read the owner's practice round ``pk`` at quiz ``slug`` (``quizzes.rounds``) as ``quiz_state`` reads an
    attempt: one query.

    Args:
        slug: the quiz's slug, from the address.
        pk: the round's primary key, from the address.
        learner_id, guest: the owner, as for ``quiz_state``.
        lock: inside a transaction, lock the round's row as it is read (PostgreSQL), as ``quiz_state``'s ``lock``.

    Returns:
        A ``QuizState`` whose ``attempt`` is the round; None when the owner has no such round at this quiz (or it
        was closed).
    """
    owner, value = owner_column(learner_id, guest)
    if owner is None:
        return None
    sql = _ROUND.format(owner=f"{owner}_id")
    if lock and connection.features.has_select_for_update_of:
        sql += _ROUND_LOCK
    with connection.cursor() as cursor:
        cursor.execute(sql, [slug, pk, value])
        return _state(cursor.fetchall())


def _state(rows: list[tuple]) -> QuizState | None:
    """A ``QuizState`` from rows of ``_COLUMNS`` (None without rows)."""
    if not rows:
        return None
    quiz_pk, published, version, attempt_pk, language, finished_at = rows[0][:6]
    seed, by_questions, by_choices, pass_mark, mode, deadline, flagged, practice_of, round_questions = rows[0][6:15]
    attempt = None
    if attempt_pk is not None:
        at = _ANSWER_AT
        answers = tuple(
            AnswerState(row[at], chosen_pks(row[at + 1]), bool(row[at + 2])) for row in rows if row[at] is not None
        )
        arrangement = Arrangement(seed, bool(by_questions), bool(by_choices))
        attempt = AttemptState(
            attempt_pk,
            language,
            moment(finished_at),
            answers,
            arrangement,
            pass_mark,
            mode,
            moment(deadline),
            chosen_pks(flagged),
            practice_of,
            chosen_pks(round_questions),
        )
    return QuizState(quiz_pk, bool(published), version, attempt)


def owner_column(learner_id: int | None, guest: uuid.UUID | None) -> tuple[str | None, object]:
    """Which owner column to match (``"learner"``, ``"guest"``, or None for neither), and the value to match it with,
    in the database's own form."""
    if learner_id is not None:
        return "learner", learner_id
    if guest is not None:
        # Stored as Django stores UUIDs: the uuid type on PostgreSQL, 32 hex digits elsewhere.
        return "guest", guest if connection.vendor == "postgresql" else guest.hex
    return None, None
