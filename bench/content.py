"""The content of the benchmark's data set (``bench.data``): guides, quizzes, questions and choices as rows to copy,
and the answers that each kind of attempt gives, as COPY line tails.

Quizzes (8–12 questions) are in English, French and Turkish with part of them left untranslated. Questions are of
every kind (``question_kind``): most have one right answer among 4 choices, a quarter several (2 of 4), an eighth
are true or false (the site's two choices); every fifth question of 4 choices pins its last. Quizzes shuffle their
choices (all but every tenth), half of them their questions too, every third has a pass mark, and every fourth is
an exam, half of those with a time limit (``quiz_mode``). Everything is derived from row numbers, so two builds of
one shape are identical.
"""

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.utils import translation

from bench.texts import TEXTS
from quizzes.arrangement import Arrangement
from quizzes.kinds import TRUE_FALSE_KEYS, QuestionKind, chosen_text, true_false_label
from quizzes.modes import QuizMode

if TYPE_CHECKING:
    from bench.data import Shape

LANGUAGES = ("en", "fr", "tr")
#: The time limit of the timed exams, in minutes: longer than a benchmark runs, so that none expires during it.
EXAM_TIME_LIMIT = 45


def question_count(quiz: int) -> int:
    """How many questions quiz number ``quiz`` (1-based) has: 8 to 12, cycling."""
    return 8 + quiz % 5


def question_kind(question: int) -> QuestionKind:
    """The kind of question number ``question`` (its id, 1-based): every eighth is true or false, a quarter (the
    second of every four) have several right answers, the others one."""
    if question % 8 == 0:
        return QuestionKind.TRUE_FALSE
    return QuestionKind.MULTIPLE if question % 4 == 2 else QuestionKind.SINGLE


