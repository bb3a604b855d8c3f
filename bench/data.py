"""The benchmark's data set, written straight into PostgreSQL with ``COPY``: about 1.2 million rows for the full
set in well under a minute.

Guides, quizzes (8–12 questions of 4 choices, one correct) in English, French and Turkish with part of them left
untranslated, learners sharing one precomputed password hash, and finished attempts with an answer to every
question of their quiz, as ``quizzes.services.answer_submit`` would have written them (texts as shown in the
attempt's language, ``is_correct`` as judged). Everything is derived from row numbers, so two builds of one
shape are identical.
"""

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.contrib.auth.hashers import make_password
from django.db import connection, transaction
from django.db.utils import NotSupportedError

from bench.bulk import bare, copy_lines, copy_rows
from bench.texts import TEXTS

LANGUAGES = ("en", "fr", "tr")
# The password every generated learner has; hashed once (hashing it ten thousand times would take minutes).
PASSWORD = "bench learner password"
BEGINNING = datetime(2026, 1, 5, 8, 0, tzinfo=UTC)


@dataclass(frozen=True)
class Shape:
    """How much to generate: ``guides``, ``quizzes``, ``learners`` and finished ``attempts`` (ints). Each quiz has
    8–12 questions of 4 choices and each attempt answers all of its quiz's questions (about 10 answers)."""

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


def question_count(quiz: int) -> int:
    """How many questions quiz number ``quiz`` (1-based) has: 8 to 12, cycling."""
    return 8 + quiz % 5


def is_published(number: int) -> bool:
    """Every twentieth guide and quiz is a draft."""
    return number % 20 != 0


def is_translated(number: int, language: str) -> bool:
    """Whether guide or quiz ``number`` is written in ``language``: French is missing from every fourth, Turkish
    from every third, English never. A translated quiz misses French on its first question now and then
    (every seventh quiz)."""
    return language == "en" or (language == "fr" and number % 4 != 0) or (language == "tr" and number % 3 != 0)


def _texts(key: str, number: int, **values) -> dict[str, str | None]:
    """``{language: text or None}`` for template ``key``; None where item ``number`` is left untranslated."""
    return {lang: TEXTS[key][lang].format(**values) if is_translated(number, lang) else None for lang in LANGUAGES}


def _columns(texts: dict[str, str | None]) -> list[str | None]:
    """The base column (English, as modeltranslation keeps it) followed by ``_en``, ``_fr``, ``_tr``."""
    return [texts["en"], *(texts[lang] for lang in LANGUAGES)]


def _shown(texts: dict[str, str | None]) -> dict[str, str]:
    """The text a learner reads in each language: English where the translation is missing."""
    return {lang: texts[lang] or texts["en"] for lang in LANGUAGES}


def _guides(shape: Shape):
    for g in range(1, shape.guides + 1):
        paragraphs = {
            lang: [TEXTS["guide_paragraph"][lang].format(n=g, p=p) for p in range(1, 9)] for lang in LANGUAGES
        }
        body = {lang: "\n\n".join(paragraphs[lang]) if is_translated(g, lang) else None for lang in LANGUAGES}
        title, summary = _texts("guide_title", g, n=g), _texts("guide_summary", g, n=g)
        yield (g, f"guide-{g:04d}", *_columns(title), *_columns(summary), *_columns(body), is_published(g), g)


def _quizzes(shape: Shape):
    for q in range(1, shape.quizzes + 1):
        title, description = _texts("quiz_title", q, n=q), _texts("quiz_description", q, n=q)
        difficulty = ("easy", "medium", "hard")[q % 3]
        yield (q, f"quiz-{q:05d}", *_columns(title), *_columns(description), difficulty, is_published(q))


def _quiz_guides(shape: Shape):
    """Each quiz tests one guide, every third quiz a second one too."""
    row = 0
    for q in range(1, shape.quizzes + 1):
        guides = {q % shape.guides + 1, (q * 7) % shape.guides + 1} if q % 3 == 0 else {q % shape.guides + 1}
        for guide in sorted(guides):
            row += 1
            yield (row, q, guide)


