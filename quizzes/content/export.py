"""Writing a quiz as a ``quizsite-quiz`` file: ``quiz_export`` gives its data, ``quiz_dump`` the file's text.

The export writes every field, defaults included, so that a file says all it means and two exports of the same quiz
are identical.
"""

import json

from guides.models import Guide
from quizzes.kinds import TRUE_KEY, QuestionKind
from quizzes.models import Choice, Question, Quiz
from translations.facts import LANGUAGE_CODES, is_missing, text_of, translated_fields

FORMAT = "quizsite-quiz"
#: Version 4 adds a quiz's mode and time limit (``quizzes.modes``). Version 3 added a quiz's shuffling and pass
#: mark, a question's kind (a true-or-false question has an ``answer`` instead of choices) and a choice's pin.
#: Version 2 named questions and choices by key and ordered them by their place in the file (versions 2 and 3 are
#: still read: ``schema``); version 1 numbered them by position.
VERSION = 4


def _texts(instance, field: str) -> dict:
    """``{"en": …, "fr": …, "tr": …}`` of ``instance.<field>``; a missing text (``facts.is_missing``) is ``None``."""
    return {code: None if is_missing(text := text_of(instance, field, code)) else text for code in LANGUAGE_CODES}


def _all_texts(instance) -> dict:
    """``{field: _texts(instance, field)}`` for each of ``instance``'s translated fields, in the model's order."""
    return {field: _texts(instance, field) for field in translated_fields(type(instance))}


def guide_export(guide: Guide) -> dict:
    """One entry of a file's ``guides`` list: the guide's slug, ordering, published flag and translated texts."""
    return {
        "slug": guide.slug,
        "ordering": guide.ordering,
        "published": guide.published,
        **_all_texts(guide),
    }


def choice_export(choice: Choice) -> dict:
    """One entry of a question's ``choices`` list: the choice's key, texts, correct mark and pin."""
    return {"key": choice.key, **_all_texts(choice), "is_correct": choice.is_correct, "pinned": choice.pinned}


def question_export(question: Question) -> dict:
    """One entry of a file's ``quiz.questions`` list: the question's key, kind and texts, then its choices in
    position order, or for a true-or-false question its ``answer`` (whether the statement is true; its two choices
    are the site's, ``quizzes.kinds.true_false_rows``).

    Uses the prefetched ``choices`` when present.
    """
    entry = {
        "key": question.key,
        "kind": question.kind,
        **_all_texts(question),
    }
    choices = sorted(question.choices.all(), key=lambda choice: choice.position)
    if question.kind == QuestionKind.TRUE_FALSE:
        return entry | {"answer": any(choice.key == TRUE_KEY and choice.is_correct for choice in choices)}
    return entry | {"choices": [choice_export(choice) for choice in choices]}


def quiz_fields_export(quiz: Quiz) -> dict:
    """The quiz's own fields in a file's ``quiz`` object: slug, difficulty, published flag, shuffling, pass mark
    (a percentage, or None), mode ("practice" or "exam"), time limit (minutes, or None) and translated texts."""
    return {
        "slug": quiz.slug,
        "difficulty": quiz.difficulty,
        "published": quiz.published,
        "shuffle_choices": quiz.shuffle_choices,
        "shuffle_questions": quiz.shuffle_questions,
        "pass_mark": quiz.pass_mark,
        "mode": quiz.mode,
        "time_limit": quiz.time_limit,
        **_all_texts(quiz),
    }


def quiz_export(quiz: Quiz) -> dict:
    """The ``quizsite-quiz`` data of ``quiz``: its guides, questions, choices and every translation.

    Questions and choices are listed in position order, which is what the file's order means on import. Three
    queries.

    Args:
        quiz: any quiz, published or not.

    Returns:
        A dict in the file's key order (as in the demo file); ``quiz_dump`` turns it into the file's text.
    """
    guides = list(quiz.guides.order_by("ordering", "slug"))
    questions = quiz.questions.prefetch_related("choices").order_by("position")
    return {
        "format": FORMAT,
        "version": VERSION,
        "guides": [guide_export(guide) for guide in guides],
        "quiz": {
            **quiz_fields_export(quiz),
            "guides": [guide.slug for guide in guides],
            "questions": [question_export(question) for question in questions],
        },
    }


def quiz_dump(data: dict) -> str:
    """The text of a ``quizsite-quiz`` file: JSON indented by 2, letters as letters, ending with a newline."""
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
