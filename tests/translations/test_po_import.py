"""``manage.py import_po``: a filled PO file writes exactly its filled, reviewed entries; a changed English source,
a deleted object, a wrong context or a value too long is refused with its reason; a file that cannot be used
writes nothing."""

from io import StringIO

import polib
import pytest
from django.core.management import CommandError, call_command

from quizzes.models import Choice, Question
from tests.translations.helpers import export, import_po, state
from translations.models import TranslationSource
from translations.po import context_of
from translations.po_import import ENGLISH_CHANGED, PLURAL, SITE_TEXT_CHANGED


def question(quiz, key: str) -> Question:
    return Question.objects.get(quiz=quiz, key=key)


def fill(po: polib.POFile, instance, field: str, msgstr: str, *, fuzzy: bool = False) -> None:
    entry = po.find(context_of(instance, field), by="msgctxt")
    entry.msgstr = msgstr
    if fuzzy:
        entry.flags.append("fuzzy")


def texts(model, field: str = "text") -> dict[int, tuple]:
    """Every object's texts in every language and every ``TranslationSource``: to assert that nothing changed."""
    return {
        "objects": list(model.objects.order_by("pk").values_list("pk", f"{field}_en", f"{field}_fr", f"{field}_tr")),
        "sources": list(TranslationSource.objects.order_by("pk").values_list("model", "object_id", "fingerprint")),
    }


def test_round_trip_writes_exactly_the_filled_entries_and_they_become_translated(demo_quiz, tmp_path):
    po, _report = export("--language", "fr", "--quiz", "data-parallelism")
    memory, nccl = question(demo_quiz, "memory-limit"), question(demo_quiz, "nccl-algorithm-selection")
    sharded = memory.choices.get(key="sharded-automatically")
    fill(po, memory, "text", "Quelle limite de mémoire subsiste dans le parallélisme de données simple ?")
    fill(po, sharded, "text", " Le modèle entier est réparti automatiquement entre les GPU\n")
    fill(po, nccl, "text", "Quels facteurs NCCL utilise-t-il ?", fuzzy=True)
    fill(po, nccl, "explanation", "  ")  # spaces only: no text

    output, error = import_po(po, tmp_path)

    assert output == "French: 2 written, 0 confirmed, 0 unchanged, 27 skipped (empty), 1 skipped (fuzzy), 0 refused.\n"
    assert error is None
    assert Question.objects.get(pk=memory.pk).text_fr == (
        "Quelle limite de mémoire subsiste dans le parallélisme de données simple ?"
    )
    assert Choice.objects.get(pk=sharded.pk).text_fr == "Le modèle entier est réparti automatiquement entre les GPU"
    assert Question.objects.get(pk=nccl.pk).text_fr in (None, "")
    assert Question.objects.get(pk=memory.pk).explanation_fr in (None, "")
    assert state(memory, "text", "fr") == "translated"
    assert state(sharded, "text", "fr") == "translated"
    assert state(nccl, "text", "fr") == "missing"
    assert state(memory, "text", "tr") == "missing"

    output, error = import_po(po, tmp_path)  # the same file again: nothing left to do
    assert output == "French: 0 written, 0 confirmed, 2 unchanged, 27 skipped (empty), 1 skipped (fuzzy), 0 refused.\n"


def test_a_stale_entry_edited_is_written_and_one_unfuzzied_as_it_was_is_confirmed(demo_quiz, tmp_path):
    holds, synchronization = question(demo_quiz, "what-each-gpu-holds"), question(demo_quiz, "replica-synchronization")
    for stale in (holds, synchronization):
        stale.text_en += " (reworded)"
        stale.save()
    po, report = export("--language", "tr", "--quiz", "data-parallelism")
    assert report == "Wrote 36 Turkish entries to standard output: 34 missing, 2 stale (fuzzy).\n"
    fill(po, holds, "text", "Standart veri paralelliğinde her GPU ne tutar? (yeniden)")
    for stale in (holds, synchronization):
        po.find(context_of(stale, "text"), by="msgctxt").flags.remove("fuzzy")
    kept = Question.objects.get(pk=synchronization.pk).text_tr

    output, error = import_po(po, tmp_path)

    assert output == "Turkish: 1 written, 1 confirmed, 0 unchanged, 34 skipped (empty), 0 skipped (fuzzy), 0 refused.\n"
    assert Question.objects.get(pk=holds.pk).text_tr == "Standart veri paralelliğinde her GPU ne tutar? (yeniden)"
    assert Question.objects.get(pk=synchronization.pk).text_tr == kept
    assert (state(holds, "text", "tr"), state(synchronization, "text", "tr")) == ("translated", "translated")
    assert (state(holds, "text", "fr"), state(synchronization, "text", "fr")) == ("stale", "stale")


