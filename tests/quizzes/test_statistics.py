"""The answer statistics of questions of every kind: how often each choice was chosen and, for a question with
several right answers, how often exactly the right set was (``quizzes.statistics``)."""

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains

from quizzes.answering import answer_submit
from quizzes.kinds import QuestionKind, true_false_rows
from quizzes.models import Choice, Question, Quiz
from quizzes.services import attempt_start
from quizzes.statistics import chosen_sets
from tests.factories import make_quiz, make_user
from tests.pages import find, texts_of

pytestmark = pytest.mark.django_db


def kinds_quiz(**fields) -> Quiz:
    """Question 1: one right answer (choice 2 of 4); question 2: several (choices 1 and 3 of 4); question 3: true
    or false, the statement true. Choices in the author's order; ``fields`` for ``make_quiz``."""
    quiz = make_quiz(questions=3, choices=4, correct=2, shuffle_choices=False, **fields)
    Question.objects.filter(quiz=quiz, position=2).update(kind=QuestionKind.MULTIPLE)
    Choice.objects.filter(question__quiz=quiz, question__position=2).update(is_correct=False)
    Choice.objects.filter(question__quiz=quiz, question__position=2, position__in=[1, 3]).update(is_correct=True)
    statement = quiz.questions.get(position=3)
    Question.objects.filter(pk=statement.pk).update(kind=QuestionKind.TRUE_FALSE)
    statement.choices.all().delete()
    Choice.objects.bulk_create(Choice(question=statement, **row) for row in true_false_rows(is_true=True))
    return quiz


def answer(learner, quiz: Quiz, picks: list[list[int]], language: str = "en") -> None:
    """``learner`` answers ``quiz``'s first questions in ``language``, choosing the choices at positions ``picks[i]``
    for question ``i + 1`` (a quiz that does not shuffle its questions)."""
    attempt = attempt_start(learner=learner, quiz=quiz, language=language)
    for position, positions in enumerate(picks, start=1):
        question = quiz.questions.get(position=position)
        chosen = list(question.choices.filter(position__in=positions))
        answer_submit(attempt=attempt, question=question, choices=chosen)


def statistics_page(client, quiz: Quiz, language: str = "en"):
    return client.get(reverse("admin:quizzes_quiz_statistics", args=[quiz.pk]), headers={"accept-language": language})


def summary(response) -> list[tuple]:
    return [
        (
            row.question.position,
            row.answered,
            row.correct,
            row.exact,
            row.percent_exact,
            [(item.label, item.chosen, item.percent) for item in row.choices],
        )
        for row in response.context["rows"]
    ]


@pytest.fixture
def answered(db) -> Quiz:
    """Four learners answer ``kinds_quiz``: the multiple-answer question exactly right twice ({1, 3}), once with a
    choice missing ({1}), once with one too many ({1, 2, 3}); the true-or-false one True three times, False once."""
    quiz = kinds_quiz()
    answer(make_user("one"), quiz, [[2], [1, 3], [1]])
    answer(make_user("two"), quiz, [[2], [1], [1]])
    answer(make_user("three"), quiz, [[1], [1, 3], [2]])
    answer(make_user("four"), quiz, [[4], [1, 2, 3], [1]])
    return quiz


def test_a_multiple_answer_question_counts_each_choice_and_the_exact_right_set(author_client, answered):
    response = statistics_page(author_client, answered)
    assert summary(response) == [
        (
            1,
            4,
            2,
            None,
            None,
            [("Q1 choice 1", 1, 25), ("Q1 choice 2", 2, 50), ("Q1 choice 3", 0, 0), ("Q1 choice 4", 1, 25)],
        ),
        (
            2,
            4,
            2,
            2,
            50,
            [("Q2 choice 1", 4, 100), ("Q2 choice 2", 1, 25), ("Q2 choice 3", 3, 75), ("Q2 choice 4", 0, 0)],
        ),
        (3, 4, 3, None, None, [("True", 3, 75), ("False", 1, 25)]),
    ]
    assertContains(response, "4 answers, 2 correct (50%)", count=2)
    assertContains(response, "4 answers, 3 correct (75%)", count=1)
    # The line of the exact set, and the note on shares, for the multiple-answer question only.
    (multiple,) = find(response.content, lambda node: ("id", "question-2") in node.attributes)
    assert texts_of(multiple, "exact-set") == ["2 answers chose exactly the right choices (50%)."]
    assert texts_of(response.content, "exact-set") == ["2 answers chose exactly the right choices (50%)."]
    assert texts_of(response.content, "several-note") == [
        "Learners may choose several choices, so the choices' shares can add up to more than 100 percent."
    ]


@pytest.mark.parametrize(
    ("language", "labels", "exact"),
    [
        ("fr", ["1. Vrai", "2. Faux"], "2 réponses avec exactement les bons choix (50\u00a0%)."),
        ("tr", ["1. Doğru", "2. Yanlış"], "Tam olarak doğru seçenekleri işaretleyen 2 cevap (%50)."),
    ],
)
def test_true_or_false_labels_and_the_exact_set_read_in_the_admins_language(
    author_client, answered, language, labels, exact
):
    response = statistics_page(author_client, answered, language)
    (section,) = find(response.content, lambda node: ("id", "question-3") in node.attributes)
    cells = [str(row.children[0].children[0]) for row in find(section, lambda node: node.name == "tr")[1:]]
    assert cells == labels
    assert texts_of(response.content, "exact-set") == [exact]


def test_the_grouped_answers_hold_one_row_per_set_chosen_not_per_answer(answered):
    """Thirty more learners choosing sets already chosen add no row: only the counts grow."""
    for number in range(30):
        answer(make_user(f"more{number}"), answered, [[2], [1, 3] if number % 2 else [1], [1]])
    sets = chosen_sets(answered)
    questions = {question.position: question.pk for question in answered.questions.all()}
    positions = {choice.pk: choice.position for choice in Choice.objects.filter(question__quiz=answered)}
    multiple = sorted(
        (sorted(positions[pk] for pk in item.pks), item.correct, item.count) for item in sets[questions[2]]
    )
    assert multiple == [([1], False, 16), ([1, 2, 3], False, 1), ([1, 3], True, 17)]
    assert len(sets[questions[1]]) == 3  # choices 1, 2 and 4 were chosen
    assert len(sets[questions[3]]) == 2
