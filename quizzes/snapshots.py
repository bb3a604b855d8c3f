"""Quiz content as an immutable snapshot: what authors write, read once per content version, kept in memory.

A learner's request reads only what depends on that learner (``quizzes.learner_state``); the quiz with its
questions, choices, texts in every language, fallback marks and guides comes from here. ``quiz_content(pk,
version)`` returns the quiz as learners read it in the active language (``QuizContent``), from:

1. this process's memory, when it holds the quiz at ``version``;
2. else the shared cache (the ``snapshots`` cache: Redis when the site has one, else none), where another process
   may have put the rows at ``version``;
3. else the database: two queries (the quiz with its guides, the questions with their choices).

The version (``quizzes.versions``) changes with every write of authored content and is read with the learner's
own state, so no process ever serves content older than the last save. Snapshots are plain frozen dataclasses
(``quizzes.localized``), not model instances: no descriptor, no QuerySet, no modeltranslation lookup on the way
to a page; a text missing in a language is shown in English and marked, worked out once per language there.
"""

import hashlib
import threading
from collections import OrderedDict
from dataclasses import fields

from django.core.cache import caches
from django.utils import translation
from modeltranslation.utils import build_localized_fieldname

from guides.models import Guide
from quizzes.localized import ContentRows, QuizContent, localize
from quizzes.models import Choice, Question, Quiz
from translations.facts import FALLBACK_LANGUAGE, LANGUAGE_CODES, translated_fields


def _columns(model, *plain: str, prefix: str = "") -> tuple[str, ...]:
    """The ``values()`` names to read of ``model``: ``plain`` fields, then every translated field in every language,
    each prefixed with ``prefix`` (a lookup path such as ``"choices__"``)."""
    localized = [build_localized_fieldname(name, code) for name in translated_fields(model) for code in LANGUAGE_CODES]
    return tuple(prefix + name for name in (*plain, *localized))


_QUIZ_COLUMNS = _columns(
    Quiz,
    "pk",
    "slug",
    "published",
    "difficulty",
    "shuffle_choices",
    "shuffle_questions",
    "pass_mark",
    "mode",
    "time_limit",
)
_GUIDE_COLUMNS = _columns(Guide, "pk", "slug", "published", "ordering")
_QUESTION_COLUMNS = _columns(Question, "pk", "key", "position", "kind")
_CHOICE_COLUMNS = _columns(Choice, "pk", "key", "position", "is_correct", "pinned", "question_id")


def _read(pk: int, version: str) -> ContentRows | None:
    """The rows of quiz ``pk`` from the database (two queries), or None when there is no such quiz."""
    guide_columns = tuple(f"guides__{name}" for name in _GUIDE_COLUMNS)
    rows = list(Quiz.objects.filter(pk=pk).order_by().values(*_QUIZ_COLUMNS, *guide_columns))
    if not rows:
        return None
    quiz = {name: rows[0][name] for name in _QUIZ_COLUMNS}
    guides = [
        {name: row[f"guides__{name}"] for name in _GUIDE_COLUMNS}
        for row in rows
        if row["guides__pk"] is not None and row["guides__published"]
    ]
    guides.sort(key=lambda guide: (guide["ordering"], guide["slug"]))  # the guides' own order (Guide.Meta)
    choice_columns = tuple(f"choices__{name}" for name in _CHOICE_COLUMNS if name != "question_id")
    questions, choices = {}, []
    for row in (
        Question.objects.filter(quiz_id=pk)
        .order_by("position", "choices__position")
        .values(*_QUESTION_COLUMNS, *choice_columns)
    ):
        questions.setdefault(row["pk"], {name: row[name] for name in _QUESTION_COLUMNS})
        if row["choices__pk"] is not None:
            choice = {name: row[f"choices__{name}"] for name in _CHOICE_COLUMNS if name != "question_id"}
            choices.append({**choice, "question_id": row["pk"]})
    return ContentRows(version, quiz, tuple(guides), tuple(questions.values()), tuple(choices))


#: The most quizzes one process keeps (the least recently read go first): some 80 KB each with all three
#: languages read, so at most about 80 MB a process, whatever the number of quizzes.
HELD_QUIZZES = 1_000


class _Store:
    """This process's snapshots: ``{quiz pk: (version, {language: QuizContent}, rows)}``, for every thread.

    At most ``HELD_QUIZZES`` quizzes, the least recently read dropped first (a deleted quiz's too); a new version
    replaces a quiz's entry on its next read. A lock keeps concurrent threads (gunicorn's threaded workers, the
    live-server tests) from mixing versions; a read of a held snapshot takes it for two dictionary operations.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._quizzes: OrderedDict[int, tuple[str, dict[str, QuizContent], ContentRows]] = OrderedDict()

    def get(self, pk: int, version: str, language: str) -> QuizContent | None:
        entry = self._quizzes.get(pk)
        if entry is None or entry[0] != version:
            return None
        localized = entry[1].get(language)
        with self._lock:
            if localized is None:
                localized = entry[1][language] = localize(entry[2], language)
            if pk in self._quizzes:
                self._quizzes.move_to_end(pk)
        return localized

    def put(self, rows: ContentRows, language: str) -> QuizContent:
        localized = localize(rows, language)
        with self._lock:
            self._quizzes[rows.quiz["pk"]] = (rows.version, {language: localized}, rows)
            self._quizzes.move_to_end(rows.quiz["pk"])
            while len(self._quizzes) > HELD_QUIZZES:
                self._quizzes.popitem(last=False)
        return localized

    def __len__(self) -> int:
        return len(self._quizzes)

    def clear(self) -> None:
        with self._lock:
            self._quizzes.clear()


_store = _Store()


# What the rows in the shared cache look like: a release that reads other columns (or changes ``ContentRows``) reads
# other keys, so that it never takes rows another release put there (a schema change is no content write, and
# leaves the content version as it was).
_FORMAT = hashlib.sha256(
    repr(
        (ContentRows.__module__, ContentRows.__qualname__, fields(ContentRows))
        + (_QUIZ_COLUMNS, _GUIDE_COLUMNS, _QUESTION_COLUMNS, _CHOICE_COLUMNS)
    ).encode()
).hexdigest()[:12]


def _shared_key(pk: int, version: str) -> str:
    return f"quizzes:snapshot:{_FORMAT}:{version}:{pk}"


def quiz_content(pk: int, version: str | None, language: str | None = None) -> QuizContent | None:
    """Quiz ``pk`` as learners read it in ``language`` at content version ``version``.

    Args:
        pk: the quiz's primary key.
        version: the current content version, as read with the learner's state (``quizzes.learner_state``) or by
            ``current_version``; None when the database has no version row (a test database just flushed): the
            quiz is then read from the database and kept nowhere.
        language: a code of ``settings.LANGUAGES``; the active language when None.

    Returns:
        The ``QuizContent``, or None when there is no quiz ``pk``. No query when this process or the shared
        cache holds it at ``version``; two otherwise.
    """
    language = language or translation.get_language() or FALLBACK_LANGUAGE
    if version is None:
        rows = _read(pk, "")
        return None if rows is None else localize(rows, language)
    held = _store.get(pk, version, language)
    if held is not None:
        return held
    shared = caches["snapshots"]
    rows = shared.get(_shared_key(pk, version))
    if rows is None:
        rows = _read(pk, version)
        if rows is None:
            return None
        shared.set(_shared_key(pk, version), rows)
    return _store.put(rows, language)


def forget_all() -> None:
    """Drop every snapshot this process holds, so that the next read of each quiz goes to the shared cache or the
    database (the query-budget tests pin that cost; nothing else needs to call it)."""
    _store.clear()
