"""The item analysis's language gap where translators look: in the quiz's translation grid, in the flagged
language's column beside the question's text, and in ``manage.py translation_status``. The gaps themselves are
``quizzes.item_flags.translation_suspects``'s (tested with simulated answers in tests/quizzes); here they are given,
and each page or command asks for them once, for every quiz it shows."""

from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse
from pytest_django.asserts import assertInHTML

from quizzes import translation_gaps
from quizzes.item_flags import LanguageGap
from tests.factories import make_quiz
from tests.pages import attribute, find, has_class, own_text
from tests.translations.test_grid import grid_url

pytestmark = pytest.mark.django_db

SENTENCE = (
    "Check the Turkish translation: 41% of learners who read this question in Turkish answered it correctly, "
    "against 83% of the others."
)


@pytest.fixture
def suspects(monkeypatch):
    """``suspects(gaps)``: make ``translation_suspects`` answer ``gaps``; returns the list of the quiz ids of each
    call made."""
    calls = []

    def given(gaps: dict):
        def translation_suspects(quiz_ids):
            calls.append(sorted(quiz_ids))
            return gaps

        monkeypatch.setattr(translation_gaps, "translation_suspects", translation_suspects)
        return calls

    return given


def gap(language: str, facility: float, others: float) -> LanguageGap:
    return LanguageGap(language, facility, 40, others, 80, 3.2)


def cell(response, row_id: str, language: str):
    row = find(response.content, lambda node: attribute(node, "id") == row_id)[0]
    cells = find(row, has_class("translation-cell"))
    return str(cells[["fr", "tr"].index(language)])


def test_the_grid_flags_the_turkish_translation_of_the_question_beside_its_text(author_client, suspects):
    quiz = make_quiz(questions=3)
    question = quiz.questions.get(position=2)
    calls = suspects({question.pk: {"tr": gap("tr", 0.41, 0.83)}})
    response = author_client.get(grid_url(quiz))
    statistics = reverse("admin:quizzes_quiz_statistics", args=[quiz.pk])
    flagged = cell(response, f"text-quizzes-question-{question.pk}-text", "tr")
    assertInHTML(
        f'<p class="translation-gap"><a href="{statistics}#question-2-item-analysis">{SENTENCE}</a></p>', flagged
    )
    assert len(find(response.content, has_class("translation-gap"))) == 1  # not French, not other rows
    assert calls == [[quiz.pk]]


def test_the_grid_flags_nothing_without_a_gap(author_client, suspects):
    quiz = make_quiz(questions=2)
    suspects({})
    response = author_client.get(grid_url(quiz))
    assert find(response.content, has_class("translation-gap")) == []


def test_the_grid_shows_each_language_gap_of_a_question_in_its_own_column(author_client, suspects):
    quiz = make_quiz(questions=1)
    question = quiz.questions.get()
    suspects({question.pk: {"fr": gap("fr", 0.5, 0.904), "tr": gap("tr", 0.41, 0.83)}})
    response = author_client.get(grid_url(quiz))
    row_id = f"text-quizzes-question-{question.pk}-text"
    gaps = [
        [
            own_text(find(found, lambda node: node.name == "a")[0])
            for found in find(cell(response, row_id, code), has_class("translation-gap"))
        ]
        for code in ("fr", "tr")
    ]
    assert gaps == [
        [
            "Check the French translation: 50% of learners who read this question in French answered it correctly, "
            "against 90% of the others."
        ],
        [SENTENCE],
    ]


def status(*args) -> list[str]:
    out = StringIO()
    call_command("translation_status", *args, stdout=out)
    return out.getvalue().splitlines()


def test_translation_status_prints_a_line_per_flagged_question_and_language(suspects):
    first = make_quiz(slug="a-quiz", title="Gradients", questions=5)
    second = make_quiz(slug="b-quiz", title="Optimizers", questions=2)
    calls = suspects(
        {
            first.questions.get(position=5).pk: {"fr": gap("fr", 0.6, 0.88), "tr": gap("tr", 0.41, 0.83)},
            first.questions.get(position=2).pk: {"tr": gap("tr", 0.2, 0.7)},
            second.questions.get(position=1).pk: {"fr": gap("fr", 0.35, 0.75)},
        }
    )
    lines = status()
    assert calls == [sorted([first.pk, second.pk])]  # one call for every quiz
    first_end, second_end = lines.index(""), len(lines)
    assert lines[first_end - 3 : first_end] == [
        "Question 2 of “Gradients”: check the Turkish translation (facility 20% in Turkish against 70% in the "
        "other languages).",
        "Question 5 of “Gradients”: check the French translation (facility 60% in French against 88% in the "
        "other languages).",
        "Question 5 of “Gradients”: check the Turkish translation (facility 41% in Turkish against 83% in the "
        "other languages).",
    ]
    assert lines[second_end - 1] == (
        "Question 1 of “Optimizers”: check the French translation (facility 35% in French against 75% in the "
        "other languages)."
    )
    assert lines[first_end - 4].startswith("  ")  # the section's last text line comes before


def test_translation_status_of_one_quiz_asks_for_its_gaps_only(suspects):
    quiz = make_quiz(slug="a-quiz", title="Gradients", questions=1)
    make_quiz(slug="b-quiz", questions=1)
    calls = suspects({})
    lines = status("a-quiz")
    assert calls == [[quiz.pk]]
    assert not any("check the" in line for line in lines)
