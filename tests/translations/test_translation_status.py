"""``manage.py translation_status``: the grid's counts and states on a terminal."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tests.factories import make_guide, make_quiz

pytestmark = pytest.mark.django_db

MISSING = "Missing — shown in English"
# Read by hand from quizzes/demo/data-parallelism.json: questions 3, 4, 6, 7 and 8 have no French nor Turkish.
UNTRANSLATED_QUESTIONS = (3, 4, 6, 7, 8)


def missing_questions() -> list[str]:
    lines = []
    for number in UNTRANSLATED_QUESTIONS:
        lines += [f"  Question {number} · Text: {MISSING}", f"  Question {number} · Explanation: {MISSING}"]
        lines += [f"  Question {number} · Choice {letter}: {MISSING}" for letter in "ABCD"]
    return lines


def status(*args) -> list[str]:
    out = StringIO()
    call_command("translation_status", *args, stdout=out)
    return out.getvalue().splitlines()


def test_the_demo_status_is_exact(demo_quiz):
    assert status("data-parallelism") == [
        "Data parallelism quiz (data-parallelism)",
        "French: 23 translated, 30 missing, 0 stale, 0 off glossary",
        *missing_questions(),
        "Turkish: 19 translated, 34 missing, 0 stale, 0 off glossary",
        f"  Quiz · Description: {MISSING}",
        *missing_questions(),
        f"  Guide “Data parallelism” · Title: {MISSING}",
        f"  Guide “Data parallelism” · Summary: {MISSING}",
        f"  Guide “Data parallelism” · Body: {MISSING}",
    ]


def test_a_stale_translation_gets_its_line(demo_quiz):
    choice = demo_quiz.questions.get(position=2).choices.get(position=3)
    choice.text_en = "Scatter, which splits the data among the GPUs"
    choice.save()
    lines = status("data-parallelism")
    assert lines[1:3] == [
        "French: 22 translated, 30 missing, 1 stale, 0 off glossary",
        "  Question 2 · Choice C: Stale",
    ]
    assert lines[33:35] == [
        "Turkish: 18 translated, 34 missing, 1 stale, 0 off glossary",
        f"  Quiz · Description: {MISSING}",
    ]
    assert lines[35] == "  Question 2 · Choice C: Stale"


def test_without_a_slug_every_quiz_has_its_section(demo_quiz):
    quiz = make_quiz(slug="caching", title="Caching", questions=1, choices=2)
    quiz.questions.update(text_fr="Question", text_tr="Soru")
    lines = status()
    assert lines[:7] == [
        "Caching (caching)",
        "French: 1 translated, 4 missing, 0 stale, 0 off glossary",
        f"  Quiz · Title: {MISSING}",
        f"  Question 1 · Explanation: {MISSING}",
        f"  Question 1 · Choice A: {MISSING}",
        f"  Question 1 · Choice B: {MISSING}",
        "Turkish: 1 translated, 4 missing, 0 stale, 0 off glossary",
    ]
    assert lines[11:13] == ["", "Data parallelism quiz (data-parallelism)"]
    assert lines[12:] == status("data-parallelism")


def lonely_guide():
    """The tester's guide: English texts and a French title, then its English title reworded (French stale)."""
    guide = make_guide(slug="lonely", title="Lonely", summary="Alone.", body="No quiz links it.", title_fr="Seul")
    guide.title_en = "Lonely, reworded"
    guide.save()
    return guide


def test_without_a_slug_a_guide_no_quiz_links_has_its_section(demo_quiz):
    """After the quizzes' sections; the demo's guide, which its quiz links, has no section of its own."""
    lonely_guide()
    lines = status()
    quiz_lines = len(status("data-parallelism"))
    assert lines[quiz_lines:] == [
        "",
        "Guide “Lonely, reworded” (lonely), linked to no quiz",
        "French: 0 translated, 2 missing, 1 stale, 0 off glossary",
        "  Guide “Lonely, reworded” · Title: Stale",
        f"  Guide “Lonely, reworded” · Summary: {MISSING}",
        f"  Guide “Lonely, reworded” · Body: {MISSING}",
        "Turkish: 0 translated, 3 missing, 0 stale, 0 off glossary",
        f"  Guide “Lonely, reworded” · Title: {MISSING}",
        f"  Guide “Lonely, reworded” · Summary: {MISSING}",
        f"  Guide “Lonely, reworded” · Body: {MISSING}",
    ]


def test_a_quiz_slug_leaves_the_unlinked_guides_out(demo_quiz):
    lonely_guide()
    assert "Guide “Lonely, reworded” (lonely), linked to no quiz" not in status("data-parallelism")


def test_an_unknown_slug_is_refused():
    with pytest.raises(CommandError, match="^There is no quiz “nope”.$"):
        status("nope")