def _content(shape: Shape, questions: list, choices: list) -> dict[int, tuple[list[str], ...]]:
    """Fill ``questions`` and ``choices`` with rows to copy.

    Returns:
        For each quiz, the tails of its answers' COPY lines (``is_correct``, choice, question, language and texts
        as shown) for the three kinds of attempt ``j mod 3`` (``_answer_lines``), one per question in position
        order. Attempt ``j`` is in language ``j mod 3`` and picks the right choice unless ``(j + position) mod 3``
        is 0, so all of an attempt's answers follow from its quiz and ``j mod 3``.
    """
    tails: dict[int, tuple[list[str], ...]] = {}
    question_id = choice_id = 0
    for q in range(1, shape.quizzes + 1):
        tails[q] = ([], [], [])
        for p in range(1, question_count(q) + 1):
            question_id += 1
            texts = _texts("question", q, n=q, p=p)
            if q % 7 == 0 and p == 1:
                texts = {**texts, "fr": None}
            questions.append((question_id, p, *_columns(texts), *_columns(_texts("explanation", q, p=p)), q, f"q{p}"))
            correct = 1 + question_id % 4
            picks = {}
            for c in range(1, 5):
                choice_id += 1
                choice_texts = _texts("choice", q, c=c, p=p)
                choices.append((choice_id, c, *_columns(choice_texts), c == correct, question_id, f"c{c}"))
                # The right choice, and the first wrong one.
                picks.setdefault(c == correct, (choice_id, _shown(choice_texts)))
            for kind, language in enumerate(LANGUAGES):
                right = (kind + p) % 3 != 0
                choice, choice_texts = picks[right]
                tails[q][kind].append(
                    f"{'t' if right else 'f'}\t{choice}\t{question_id}\t{language}\t"
                    f"{_shown(texts)[language]}\t{choice_texts[language]}\n"
                )
    return tails


def _answer_lines(shape: Shape, tails: dict[int, tuple[list[str], ...]], attempts: list):
    """Fill ``attempts`` with finished attempts (rows to copy) and yield their answers as COPY lines.

    Attempt ``j`` belongs to learner ``j mod learners`` (about ten each), is at a published quiz spread by a
    large prime, in language ``j mod 3``, and picks the right choice two times out of three.
    """
    published = [q for q in range(1, shape.quizzes + 1) if is_published(q)]
    answer_id = 0
    for j in range(shape.attempts):
        quiz = published[(j * 7919) % len(published)]
        answers = tails[quiz][j % 3]
        started = BEGINNING + timedelta(minutes=j)
        finished = started + timedelta(seconds=30 * (len(answers) + 1))
        attempts.append((j + 1, LANGUAGES[j % 3], started, finished, j % shape.learners + 1, quiz))
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
    "published",
    "quizzes_quiz_guides": "id, quiz_id, guide_id",
    "quizzes_question": f"id, position, {TRANSLATED.format('text')}, {TRANSLATED.format('explanation')}, quiz_id, key",
    "quizzes_choice": f"id, position, {TRANSLATED.format('text')}, is_correct, question_id, key",
    "quizzes_attempt": "id, language, started_at, finished_at, learner_id, quiz_id",
    "quizzes_answer": "id, attempt_id, answered_at, is_correct, choice_id, question_id, language, question_text, "
    "choice_text",
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
    tails = _content(shape, questions, choices)
    attempts: list = []
    answers = _answer_lines(shape, tails, attempts)
    connection.ensure_connection()
    written = {}
    with connection.connection.cursor() as cursor, bare(cursor, COLUMNS):
        for table, rows in (
            ("accounts_user", learners),
            ("guides_guide", _guides(shape)),
            ("quizzes_quiz", _quizzes(shape)),
            ("quizzes_quiz_guides", _quiz_guides(shape)),
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