def test_an_english_source_changed_since_the_export_is_refused_and_the_others_written(demo_quiz, tmp_path):
    po, _report = export("--language", "fr", "--quiz", "data-parallelism")
    memory, batch = question(demo_quiz, "memory-limit"), question(demo_quiz, "global-batch-size")
    fill(po, memory, "text", "Quelle limite de mémoire subsiste ?")
    fill(po, batch, "text", "Quelle est la taille de lot globale ?")
    memory.text_en = "Which memory limit remains in plain data parallelism?"
    memory.save()

    output, error = import_po(po, tmp_path)

    assert output == (
        "French: 1 written, 0 confirmed, 0 unchanged, 28 skipped (empty), 0 skipped (fuzzy), 1 refused.\n"
        f"Refused {context_of(memory, 'text')}: {ENGLISH_CHANGED}.\n"
    )
    assert error == "1 refused (see above), 1 written."
    assert Question.objects.get(pk=memory.pk).text_fr in (None, "")
    assert not TranslationSource.objects.filter(object_id=memory.pk, model="quizzes.question").exists()
    assert Question.objects.get(pk=batch.pk).text_fr == "Quelle est la taille de lot globale ?"


def po_file(*entries: tuple[str, str, str], language: str | None = "fr") -> polib.POFile:
    """A PO file with the ``Language`` header (unless None) and entries ``(msgctxt, msgid, msgstr)``."""
    po = polib.POFile()
    po.metadata = {"Content-Type": "text/plain; charset=UTF-8"} | ({"Language": language} if language else {})
    for msgctxt, msgid, msgstr in entries:
        po.append(polib.POEntry(msgctxt=msgctxt, msgid=msgid, msgstr=msgstr))
    return po


def test_entries_that_cannot_be_written_are_each_refused_with_their_reason(demo_quiz, tmp_path):
    memory = question(demo_quiz, "memory-limit")
    choice = memory.choices.get(key="sharded-automatically")
    other = memory.choices.get(key="input-batch-only")
    deleted = memory.choices.get(key="different-layers")
    deleted_pk, deleted_context, deleted_english = deleted.pk, context_of(deleted, "text"), deleted.text_en
    deleted.delete()
    before, before_questions = texts(Choice), texts(Question)
    po = po_file(
        ("quizzes.quiz.slug.1", "data-parallelism", "parallelisme"),
        ("quizzes.nothing.text.1", "Text", "Texte"),
        ("auth.user.username.1", "admin", "administrateur"),
        ("question 3", "Text", "Texte"),
        ("", "Text", "Texte"),
        (deleted_context, deleted_english, "Chaque worker stocke des couches différentes"),
        ("quizzes.question.text.99999999999999999999999", "Text", "Texte"),
        (context_of(other, "text"), other.text_en, "é" * 501),
        (context_of(memory, "text"), memory.text_en, "Quelle limite\x00 ?"),
        (context_of(memory, "explanation"), memory.explanation_en, "La mémoire\x07"),
        (context_of(choice, "text"), choice.text_en, "Le modèle entier est réparti automatiquement"),
        (context_of(choice, "text"), choice.text_en, "Le modèle est réparti automatiquement"),
    )

    output, error = import_po(po, tmp_path)

    assert output.splitlines() == [
        "French: 0 written, 0 confirmed, 0 unchanged, 0 skipped (empty), 0 skipped (fuzzy), 12 refused.",
        "Refused quizzes.quiz.slug.1: “quizzes.quiz” has no translated field “slug”.",
        "Refused quizzes.nothing.text.1: there is no model “quizzes.nothing”.",
        "Refused auth.user.username.1: “auth.user” has no translated field “username”.",
        "Refused question 3: the context is not of the form “app.model.field.id”.",
        "Refused (no context): the entry has no context (msgctxt): it does not come from export_po.",
        f"Refused {deleted_context}: there is no quizzes.choice {deleted_pk} any more (deleted since the export).",
        "Refused quizzes.question.text.99999999999999999999999: there is no quizzes.question 99999999999999999999999.",
        f"Refused {context_of(other, 'text')}: Ensure this value has at most 500 characters (it has 501).",
        f"Refused {context_of(memory, 'text')}: The text contains a NUL character (\\u0000).",
        f"Refused {context_of(memory, 'explanation')}: "
        "The text contains a control character (\\u0007), which no page can show.",
        f"Refused {context_of(choice, 'text')}: the context appears more than once in the file.",
        f"Refused {context_of(choice, 'text')}: the context appears more than once in the file.",
    ]
    assert error == "12 refused (see above), 0 written."
    assert texts(Question) == before_questions
    assert texts(Choice) == before


