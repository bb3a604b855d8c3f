"""The glossary's matching rules: whether a translation uses the approved rendering of each term its English
source contains.

PLACEHOLDER until the glossary work lands: ``off_glossary`` flags nothing.
"""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Entry:
    """One glossary term as the matcher sees it.

    Attributes:
        term: the English term, e.g. ``"gradient"``, ``"all-reduce"``.
        keep_as_is: translations keep the English term unchanged.
        renderings: approved rendering per language code, e.g. ``{"fr": "gradient", "tr": "gradyan"}``.
        note: guidance for translators ("" when none).
    """

    term: str
    keep_as_is: bool = False
    renderings: dict[str, str] = field(default_factory=dict)
    note: str = ""


def load_glossary() -> list[Entry]:
    """Every glossary term with its renderings, in two queries."""
    from translations.models import GlossaryTerm

    return [
        Entry(
            term=term.term,
            keep_as_is=term.keep_as_is,
            renderings={rendering.language: rendering.rendering for rendering in term.renderings.all()},
            note=term.note,
        )
        for term in GlossaryTerm.objects.prefetch_related("renderings")
    ]


def off_glossary(english: str, translation: str, language: str, glossary: list[Entry]) -> tuple[str, ...]:
    """The glossary terms that ``english`` contains and ``translation`` lacks the approved rendering of.

    Args:
        english: the English source text.
        translation: its translation into ``language``.
        language: a translation language's code, ``"fr"``.
        glossary: ``load_glossary()``.

    Returns:
        The English terms flagged, in glossary order; empty when the translation follows the glossary.
    """
    return ()
