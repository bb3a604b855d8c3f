"""The benchmark's data set, written straight into PostgreSQL with ``COPY``: about 1.2 million rows for the full
set in well under a minute.

Guides and quizzes (``bench.content``: every kind of question, shuffled or not, with or without a pass mark,
practised or exams, partly untranslated), learners sharing one precomputed password hash, and finished attempts
with an answer to every question of their quiz, as ``quizzes.answering.answer_submit`` (or, for an exam,
``quizzes.exams``) would have written them (texts as shown in the attempt's language, every choice in the order the
attempt showed it, ``is_correct`` as judged). An attempt at an exam is an exam attempt, with its quiz's time limit
and the deadline it gave. Everything is derived from row numbers, so two builds of one shape are identical.
"""

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.contrib.auth.hashers import make_password
from django.db import connection, transaction
from django.db.utils import NotSupportedError

from bench.bulk import bare, copy_lines, copy_rows
from bench.content import (
    LANGUAGES,
    attempt_seed,
    content_rows,
    guide_rows,
    is_published,
    quiz_guide_rows,
    quiz_mode,
    quiz_rows,
    quiz_settings,
)
from quizzes.modes import deadline

__all__ = ["FULL", "LANGUAGES", "SMALL", "Counts", "Shape", "build"]

# The password every generated learner has; hashed once (hashing it ten thousand times would take minutes).
PASSWORD = "bench learner password"
BEGINNING = datetime(2026, 1, 5, 8, 0, tzinfo=UTC)


