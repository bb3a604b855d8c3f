"""What the translation grid and ``manage.py translation_status`` say about ``states.rows``: the states' words and
the counts per language."""

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from translations.facts import translation_languages
from translations.states import Row, State
from translations.tracking import confirm

# The state of a text in one language, as authors read it (grid cells, terminal lines).
STATE_LABELS = {
    State.TRANSLATED: _("Translated"),
    State.MISSING: _("Missing — shown in English"),
    State.STALE: _("Stale"),
}


@dataclass(frozen=True)
class Tally:
    """The counts of one language over some texts.

    Attributes:
        language: the language's code, ``"fr"``.
        name: its name (``settings.LANGUAGES``, lazily translated).
        translated, missing, stale: how many texts are in each ``State`` (they add up to the texts' number).
        off_glossary: how many translations (translated or stale) miss an approved glossary term.
    """

    language: str
    name: str
    translated: int = 0
    missing: int = 0
    stale: int = 0
    off_glossary: int = 0


def tally(rows: Iterable[Row]) -> list[Tally]:
    """A ``Tally`` per translation language, in ``settings.LANGUAGES`` order, over ``rows`` (``states.rows``)."""
    rows = list(rows)
    result = []
    for code, name in translation_languages():
        cells = [row.cells[code] for row in rows]
        result.append(
            Tally(
                language=code,
                name=name,
                translated=sum(cell.state is State.TRANSLATED for cell in cells),
                missing=sum(cell.state is State.MISSING for cell in cells),
                stale=sum(cell.state is State.STALE for cell in cells),
                off_glossary=sum(bool(cell.off_glossary) for cell in cells),
            )
        )
    return result


def confirm_stale(rows: Iterable[Row], language: str) -> int:
    """Confirm (``tracking.confirm``) every translation into ``language`` that ``rows`` show stale.

    Args:
        rows: ``states.rows`` of the texts an author checked (one text, or a whole quiz's).
        language: a translation language's code, ``"fr"``.

    Returns:
        How many stale translations were confirmed. One query per model and field among them (a quiz's texts
        have at most eight: title, description, text, explanation, choice text, a guide's three).
    """
    stale: dict[tuple[type, str], list] = {}
    for row in rows:
        if row.cells[language].state is State.STALE:
            stale.setdefault((type(row.instance), row.field), []).append(row.instance)
    for (_model, field), instances in stale.items():
        confirm(instances, field=field, language=language)
    return sum(len(instances) for instances in stale.values())
