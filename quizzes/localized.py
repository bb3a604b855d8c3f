"""Quiz content as learners read it in one language: the plain, frozen objects learners' pages are built from
(``QuizContent`` with its ``QuestionContent``, ``ChoiceContent`` and ``GuideLink``), made from a quiz's rows in every
language (``ContentRows``, what ``quizzes.snapshots`` reads and keeps) by ``localize``, with the fallback rule applied
once per text (``shown_texts``).
"""

from dataclasses import dataclass, field
from functools import cached_property

from django.urls import reverse
from django.utils import translation

from quizzes.kinds import TRUE_FALSE_KEYS, QuestionKind, true_false_label
from quizzes.models import Choice, Difficulty, Question, Quiz
from quizzes.modes import QuizMode
from translations.facts import FALLBACK_LANGUAGE, falls_back, shown_text, translated_fields


def shown_texts(row: dict, names: tuple[str, ...], language: str) -> tuple[dict[str, str], frozenset[str]]:
    """The texts a learner reads in ``language`` of the translated fields ``names`` of ``row`` (a ``values()`` row
    with every localized column, ``text_en``, ``text_fr``…), and the names of those shown in English.

    The fallback rule (``translations.facts.falls_back`` and ``shown_text``): a text missing in ``language`` is
    shown in English; one missing in English too is shown as nothing, and is not marked.

    Returns:
        ``({name: text}, frozenset of the names shown in English)``.
    """
    shown = {name: shown_text(row, name, language) for name in names}
    return shown, frozenset(name for name in names if falls_back(row, name, language))


@dataclass(frozen=True, slots=True)
class ChoiceContent:
    """A choice as learners read it in one language. ``in_english``: the names of its texts shown in English;
    ``lang``: the language its text is shown in; ``pinned``: it keeps its place when choices are shuffled. A
    true-or-false question's choices read the site's label ("Vrai") in the snapshot's language."""

    pk: int
    key: str
    position: int
    is_correct: bool
    text: str
    in_english: frozenset[str]
    lang: str
    pinned: bool = False


@dataclass(frozen=True, slots=True)
class QuestionContent:
    """A question as learners read it in one language, with its ``kind`` (``quizzes.kinds.QuestionKind``), its
    choices in position order and the primary keys of the right ones (``right_pks``): ``lang`` and
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
    kind: str = QuestionKind.SINGLE
    right_pks: frozenset[int] = frozenset()

    @property
    def is_multiple(self) -> bool:
        """Whether learners may choose several choices (check boxes): a multiple-answer question."""
        return self.kind == QuestionKind.MULTIPLE

    def correct_choice(self) -> ChoiceContent | None:
        """The (first) correct choice, or None while an author has not marked one."""
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
        shuffle_choices, shuffle_questions, pass_mark, mode, time_limit: the quiz's settings now (an attempt keeps
            those it started with: ``quizzes.learner_state.AttemptState``); ``mode`` is a ``quizzes.modes.QuizMode``
            value, ``time_limit`` minutes or None.
    """

    pk: int
    slug: str
    version: str
    language: str
    published: bool
    difficulty: str
    difficulty_label: str
    shuffle_choices: bool
    shuffle_questions: bool
    pass_mark: int | None
    mode: str
    time_limit: int | None
    title: str
    description: str
    in_english: frozenset[str]
    guides: tuple[GuideLink, ...]
    questions: tuple[QuestionContent, ...]
    url: str
    start_url: str
    results_url: str
    question_url_prefix: str = field(repr=False)
    #: Parts of pages that are the same for every learner (the quiz page's preview of every question), rendered
    #: once for this snapshot and kept with it: ``{name: Markup}`` (``quizsite.jinja2.fragment``).
    fragments: dict = field(default_factory=dict, repr=False, compare=False)

    def get_absolute_url(self) -> str:
        return self.url

    def get_difficulty_display(self) -> str:
        return self.difficulty_label

    def question_url(self, number: int) -> str:
        """The address of "Question ``number``" (int, the learner's own numbering) in the snapshot's language."""
        return f"{self.question_url_prefix}{number}/"

    @property
    def is_exam(self) -> bool:
        return self.mode == QuizMode.EXAM

    @cached_property
    def questions_by_pk(self) -> dict[int, QuestionContent]:
        return {question.pk: question for question in self.questions}

    @cached_property
    def untranslated_count(self) -> int:
        """How many questions are not wholly in the snapshot's language (0 in English)."""
        return sum(not question.is_translated for question in self.questions)


@dataclass(frozen=True)
class ContentRows:
    """What the database gave for one quiz at one version, in every language: what the shared cache holds."""

    version: str
    quiz: dict
    guides: tuple[dict, ...]
    questions: tuple[dict, ...]
    choices: tuple[dict, ...]


def localize(rows: ContentRows, language: str) -> QuizContent:
    """The quiz of ``rows`` as learners read it in ``language``; no query."""

    def texts(row: dict, names: tuple[str, ...]) -> tuple[dict[str, str], frozenset[str]]:
        return shown_texts(row, names, language)

    def lang(english: frozenset[str], name: str = "text") -> str:
        return FALLBACK_LANGUAGE if name in english else language

    kinds = {row["pk"]: row["kind"] for row in rows.questions}
    choices: dict[int, list[ChoiceContent]] = {}
    with translation.override(language):
        for row in rows.choices:
            if kinds.get(row["question_id"]) == QuestionKind.TRUE_FALSE and row["key"] in TRUE_FALSE_KEYS:
                shown, english = {"text": true_false_label(row["key"])}, frozenset()
            else:
                shown, english = texts(row, translated_fields(Choice))
            choice = ChoiceContent(
                row["pk"],
                row["key"],
                row["position"],
                row["is_correct"],
                shown["text"],
                english,
                lang(english),
                row["pinned"],
            )
            choices.setdefault(row["question_id"], []).append(choice)
    questions = []
    for row in rows.questions:
        shown, english = texts(row, translated_fields(Question))
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
                row["kind"],
                frozenset(choice.pk for choice in own if choice.is_correct),
            )
        )
    with translation.override(language):
        guides = []
        for row in rows.guides:
            shown, english = texts(row, ("title",))
            guides.append(GuideLink(row["pk"], row["slug"], shown["title"], _guide_url(row["slug"]), english))
        quiz = rows.quiz
        shown, english = texts(quiz, translated_fields(Quiz))
        slug = quiz["slug"]
        return QuizContent(
            pk=quiz["pk"],
            slug=slug,
            version=rows.version,
            language=language,
            published=quiz["published"],
            difficulty=quiz["difficulty"],
            difficulty_label=str(Difficulty(quiz["difficulty"]).label),
            shuffle_choices=quiz["shuffle_choices"],
            shuffle_questions=quiz["shuffle_questions"],
            pass_mark=quiz["pass_mark"],
            mode=quiz["mode"],
            time_limit=quiz["time_limit"],
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
