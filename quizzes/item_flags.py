"""What the item analysis (``quizzes.item_analysis``) tells an author to act on: the flags, each one sentence, and
the language gap that points at a translation.

The rules (README, "Authoring"):

- **nearly everyone right or wrong**: facility, as the page shows it (a whole percentage, ``whole_percent``), at
  least ``EASY_FROM`` or at most ``HARD_UP_TO``;
- **negative discrimination**: the strongest learners miss it more often than the weakest (a wrong key, or an
  ambiguous text);
- **a strong distractor**: a wrong choice that the strongest third chose more often than the right choice (for a
  multiple-answer question, than its least chosen right choice);
- **a distractor nobody picks**, among at least ``MIN_WRONG_ANSWERS`` wrong answers (fewer say nothing about a
  distractor: with 10 learners 90 % right, two of three distractors are always unpicked); single- and
  multiple-answer questions (a true-or-false question's other answer is not a distractor an author writes);
- **the language gap**: learners who read the question in a translation answered it right less often than those
  who read it in any other language (English fallback counts as English), beyond chance: a one-sided
  two-proportion z-test at ``SIGNIFICANCE`` (z ≥ ``Z_CRITICAL``), with at least ``MIN_LANGUAGE_ANSWERS`` answers on
  each side. It compares raw shares: it assumes the languages' learners are alike in ability, which a test that
  conditions on the score (Mantel–Haenszel) would not need.

A number or a flag shows only from enough learners (``quizzes.item_analysis.MIN_LEARNERS``, ``…DISCRIMINATION…``).
"""

import math
from collections.abc import Iterable
from dataclasses import dataclass

from django.conf import settings
from django.db import connection

from quizzes.item_analysis import (
    FALLBACK_LANGUAGE,
    ChoiceNumbers,
    Group,
    QuestionGroups,
    Sums,
    counted_answers_sql,
    parameters,
    question_groups,
)
from quizzes.kinds import QuestionKind
from quizzes.models import Quiz
from quizzes.statistics import whole_percent

EASY_FROM = 90  # percent
HARD_UP_TO = 10  # percent
MIN_WRONG_ANSWERS = 20
SIGNIFICANCE = 0.01
#: The standard normal quantile for ``SIGNIFICANCE``, one-sided: Φ⁻¹(0.99).
Z_CRITICAL = 2.326
MIN_LANGUAGE_ANSWERS = 30

EASY, HARD, NEGATIVE, STRONG_DISTRACTOR, UNPICKED, LANGUAGE_GAP = (
    "easy",
    "hard",
    "negative_discrimination",
    "strong_distractor",
    "unpicked_distractor",
    "language_gap",
)


@dataclass(frozen=True, slots=True)
class LanguageGap:
    """A question answered right clearly less often in one translation: ``language`` (code), its ``facility``
    (0–1) from ``answers`` (int), against ``others_facility`` from ``others_answers`` in every other language
    read, and the test's ``z``."""

    language: str
    facility: float
    answers: int
    others_facility: float
    others_answers: int
    z: float


@dataclass(frozen=True, slots=True)
class Numbers:
    """A group's numbers as shown: ``learners`` (int), how many were ``right`` (int), ``facility`` and
    ``discrimination`` (None where too few), ``choices`` (``ChoiceNumbers`` in position order)."""

    learners: int
    right: int
    facility: float | None
    discrimination: float | None
    choices: list[ChoiceNumbers]


@dataclass(frozen=True, slots=True)
class LanguageNumbers:
    """One language read: its ``code``, its ``name`` as ``settings.LANGUAGES`` gives it, its ``numbers``, and its
    ``gap`` when it is flagged (else None)."""

    code: str
    name: str
    numbers: Numbers
    gap: LanguageGap | None


@dataclass(frozen=True, slots=True)
class Flag:
    """A flag on a question: its ``code`` (one of the module's constants), and for a distractor the ``choice``
    numbers it is about, for a language gap the ``gap``."""

    code: str
    choice: ChoiceNumbers | None = None
    gap: LanguageGap | None = None


@dataclass(frozen=True, slots=True)
class QuestionAnalysis:
    """A question's item analysis: its numbers overall, per language read, and its flags."""

    question: object
    numbers: Numbers
    languages: list[LanguageNumbers]
    flags: list[Flag]