def test_a_dry_run_checks_and_reports_but_writes_nothing(demo_quiz, tmp_path):
    po, _report = export("--language", "fr", "--quiz", "data-parallelism")
    memory = question(demo_quiz, "memory-limit")
    fill(po, memory, "text", "Quelle limite de mémoire subsiste ?")
    before = texts(Question)

    output, error = import_po(po, tmp_path, "--dry-run")

    assert output == (
        "Dry run, nothing written. "
        "French: 1 written, 0 confirmed, 0 unchanged, 29 skipped (empty), 0 skipped (fuzzy), 0 refused.\n"
    )
    assert error is None
    assert texts(Question) == before


def test_a_failure_while_writing_leaves_every_entry_unwritten(demo_quiz, tmp_path, monkeypatch):
    po, _report = export("--language", "fr", "--quiz", "data-parallelism")
    memory = question(demo_quiz, "memory-limit")
    choice = memory.choices.get(key="sharded-automatically")
    fill(po, memory, "text", "Quelle limite de mémoire subsiste ?")
    fill(po, choice, "text", "Le modèle entier est réparti automatiquement")
    before = texts(Question), texts(Choice)

    def broken_save(self, *args, **kwargs):
        raise RuntimeError("the database went away")

    monkeypatch.setattr(Choice, "save", broken_save)  # the question is saved first, then the choice fails
    with pytest.raises(RuntimeError):
        import_po(po, tmp_path)

    assert (texts(Question), texts(Choice)) == before


NOT_USABLE = {
    "not a PO file": ('{"format": "quizsite-quiz"}', "is not a PO file that can be read: Syntax error in po file"),
    "no language": (str(po_file(("quizzes.quiz.title.1", "A", "B"), language=None)), "has no “Language” header"),
    "English": (
        str(po_file(("quizzes.quiz.title.1", "A", "B"), language="en")),
        "“en” is the source language, which is not translated: choose “fr” or “tr”.",
    ),
    "unknown language": (
        str(po_file(("quizzes.quiz.title.1", "A", "B"), language="de")),
        "“de” is not one of the site's translation languages",
    ),
}


@pytest.mark.parametrize("case", NOT_USABLE)
def test_a_file_that_cannot_be_used_is_refused_whole_and_nothing_is_written(demo_quiz, tmp_path, case):
    text, message = NOT_USABLE[case]
    before = texts(Question)

    output, error = import_po(text, tmp_path)

    assert message in error
    assert output == ""
    assert texts(Question) == before


def test_import_of_a_file_that_does_not_exist_says_so(db, tmp_path):
    with pytest.raises(CommandError, match=f"^There is no file {tmp_path / 'missing.po'}.$"):
        call_command("import_po", str(tmp_path / "missing.po"), stdout=StringIO())


