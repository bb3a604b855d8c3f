"""Each content rule of ``quizzes/rules.py``, once, with the exact message authors read."""

import pytest
from django.utils import translation

from quizzes.answering import answer_submit
from quizzes.models import Choice, Question
from quizzes.rules import (
    RuleBroken,
    check_choices,
    check_correct_choices_kept,
    check_kind_change,
    check_publishable,
    check_removable,
    questions_with_correct,
)
from quizzes.services import attempt_start
from tests.factories import answer_quiz, make_kinds_quiz, make_quiz, make_user


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
    ("language", "one_right", "several_right"),
    [
        (
            "en",
            "Learners have already answered question 1, so its correct choice cannot change: their scores were "
            "given against it. Add a new question instead, or fix the wording of the choices.",
            "Learners have already answered question 2, so its correct choices cannot change: their scores were "
            "given against them. Add a new question instead, or fix the wording of the choices.",
        ),
        (
            "fr",
            "Des apprenants ont déjà répondu à la question 1, son choix correct ne peut donc plus changer\u00a0: "
            "leurs scores ont été calculés d’après lui. Ajoutez plutôt une nouvelle question, ou corrigez la "
            "formulation des choix.",
            "Des apprenants ont déjà répondu à la question 2, ses choix corrects ne peuvent donc plus "
            "changer\u00a0: leurs scores ont été calculés d’après eux. Ajoutez plutôt une nouvelle question, ou "
            "corrigez la formulation des choix.",
        ),
        (
            "tr",
            "1 numaralı soru öğrenciler tarafından zaten cevaplandı, bu nedenle doğru seçeneği değiştirilemez: "
            "puanları buna göre verildi. Bunun yerine yeni bir soru ekleyin ya da seçeneklerin ifadesini düzeltin.",
            "2 numaralı soru öğrenciler tarafından zaten cevaplandı, bu nedenle doğru seçenekleri değiştirilemez: "
            "puanları bunlara göre verildi. Bunun yerine yeni bir soru ekleyin ya da seçeneklerin ifadesini "
            "düzeltin.",
        ),
    ],
)
@pytest.mark.django_db
def test_one_questions_correct_choices_are_named_as_many_as_it_has(language, one_right, several_right):
    """Question 1 has one right choice, question 2 (several right answers) two: "its correct choice" or
    "choices"."""
    quiz = make_kinds_quiz(shuffle_questions=False)
    first, second = quiz.questions.get(position=1), quiz.questions.get(position=2)
    attempt = attempt_start(learner=make_user(), quiz=quiz, language="en")
    answer_submit(attempt=attempt, question=first, choice=first.choices.get(position=3))
    answer_submit(attempt=attempt, question=second, choices=[second.choices.get(position=1)])
    with translation.override(language):
        with pytest.raises(RuleBroken) as refusal:
            check_correct_choices_kept({first: [first.choices.get(position=1)]})
        assert message(refusal) == one_right
        with pytest.raises(RuleBroken) as refusal:
            check_correct_choices_kept({second: [second.choices.get(position=1)]})
        assert message(refusal) == several_right


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "en",
            "Learners have already answered question 1, so it cannot become a true-or-false question: its choices "
            "would be removed, and their answers point at them. Add a new true-or-false question instead, or "
            "unpublish the quiz.",
        ),
        (
            "fr",
            "Des apprenants ont déjà répondu à la question 1, elle ne peut donc pas devenir une question vrai ou "
            "faux\u00a0: ses choix seraient supprimés, alors que leurs réponses y renvoient. Ajoutez plutôt une "
            "nouvelle question vrai ou faux, ou dépubliez le quiz.",
        ),
        (
            "tr",
            "1 numaralı soru öğrenciler tarafından zaten cevaplandı, bu nedenle doğru mu yanlış mı sorusuna "
            "çevrilemez: seçenekleri silinirdi, oysa cevapları bu seçeneklere bağlı. Bunun yerine yeni bir doğru mu "
            "yanlış mı sorusu ekleyin ya da testi yayından kaldırın.",
        ),
    ],
)
@pytest.mark.django_db
def test_an_answered_question_cannot_become_true_or_false(language, expected, django_assert_num_queries):
    quiz = make_quiz(questions=3)
    answer_quiz(make_user(), quiz, picks=[2])
    first, second, third = quiz.questions.order_by("position")
    with django_assert_num_queries(0):
        check_kind_change(question=first, kind="multiple")  # its choices stay
        check_kind_change(question=Question(quiz=quiz, position=4), kind="true_false")  # a new question
    with django_assert_num_queries(1):
        check_kind_change(question=second, kind="true_false")  # nobody answered it
    with translation.override(language), pytest.raises(RuleBroken) as refusal:
        check_kind_change(question=first, kind="true_false")
    assert message(refusal) == expected
    first.kind = "true_false"
    check_kind_change(question=first, kind="true_false")  # already true-or-false: the site's choices stay


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


def test_a_true_or_false_question_is_never_named_as_lacking_a_choice_to_mark():
    """Its choices are the site's; a missing "The statement is" has the question's own message."""
    check_publishable(published=True, numbers_with_correct={1: True, 2: False}, true_false={2})
    with pytest.raises(RuleBroken) as refusal:
        check_publishable(published=True, numbers_with_correct={1: False, 2: False}, true_false={2})
    assert message(refusal) == (
        "Question 1 has no correct choice, so the quiz cannot be published. Mark one, or unpublish the quiz."
    )


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
