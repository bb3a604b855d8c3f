"""Translated texts as gettext PO files, for translators who work in PO editors (Poedit, Lokalize, Weblate…).

One file holds one language. Each entry is one translated field of one object:

- ``msgctxt`` names it: ``"<app label>.<model>.<field>.<id>"``, the model's ``label_lower`` then the field's base
  name then the primary key, e.g. ``"quizzes.question.text.12"``, ``"guides.guide.body.3"``. It is stable: the
  importer finds the text again by it, so translators must leave it (and the ``msgid``) as they are.
- ``msgid`` is the English source text; ``msgstr`` the translation: empty for a missing translation, the current
  (outdated) translation with the ``fuzzy`` flag for a stale one (the gettext convention: a translator reviews a
  fuzzy entry and clears the flag).
- extracted comments (``#.``) say where the text is ("quiz “data-parallelism”, question 3, choice B") and which
  glossary terms it contains, with their approved rendering ("gradient → gradyan", "all-reduce: keep as is");
  the last one records the site's translation at export ("Site translation at export: none", or the start of its
  fingerprint), so that an import never overwrites a translation written on the site since.

``catalog`` writes a file from ``states.rows``; ``po_import`` (``translations.po_import``) reads one back. This
module knows no app: callers give the rows and where each text is.
"""

import re
from collections.abc import Iterable, Mapping

import polib
from django.db import models
from django.utils import timezone

from translations.facts import SOURCE_LANGUAGE, fingerprint, is_missing, translation_languages
from translations.glossary import Entry, off_glossary
from translations.states import Row, State

PROJECT = "Quizsite"
# "quizzes.question" + "." + "text" + "." + "12": the model's label_lower, the field's base name, the primary key.
CONTEXT = re.compile(r"(?P<model>[a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*)\.(?P<field>[a-z_][a-z0-9_]*)\.(?P<pk>[1-9][0-9]*)")
STALE_COMMENT = "The English has changed since this translation was written: check it, then clear “fuzzy”."
# The last comment of every entry: the site's translation when the file was written ("none", or the start of its
# fingerprint), so that the import refuses to overwrite a translation an author wrote on the site meanwhile.
SITE_TEXT_COMMENT = "Site translation at export: "
SITE_TEXT = re.compile(rf"^{re.escape(SITE_TEXT_COMMENT)}(?P<value>none|[0-9a-f]{{16}})$", re.M)


class PoError(Exception):
    """A PO file or a request that cannot be used at all: nothing was read or written. The message says why, for
    the command line."""


def language_checked(code: str) -> str:
    """The translation language (``"fr"``, ``"tr"``: ``translation_languages()``) that ``code`` names, written as
    PO editors and people write it: any case, with a region or not ("fr", "FR", "fr_FR", "fr-CA").

    Raises:
        PoError: ``code`` is English (the source, which is never translated) or not one of the site's languages.
    """
    codes = [language for language, _name in translation_languages()]
    primary = re.split(r"[-_@.]", code.strip(), maxsplit=1)[0].casefold()
    if primary in codes:
        return primary
    choices = " or ".join(f"“{language}”" for language in codes)
    if primary == SOURCE_LANGUAGE:
        raise PoError(f"“{code}” is the source language, which is not translated: choose {choices}.")
    raise PoError(f"“{code}” is not one of the site's translation languages: choose {choices}.")


def language_name(code: str) -> str:
    """The English name of translation language ``code`` as ``settings.LANGUAGES`` gives it, ``"French"``."""
    return str(dict(translation_languages())[code])


def context_of(instance: models.Model, field: str) -> str:
    """The ``msgctxt`` of ``instance.<field>``: ``"quizzes.question.text.12"`` (the module's format)."""
    return f"{instance._meta.label_lower}.{field}.{instance.pk}"


