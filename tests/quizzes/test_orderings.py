"""The orders pages, the admin and exports show, read without a join made only to sort; the indexes of the answers,
questions and choices, none repeating what a unique constraint's index holds (issue 20)."""

import pytest
from django.db import connection
from django.db.models import prefetch_related_objects
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from quizzes.models import Answer, Choice, Question
from tests.factories import answer_quiz, make_quiz, make_user
from tests.quizzes.helpers import swap_positions
from translations.models import GlossaryRendering, GlossaryTerm

pytestmark = pytest.mark.django_db


def swap_choices(question: Question, first: int, second: int) -> None:
    """Exchange two choices' positions, through a free one, as the admin's reordering save does."""
    question.choices.filter(position=first).update(position=999)
    question.choices.filter(position=second).update(position=first)
    question.choices.filter(position=999).update(position=second)


def test_reading_a_quiz_an_attempt_and_a_glossary_term_joins_no_table():
    quiz = make_quiz(questions=2)
    attempt = answer_quiz(make_user(), quiz, picks=[1, 2])
    term = GlossaryTerm.objects.create(term="layer")
    with CaptureQueriesContext(connection) as reads:
        questions = list(quiz.questions.all())
        prefetch_related_objects(questions, "choices")
        list(attempt.answers.all())
        list(term.renderings.all())
        list(Question.objects.all())
        list(Choice.objects.all())
        list(Answer.objects.all())
    assert [" JOIN " in query["sql"] for query in reads.captured_queries] == [False] * 7


def test_questions_choices_and_renderings_come_in_position_and_language_order_not_creation_order():
    quiz = make_quiz(questions=3, choices=3)
    swap_positions(quiz, 1, 3)
    question = quiz.questions.get(position=2)
    swap_choices(question, 1, 3)
    term = GlossaryTerm.objects.create(term="layer")
    GlossaryRendering.objects.create(term=term, language="tr", rendering="katman")
    GlossaryRendering.objects.create(term=term, language="fr", rendering="couche")
    assert [(item.position, item.text) for item in quiz.questions.all()] == [
        (1, "Question 3"),
        (2, "Question 2"),
        (3, "Question 1"),
    ]
    assert [(item.position, item.text) for item in question.choices.all()] == [
        (1, "Q2 choice 3"),
        (2, "Q2 choice 2"),
        (3, "Q2 choice 1"),
    ]
    assert [item.language for item in term.renderings.all()] == ["fr", "tr"]


def test_an_attempts_answers_stay_in_the_order_given_after_its_quiz_is_reordered(author_client):
    """The attempt's page in the admin, as the results page and the data export show them."""
    quiz = make_quiz(questions=3)
    attempt = answer_quiz(make_user(), quiz, picks=[1, 2, 1])
    swap_positions(quiz, 1, 3)
    response = author_client.get(reverse("admin:quizzes_attempt_change", args=[attempt.pk]))
    shown = [form.instance for form in response.context["inline_admin_formsets"][0].formset.forms]
    assert [(answer.question.text, answer.choice.text) for answer in shown] == [
        ("Question 1", "Q1 choice 1"),
        ("Question 2", "Q2 choice 2"),
        ("Question 3", "Q3 choice 1"),
    ]
    assert [answer.question.position for answer in attempt.answers.all()] == [3, 2, 1]


def test_statistics_list_questions_and_choices_in_position_order_not_creation_order(author_client):
    quiz = make_quiz(questions=2, choices=3)
    answer_quiz(make_user(), quiz, picks=[3, 1])
    swap_positions(quiz, 1, 2)
    swap_choices(quiz.questions.get(position=1), 1, 3)
    response = author_client.get(reverse("admin:quizzes_quiz_statistics", args=[quiz.pk]))
    assert [
        (row["question"].text, [(item["choice"].text, item["picked"]) for item in row["choices"]])
        for row in response.context["rows"]
    ] == [
        ("Question 2", [("Q2 choice 3", 0), ("Q2 choice 2", 0), ("Q2 choice 1", 1)]),
        ("Question 1", [("Q1 choice 1", 0), ("Q1 choice 2", 0), ("Q1 choice 3", 1)]),
    ]


def test_the_admins_question_list_is_by_quiz_slug_then_position(author_client):
    """Not by the quizzes' titles nor by their creation."""
    make_quiz(slug="b-quiz", title="A title", questions=2)
    make_quiz(slug="a-quiz", title="B title", questions=2)
    response = author_client.get(reverse("admin:quizzes_question_changelist"))
    assert [(question.quiz.slug, question.position) for question in response.context["cl"].result_list] == [
        ("a-quiz", 1),
        ("a-quiz", 2),
        ("b-quiz", 1),
        ("b-quiz", 2),
    ]


def test_no_index_of_answers_questions_or_choices_repeats_the_first_column_of_a_unique_one():
    """An answer saved writes one index fewer: lookups by attempt, quiz or question use the unique constraints'
    indexes, which start with that column."""
    with connection.cursor() as cursor:
        indexes = {
            table: sorted(
                (tuple(constraint["columns"]), constraint["unique"])
                for constraint in connection.introspection.get_constraints(cursor, table).values()
                if (constraint["index"] or constraint["unique"]) and not constraint["primary_key"]
            )
            for table in ("quizzes_answer", "quizzes_question", "quizzes_choice")
        }
    assert indexes == {
        "quizzes_answer": [(("attempt_id", "question_id"), True), (("choice_id",), False), (("question_id",), False)],
        "quizzes_question": [(("quiz_id", "key"), True), (("quiz_id", "position"), True)],
        "quizzes_choice": [
            (("question_id", "key"), True),
            (("question_id", "position"), True),
        ],
    }
