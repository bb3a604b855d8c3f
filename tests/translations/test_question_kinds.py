"""True-or-false questions have nothing to translate in their choices (the site labels them in every language):
no PO entry, no grid row, not counted as missing, and a hand-written PO entry for one is refused. Read on the
second demo quiz (quizzes/demo/data-parallelism-check.json), whose questions 3, 4 and 5 are true or false."""

from io import StringIO

import polib
import pytest
from django.core.management import call_command

from quizzes.content import DEMO_FILES, quiz_import, read_quiz_file
from quizzes.models import Choice, Quiz
from quizzes.translation_rows import quiz_missing, quiz_text_rows
from tests.translations.helpers import export, import_po
from tests.translations.test_grid import grid_rows, grid_url
from tests.translations.test_translation_status import status
from translations.po import context_of
from translations.po_import import NOTHING_TO_TRANSLATE

pytestmark = pytest.mark.django_db

T, M = "Translated", "Missing — shown in English"
GUIDE_FIELDS = ("Title", "Summary", "Body")


@pytest.fixture
def check_quiz(db) -> Quiz:
    """The second demo quiz, with the demo guide."""
    return quiz_import(read_quiz_file(DEMO_FILES[1])).quiz


def check_labels() -> list[str]:
    """The grid's labels for the second demo quiz: no choice under the true-or-false questions 3, 4 and 5."""
    labels = ["Quiz · Title", "Quiz · Description"]
    for number in range(1, 7):
        labels += [f"Question {number} · Text", f"Question {number} · Explanation"]
        labels += [f"Question {number} · Choice {letter}" for letter in ("ABCD" if number not in (3, 4, 5) else "")]
    return labels + [f"Guide “Data parallelism” · {field}" for field in GUIDE_FIELDS]


def test_the_grid_lists_no_choice_of_a_true_false_question(author_client, check_quiz):
    response = author_client.get(grid_url(check_quiz))
    # The guide has no Turkish (quizzes/demo/*.json); every text of the quiz itself is translated.
    assert grid_rows(response) == [(label, T, M if label.startswith("Guide") else T) for label in check_labels()]
    assert [text.label for text in quiz_text_rows(check_quiz)] == check_labels()


def test_translation_status_counts_no_true_false_choice(check_quiz):
    assert status("data-parallelism-check") == [
        "Data parallelism: check your understanding (data-parallelism-check)",
        "French: 29 translated, 0 missing, 0 stale, 0 off glossary",
        "Turkish: 26 translated, 3 missing, 0 stale, 0 off glossary",
        *[f"  Guide “Data parallelism” · {field}: {M}" for field in GUIDE_FIELDS],
    ]
    assert list(Quiz.objects.filter(quiz_missing("fr"))) == []
    assert list(Quiz.objects.filter(quiz_missing("tr"))) == [check_quiz]


def test_po_export_has_no_entry_for_a_true_false_choice(db):
    """With no French at all, every text of the quiz is exported but the true-or-false questions' choices."""
    data = read_quiz_file(DEMO_FILES[1])
    del data["guides"][0]["summary"]["fr"], data["guides"][0]["body"]["fr"], data["guides"][0]["title"]["fr"]
    for texts in (data["quiz"]["title"], data["quiz"]["description"]):
        texts["fr"] = None
    for question in data["quiz"]["questions"]:
        question["text"]["fr"] = question["explanation"]["fr"] = None
        for choice in question.get("choices", []):
            choice["text"]["fr"] = None
    quiz_import(data)

    po, report = export("--language", "fr", "--quiz", "data-parallelism-check")

    places = [entry.comment.splitlines()[0] for entry in po]
    expected = ["quiz “data-parallelism-check”, title", "quiz “data-parallelism-check”, description"]
    for number in range(1, 7):
        expected += [f"quiz “data-parallelism-check”, question {number}, {field}" for field in ("text", "explanation")]
        letters = "ABCD" if number not in (3, 4, 5) else ""
        expected += [f"quiz “data-parallelism-check”, question {number}, choice {letter}" for letter in letters]
    expected += [f"guide “data-parallelism”, {field}" for field in ("title", "summary", "body")]
    assert places == expected
    assert report == "Wrote 29 French entries to standard output: 29 missing, 0 stale (fuzzy).\n"
    true_false = Choice.objects.filter(question__kind="true_false")
    assert true_false.count() == 6
    assert {context_of(choice, "text") for choice in true_false} & {entry.msgctxt for entry in po} == set()


def test_a_po_entry_for_a_true_false_choice_is_refused_and_nothing_written(check_quiz, tmp_path):
    choice = Choice.objects.get(question__key="same-samples", key="true")
    po = polib.POFile()
    po.metadata = {"Content-Type": "text/plain; charset=UTF-8", "Language": "fr"}
    po.append(polib.POEntry(msgctxt=context_of(choice, "text"), msgid="", msgstr="Vrai"))

    output, error = import_po(po, tmp_path)

    assert output.splitlines() == [
        "French: 0 written, 0 confirmed, 0 unchanged, 0 skipped (empty), 0 skipped (fuzzy), 1 refused.",
        f"Refused {context_of(choice, 'text')}: {NOTHING_TO_TRANSLATE}.",
    ]
    assert error == "1 refused (see above), 0 written."
    assert Choice.objects.filter(question__kind="true_false").exclude(text_fr=None).count() == 0


def test_load_demo_then_status_of_every_quiz_counts_the_three_demo_quizzes(db):
    """With the demo glossary: the first demo quiz keeps its deliberate off-glossary translations, the second and
    the exam have none (the exam misses only the shared guide's Turkish)."""
    call_command("load_demo", stdout=StringIO())
    lines = status()
    assert [line for line in lines if line.endswith(")") or line.startswith(("French", "Turkish"))] == [
        "Data parallelism quiz (data-parallelism)",
        "French: 23 translated, 30 missing, 0 stale, 6 off glossary",
        "Turkish: 19 translated, 34 missing, 0 stale, 6 off glossary",
        "Data parallelism: check your understanding (data-parallelism-check)",
        "French: 29 translated, 0 missing, 0 stale, 0 off glossary",
        "Turkish: 26 translated, 3 missing, 0 stale, 0 off glossary",
        "Data parallelism: exam (data-parallelism-exam)",
        "French: 41 translated, 0 missing, 0 stale, 0 off glossary",
        "Turkish: 38 translated, 3 missing, 0 stale, 0 off glossary",
    ]