def context_parts(context: str) -> tuple[str, str, int]:
    """``("quizzes.question", "text", 12)`` from ``"quizzes.question.text.12"``.

    Raises:
        ValueError: ``context`` is not in the module's format.
    """
    match = CONTEXT.fullmatch(context or "")
    if match is None:
        raise ValueError(f"{context!r} is not a context of the form “app.model.field.id”.")
    return match["model"], match["field"], int(match["pk"])


def site_text_mark(text: str | None) -> str:
    """What an entry's last comment records of the site's translation ``text``: ``"none"`` when it has none, else
    the first 16 hexadecimal digits of its ``facts.fingerprint``."""
    return "none" if is_missing(text) else fingerprint(text)[:16]


def site_text_at_export(entry: polib.POEntry) -> str | None:
    """The ``site_text_mark`` an exported entry recorded, or None when its comments hold none (a file written by
    hand or by an older export: nothing to compare)."""
    match = SITE_TEXT.search(entry.comment or "")
    return match["value"] if match else None


def glossary_notes(english: str, language: str, glossary: list[Entry]) -> list[str]:
    """The glossary terms that ``english`` contains, each as a line for translators: ``"gradient → gradyan"``,
    ``"all-reduce: keep as is"``, followed by the term's note in brackets when it has one.

    Which terms a text contains is the glossary's own rule (``glossary.off_glossary``): an empty translation
    lacks the rendering of every term its English contains, so those are the terms flagged for it. Terms the
    glossary does not check in ``language`` (no rendering there, not kept as is) are left out.
    """
    by_term = {entry.term: entry for entry in glossary}
    notes = []
    for term in off_glossary(english, "", language, glossary):
        entry = by_term[term]
        line = f"{term}: keep as is" if entry.keep_as_is else f"{term} → {entry.renderings.get(language, term)}"
        notes.append(f"{line} ({entry.note})" if entry.note else line)
    return notes


def catalog(
    rows: Iterable[Row], language: str, *, glossary: list[Entry], places: Mapping[str, str] | None = None
) -> polib.POFile:
    """A PO file of the texts of ``rows`` that are missing or stale in ``language``, in the rows' order.

    Args:
        rows: ``states.rows(...)``, each text once.
        language: a translation language's code, ``"fr"`` (``language_checked``).
        glossary: ``glossary.load_glossary()``, for the translator comments.
        places: where each text is, by context (``context_of``): ``"quiz “data-parallelism”, question 3"``;
            written as the entry's first comment.

    Returns:
        An unsaved ``polib.POFile`` with the module's header and entries (missing: empty ``msgstr``; stale: the
        current translation, flagged ``fuzzy``).
    """
    places = places or {}
    now = timezone.now().strftime("%Y-%m-%d %H:%M%z")
    po = polib.POFile(wrapwidth=0)
    po.header = (
        f"{PROJECT}: texts to translate from English into {language_name(language)} ({language}).\n"
        "Keep each msgctxt (model.field.id) and msgid as they are; write the translation in msgstr.\n"
        "A fuzzy entry holds the translation of an older English text: check it, then clear “fuzzy”.\n"
        "Read the file back with: python manage.py import_po FILE.po"
    )
    po.metadata = {
        "Project-Id-Version": PROJECT,
        "POT-Creation-Date": now,
        "PO-Revision-Date": now,
        "Last-Translator": "",
        "Language-Team": language_name(language),
        "Language": language,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
    }
    for row in rows:
        cell = row.cells[language]
        if cell.state is State.TRANSLATED:
            continue
        context = context_of(row.instance, row.field)
        comments = [places[context]] if context in places else []
        comments += [f"Glossary: {note}" for note in glossary_notes(row.english, language, glossary)]
        stale = cell.state is State.STALE
        if stale:
            comments.append(STALE_COMMENT)
        comments.append(SITE_TEXT_COMMENT + site_text_mark(cell.text))
        po.append(
            polib.POEntry(
                msgctxt=context,
                msgid=row.english,
                msgstr=cell.text if stale else "",
                flags=["fuzzy"] if stale else [],
                comment="\n".join(comments),
            )
        )
    return po
