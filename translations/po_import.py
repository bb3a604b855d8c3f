"""Reading a filled PO file back (``manage.py import_po``): the translations it holds become the site's.

The file is one written by ``translations.po.catalog`` (``manage.py export_po``) and filled by a translator. Its
``Language`` header names the language. Each entry is, in this order of checks:

- refused when it has plural forms (``msgid_plural``: export_po writes none);
- skipped when its ``msgstr`` is empty (not translated yet; the spaces around a text are dropped, as the admin
  and the quiz importer drop them) or it is flagged ``fuzzy`` (not reviewed: the gettext convention, which PO
  editors follow); obsolete entries (``#~``) are ignored;
- refused when its context is not ``app.model.field.id``, names no model, or a field that is not translated
  (registered with modeltranslation), appears more than once (each of its entries), names an object that no
  longer exists or a text whose English is empty (nothing to translate: a true-or-false question's answers,
  which the site labels itself; ``facts.is_missing``), when the ``msgid`` is no longer the English text of
  that field (the English changed since the export: the translation was written for another text, so the
  translator exports again), or when the
  translation is not a valid value of the field (too long for its ``max_length``: the field's own validation) or
  is unfit to store or show (a NUL or another control character, a lone surrogate: ``quizsite.texts``, the rule
  of the admin and quiz files too), or when the site's translation is no longer the one the file was exported
  with (an author wrote it on the site meanwhile: ``po.site_text_at_export``; the import never overwrites it). An
  entry without that mark, written by hand, may fill a missing translation but not replace one the site has;
- unchanged when the ``msgstr`` is the translation the site already has; confirmed when that translation is
  stale, since clearing ``fuzzy`` on it is how a translator says it still fits the new English (``tracking.confirm``);
- written otherwise: the field in that language is set and the object saved, so ``tracking`` records the English
  it was written from and the translation stops being stale.

The valid entries are written even when others are refused (each entry is written whole or not at all; all of
them in one transaction): the translator re-exports to get the refused ones again. ``dry_run`` checks and counts
without writing.
"""

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import polib
from django.apps import apps
from django.core.exceptions import ValidationError
from django.db import models, transaction
from modeltranslation.utils import build_localized_fieldname

from quizsite.texts import validate_text
from translations.facts import SOURCE_LANGUAGE, fingerprint, is_missing, text_of, translated_fields
from translations.po import PoError, context_parts, language_checked, site_text_at_export, site_text_mark
from translations.states import State, rows
from translations.tracking import confirm

# The largest primary key a database column can hold (a signed 64-bit integer); a larger id names no row, and
# SQLite cannot even be asked about it.
MAX_ID = 2**63 - 1
PLURAL = "the entry has plural forms (msgid_plural), which no text of the site has: it does not come from export_po"
SITE_TEXT_CHANGED = (
    "the site's translation is not the one this file was exported with (written on the site since): "
    "export again to see it"
)
ENGLISH_CHANGED = "the English text has changed since the export: export again to translate the new text"
NOTHING_TO_TRANSLATE = (
    "the English text is empty, so there is nothing to translate (a true-or-false question's answers, which the "
    "site labels in every language, or a text left blank): export_po writes no such entry"
)


@dataclass(frozen=True)
class Refusal:
    """An entry not written, with why: ``context`` is its ``msgctxt`` (``""`` when it has none)."""

    context: str
    reason: str


@dataclass
class ImportResult:
    """What ``po_import`` did with a file's entries.

    Attributes:
        language: the file's language, ``"fr"``.
        written: the contexts of the translations written, in the file's order.
        confirmed: the contexts of stale translations confirmed unchanged.
        unchanged: how many entries held the translation the site already has.
        empty: how many entries were skipped for an empty ``msgstr``.
        fuzzy: how many entries were skipped for the ``fuzzy`` flag.
        refused: the entries refused, in the file's order.
    """

    language: str
    written: list[str] = field(default_factory=list)
    confirmed: list[str] = field(default_factory=list)
    unchanged: int = 0
    empty: int = 0
    fuzzy: int = 0
    refused: list[Refusal] = field(default_factory=list)


def read_po(path: Path) -> polib.POFile:
    """The PO file at ``path``, parsed by polib (the encoding its header declares).

    Raises:
        PoError: the file cannot be read or is not a PO file.
    """
    if not path.is_file():
        raise PoError(f"There is no file {path}.")
    try:
        return polib.pofile(str(path))
    except OSError as error:  # polib reports syntax errors as OSError too
        raise PoError(f"{path} is not a PO file that can be read: {error}.") from error
    except (UnicodeDecodeError, LookupError, ValueError) as error:
        raise PoError(f"{path} is not a PO file that can be read: {error}.") from error