def right_choices(question: int) -> set[int]:
    """The positions of the right choices of question number ``question``: one of four (``1 + question mod 4``), or
    that one and the next for a multiple-answer question; True (1) or False (2) for a true-or-false one, in turn."""
    kind = question_kind(question)
    if kind == QuestionKind.TRUE_FALSE:
        return {1 + question // 8 % 2}
    correct = 1 + question % 4
    return {correct, correct % 4 + 1} if kind == QuestionKind.MULTIPLE else {correct}


def quiz_settings(quiz: int) -> tuple[bool, bool, int | None]:
    """``(shuffle_choices, shuffle_questions, pass_mark)`` of quiz number ``quiz``: choices shuffled in all but every
    tenth (5, 15…: those stay in the author's order), questions in every second, a pass mark of 70% in every
    third."""
    return quiz % 10 != 5, quiz % 2 == 0, 70 if quiz % 3 == 0 else None


def quiz_mode(quiz: int) -> tuple[str, int | None]:
    """``(mode, time_limit)`` of quiz number ``quiz``: every fourth (3, 7, 11…) is an exam, half of those (3, 11…)
    with a time limit of ``EXAM_TIME_LIMIT`` minutes; the others are practised (``quizzes.modes``)."""
    if quiz % 4 != 3:
        return QuizMode.PRACTICE.value, None
    return QuizMode.EXAM.value, EXAM_TIME_LIMIT if quiz % 8 == 3 else None


def attempt_seed(quiz: int, kind: int) -> int:
    """The seed of the attempts of kind ``kind`` (``j mod 3``) at quiz number ``quiz``: all of them are shown one
    order, so that their answers are written once per quiz and kind (``content_rows``)."""
    return quiz * 3 + kind


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


def guide_rows(shape: "Shape"):
    """The guides' rows to copy."""
    for g in range(1, shape.guides + 1):
        paragraphs = {
            lang: [TEXTS["guide_paragraph"][lang].format(n=g, p=p) for p in range(1, 9)] for lang in LANGUAGES
        }
        body = {lang: "\n\n".join(paragraphs[lang]) if is_translated(g, lang) else None for lang in LANGUAGES}
        title, summary = _texts("guide_title", g, n=g), _texts("guide_summary", g, n=g)
        yield (g, f"guide-{g:04d}", *_columns(title), *_columns(summary), *_columns(body), is_published(g), g)


def quiz_rows(shape: "Shape"):
    """The quizzes' rows to copy, with their settings (``quiz_settings``) and mode (``quiz_mode``)."""
    for q in range(1, shape.quizzes + 1):
        title, description = _texts("quiz_title", q, n=q), _texts("quiz_description", q, n=q)
        difficulty = ("easy", "medium", "hard")[q % 3]
        settings = (*quiz_settings(q), *quiz_mode(q))
        columns = (*_columns(title), *_columns(description), difficulty, is_published(q), *settings)
        yield (q, f"quiz-{q:05d}", *columns)


def quiz_guide_rows(shape: "Shape"):
    """Each quiz tests one guide, every third quiz a second one too."""
    row = 0
    for q in range(1, shape.quizzes + 1):
        guides = {q % shape.guides + 1, (q * 7) % shape.guides + 1} if q % 3 == 0 else {q % shape.guides + 1}
        for guide in sorted(guides):
            row += 1
            yield (row, q, guide)


@dataclass(frozen=True)
class _Choice:
    """A choice as an attempt shows it: what ``quizzes.arrangement`` orders (``pk``, ``pinned``), and its texts as
    shown in each language and whether it is right."""

    pk: int
    pinned: bool
    texts: dict[str, str]
    right: bool


@dataclass(frozen=True)
class _Question:
    pk: int
    choices: tuple[_Choice, ...]


def content_rows(shape: "Shape", questions: list, choices: list) -> dict[int, tuple[list[str], ...]]:
    """Fill ``questions`` and ``choices`` with rows to copy.

    Returns:
        For each quiz, the tails of its answers' COPY lines (``is_correct``, choice, question, language, texts as
        shown, the chosen set, the choices as shown, whether it was read in English fallback) for the three kinds
        of attempt ``j mod 3`` (``bench.data``), one per question in the order the kind's attempts answer them (the
        order their seed gives, ``attempt_seed``). Attempt ``j`` is in language ``j mod 3`` and answers right unless
        ``(j + position) mod 3`` is 0 (then the first wrong choice, or for a multiple-answer question only the first
        of its right ones), so all of an attempt's answers follow from its quiz and ``j mod 3``.
    """
    labels = {}
    for language in LANGUAGES:
        with translation.override(language):
            labels[language] = {key: true_false_label(key) for key in TRUE_FALSE_KEYS}
    tails: dict[int, tuple[list[str], ...]] = {}
    question_id = choice_id = 0
    for q in range(1, shape.quizzes + 1):
        settings = quiz_settings(q)
        asked: list[tuple[_Question, int, dict[str, str], str, set[str]]] = []
        for p in range(1, question_count(q) + 1):
            question_id += 1
            texts = _texts("question", q, n=q, p=p)
            if q % 7 == 0 and p == 1:
                texts = {**texts, "fr": None}
            kind = question_kind(question_id)
            questions.append(
                (question_id, p, *_columns(texts), *_columns(_texts("explanation", q, p=p)), q, f"q{p}", kind.value)
            )
            right = right_choices(question_id)
            own = []
            # Languages whose learners read it all in English (quizzes.localized.QuestionContent.asked_in_english):
            # its text and its choices' untranslated (a true-or-false question's choices are the site's words).
            english = {language for language in LANGUAGES if texts[language] is None}
            if kind == QuestionKind.TRUE_FALSE:
                for c, key in enumerate(TRUE_FALSE_KEYS, start=1):
                    choice_id += 1
                    choices.append((choice_id, c, "", "", "", "", c in right, question_id, key, True))
                    shown = {language: labels[language][key] for language in LANGUAGES}
                    own.append(_Choice(choice_id, True, shown, c in right))
                english = set()
            else:
                for c in range(1, 5):
                    choice_id += 1
                    choice_texts = _texts("choice", q, c=c, p=p)
                    pinned = c == 4 and question_id % 5 == 0
                    choices.append((choice_id, c, *_columns(choice_texts), c in right, question_id, f"c{c}", pinned))
                    english &= {language for language in LANGUAGES if choice_texts[language] is None}
                    own.append(_Choice(choice_id, pinned, _shown(choice_texts), c in right))
            asked.append((_Question(question_id, tuple(own)), p, _shown(texts), kind, english))
        tails[q] = tuple(_tails(asked, attempt_seed(q, number), settings, number) for number in range(3))
    return tails


def _tails(asked: list, seed: int, settings: tuple[bool, bool, int | None], number: int) -> list[str]:
    """The answers' COPY line tails of an attempt of kind ``number`` (``j mod 3``) at a quiz whose questions are
    ``asked`` (``(question, position, texts as shown, kind, languages it is read in English in)`` in position
    order) and whose ``settings`` are ``quiz_settings``'s, the attempt's order following ``seed``; in the order it
    answers them."""
    language = LANGUAGES[number]
    arrangement = Arrangement(seed, settings[1], settings[0])
    order = arrangement.questions([question for question, *_rest in asked])
    by_pk = {entry[0].pk: entry for entry in asked}
    lines = []
    for question in order:
        p, texts, kind, english = by_pk[question.pk][1:]
        multiple = kind == QuestionKind.MULTIPLE
        shown = arrangement.choices(question)
        is_right = (number + p) % 3 != 0
        right = [choice for choice in shown if choice.right]
        if is_right:
            chosen = right
        elif multiple:
            chosen = right[:1]
        else:
            chosen = [next(choice for choice in shown if not choice.right)]
        picked = {choice.pk for choice in chosen}
        as_shown = [[choice.pk, choice.texts[language], choice.right, choice.pk in picked] for choice in shown]
        choice = "\\N" if multiple else str(chosen[0].pk)
        lines.append(
            f"{'t' if is_right else 'f'}\t{choice}\t{question.pk}\t{language}\t{texts[language]}\t"
            f"{'; '.join(item.texts[language] for item in chosen)}\t{kind}\t{chosen_text(picked)}\t"
            f"{json.dumps(as_shown, ensure_ascii=False)}\t{'t' if language in english else 'f'}\n"
        )
    return lines
