"""Off-glossary terms in the translation grid and ``translation_status``: the demo content with the demo glossary
(``translations/demo/glossary.json``, loaded by ``load_demo``) flags exactly its wrong terms, read by hand from
quizzes/demo/data-parallelism.json."""

from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from quizzes.translation_rows import quiz_text_rows
from tests.pages import find, has_class, own_text
from tests.translations.test_grid import counts
from translations.glossary import load_demo_terms

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo_glossary(db):
    load_demo_terms()


EXPECTED_OFF_GLOSSARY = {
    "fr": {
        "Quiz · Description": ("worker",),  # "travailleurs"
        "Question 1 · Choice B": ("layer",),  # "calques"
        "Question 2 · Choice B": ("gradient",),  # "dégradés"
        "Question 5 · Choice A": ("all-reduce", "gradient"),  # "le dégradé, réduisez tout"
        "Question 5 · Choice B": ("gradient",),
        "Question 5 · Choice C": ("gradient",),
    },
    "tr": {
        "Question 1 · Explanation": ("batch",),  # "partinin"
        "Question 1 · Choice A": ("batch",),  # "Partinin"
        "Question 2 · Choice B": ("all-reduce", "gradient"),  # "degradelerin … All-azaltma"
        "Question 5 · Choice A": ("all-reduce", "gradient"),  # "degradeyi tamamen azaltın"
        "Question 5 · Choice B": ("gradient",),
        "Question 5 · Choice C": ("gradient",),
    },
}


def test_the_demo_grid_flags_exactly_the_wrong_terms(demo_quiz, demo_glossary):
    texts = quiz_text_rows(demo_quiz)
    flagged = {
        code: {text.label: text.row.cells[code].off_glossary for text in texts if text.row.cells[code].off_glossary}
        for code in ("fr", "tr")
    }
    assert flagged == EXPECTED_OFF_GLOSSARY


def test_the_grid_lists_off_glossary_terms_and_counts_them(author_client, demo_quiz, demo_glossary):
    response = author_client.get(reverse("admin:quizzes_quiz_translations", args=[demo_quiz.pk]))
    assert counts(response) == {"French": ["23", "30", "0", "6"], "Turkish": ["19", "34", "0", "6"]}
    flagged = []
    for row in find(response.content, lambda node: node.name == "tr"):
        terms = [own_text(node) for node in find(row, has_class("off-glossary-terms"))]
        if terms:
            flagged.append((own_text(find(row, lambda node: node.name == "th")[0]), terms))
    assert flagged == [
        ("Quiz · Description", ["Off glossary: worker"]),
        ("Question 1 · Explanation", ["Off glossary: batch"]),
        ("Question 1 · Choice A", ["Off glossary: batch"]),
        ("Question 1 · Choice B", ["Off glossary: layer"]),
        ("Question 2 · Choice B", ["Off glossary: gradient", "Off glossary: all-reduce, gradient"]),
        ("Question 5 · Choice A", ["Off glossary: all-reduce, gradient", "Off glossary: all-reduce, gradient"]),
        ("Question 5 · Choice B", ["Off glossary: gradient", "Off glossary: gradient"]),
        ("Question 5 · Choice C", ["Off glossary: gradient", "Off glossary: gradient"]),
    ]


def test_translation_status_prints_off_glossary_terms(demo_quiz, demo_glossary):
    out = StringIO()
    call_command("translation_status", "data-parallelism", stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[1] == "French: 23 translated, 30 missing, 0 stale, 6 off glossary"
    assert [line for line in lines if "Off glossary" in line][:2] == [
        "  Quiz · Description: Translated; Off glossary: worker",
        "  Question 1 · Choice B: Translated; Off glossary: layer",
    ]
