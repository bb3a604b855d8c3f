"""The glossary's matching rules: whether a translation uses the approved rendering of each term its English
source contains; and the demo glossary.

The rules (``off_glossary`` applies them; issue 12 and the demo content's real mistakes motivate each):

- **Which terms a text has.** A term occurs in the English where it starts a word and ends one, possibly with
  the English plural ending -s or -es ("gradients", "workers", "batches"). It does not occur inside another
  word: "microbatches" does not contain "batch". A hyphen in a term also matches the Unicode hyphens U+2010
  and U+2011; spaces in a term match any run of spaces.
- **What the translation must contain.** The term's approved rendering in that language; the English term
  itself when the term is kept as is (All-reduce, NCCL, GPU: translating it is the mistake, "All-azaltma").
  "Keep as is" wins over renderings (the admin refuses a term with both). A term with neither in a language
  is not checked in that language. Presence is what counts, not the number of occurrences.
- **Case and letters.** Texts are compared after ``quizsite.search.fold_text`` (the four Turkish i's become
  "i", then case-folded), so "GRADYAN", "Gradyan" and "İ"/"ı" spellings match the way a Turkish or French
  reader expects; text is never case-mapped for display. Accents are letters: "dégradé" is not "degrade",
  and neither is "gradient". Texts are put in Unicode NFC first, so a composed and a decomposed "é" are equal,
  and the typographic apostrophes (’ ‘ ʼ, which French and Turkish typesetting use) count as "'": "l’optimiseur"
  matches "l'optimiseur", "GPU’nun" matches "GPU'nun".
- **Word boundaries in the translation** follow the language's grammar (``ENDINGS``):

  - Turkish (agglutinative) attaches suffixes to the word, with an apostrophe after names and abbreviations
    (Türk Dil Kurumu, Yazım Kılavuzu, "Kesme işareti"): a rendering matches at the start of a word and any
    letters may follow, "gradyanları", "gradyan'ı", "GPU'lar", "katmanlarının".
  - French: the regular plural endings -s and -x may follow ("gradients", "couches", "lots"), nothing else
    ("lot" does not match "lotion"); irregular plurals (-al → -aux) need the rendering's common stem. Elided
    articles are no obstacle: "l'all-reduce" starts a word after the apostrophe.
  - Any other language: the rendering as a whole word, with an optional -s.
"""

import json
import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from django.db import transaction

from quizsite.search import fold_text

DEMO_GLOSSARY_FILE = Path(__file__).resolve().parent / "demo" / "glossary.json"

# What may follow a term in the English source: nothing, or the plural ending.
ENGLISH_ENDING = r"(?:e?s)?(?!\w)"
# What may follow a rendering in a translation, per language (see the module docstring).
ENDINGS = {
    "tr": "",
    "fr": r"[sx]?(?!\w)",
}
DEFAULT_ENDING = r"s?(?!\w)"
HYPHENS = "-\u2010\u2011"


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

    def expected(self, language: str) -> str | None:
        """What a translation into ``language`` must contain where the English has the term: the English term
        when kept as is, else the language's rendering; None when the glossary says nothing for the language."""
        if self.keep_as_is:
            return self.term
        return self.renderings.get(language) or None


def load_glossary() -> list[Entry]:
    """Every glossary term with its renderings, in two queries; ordered by the folded term, the same on every
    database (their collations order "GPU" and "batch" differently)."""
    from translations.models import GlossaryTerm

    entries = [
        Entry(
            term=term.term,
            keep_as_is=term.keep_as_is,
            renderings={rendering.language: rendering.rendering for rendering in term.renderings.all()},
            note=term.note,
        )
        for term in GlossaryTerm.objects.prefetch_related("renderings")
    ]
    return sorted(entries, key=lambda entry: fold(entry.term))


def fold(text: str | None) -> str:
    """``text`` as the matcher compares it: NFC, then ``fold_text`` (i-forms to "i", case-folded), typographic
    apostrophes as "'"; None is ""."""
    folded = unicodedata.normalize("NFC", fold_text(unicodedata.normalize("NFC", text or "")))
    return folded.translate(APOSTROPHES)


# Right and left single quotation marks and the modifier letter apostrophe, written for "'" by typesetting.
APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'"})


@lru_cache(maxsize=2048)
def pattern(text: str, ending: str) -> re.Pattern:
    """The compiled pattern finding ``text`` (folded here) at the start of a word, followed by ``ending``.

    Cached: a quiz's grid checks every text against the same few terms.
    """
    body = ""
    for part in re.split(rf"([{HYPHENS}]|\s+)", fold(text).strip()):
        if part and part in HYPHENS:
            body += f"[{HYPHENS}]"
        elif part.isspace():
            body += r"\s+"
        else:
            body += re.escape(part)
    return re.compile(rf"(?<!\w){body}{ending}")


def off_glossary(english: str, translation: str, language: str, glossary: list[Entry]) -> tuple[str, ...]:
    """The glossary terms that ``english`` contains and ``translation`` lacks the approved rendering of.

    Args:
        english: the English source text.
        translation: its translation into ``language``.
        language: a translation language's code, ``"fr"``.
        glossary: ``load_glossary()``.

    Returns:
        The English terms flagged, in glossary order; empty when the translation follows the glossary. The
        rules are the module docstring's.
    """
    english, translation = fold(english), fold(translation)
    ending = ENDINGS.get(language, DEFAULT_ENDING)
    flagged = []
    for entry in glossary:
        expected = entry.expected(language)
        if expected is None or not entry.term.strip():
            continue
        if pattern(entry.term, ENGLISH_ENDING).search(english) and not pattern(expected, ending).search(translation):
            flagged.append(entry.term)
    return tuple(flagged)


@dataclass(frozen=True)
class DemoTermsResult:
    """What ``load_demo_terms`` did: the demo terms it added, and those already there (left unchanged)."""

    added: list[str]
    kept: list[str]


@transaction.atomic
def load_demo_terms(path: Path = DEMO_GLOSSARY_FILE) -> DemoTermsResult:
    """Add the demo glossary's terms (``translations/demo/glossary.json``) that the glossary lacks.

    A term already there, whatever its case or dots on i ("Gradient" for "gradient"), is left as it is, with
    its renderings: an author may have changed them. Running it again changes nothing.

    Args:
        path: a JSON file ``{"terms": [{"term", "keep_as_is"?, "note"?, "renderings"?: {code: rendering}}]}``.
    """
    from translations.models import GlossaryRendering, GlossaryTerm

    existing = {fold(term) for term in GlossaryTerm.objects.values_list("term", flat=True)}
    added, kept = [], []
    for item in json.loads(path.read_text(encoding="utf-8"))["terms"]:
        if fold(item["term"]) in existing:
            kept.append(item["term"])
            continue
        term = GlossaryTerm.objects.create(
            term=item["term"], keep_as_is=item.get("keep_as_is", False), note=item.get("note", "")
        )
        GlossaryRendering.objects.bulk_create(
            GlossaryRendering(term=term, language=language, rendering=rendering)
            for language, rendering in item.get("renderings", {}).items()
        )
        added.append(item["term"])
    return DemoTermsResult(added=added, kept=kept)
