"""Which translated texts belong to a quiz, in the order an author reads them (the translation grid's rows), with
the label and the admin form field that name each; and the quiz list's conditions on its texts' translations."""

from dataclasses import dataclass

from django.db import models
from django.db.models import Exists, OuterRef, Prefetch, Q
from django.utils.text import capfirst
from django.utils.translation import gettext

from guides.models import Guide
from quizzes.kinds import QuestionKind
from quizzes.models import Choice, Question, Quiz
from translations.completeness import any_missing, any_stale
from translations.facts import translated_fields
from translations.glossary import Entry
from translations.states import Row, rows


def quiz_texts(quiz: Quiz) -> list[tuple[object, str]]:
    """The translated texts of ``quiz`` as ``(instance, field)`` pairs, for ``translations.states.rows``.

    Order: the quiz's translated fields (title, description: ``translations.facts.translated_fields``, in the
    model's order, as for each object below); each question (by position) with its text, its explanation and its
    choices' texts (by position); then each linked guide (by the guides' ordering) with its title, summary and
    body. A true-or-false question's choices are left out: the site labels them in every language
    (``quizzes.kinds.true_false_label``), so they have nothing to translate. Three queries, whatever the quiz's
    size (questions, their choices, guides).
    """
    questions = quiz.questions.order_by("position").prefetch_related(
        Prefetch("choices", queryset=Choice.objects.order_by("position"))
    )
    texts: list[tuple[object, str]] = [(quiz, field) for field in translated_fields(Quiz)]
    for question in questions:
        texts += [(question, field) for field in translated_fields(Question)]
        if question.kind != QuestionKind.TRUE_FALSE:
            texts += [(choice, field) for choice in question.choices.all() for field in translated_fields(Choice)]
    for guide in quiz.guides.order_by("ordering", "slug"):
        texts += guide_texts(guide)
    return texts


def guide_texts(guide: Guide) -> list[tuple[object, str]]:
    """The translated texts of ``guide`` as ``(instance, field)`` pairs: its title, summary and body, in the
    model's order (``translations.facts.translated_fields``). No query."""
    return [(guide, field) for field in translated_fields(Guide)]


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
            place = f"quiz “{quiz.slug}”, question {question_number}, choice {choice_letter(choice_number - 1)}"
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
    for guide in Guide.objects.unlinked():
        places += [(guide, field, f"guide “{guide.slug}”, {field}") for _guide, field in guide_texts(guide)]
    return places


@dataclass(frozen=True)
class QuizText:
    """One row of a quiz's translation grid.

    Attributes:
        label: which text, in the active language: "Question 3 · Choice B", "Quiz · Title". The part after
            "·" is capitalized as the admin's field labels are (Django's ``capfirst`` on the field's verbose
            name: "Başlık", "İçerik"; Turkish names that start with i are written with İ).
        row: its ``translations.states.Row`` (English and a cell per language).
        page: the instance whose admin change page holds the text's field: the quiz for its own texts, the
            question for its texts and its choices', the guide for its texts.
        input_name: the field's form name on that page without its language suffix: ``"title"``,
            ``"choices-2-text"`` (the choice's index among its question's choices on the question's page).
    """

    label: str
    row: Row
    page: models.Model
    input_name: str


def choice_letter(index: int) -> str:
    """The letter learners see on a question's choice at ``index`` (0-based): A, B, …; its number past Z."""
    return chr(ord("A") + index) if index < 26 else str(index + 1)


def quiz_text_rows(quiz: Quiz, glossary: list[Entry] | None = None) -> list[QuizText]:
    """``quiz``'s texts (``quiz_texts``) with their states (``states.rows``), labels and form fields.

    Args:
        quiz: a saved quiz.
        glossary: ``translations.glossary.load_glossary()``; loaded by ``rows`` (two queries) when None.

    Queries: ``quiz_texts``'s three, ``rows``'s one, and the glossary's two when not given.
    """
    return _text_rows(quiz_texts(quiz), glossary)


