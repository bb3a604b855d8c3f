"""Question kinds, each attempt's own order, all-or-nothing judging and the pass mark, below the pages (issue 21)."""

import pytest
from django.utils import translation

from quizzes import scoring
from quizzes.answering import AnswerRefused, answer_submit
from quizzes.arrangement import Arrangement, shuffled
from quizzes.kinds import QuestionKind, judge
from quizzes.learner_state import quiz_state
from quizzes.models import Answer, Attempt, Quiz
from quizzes.progress import learner_progress
from quizzes.rules import RuleBroken, check_choices
from quizzes.services import attempt_start
from quizzes.snapshots import quiz_content
from tests.factories import make_kinds_quiz, make_quiz, make_user


class Item:
    def __init__(self, pk, pinned=False):
        self.pk, self.pinned = pk, pinned

    def __repr__(self):
        return f"Item({self.pk})"


def test_an_order_is_the_same_for_one_seed_and_differs_between_seeds():
    items = [Item(pk) for pk in range(1, 7)]
    orders = {tuple(item.pk for item in shuffled(items, seed=seed)) for seed in range(40)}
    assert len(orders) > 20  # a fixed order would give 1
    assert shuffled(items, seed=7) == shuffled(list(items), seed=7)
    assert sorted(item.pk for item in shuffled(items, seed=7)) == [1, 2, 3, 4, 5, 6]


def test_a_pinned_item_never_moves_and_an_added_item_leaves_the_others_order():
    items = [Item(1), Item(2), Item(3), Item(4, pinned=True)]
    for seed in range(200):
        assert shuffled(items, seed=seed, pinned=lambda item: item.pinned)[3].pk == 4
    before = [item.pk for item in shuffled(items[:3], seed=5)]
    after = [item.pk for item in shuffled([*items[:3], Item(9)], seed=5) if item.pk != 9]
    assert after == before


def test_the_authors_order_when_nothing_shuffles():
    items = [Item(3), Item(1), Item(2)]
    question = type("Q", (), {"choices": items})()
    assert Arrangement(seed=99).questions(items) == tuple(items)
    assert Arrangement(seed=99).choices(question) == tuple(items)


@pytest.mark.parametrize(
    ("right", "chosen", "verdict"),
    [({1, 3}, {1, 3}, True), ({1, 3}, {1}, False), ({1, 3}, {1, 2, 3}, False), ({2}, {2}, True), ({2}, set(), False)],
)
def test_an_answer_is_right_only_for_the_exact_set(right, chosen, verdict):
    assert judge(right=right, chosen=chosen) is verdict


@pytest.mark.parametrize(
    ("kind", "choices", "correct", "expected"),
    [
        (
            QuestionKind.MULTIPLE,
            4,
            0,
            "Mark at least one choice as correct: a question with several right answers needs one.",
        ),
        (
            QuestionKind.MULTIPLE,
            4,
            4,
            "Not every choice can be correct: leave at least one unmarked, or learners could tick them all without "
            "reading.",
        ),
        (QuestionKind.SINGLE, 4, 2, "Mark exactly one choice as correct; 2 are marked."),
        (QuestionKind.TRUE_FALSE, 2, 2, "Mark exactly one choice as correct; 2 are marked."),
    ],
)
def test_each_kind_has_its_number_of_correct_choices(kind, choices, correct, expected):
    with pytest.raises(RuleBroken) as refusal:
        check_choices(kind=kind, choice_count=choices, correct_count=correct)
    assert refusal.value.messages == [expected]
    check_choices(kind=QuestionKind.MULTIPLE, choice_count=4, correct_count=3)


@pytest.mark.django_db
def test_true_or_false_choices_read_the_sites_words_in_each_language():
    quiz = make_kinds_quiz()
    labels = {}
    for language in ("en", "fr", "tr"):
        content = quiz_content(quiz.pk, None, language)
        labels[language] = [choice.text for choice in content.questions[2].choices]
    assert labels == {"en": ["True", "False"], "fr": ["Vrai", "Faux"], "tr": ["Doğru", "Yanlış"]}


@pytest.mark.django_db
def test_an_attempt_keeps_the_quizs_settings_it_started_with():
    quiz = make_kinds_quiz()
    attempt = attempt_start(learner=make_user(), quiz=quiz, language="en")
    Quiz.objects.filter(pk=quiz.pk).update(shuffle_choices=False, shuffle_questions=False, pass_mark=90)
    attempt.refresh_from_db()
    assert (attempt.shuffle_choices, attempt.shuffle_questions, attempt.pass_mark) == (True, True, 60)
    state = quiz_state(slug=quiz.slug, learner_id=attempt.learner_id)
    assert state.attempt.arrangement == Arrangement(attempt.seed, True, True)
    assert state.attempt.pass_mark == 60


