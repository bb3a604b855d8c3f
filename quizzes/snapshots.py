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
(``slots``), not model instances: no descriptor, no QuerySet, no modeltranslation lookup on the way to a page.

A text missing in a language (NULL or empty) is shown in English, the fallback language, and marked: the rule of
``quizsite.templatetags.translation_status.falls_back``, applied once here, per language, for every text.
"""

import hashlib
import threading
from collections import OrderedDict
from dataclasses import dataclass, field, fields
from functools import cached_property

from django.conf import settings
from django.core.cache import caches
from django.urls import reverse
from django.utils import translation
from modeltranslation.translator import translator
from modeltranslation.utils import build_localized_fieldname

from guides.models import Guide
from quizzes.models import Choice, Difficulty, Question, Quiz

FALLBACK_LANGUAGE = settings.MODELTRANSLATION_DEFAULT_LANGUAGE
LANGUAGE_CODES = tuple(code for code, _name in settings.LANGUAGES)
_MISSING = (None, "")


def _translated(model) -> tuple[str, ...]:
    """The base names of ``model``'s translated fields, from its modeltranslation registration."""
    return tuple(translator.get_options_for_model(model).fields)


def _columns(model, *plain: str, prefix: str = "") -> tuple[str, ...]:
    """The ``values()`` names to read of ``model``: ``plain`` fields, then every translated field in every language,
    each prefixed with ``prefix`` (a lookup path such as ``"choices__"``)."""
    localized = [build_localized_fieldname(name, code) for name in _translated(model) for code in LANGUAGE_CODES]
    return tuple(prefix + name for name in (*plain, *localized))


def shown_texts(row: dict, names: tuple[str, ...], language: str) -> tuple[dict[str, str], frozenset[str]]:
    """The texts a learner reads in ``language`` of the translated fields ``names`` of ``row`` (a ``values()`` row
    with every localized column, ``text_en``, ``text_fr``…), and the names of those shown in English.

    The fallback rule of ``quizsite.templatetags.translation_status.falls_back``: a text missing (NULL or empty) in
    ``language`` is shown in English; one empty in English too is shown as nothing, and is not marked.

    Returns:
        ``({name: text}, frozenset of the names shown in English)``.
    """
    shown, english = {}, set()
    for name in names:
        own = row[build_localized_fieldname(name, language)]
        if language == FALLBACK_LANGUAGE or own not in _MISSING:
            shown[name] = own or ""
        else:
            shown[name] = row[build_localized_fieldname(name, FALLBACK_LANGUAGE)] or ""
            if shown[name]:
                english.add(name)
    return shown, frozenset(english)


@dataclass(frozen=True, slots=True)
class ChoiceContent:
    """A choice as learners read it in one language. ``in_english``: the names of its texts shown in English;
    ``lang``: the language its text is shown in."""

    pk: int
    key: str
    position: int
    is_correct: bool
    text: str
    in_english: frozenset[str]
    lang: str


@dataclass(frozen=True, slots=True)
class QuestionContent:
    """A question as learners read it in one language, with its choices in position order: ``lang`` and
    ``explanation_lang`` are the languages its text and its explanation are shown in, ``asked_in_english`` whether
    all it shows while asked (its text and its choices' texts) is shown in English, so that one marker stands for
    it all (the marking rule of ``quizsite.templatetags.translation_status``)."""

    pk: int
    key: str
    position: int
    text: str
    explanation: str
    choices: tuple[ChoiceContent, ...]
    in_english: frozenset[str]
    lang: str
    asked_in_english: bool
    explanation_lang: str

    def correct_choice(self) -> ChoiceContent | None:
        """The correct choice, or None while an author has not marked one."""
        return next((choice for choice in self.choices if choice.is_correct), None)

    def choice(self, pk: int) -> ChoiceContent | None:
        """The choice with primary key ``pk`` (int), or None when it is not one of this question's."""
        return next((choice for choice in self.choices if choice.pk == pk), None)

    @property
    def is_translated(self) -> bool:
        """Whether a learner reads the whole question in the snapshot's language: text, explanation and every
        choice (as ``Question.is_translated``)."""
        return not self.in_english and not any(choice.in_english for choice in self.choices)


@dataclass(frozen=True, slots=True)
class GuideLink:
    """A published guide a quiz belongs to, as its page links it: ``title`` in one language, its address."""

    pk: int
    slug: str
    title: str
    url: str
    in_english: frozenset[str]

    def get_absolute_url(self) -> str:
        return self.url


@dataclass(frozen=True)
class QuizContent:
    """A quiz as learners read it in ``language``: texts, published guides (in the guides' order) and questions in
    position order, with the addresses its pages link to in that language.

    Attributes:
        version: the content version it was read at (``quizzes.versions``).
        difficulty_label: the level as the quiz page shows it ("Medium level"), in ``language``.
        url, start_url, results_url: the quiz page, its start form's target, the latest results.
    """

    pk: int
    slug: str
    version: str
    language: str
    published: bool
    difficulty: str
    difficulty_label: str
    title: str
    description: str
    in_english: frozenset[str]
    guides: tuple[GuideLink, ...]
    questions: tuple[QuestionContent, ...]
    url: str
    start_url: str
    results_url: str
    question_url_prefix: str = field(repr=False)

    def get_absolute_url(self) -> str:
        return self.url

    def get_difficulty_display(self) -> str:
        return self.difficulty_label

    def question_url(self, number: int) -> str:
        """The address of "Question ``number``" (int, the learner's own numbering) in the snapshot's language."""
        return f"{self.question_url_prefix}{number}/"

    @cached_property
    def questions_by_pk(self) -> dict[int, QuestionContent]:
        return {question.pk: question for question in self.questions}

    @cached_property
    def untranslated_count(self) -> int:
        """How many questions are not wholly in the snapshot's language (0 in English)."""
        return sum(not question.is_translated for question in self.questions)