def test_a_translation_written_on_the_site_since_the_export_is_never_overwritten(demo_quiz, tmp_path):
    po, _report = export("--language", "fr", "--quiz", "data-parallelism")
    memory, nccl = question(demo_quiz, "memory-limit"), question(demo_quiz, "nccl-algorithm-selection")
    memory.text_fr = "Quelle limite de mémoire reste-t-il ?"  # an author, in the admin, after the export
    memory.save()
    fill(po, memory, "text", "Quelle limite de mémoire subsiste ?")
    fill(po, nccl, "text", "Quels facteurs NCCL utilise-t-il ?")

    output, error = import_po(po, tmp_path)

    assert output.splitlines() == [
        "French: 1 written, 0 confirmed, 0 unchanged, 28 skipped (empty), 0 skipped (fuzzy), 1 refused.",
        f"Refused {context_of(memory, 'text')}: {SITE_TEXT_CHANGED}.",
    ]
    assert error == "1 refused (see above), 1 written."
    assert Question.objects.get(pk=memory.pk).text_fr == "Quelle limite de mémoire reste-t-il ?"
    assert Question.objects.get(pk=nccl.pk).text_fr == "Quels facteurs NCCL utilise-t-il ?"


def test_the_same_text_as_the_site_has_now_is_unchanged_not_refused(demo_quiz, tmp_path):
    po, _report = export("--language", "fr", "--quiz", "data-parallelism")
    memory = question(demo_quiz, "memory-limit")
    memory.text_fr = "Quelle limite de mémoire subsiste ?"
    memory.save()
    fill(po, memory, "text", "Quelle limite de mémoire subsiste ?")

    output, error = import_po(po, tmp_path)

    assert output == "French: 0 written, 0 confirmed, 1 unchanged, 29 skipped (empty), 0 skipped (fuzzy), 0 refused.\n"
    assert error is None


@pytest.mark.parametrize("header", ["fr_FR", "fr-CA", "FR", " fr "])
def test_the_language_header_may_name_a_region_or_use_capitals(demo_quiz, tmp_path, header):
    memory = question(demo_quiz, "memory-limit")
    po = po_file((context_of(memory, "text"), memory.text_en, "Quelle limite ?"), language=header)

    output, error = import_po(po, tmp_path)

    assert output.startswith("French: 1 written,")
    assert error is None


def test_a_context_with_a_leading_zero_and_a_plural_entry_are_refused(demo_quiz, tmp_path):
    memory = question(demo_quiz, "memory-limit")
    po = po_file((f"quizzes.question.text.0{memory.pk}", memory.text_en, "Quelle limite ?"))
    po.append(
        polib.POEntry(
            msgctxt=context_of(memory, "text"),
            msgid=memory.text_en,
            msgid_plural="Limits",
            msgstr_plural={0: "Limite", 1: "Limites"},
        )
    )

    output, error = import_po(po, tmp_path)

    assert output.splitlines() == [
        "French: 0 written, 0 confirmed, 0 unchanged, 0 skipped (empty), 0 skipped (fuzzy), 2 refused.",
        f"Refused quizzes.question.text.0{memory.pk}: the context is not of the form “app.model.field.id”.",
        f"Refused {context_of(memory, 'text')}: {PLURAL}.",
    ]
    assert error == "2 refused (see above), 0 written."


def test_an_entry_written_by_hand_may_fill_a_missing_text_but_never_replace_one(demo_quiz, tmp_path):
    """Entries without the export's mark of the site's translation (``Site translation at export``)."""
    memory, gpu = question(demo_quiz, "memory-limit"), question(demo_quiz, "what-each-gpu-holds")
    po = po_file(
        (context_of(memory, "text"), memory.text_en, "Quelle limite de mémoire subsiste ?"),
        (context_of(gpu, "text"), gpu.text_en, "Titre écrasé"),
    )

    output, error = import_po(po, tmp_path)

    assert output.splitlines() == [
        "French: 1 written, 0 confirmed, 0 unchanged, 0 skipped (empty), 0 skipped (fuzzy), 1 refused.",
        f"Refused {context_of(gpu, 'text')}: {SITE_TEXT_CHANGED}.",
    ]
    assert error == "1 refused (see above), 1 written."
    assert (
        Question.objects.get(pk=gpu.pk).text_fr
        == "Dans le parallélisme de données standard, que contient chaque GPU\u00a0?"
    )
