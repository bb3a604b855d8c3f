"""The state of translated texts in each language: translated, missing or stale, and off-glossary.

``rows`` answers for any list of (instance, field) in a fixed number of queries, whatever their number: the
translation grid (``quizzes.admin``), ``manage.py translation_status`` and ``export_po`` all read it.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from django.db import models
from modeltranslation.utils import build_localized_fieldname

from translations.facts import SOURCE_LANGUAGE, TARGET_LANGUAGES, is_missing, is_stale
from translations.glossary import Entry, load_glossary, off_glossary
from translations.models import TranslationSource


class State(StrEnum):
    """A translation's state in one language."""

    TRANSLATED = "translated"
    MISSING = "missing"  # no text (facts.is_missing): learners read the English
    STALE = "stale"  # written from an English text that has changed since


@dataclass(frozen=True)
class Cell:
    """One text in one language.

    Attributes:
        language: the language's code, ``"fr"``.
        state: ``State``.
        text: the translation; ``""`` when missing.
        off_glossary: the English glossary terms whose approved rendering ``text`` lacks (empty when missing).
    """

    language: str
    state: State
    text: str
    off_glossary: tuple[str, ...] = ()


@dataclass(frozen=True)
class Row:
    """One translated text: ``instance.<field>`` in English and in each translation language.

    Attributes:
        instance: the model instance (a quiz, question, choice, guide).
        field: the translated field's base name, ``"text"``.
        english: the English source text.
        cells: a ``Cell`` per translation language, in ``settings.LANGUAGES`` order, by code.
    """

    instance: models.Model
    field: str
    english: str
    cells: dict[str, Cell]


def state_of(text: str | None, record: TranslationSource | None, english: str) -> State:
    """The state of one translation: missing when ``facts.is_missing``; stale when ``facts.is_stale`` of the
    fingerprint ``record`` (its ``TranslationSource``, or None when it has none) holds; translated otherwise."""
    if is_missing(text):
        return State.MISSING
    if is_stale(record.fingerprint if record is not None else None, english):
        return State.STALE
    return State.TRANSLATED


def rows(items: Iterable[tuple[models.Model, str]], glossary: list[Entry] | None = None) -> list[Row]:
    """The translation state of each ``(instance, field)`` in ``items``, in their order.

    Texts whose English is missing (``facts.is_missing``: an optional explanation left blank) have nothing to
    translate: no row.

    Args:
        items: saved instances of translated models with one of their translated fields' base names.
        glossary: ``load_glossary()``; loaded here (two queries) when None.

    Queries: one for the ``TranslationSource`` rows, plus the glossary's two when not given.
    """
    items = [(instance, field) for instance, field in items]
    glossary = load_glossary() if glossary is None else glossary
    records = {
        (row.model, row.object_id, row.field, row.language): row
        for row in TranslationSource.objects.of(instance for instance, _field in items)
    }
    result = []
    for instance, field in items:
        english = getattr(instance, build_localized_fieldname(field, SOURCE_LANGUAGE)) or ""
        if is_missing(english):
            continue
        cells = {}
        for code in TARGET_LANGUAGES:
            text = getattr(instance, build_localized_fieldname(field, code)) or ""
            record = records.get((instance._meta.label_lower, instance.pk, field, code))
            state = state_of(text, record, english)
            flagged = off_glossary(english, text, code, glossary) if state is not State.MISSING else ()
            shown = text if state is not State.MISSING else ""
            cells[code] = Cell(language=code, state=state, text=shown, off_glossary=flagged)
        result.append(Row(instance=instance, field=field, english=english, cells=cells))
    return result
