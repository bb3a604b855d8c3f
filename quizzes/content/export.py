"""Writing a quiz as a ``quizsite-quiz`` file: ``quiz_export`` gives its data, ``quiz_dump`` the file's text."""

import json

from django.conf import settings
from modeltranslation.utils import build_localized_fieldname

from guides.models import Guide
from quizzes.models import Choice, Question, Quiz

FORMAT = "quizsite-quiz"
#: Version 2 names questions and choices by key and orders them by their place in the file; version 1 numbered
#: them by position.
VERSION = 2
LANGUAGE_CODES = [code for code, _name in settings.LANGUAGES]
SOURCE_LANGUAGE = settings.MODELTRANSLATION_DEFAULT_LANGUAGE


def _texts(instance, field: str) -> dict:
    """``{"en": …, "fr": …, "tr": …}`` of ``instance.<field>``; an empty translation is ``None``."""
    return {code: getattr(instance, build_localized_fieldname(field, code)) or None for code in LANGUAGE_CODES}


def guide_export(guide: Guide) -> dict:
    """One entry of a file's ``guides`` list: the guide's slug, ordering, published flag and translated texts."""
    return {
        "slug": guide.slug,
        "ordering": guide.ordering,
        "published": guide.published,
        "title": _texts(guide, "title"),
        "summary": _texts(guide, "summary"),
        "body": _texts(guide, "body"),
    }


def choice_export(choice: Choice) -> dict:
    """One entry of a question's ``choices`` list: the choice's key, texts and correct mark."""
    return {"key": choice.key, "text": _texts(choice, "text"), "is_correct": choice.is_correct}


def question_export(question: Question) -> dict:
    """One entry of a file's ``quiz.questions`` list: the question's key, texts and choices in position order.

    Uses the prefetched ``choices`` when present.
    """
    return {
        "key": question.key,
        "text": _texts(question, "text"),
        "explanation": _texts(question, "explanation"),
        "choices": [
            choice_export(choice) for choice in sorted(question.choices.all(), key=lambda choice: choice.position)
        ],
    }


def quiz_fields_export(quiz: Quiz) -> dict:
    """The quiz's own fields in a file's ``quiz`` object: slug, difficulty, published flag and translated texts."""
    return {
        "slug": quiz.slug,
        "difficulty": quiz.difficulty,
        "published": quiz.published,
        "title": _texts(quiz, "title"),
        "description": _texts(quiz, "description"),
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
