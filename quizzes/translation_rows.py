"""Which translated texts belong to a quiz, in the order an author reads them (the translation grid's rows)."""

from django.db.models import Prefetch

from guides.models import Guide
from quizzes.models import Choice, Question, Quiz
from translations.tracking import translated_fields


def quiz_texts(quiz: Quiz) -> list[tuple[object, str]]:
    """The translated texts of ``quiz`` as ``(instance, field)`` pairs, for ``translations.states.rows``.

    Order: the quiz's title and description; each question (by position) with its text, its explanation and its
    choices' texts (by position); then each linked guide (by the guides' ordering) with its title, summary and
    body. Three queries, whatever the quiz's size (questions, their choices, guides).
    """
    questions = quiz.questions.order_by("position").prefetch_related(
        Prefetch("choices", queryset=Choice.objects.order_by("position"))
    )
    texts: list[tuple[object, str]] = [(quiz, "title"), (quiz, "description")]
    for question in questions:
        texts += [(question, "text"), (question, "explanation")]
        texts += [(choice, "text") for choice in question.choices.all()]
    for guide in quiz.guides.order_by("ordering", "slug"):
        texts += [(guide, "title"), (guide, "summary"), (guide, "body")]
    return texts


def quiz_text_places(quiz: Quiz) -> list[tuple[object, str, str]]:
    """``quiz_texts(quiz)`` with where each text is, for translators (``translations.po``'s comments):
    ``(instance, field, place)``, the place in English like ``"quiz “data-parallelism”, question 3, choice 2"``
    or ``"guide “data-parallelism”, body"``. Questions and choices are numbered from 1 in reading order, as
    learners see them. Three queries."""
    places, question_number, choice_number = [], 0, 0
    for instance, field in quiz_texts(quiz):
        if isinstance(instance, Guide):
            place = f"guide “{instance.slug}”, {field}"
        elif isinstance(instance, Question):
            if field == "text":
                question_number, choice_number = question_number + 1, 0
            place = f"quiz “{quiz.slug}”, question {question_number}, {field}"
        elif isinstance(instance, Choice):
            choice_number += 1
            place = f"quiz “{quiz.slug}”, question {question_number}, choice {choice_number}"
        else:
            place = f"quiz “{quiz.slug}”, {field}"
        places.append((instance, field, place))
    return places


def all_text_places() -> list[tuple[object, str, str]]:
    """The translated texts of every quiz (by slug), as ``quiz_text_places`` gives them, then those of the
    guides no quiz links; a guide linked to several quizzes comes once, under the first. Three queries per quiz,
    plus two (for a command line tool, not a page)."""
    seen, places = set(), []
    for quiz in Quiz.objects.order_by("slug"):
        for instance, field, place in quiz_text_places(quiz):
            key = (instance._meta.label_lower, instance.pk, field)
            if key not in seen:
                seen.add(key)
                places.append((instance, field, place))
    for guide in Guide.objects.filter(quizzes=None).order_by("ordering", "slug"):
        places += [(guide, field, f"guide “{guide.slug}”, {field}") for field in translated_fields(Guide)]
    return places