@dataclass(frozen=True)
class Shape:
    """How much to generate: ``guides``, ``quizzes``, ``learners`` and finished ``attempts`` (ints). Each quiz has
    8–12 questions of 4 choices (2 for a true-or-false one) and each attempt answers all of its quiz's questions
    (about 10 answers)."""

    guides: int
    quizzes: int
    learners: int
    attempts: int

    def smaller(self, factor: int) -> "Shape":
        """This shape with every count divided by ``factor`` (int > 0)."""
        return Shape(*(max(1, count // factor) for count in (self.guides, self.quizzes, self.learners, self.attempts)))


FULL = Shape(guides=200, quizzes=2_000, learners=10_000, attempts=100_000)
SMALL = FULL.smaller(10)


@dataclass(frozen=True)
class Counts:
    """Rows written per table (ints)."""

    guides: int
    quizzes: int
    questions: int
    choices: int
    learners: int
    attempts: int
    answers: int


def _answer_lines(shape: Shape, tails: dict[int, tuple[list[str], ...]], attempts: list):
    """Fill ``attempts`` with finished attempts (rows to copy) and yield their answers as COPY lines.

    Attempt ``j`` belongs to learner ``j mod learners`` (about ten each), is at a published quiz spread by a
    large prime, in language ``j mod 3`` with the quiz's settings, mode and time limit (its deadline following from
    its start) and the seed of its kind (``attempt_seed``), and answers right two times out of three; none was
    flagged or is a practice round.
    """
    published = [q for q in range(1, shape.quizzes + 1) if is_published(q)]
    answer_id = 0
    for j in range(shape.attempts):
        quiz = published[(j * 7919) % len(published)]
        answers = tails[quiz][j % 3]
        started = BEGINNING + timedelta(minutes=j)
        finished = started + timedelta(seconds=30 * (len(answers) + 1))
        shuffle_choices, shuffle_questions, pass_mark = quiz_settings(quiz)
        mode, time_limit = quiz_mode(quiz)
        attempts.append(
            (
                j + 1,
                LANGUAGES[j % 3],
                started,
                finished,
                j % shape.learners + 1,
                quiz,
                attempt_seed(quiz, j % 3),
                shuffle_choices,
                shuffle_questions,
                pass_mark,
                mode,
                time_limit,
                deadline(started_at=started, time_limit=time_limit),
                "",
                "",
            )
        )
        for p, tail in enumerate(answers, start=1):
            answer_id += 1
            yield f"{answer_id}\t{j + 1}\t{(started + timedelta(seconds=30 * p)).isoformat()}\t{tail}"


TRANSLATED = "{0}, {0}_en, {0}_fr, {0}_tr"
COLUMNS = {
    "accounts_user": "id, password, is_superuser, username, first_name, last_name, email, is_staff, is_active, "
    "date_joined",
    "guides_guide": f"id, slug, {TRANSLATED.format('title')}, {TRANSLATED.format('summary')}, "
    f"{TRANSLATED.format('body')}, published, ordering",
    "quizzes_quiz": f"id, slug, {TRANSLATED.format('title')}, {TRANSLATED.format('description')}, difficulty, "
    "published, shuffle_choices, shuffle_questions, pass_mark, mode, time_limit",
    "quizzes_quiz_guides": "id, quiz_id, guide_id",
    "quizzes_question": f"id, position, {TRANSLATED.format('text')}, {TRANSLATED.format('explanation')}, quiz_id, key, "
    "kind",
    "quizzes_choice": f"id, position, {TRANSLATED.format('text')}, is_correct, question_id, key, pinned",
    "quizzes_attempt": "id, language, started_at, finished_at, learner_id, quiz_id, seed, shuffle_choices, "
    "shuffle_questions, pass_mark, mode, time_limit, deadline, flagged, round_questions",
    "quizzes_answer": "id, attempt_id, answered_at, is_correct, choice_id, question_id, language, question_text, "
    "choice_text, kind, chosen, shown, in_fallback",
}


@transaction.atomic
def build(shape: Shape) -> Counts:
    """Write a data set of ``shape`` into the default database, which must be PostgreSQL with the migrations
    applied and none of these rows yet (ids start at 1); sequences are moved past the rows written.

    Learners are ``learner00001``… with password ``PASSWORD``, hashed once with the settings' hasher.

    Raises:
        django.db.utils.NotSupportedError: the default database is not PostgreSQL.
        psycopg.errors.UniqueViolation: the tables already hold rows with these ids.
    """
    if connection.vendor != "postgresql":
        raise NotSupportedError("The benchmark's data set is written with PostgreSQL's COPY.")
    password = make_password(PASSWORD)
    learners = (
        (u, password, False, f"learner{u:05d}", "", "", f"learner{u:05d}@example.test", False, True, BEGINNING)
        for u in range(1, shape.learners + 1)
    )
    questions: list = []
    choices: list = []
    tails = content_rows(shape, questions, choices)
    attempts: list = []
    answers = _answer_lines(shape, tails, attempts)
    connection.ensure_connection()
    written = {}
    with connection.connection.cursor() as cursor, bare(cursor, COLUMNS):
        for table, rows in (
            ("accounts_user", learners),
            ("guides_guide", guide_rows(shape)),
            ("quizzes_quiz", quiz_rows(shape)),
            ("quizzes_quiz_guides", quiz_guide_rows(shape)),
            ("quizzes_question", questions),
            ("quizzes_choice", choices),
        ):
            written[table] = copy_rows(cursor, table, COLUMNS[table], rows)
        # The answers first: generating them fills the attempts.
        written["quizzes_answer"] = copy_lines(cursor, "quizzes_answer", COLUMNS["quizzes_answer"], answers)
        written["quizzes_attempt"] = copy_rows(cursor, "quizzes_attempt", COLUMNS["quizzes_attempt"], attempts)
        for table, count in written.items():
            cursor.execute("SELECT setval(pg_get_serial_sequence(%s, 'id'), %s, %s)", [table, max(count, 1), count > 0])
    return Counts(
        guides=written["guides_guide"],
        quizzes=written["quizzes_quiz"],
        questions=written["quizzes_question"],
        choices=written["quizzes_choice"],
        learners=written["accounts_user"],
        attempts=written["quizzes_attempt"],
        answers=written["quizzes_answer"],
    )