@dataclass(frozen=True)
class _Rows:
    """What the database gave for one quiz at one version, in every language: what the shared cache holds."""

    version: str
    quiz: dict
    guides: tuple[dict, ...]
    questions: tuple[dict, ...]
    choices: tuple[dict, ...]


_QUIZ_COLUMNS = _columns(Quiz, "pk", "slug", "published", "difficulty")
_GUIDE_COLUMNS = _columns(Guide, "pk", "slug", "published", "ordering")
_QUESTION_COLUMNS = _columns(Question, "pk", "key", "position")
_CHOICE_COLUMNS = _columns(Choice, "pk", "key", "position", "is_correct", "question_id")


def _read(pk: int, version: str) -> _Rows | None:
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
    return _Rows(version, quiz, tuple(guides), tuple(questions.values()), tuple(choices))


def _localize(rows: _Rows, language: str) -> QuizContent:
    """The quiz of ``rows`` as learners read it in ``language``; no query."""

    def texts(row: dict, names: tuple[str, ...]) -> tuple[dict[str, str], frozenset[str]]:
        return shown_texts(row, names, language)

    def lang(english: frozenset[str], name: str = "text") -> str:
        return FALLBACK_LANGUAGE if name in english else language

    choices: dict[int, list[ChoiceContent]] = {}
    for row in rows.choices:
        shown, english = texts(row, ("text",))
        choice = ChoiceContent(
            row["pk"], row["key"], row["position"], row["is_correct"], shown["text"], english, lang(english)
        )
        choices.setdefault(row["question_id"], []).append(choice)
    questions = []
    for row in rows.questions:
        shown, english = texts(row, ("text", "explanation"))
        own = tuple(choices.get(row["pk"], ()))
        # Whether each text shown while it is asked is in English; empty texts are not shown, so not counted.
        asked = [("text" in english)] if shown["text"] else []
        asked += [("text" in choice.in_english) for choice in own if choice.text]
        questions.append(
            QuestionContent(
                row["pk"],
                row["key"],
                row["position"],
                shown["text"],
                shown["explanation"],
                own,
                english,
                lang(english),
                bool(asked) and all(asked),
                lang(english, "explanation"),
            )
        )
    with translation.override(language):
        guides = []
        for row in rows.guides:
            shown, english = texts(row, ("title",))
            guides.append(GuideLink(row["pk"], row["slug"], shown["title"], _guide_url(row["slug"]), english))
        quiz = rows.quiz
        shown, english = texts(quiz, ("title", "description"))
        slug = quiz["slug"]
        return QuizContent(
            pk=quiz["pk"],
            slug=slug,
            version=rows.version,
            language=language,
            published=quiz["published"],
            difficulty=quiz["difficulty"],
            difficulty_label=str(Difficulty(quiz["difficulty"]).label),
            title=shown["title"],
            description=shown["description"],
            in_english=english,
            guides=tuple(guides),
            questions=tuple(questions),
            url=reverse("quizzes:detail", kwargs={"slug": slug}),
            start_url=reverse("quizzes:start", kwargs={"slug": slug}),
            results_url=reverse("quizzes:results", kwargs={"slug": slug}),
            question_url_prefix=reverse("quizzes:question", kwargs={"slug": slug, "number": 1})[: -len("1/")],
        )


def _guide_url(slug: str) -> str:
    return reverse("guides:detail", kwargs={"slug": slug})


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
        self._quizzes: OrderedDict[int, tuple[str, dict[str, QuizContent], _Rows]] = OrderedDict()

    def get(self, pk: int, version: str, language: str) -> QuizContent | None:
        entry = self._quizzes.get(pk)
        if entry is None or entry[0] != version:
            return None
        localized = entry[1].get(language)
        with self._lock:
            if localized is None:
                localized = entry[1][language] = _localize(entry[2], language)
            if pk in self._quizzes:
                self._quizzes.move_to_end(pk)
        return localized

    def put(self, rows: _Rows, language: str) -> QuizContent:
        localized = _localize(rows, language)
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


# What the rows in the shared cache look like: a release that reads other columns (or changes ``_Rows``) reads
# other keys, so that it never takes rows another release put there (a schema change is no content write, and
# leaves the content version as it was).
_FORMAT = hashlib.sha256(
    repr((_QUIZ_COLUMNS, _GUIDE_COLUMNS, _QUESTION_COLUMNS, _CHOICE_COLUMNS, fields(_Rows))).encode()
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
        return None if rows is None else _localize(rows, language)
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