def po_import(po: polib.POFile, *, dry_run: bool = False) -> ImportResult:
    """Write the filled, reviewed translations of ``po`` into the database (the module's rules).

    Args:
        po: a parsed PO file (``read_po``) whose ``Language`` header is a translation language.
        dry_run: check and count every entry, write nothing.

    Returns:
        ``ImportResult``.

    Raises:
        PoError: the file has no ``Language`` header, or not a translation language's (nothing is written).

    Queries: one per model named in the file (with ``select_for_update``), one for the texts' states, then one
    save per object written (with ``tracking``'s records) and one per translation confirmed.
    """
    language = po.metadata.get("Language", "").strip()
    if not language:
        raise PoError("The file has no “Language” header: it must name the language of its translations.")
    language = language_checked(language)
    result = ImportResult(language=language)
    wanted: list[tuple[int, polib.POEntry, str, str, int]] = []
    refused: list[tuple[int, Refusal]] = []
    repeated = {
        context for context, count in Counter(entry.msgctxt for entry in po if not entry.obsolete).items() if count > 1
    }
    for index, entry in enumerate(po):
        if entry.obsolete:
            continue
        if entry.msgid_plural:
            refused.append((index, Refusal(entry.msgctxt or "", PLURAL)))
        elif is_missing(entry.msgstr):
            result.empty += 1
        elif entry.fuzzy:
            result.fuzzy += 1
        elif reason := _context_refusal(entry.msgctxt, repeated):
            refused.append((index, Refusal(entry.msgctxt or "", reason)))
        else:
            wanted.append((index, entry, *context_parts(entry.msgctxt)))
    with transaction.atomic():
        refused += _import_entries(wanted, language, result, dry_run=dry_run)
        if dry_run:
            transaction.set_rollback(True)
    result.refused = [refusal for _index, refusal in sorted(refused, key=lambda item: item[0])]
    return result


def _context_refusal(context: str | None, repeated: set[str]) -> str:
    """Why an entry's context cannot be used ("" when it can): format, model, translated field, an id no row can
    have, repetition (every entry of a context named twice is refused: which one the translator meant is unknown).
    """
    if not context:
        return "the entry has no context (msgctxt): it does not come from export_po"
    try:
        label, name, pk = context_parts(context)
    except ValueError:
        return "the context is not of the form “app.model.field.id”"
    try:
        model = apps.get_model(label)
    except (LookupError, ValueError):
        return f"there is no model “{label}”"
    if name not in translated_fields(model):
        return f"“{label}” has no translated field “{name}”"
    if not 0 < pk <= MAX_ID:
        return f"there is no {label} {pk}"
    if context in repeated:
        return "the context appears more than once in the file"
    return ""


def _import_entries(
    wanted: list[tuple[int, polib.POEntry, str, str, int]], language: str, result: ImportResult, *, dry_run: bool
) -> list[tuple[int, Refusal]]:
    """Check each entry against its object (locked until the transaction ends) and write or confirm it; the
    entries refused, with their index in the file."""
    ids_by_model = defaultdict(set)
    for _index, _entry, label, _name, pk in wanted:
        ids_by_model[label].add(pk)
    objects: dict[tuple[str, int], models.Model] = {}
    for label, ids in ids_by_model.items():
        for instance in apps.get_model(label)._default_manager.select_for_update().filter(pk__in=ids):
            objects[label, instance.pk] = instance
    found = [(objects[label, pk], name) for _index, _entry, label, name, pk in wanted if (label, pk) in objects]
    states = {(row.instance._meta.label_lower, row.instance.pk, row.field): row for row in rows(found, glossary=[])}
    changed: dict[models.Model, list[str]] = defaultdict(list)
    to_confirm: list[tuple[models.Model, str]] = []
    refused: list[tuple[int, Refusal]] = []
    for index, entry, label, name, pk in wanted:
        instance = objects.get((label, pk))
        if instance is None:
            reason = f"there is no {label} {pk} any more (deleted since the export)"
            refused.append((index, Refusal(entry.msgctxt, reason)))
            continue
        english = text_of(instance, name, SOURCE_LANGUAGE) or ""
        if is_missing(english):
            refused.append((index, Refusal(entry.msgctxt, NOTHING_TO_TRANSLATE)))
            continue
        if fingerprint(entry.msgid) != fingerprint(english):
            refused.append((index, Refusal(entry.msgctxt, ENGLISH_CHANGED)))
            continue
        localized, text = build_localized_fieldname(name, language), entry.msgstr.strip()
        if text == getattr(instance, localized):
            row = states.get((label, pk, name))
            if row is not None and row.cells[language].state is State.STALE:
                result.confirmed.append(entry.msgctxt)
                to_confirm.append((instance, name))
            else:
                result.unchanged += 1
            continue
        # An entry without the mark (written by hand) counts as exported with no translation: it may fill a
        # missing text, never replace one the site has.
        exported = site_text_at_export(entry) or site_text_mark(None)
        if exported != site_text_mark(getattr(instance, localized)):
            refused.append((index, Refusal(entry.msgctxt, SITE_TEXT_CHANGED)))
            continue
        try:
            value = instance._meta.get_field(localized).clean(text, instance)
            validate_text(value)
        except ValidationError as error:
            refused.append((index, Refusal(entry.msgctxt, " ".join(error.messages))))
            continue
        setattr(instance, localized, value)
        changed[instance].append(localized)
        result.written.append(entry.msgctxt)
    if dry_run:
        return refused
    for instance, names in changed.items():
        instance.save(update_fields=names)
    for instance, name in to_confirm:
        confirm([instance], field=name, language=language)
    return refused
