"""``quizzes.scoring``: the one place that says what a score, a total, "Question N of M" and the next question are."""

from quizzes import scoring


def test_the_score_counts_right_answers():
    assert scoring.score([True, False, True, True]) == 3
    assert scoring.score([]) == 0


def test_a_finished_attempt_keeps_its_total_and_an_unfinished_one_counts_the_quiz():
    assert scoring.total(finished=True, answered=8, question_count=10) == 8
    assert scoring.total(finished=False, answered=3, question_count=10) == 10


def test_percentages_round_half_to_even_and_an_empty_total_is_zero():
    assert [scoring.percent(1, 3), scoring.percent(2, 3), scoring.percent(1, 8), scoring.percent(0, 0)] == [
        33,
        67,
        12,
        0,
    ]


def test_learners_number_answered_questions_first_then_the_rest_in_position_order():
    """Questions 30, 10, 20 by position; 20 was answered first (an author reordered since), then 30."""
    assert scoring.order(questions=[10, 20, 30, 40], answered=[20, 30], finished=False) == (20, 30, 10, 40)
    assert scoring.order(questions=[10, 20, 30, 40], answered=[20, 30], finished=True) == (20, 30)


def test_the_next_question_is_the_first_unanswered_in_position_order():
    assert scoring.next_question(questions=[10, 20, 30], answered=[20], finished=False) == 10
    assert scoring.next_question(questions=[10, 20, 30], answered=[10, 20, 30], finished=False) is None
    assert scoring.next_question(questions=[10, 20, 30], answered=[], finished=True) is None


def test_the_cards_number_comes_from_counts_alone():
    assert scoring.next_number(answered=3, question_count=8, finished=False) == 4
    assert scoring.next_number(answered=8, question_count=8, finished=False) is None
    assert scoring.next_number(answered=3, question_count=8, finished=True) is None
