"""Each content rule of ``quizzes/rules.py``, once, with the exact message authors read."""

import pytest
from django.utils import translation

from quizzes.models import Choice
from quizzes.rules import (
    RuleBroken,
    check_choices,
    check_correct_choices_kept,
    check_publishable,
    check_removable,
    questions_with_correct,
)
from tests.factories import answer_quiz, make_quiz, make_user


def message(refusal: pytest.ExceptionInfo) -> str:
    return refusal.value.messages[0]


@pytest.mark.django_db
def test_answered_questions_and_choices_cannot_be_removed(django_assert_num_queries):
    quiz = make_quiz(questions=4)
    answer_quiz(make_user(), quiz, picks=[1, 2, 1])  # questions 1-3 answered; choice 2 picked on question 2
    questions = list(quiz.questions.order_by("position"))
    with django_assert_num_queries(1):
        check_removable(questions=[questions[3]])  # nobody answered question 4
    with pytest.raises(RuleBroken) as refusal:
        check_removable(questions=[questions[2], questions[0], questions[3]])
    assert message(refusal) == (
        "Learners have already answered questions 1, 3, so they cannot be removed. Unpublish the quiz instead."
    )
    second = questions[1]
    with pytest.raises(RuleBroken) as refusal:
        check_removable(choices=[second.choices.get(position=2), second.choices.get(position=4)])
    assert message(refusal) == (
        "Learners have already picked choice 2 of question 2, so it cannot be removed. Change its text instead, "
        "or unpublish the quiz."
    )
    check_removable(choices=[second.choices.get(position=4)])  # nobody picked it
    with translation.override("fr"), pytest.raises(RuleBroken) as refusal:
        check_removable(questions=[questions[0]])
    assert message(refusal) == (
        "Des apprenants ont déjà répondu à la question 1, elle ne peut donc pas être supprimée. "
        "Dépubliez plutôt le quiz."
    )


@pytest.mark.django_db
def test_the_correct_choice_of_an_answered_question_cannot_move():
    quiz = make_quiz(questions=3, correct=1)
    answer_quiz(make_user(), quiz, picks=[2, 2])
    first, second, third = quiz.questions.order_by("position")
    stored = {question: [question.choices.get(position=1)] for question in (first, second, third)}
    check_correct_choices_kept(stored)
    moved = {first: [first.choices.get(position=3)], second: [Choice(question=second, position=5)], third: []}
    with pytest.raises(RuleBroken) as refusal:
        check_correct_choices_kept(moved)
    # Question 3 has no answer: its mark may move. Adding a second right choice changes the set too.
    with pytest.raises(RuleBroken):
        check_correct_choices_kept({first: [first.choices.get(position=1), first.choices.get(position=2)]})
    assert message(refusal) == (
        "Learners have already answered questions 1, 2, so their correct choices cannot change: their scores "
        "were given against them. Add new questions instead, or fix the wording of the choices."
    )


@pytest.mark.parametrize(
    ("choice_count", "correct_count", "expected"),
    [
        (1, 1, "A question needs at least 2 choices; it has 1."),
        (4, 0, "Mark exactly one choice as correct; 0 are marked."),
        (4, 2, "Mark exactly one choice as correct; 2 are marked."),
        (2, 1, None),
    ],
)
def test_a_question_has_two_choices_or_more_and_exactly_one_correct(choice_count, correct_count, expected):
    if expected is None:
        check_choices(choice_count=choice_count, correct_count=correct_count)
        return
    with pytest.raises(RuleBroken) as refusal:
        check_choices(choice_count=choice_count, correct_count=correct_count)
    assert message(refusal) == expected


def test_a_question_without_its_choices_is_refused_in_turkish():
    with translation.override("tr"), pytest.raises(RuleBroken) as refusal:
        check_choices(choice_count=4, correct_count=3)
    assert message(refusal) == "Tam olarak bir seçeneği doğru olarak işaretleyin; 3 seçenek işaretli."


@pytest.mark.django_db
def test_a_published_quiz_is_complete():
    quiz = make_quiz(questions=3)
    quiz.questions.get(position=2).choices.update(is_correct=False)
    stored = questions_with_correct(quiz.questions.all())
    assert stored == {1: True, 2: False, 3: True}
    check_publishable(published=False, numbers_with_correct=stored)
    with pytest.raises(RuleBroken) as refusal:
        check_publishable(published=True, numbers_with_correct=stored)
    assert message(refusal) == (
        "Question 2 has no correct choice, so the quiz cannot be published. Mark one, or unpublish the quiz."
    )
    with pytest.raises(RuleBroken) as refusal:
        check_publishable(published=True, numbers_with_correct={})
    assert message(refusal) == "A published quiz needs at least one question. Add one, or unpublish the quiz."


@pytest.mark.django_db
def test_renumber_makes_positions_contiguous_in_the_given_order():
    quiz = make_quiz(questions=4)
    quiz.questions.filter(position=2).delete()
    quiz.questions.all().renumber()
    assert list(quiz.questions.order_by("position").values_list("position", "text_en")) == [
        (1, "Question 1"),
        (2, "Question 3"),
        (3, "Question 4"),
    ]
    keys = list(quiz.questions.order_by("-position").values_list("pk", flat=True))
    quiz.questions.all().renumber(order=keys)
    assert list(quiz.questions.order_by("position").values_list("text_en", flat=True)) == [
        "Question 4",
        "Question 3",
        "Question 1",
    ]
    with pytest.raises(ValueError):
        quiz.questions.all().renumber(order=keys[:2])
