"""PO files for translators: ``manage.py export_po`` writes the missing and stale texts of a language,
``manage.py import_po`` writes back exactly the filled, reviewed entries and refuses the others with a reason."""

import re
from io import StringIO

import polib
import pytest
from django.core.management import CommandError, call_command

from guides.models import Guide
from quizzes.models import Quiz
from tests.factories import make_guide, make_quiz
from tests.translations.helpers import export
from translations.facts import fingerprint
from translations.models import GlossaryRendering, GlossaryTerm
from translations.po import STALE_COMMENT, context_of

# The demo's questions that have neither a French nor a Turkish text, nor translated choices (quizzes/demo/
# data-parallelism.json), by number: questions 1, 2 and 5 are translated in both languages.
UNTRANSLATED = {
    3: "memory-limit",
    4: "nccl-algorithm-selection",
    6: "global-batch-size",
    7: "scaling-limits",
    8: "gradient-accumulation",
}
# The last comment of an entry whose text has no translation on the site (translations.po.site_text_mark).
NONE = "Site translation at export: none"
DATE = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d[+-]\d{4}")


def entries(po: polib.POFile) -> list[tuple[str, str, str, str, list[str]]]:
    """``(comment, msgctxt, msgid, msgstr, flags)`` of each entry."""
    return [(entry.comment, entry.msgctxt, entry.msgid, entry.msgstr, entry.flags) for entry in po]


def untranslated_question_entries(quiz: Quiz) -> list[tuple[str, str, str, str, list[str]]]:
    """The expected entries of the demo's untranslated questions: text, explanation, then each choice."""
    expected = []
    for number, key in UNTRANSLATED.items():
        question = quiz.questions.get(key=key)
        for field in ("text", "explanation"):
            place = f"quiz “data-parallelism”, question {number}, {field}"
            expected.append((f"{place}\n{NONE}", context_of(question, field), getattr(question, f"{field}_en"), "", []))
        for letter, choice in zip("ABCD", question.choices.order_by("position"), strict=True):
            place = f"quiz “data-parallelism”, question {number}, choice {letter}"
            expected.append((f"{place}\n{NONE}", context_of(choice, "text"), choice.text_en, "", []))
    return expected


def entry_of(po: polib.POFile, instance, field: str) -> polib.POEntry:
    return po.find(context_of(instance, field), by="msgctxt")


def test_export_of_the_demo_in_french_holds_exactly_its_untranslated_questions(demo_quiz):
    po, report = export("--language", "fr", "--quiz", "data-parallelism")

    assert entries(po) == untranslated_question_entries(demo_quiz)
    assert report == "Wrote 30 French entries to standard output: 30 missing, 0 stale (fuzzy).\n"
    assert {key: value for key, value in po.metadata.items() if "Date" not in key} == {
        "Project-Id-Version": "Quizsite",
        "Last-Translator": "",
        "Language-Team": "French",
        "Language": "fr",
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
    }
    assert DATE.fullmatch(po.metadata["POT-Creation-Date"])
    assert DATE.fullmatch(po.metadata["PO-Revision-Date"])
    assert entries(export("--language", "fr", "--quiz", "data-parallelism", "-o", "-")[0]) == entries(po)


def test_export_of_the_demo_in_turkish_adds_the_quiz_description_and_the_guide(demo_quiz):
    po, report = export("--language", "tr", "--quiz", "data-parallelism")

    guide = Guide.objects.get(slug="data-parallelism")
    description = (f"quiz “data-parallelism”, description\n{NONE}", context_of(demo_quiz, "description"))
    assert entries(po) == [
        (*description, demo_quiz.description_en, "", []),
        *untranslated_question_entries(demo_quiz),
        *[
            (
                f"guide “data-parallelism”, {field}\n{NONE}",
                context_of(guide, field),
                getattr(guide, f"{field}_en"),
                "",
                [],
            )
            for field in ("title", "summary", "body")
        ],
    ]
    assert report == "Wrote 34 Turkish entries to standard output: 34 missing, 0 stale (fuzzy).\n"