def language_gap(language: str, own: Sums, everyone: Sums) -> LanguageGap | None:
    """The gap of ``language``'s learners (``own``) against everyone else's (``everyone`` minus ``own``), when the
    one-sided two-proportion z-test finds it at ``SIGNIFICANCE``; None otherwise, for English (not a translation)
    and below ``MIN_LANGUAGE_ANSWERS`` on either side."""
    others, others_right = everyone.learners - own.learners, everyone.right - own.right
    if language == FALLBACK_LANGUAGE or min(own.learners, others) < MIN_LANGUAGE_ANSWERS:
        return None
    mine, theirs = own.right / own.learners, others_right / others
    pooled = everyone.right / everyone.learners
    spread = math.sqrt(pooled * (1 - pooled) * (1 / own.learners + 1 / others))
    if not spread:
        return None
    z = (theirs - mine) / spread
    return LanguageGap(language, mine, own.learners, theirs, others, z) if z >= Z_CRITICAL else None


def numbers(groups: QuestionGroups, group: Group) -> Numbers:
    sums = group.sums
    return Numbers(sums.learners, sums.right, sums.facility, sums.discrimination, group.choices(groups.question))


def flags(question, overall: Numbers, gaps: Iterable[LanguageGap]) -> list[Flag]:
    """The flags of ``question`` (a ``Question``) from its ``overall`` numbers and its languages' ``gaps``."""
    found = []
    facility = None if overall.facility is None else whole_percent(overall.facility)
    if facility is not None and facility >= EASY_FROM:
        found.append(Flag(EASY))
    if facility is not None and facility <= HARD_UP_TO:
        found.append(Flag(HARD))
    if overall.discrimination is not None and overall.discrimination < 0:
        found.append(Flag(NEGATIVE))
    right = [item for item in overall.choices if item.choice.is_correct]
    wrong = [item for item in overall.choices if not item.choice.is_correct]
    if right and all(item.strongest is not None for item in right):
        weakest_right = min(item.strongest for item in right)
        found += [Flag(STRONG_DISTRACTOR, item) for item in wrong if item.strongest > weakest_right]
    if question.kind != QuestionKind.TRUE_FALSE and overall.learners - overall.right >= MIN_WRONG_ANSWERS:
        found += [Flag(UNPICKED, item) for item in wrong if not item.chosen]
    found += [Flag(LANGUAGE_GAP, gap=gap) for gap in gaps]
    return found


def item_analysis(quiz: Quiz, questions: list | None = None) -> list[QuestionAnalysis]:
    """The item analysis of every question of ``quiz``, in position order, with its flags: three queries
    (``quizzes.item_analysis.question_groups``; one given the ``questions``), whatever the number of attempts."""
    names = dict(settings.LANGUAGES)
    analyses = []
    for groups in question_groups(quiz, questions):
        everyone = groups.everyone.sums
        languages = [
            LanguageNumbers(code, str(names[code]), numbers(groups, group), language_gap(code, group.sums, everyone))
            for code, group in groups.languages.items()
        ]
        overall = numbers(groups, groups.everyone)
        gaps = [language.gap for language in languages if language.gap]
        analyses.append(QuestionAnalysis(groups.question, overall, languages, flags(groups.question, overall, gaps)))
    return analyses


def translation_suspects(quiz_ids: Iterable[int]) -> dict[int, dict[str, LanguageGap]]:
    """The questions of the quizzes ``quiz_ids`` (ints) whose facility in a translation is clearly below the
    others' (``language_gap``), for the translation grid and ``translation_status``: one query for them all.

    Returns:
        ``{question pk: {language code: LanguageGap}}``; questions without a gap are missing.
    """
    ids = list(quiz_ids)
    if not ids:
        return {}
    sql = f"""WITH {counted_answers_sql(len(ids))}
        SELECT question_id, read_in, SUM(CASE WHEN is_correct THEN 1 ELSE 0 END), COUNT(*)
        FROM counted GROUP BY question_id, read_in"""
    by_question: dict[int, dict[str, Sums]] = {}
    with connection.cursor() as cursor:
        cursor.execute(sql, parameters(ids))
        for question, language, right, count in cursor.fetchall():
            by_question.setdefault(question, {})[language] = Sums(learners=count, right=int(right))
    suspects: dict[int, dict[str, LanguageGap]] = {}
    for question, languages in by_question.items():
        everyone = Sums(
            learners=sum(sums.learners for sums in languages.values()),
            right=sum(sums.right for sums in languages.values()),
        )
        for code, sums in languages.items():
            gap = language_gap(code, sums, everyone)
            if gap:
                suspects.setdefault(question, {})[code] = gap
    return suspects