@pytest.mark.django_db
def test_attempts_at_a_shuffled_quiz_see_their_own_orders_each_the_same_on_every_read():
    quiz = make_kinds_quiz()
    orders = set()
    for number in range(12):
        learner = make_user(f"learner{number}")
        attempt_start(learner=learner, quiz=quiz, language="en")
        first = learner_progress(learner=learner, quiz=quiz)
        again = learner_progress(learner=learner, quiz=quiz)
        shown = tuple(
            (question.pk, tuple(choice.pk for choice in first.choices_of(question))) for question in first.order
        )
        assert shown == tuple(
            (question.pk, tuple(choice.pk for choice in again.choices_of(question))) for question in again.order
        )
        assert [choice.text for choice in first.choices_of(first.quiz.questions[0])][3] == "None of the above"
        assert [choice.text for choice in first.choices_of(first.quiz.questions[2])] == ["True", "False"]
        orders.add(shown)
    assert len(orders) > 6  # 3! question orders × 3! × 4! choice orders: a fixed order would give 1


def _answer_in_order(learner, quiz, picks: dict[str, list[str]]):
    """Answer every question of ``learner``'s attempt in the attempt's order, choosing by choice text."""
    attempt = attempt_start(learner=learner, quiz=quiz, language="en")
    progress = learner_progress(learner=learner, quiz=quiz)
    for question in progress.order:
        choices = [choice for choice in question.choices if choice.text in picks[question.key]]
        answer_submit(attempt=attempt, question=question, choices=choices)
    attempt.refresh_from_db()
    return attempt


@pytest.mark.django_db
def test_a_multiple_answer_is_right_only_for_the_exact_set_and_keeps_what_was_shown():
    quiz = make_kinds_quiz()
    learner = make_user()
    attempt = _answer_in_order(learner, quiz, {"q1": ["7"], "q2": ["2", "8"], "q3": ["False"]})
    answers = {answer.question.key: answer for answer in attempt.answers.select_related("question")}
    multiple = answers["q2"]
    assert (multiple.is_correct, multiple.choice_id) == (True, None)
    assert [row[1:] for row in sorted(multiple.shown, key=lambda row: row[1])] == [
        ["2", True, True],
        ["3", False, False],
        ["8", True, True],
        ["9", False, False],
    ]
    progress = learner_progress(learner=learner, quiz=quiz)
    question = progress.quiz.questions_by_pk[multiple.question_id]
    assert [row[0] for row in multiple.shown] == [choice.pk for choice in progress.choices_of(question)]
    assert multiple.choice_text == "; ".join(row[1] for row in multiple.shown if row[3])
    assert (answers["q3"].is_correct, answers["q3"].choice_text) == (False, "False")
    assert (attempt.is_finished, attempt.score, attempt.question_count, attempt.passed) == (True, 2, 3, True)


@pytest.mark.django_db
def test_one_choice_short_or_one_too_many_is_wrong():
    quiz = make_kinds_quiz()
    short = _answer_in_order(make_user("a"), quiz, {"q1": ["4"], "q2": ["2"], "q3": ["True"]})
    extra = _answer_in_order(make_user("b"), quiz, {"q1": ["4"], "q2": ["2", "8", "9"], "q3": ["True"]})
    for attempt in (short, extra):
        verdicts = dict(attempt.answers.values_list("question__key", "is_correct"))
        assert verdicts == {"q1": False, "q2": False, "q3": True}
        assert (attempt.score, attempt.score_percent, attempt.passed) == (1, 33, False)


@pytest.mark.django_db
def test_several_choices_for_a_single_answer_question_are_refused_and_nothing_is_saved():
    quiz = make_quiz(questions=1)
    attempt = attempt_start(learner=make_user(), quiz=quiz, language="en")
    question = quiz.questions.get()
    with pytest.raises(AnswerRefused) as refusal, translation.override("fr"):
        answer_submit(attempt=attempt, question=question, choices=list(question.choices.all()[:2]))
    assert str(refusal.value) == "Veuillez ne choisir qu’une seule réponse."
    assert Answer.objects.count() == 0


@pytest.mark.parametrize(
    ("right", "out_of", "pass_mark", "passed", "completed"),
    [(3, 5, 60, True, True), (2, 5, 60, False, False), (2, 5, None, None, True), (0, 0, 1, False, False)],
)
def test_the_pass_mark_and_what_completes_a_quiz(right, out_of, pass_mark, passed, completed):
    assert scoring.passed(right, out_of, pass_mark) is passed
    assert scoring.completed(finished=True, passed=passed) is completed
    assert scoring.completed(finished=False, passed=None) is False


@pytest.mark.django_db
def test_existing_style_attempts_keep_the_authors_order():
    quiz = make_quiz(questions=2)
    learner = make_user()
    attempt_start(learner=learner, quiz=quiz, language="en")
    assert Attempt.objects.get().shuffle_choices is False
    progress = learner_progress(learner=learner, quiz=quiz)
    assert [choice.text for choice in progress.choices_of(progress.order[0])] == [
        "Q1 choice 1",
        "Q1 choice 2",
        "Q1 choice 3",
        "Q1 choice 4",
    ]
