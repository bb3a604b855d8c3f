"""The item analysis's numbers as authors read them, and the flags' thresholds, on hand-made numbers
(``quizzes.item_report``, ``quizzes.item_flags``)."""

from types import SimpleNamespace

import pytest
from django.utils import translation

from quizzes.item_analysis import ChoiceNumbers, Sums
from quizzes.item_flags import EASY, HARD, UNPICKED, Numbers, flags
from quizzes.item_report import _cell, as_index, as_percent, csv_text
from quizzes.kinds import QuestionKind


@pytest.mark.parametrize(
    ("value", "english", "french"),
    [(0.356, "0.36", "0,36"), (0.999, "1.00", "1,00"), (-0.004, "0.00", "0,00"), (-0.225, "-0.23", "-0,23")],
)
def test_a_discrimination_index_is_rounded_half_up_never_minus_zero(value, english, french):
    with translation.override("en"):
        assert as_index(value) == english
    with translation.override("fr"):
        assert as_index(value) == french


@pytest.mark.parametrize(("share", "shown"), [(25 / 40, "63%"), (0.897, "90%"), (9 / 200, "5%"), (0.0, "0%")])
def test_a_share_is_a_whole_percentage_rounded_half_up(share, shown):
    with translation.override("en"):
        assert as_percent(share) == shown


def test_french_and_turkish_write_the_percentage_their_way():
    with translation.override("fr"):
        assert as_percent(0.84) == "84\u00a0%"
    with translation.override("tr"):
        assert as_percent(0.84) == "%84"


def choice(position: int, right: bool, chosen: int) -> ChoiceNumbers:
    return ChoiceNumbers(SimpleNamespace(position=position, is_correct=right), f"C{position}", chosen, None, None, None)


def numbers(learners: int, right: int, wrong_picks: list[int]) -> Numbers:
    choices = [choice(1, True, right)] + [choice(n, False, c) for n, c in enumerate(wrong_picks, start=2)]
    return Numbers(learners, right, Sums(learners, right).facility, None, choices)


def codes(found) -> list[tuple[str, int | None]]:
    return [(flag.code, flag.choice.choice.position if flag.choice else None) for flag in found]


SINGLE = SimpleNamespace(kind=QuestionKind.SINGLE)


def test_nearly_everyone_right_follows_the_percentage_shown():
    assert codes(flags(SINGLE, numbers(29, 26, [1, 1, 1]), [])) == [(EASY, None)]  # 89.7 % shows as 90 %
    assert codes(flags(SINGLE, numbers(29, 25, [2, 1, 1]), [])) == []  # 86 %
    assert codes(flags(SINGLE, numbers(30, 3, [9, 9, 9]), [])) == [(HARD, None)]


def test_a_distractor_nobody_picks_needs_twenty_wrong_answers():
    assert codes(flags(SINGLE, numbers(40, 21, [19, 0, 0]), [])) == []
    assert codes(flags(SINGLE, numbers(40, 20, [20, 0, 0]), [])) == [(UNPICKED, 3), (UNPICKED, 4)]
    true_false = SimpleNamespace(kind=QuestionKind.TRUE_FALSE)
    assert codes(flags(true_false, numbers(40, 20, [0]), [])) == []


@pytest.mark.parametrize(
    ("text", "cell"), [("=1+2", "'=1+2"), ("+x", "'+x"), ("-3", "'-3"), ("@a", "'@a"), ("a=b", "a=b")]
)
def test_a_text_a_spreadsheet_would_run_as_a_formula_is_written_as_text(text, cell):
    assert _cell(text) == cell


def test_the_csv_starts_with_a_byte_order_mark_and_its_header():
    assert (
        csv_text([]) == "\ufeffquestion,question_text,language,learners,facility,discrimination,flags,choice,"
        "choice_text,correct,chosen,chosen_share,strongest_third_share,weakest_third_share\r\n"
    )