def test_a_stale_translation_is_exported_with_its_current_text_and_the_fuzzy_flag(demo_quiz):
    question = demo_quiz.questions.get(key="what-each-gpu-holds")
    question.text_en = "In plain data parallelism, what does each GPU hold?"
    question.save()

    po, report = export("--language", "fr", "--quiz", "data-parallelism")

    assert entries(po)[0] == (
        f"quiz “data-parallelism”, question 1, text\n{STALE_COMMENT}\n"
        f"Site translation at export: {fingerprint(question.text_fr)[:16]}",
        context_of(question, "text"),
        "In plain data parallelism, what does each GPU hold?",
        "Dans le parallélisme de données standard, que contient chaque GPU\u00a0?",
        ["fuzzy"],
    )
    assert entries(po)[1:] == untranslated_question_entries(demo_quiz)
    assert report == "Wrote 31 French entries to standard output: 30 missing, 1 stale (fuzzy).\n"


@pytest.fixture
def glossary(db):
    """Four of the demo's glossary terms."""
    renderings = {"gradient": {"fr": "gradient", "tr": "gradyan"}, "batch": {"fr": "lot", "tr": "yığın"}}
    for term in ("all-reduce", "batch", "gradient", "worker"):
        created = GlossaryTerm.objects.create(
            term=term, keep_as_is=term not in renderings, note="never “dégradé”" if term == "gradient" else ""
        )
        for language, rendering in renderings.get(term, {}).items():
            GlossaryRendering.objects.create(term=created, language=language, rendering=rendering)


def test_the_glossary_terms_of_a_text_are_its_translator_comments(demo_quiz, glossary):
    po, _report = export("--language", "tr", "--quiz", "data-parallelism")

    question = demo_quiz.questions.get(key="gradient-accumulation")
    assert entry_of(po, question, "explanation").comment == (
        "quiz “data-parallelism”, question 8, explanation\n"
        "Glossary: batch → yığın\n"  # "microbatches" alone would not count
        "Glossary: gradient → gradyan (never “dégradé”)\n"
        f"{NONE}"
    )
    replace = question.choices.get(key="replace-model")
    assert entry_of(po, replace, "text").comment == (
        f"quiz “data-parallelism”, question 8, choice C\nGlossary: all-reduce: keep as is\n{NONE}"
    )


def test_export_of_every_quiz_writes_a_guide_linked_twice_once_and_unlinked_guides(demo_quiz):
    guide = Guide.objects.get(slug="data-parallelism")
    other = make_quiz(slug="another", title="Another quiz", questions=1, choices=2)
    other.guides.add(guide)
    lone = make_guide(slug="lone", title="A guide no quiz links")

    po, report = export("--language", "tr")

    comments = [entry.comment.removesuffix(f"\n{NONE}") for entry in po]
    assert comments[:4] == [
        "quiz “another”, title",
        "quiz “another”, question 1, text",
        "quiz “another”, question 1, explanation",
        "quiz “another”, question 1, choice A",
    ]
    assert comments.count("guide “data-parallelism”, body") == 1
    assert [entry.msgctxt for entry in po].count(context_of(guide, "body")) == 1
    assert comments[-1] == "guide “lone”, title"  # its summary and body are empty: nothing to translate
    assert entry_of(po, lone, "title").msgid == "A guide no quiz links"
    assert report == "Wrote 40 Turkish entries to standard output: 40 missing, 0 stale (fuzzy).\n"


def test_export_writes_the_file_given_with_o(demo_quiz, tmp_path):
    err = StringIO()
    call_command("export_po", "--language", "fr", "-o", str(tmp_path / "fr.po"), stderr=err)

    assert len(polib.pofile(str(tmp_path / "fr.po"))) == 30
    assert err.getvalue() == f"Wrote 30 French entries to {tmp_path / 'fr.po'}: 30 missing, 0 stale (fuzzy).\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--language", "en"], "“en” is the source language, which is not translated: choose “fr” or “tr”."),
        (["--language", "de"], "“de” is not one of the site's translation languages: choose “fr” or “tr”."),
        (["--language", "fr", "--quiz", "nope"], "There is no quiz “nope”."),
        (
            ["--language", "fr", "-o", "/nonexistent/fr.po"],
            "Cannot write /nonexistent/fr.po: No such file or directory.",
        ),
    ],
)
def test_export_refuses_a_wrong_command_line(demo_quiz, args, message):
    with pytest.raises(CommandError) as error:
        call_command("export_po", *args, stdout=StringIO(), stderr=StringIO())
    assert str(error.value) == message