def guide_text_rows(guide: Guide, glossary: list[Entry] | None = None) -> list[QuizText]:
    """``guide``'s texts (``guide_texts``) with their states, labels and form fields, as a quiz's grid shows a
    linked guide's (for a guide no quiz links). Queries: ``rows``'s one, and the glossary's two when not given."""
    return _text_rows(guide_texts(guide), glossary)


def _text_rows(items: list[tuple[object, str]], glossary: list[Entry] | None = None) -> list[QuizText]:
    """``items`` (``quiz_texts`` or ``guide_texts``) with their states (``states.rows``), labels and form fields.
    A choice is named by its index among the choices of its question that ``items`` holds. Queries: ``rows``'s.
    """
    questions: dict[int, Question] = {}
    choice_index: dict[int, int] = {}  # by choice pk: its index among its question's choices (in quiz_texts order)
    choices_seen: dict[int, int] = {}  # by question pk
    for instance, _field in items:
        if isinstance(instance, Question):
            questions[instance.pk] = instance
        elif isinstance(instance, Choice):
            choice_index[instance.pk] = choices_seen.get(instance.question_id, 0)
            choices_seen[instance.question_id] = choice_index[instance.pk] + 1
    return [_labelled(row, questions, choice_index) for row in rows(items, glossary)]


def _labelled(row: Row, questions: dict[int, Question], choice_index: dict[int, int]) -> QuizText:
    instance, field = row.instance, row.field
    verbose = capfirst(str(type(instance)._meta.get_field(field).verbose_name))
    if isinstance(instance, Quiz):
        label = gettext("Quiz · %(field)s") % {"field": verbose}
        return QuizText(label=label, row=row, page=instance, input_name=field)
    if isinstance(instance, Question):
        label = gettext("Question %(number)s · %(field)s") % {"number": instance.position, "field": verbose}
        return QuizText(label=label, row=row, page=instance, input_name=field)
    if isinstance(instance, Choice):
        question, index = questions[instance.question_id], choice_index[instance.pk]
        label = gettext("Question %(number)s · Choice %(letter)s") % {
            "number": question.position,
            "letter": choice_letter(index),
        }
        return QuizText(label=label, row=row, page=question, input_name=f"choices-{index}-{field}")
    label = gettext("Guide “%(title)s” · %(field)s") % {"title": instance.title, "field": verbose}
    return QuizText(label=label, row=row, page=instance, input_name=field)


def quiz_missing(language: str) -> Q:
    """The quizzes with a text missing in ``language`` (``translations.completeness.missing``) among the texts
    of their grid (``quiz_texts``): the quiz's title or description, one of its questions' texts or
    explanations, one of their choices' texts (not a true-or-false question's, whose English is empty: nothing
    to translate), or a text of a linked guide."""
    questions = Question.objects.filter(any_missing(Question, language), quiz=OuterRef("pk"))
    choices = Choice.objects.filter(any_missing(Choice, language), question__quiz=OuterRef("pk"))
    guides = Guide.objects.filter(any_missing(Guide, language), quizzes=OuterRef("pk"))
    return any_missing(Quiz, language) | Q(Exists(questions)) | Q(Exists(choices)) | Q(Exists(guides))


def quiz_stale() -> Q:
    """The quizzes with a stale translation (``translations.completeness.any_stale``) among the texts of their
    grid: of the quiz, one of its questions, one of their choices, or a linked guide."""
    questions = Question.objects.filter(any_stale(Question), quiz=OuterRef("pk"))
    choices = Choice.objects.filter(any_stale(Choice), question__quiz=OuterRef("pk"))
    guides = Guide.objects.filter(any_stale(Guide), quizzes=OuterRef("pk"))
    return Q(any_stale(Quiz)) | Q(Exists(questions)) | Q(Exists(choices)) | Q(Exists(guides))
