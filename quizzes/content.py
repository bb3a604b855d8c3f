"""Quizzes as files: the ``quizsite-quiz`` JSON format used by the demo content.

A file holds one quiz with its questions, choices, explanations and related guides, every translated text as
an object ``{"en": …, "fr": …, "tr": …}`` whose missing translations are ``null``. See
``quizzes/demo/data-parallelism.json`` for a complete example.
"""

import json
from pathlib import Path

from django.conf import settings
from django.db import transaction
from modeltranslation.utils import build_localized_fieldname

from guides.models import Guide
from quizzes.models import Choice, Question, Quiz

FORMAT = "quizsite-quiz"
DEMO_FILE = Path(__file__).resolve().parent / "demo" / "data-parallelism.json"


def _translations(texts: dict, field: str) -> dict:
    """Map ``{"en": "Hi", "fr": None}`` to model keyword arguments ``{"field_en": "Hi", "field_fr": None, …}``."""
    return {build_localized_fieldname(field, code): texts.get(code) for code, _name in settings.LANGUAGES}


def read_quiz_file(path: Path) -> dict:
    """Read a ``quizsite-quiz`` file (UTF-8 JSON) and return its data (dict)."""
    return json.loads(Path(path).read_text(encoding="utf-8"))


@transaction.atomic
def quiz_create_from_data(data: dict) -> tuple[Quiz, bool]:
    """Create the quiz (and any guide it names that does not exist yet) from ``quizsite-quiz`` data.

    Content that already exists is left exactly as it is, so loading twice, or after authors edited the
    content, changes nothing.

    Args:
        data: the parsed file, as from ``read_quiz_file``.

    Returns:
        ``(quiz, created)``.
    """
    guides = {}
    for entry in data.get("guides", []):
        guide, _created = Guide.objects.get_or_create(
            slug=entry["slug"],
            defaults={
                "ordering": entry.get("ordering", 0),
                "published": entry.get("published", False),
                **_translations(entry["title"], "title"),
                **_translations(entry.get("summary", {}), "summary"),
                **_translations(entry.get("body", {}), "body"),
            },
        )
        guides[guide.slug] = guide
    entry = data["quiz"]
    existing = Quiz.objects.filter(slug=entry["slug"]).first()
    if existing is not None:
        return existing, False
    quiz = Quiz.objects.create(
        slug=entry["slug"],
        difficulty=entry["difficulty"],
        published=entry.get("published", False),
        **_translations(entry["title"], "title"),
        **_translations(entry.get("description", {}), "description"),
    )
    quiz.guides.set(guides.get(slug) or Guide.objects.get(slug=slug) for slug in entry.get("guides", []))
    for question_entry in entry["questions"]:
        question = Question.objects.create(
            quiz=quiz,
            position=question_entry["position"],
            **_translations(question_entry["text"], "text"),
            **_translations(question_entry.get("explanation", {}), "explanation"),
        )
        Choice.objects.bulk_create(
            Choice(
                question=question,
                position=choice_entry["position"],
                is_correct=choice_entry["is_correct"],
                **_translations(choice_entry["text"], "text"),
            )
            for choice_entry in question_entry["choices"]
        )
    return quiz, True
