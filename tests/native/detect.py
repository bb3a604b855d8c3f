"""What a native reader of French or Turkish would flag on a page, found in its HTML.

A page is read as a reader meets it: the text of its elements and the attributes a browser shows or speaks
(``title``, ``aria-label``, ``placeholder``, ``alt``, and the labels of input buttons). Left out: whatever is
inside an element whose ``lang`` is English (fallback content, marked so), code (``<code>``, ``<pre>``,
``<kbd>``), scripts and styles, what a form holds (``<textarea>``, input values) and the strings a walk names as
data (usernames, slugs). Inline elements (``<a>``, ``<strong>``…) do not split a run of text; block elements do.

The rules (issue 12, "The admin in French and Turkish reads as native"):

- ``dotless capital I`` (Turkish): a word that starts with "I" followed by a lower-case letter, as Django's
  ``capfirst`` makes of "içerik" ("Içerik"); the capital of i is İ.
- ``plural after a number`` (Turkish): a number followed by a noun in the plural ("8 sorular"); Turkish keeps
  the noun singular after a number ("8 soru").
- ``English``: a run of text that is an English interface string of the active catalogues (ours, Django's,
  the libraries') which has a different translation, or that holds English function words, or Django's name
  for an object without one ("Quiz_guides object (1)"); or a Python value shown as it is ("True", "False",
  "None"), as Django's admin wrote the alt text of its yes/no icons.
- ``ISO date``: a date written 2026-05-12 instead of in the language's format.
"""

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from django.test.html import Element, parse_html
from django.utils import translation
from django.utils.text import capfirst
from django.utils.translation import trans_real

SKIPPED_ELEMENTS = {"script", "style", "textarea", "code", "pre", "kbd", "template", "noscript"}
INLINE_ELEMENTS = {
    "a", "abbr", "b", "bdi", "bdo", "cite", "data", "dfn", "em", "i", "mark", "q", "s", "samp", "small", "span",
    "strong", "sub", "sup", "time", "u", "var", "label",
}  # fmt: skip
SHOWN_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")
BUTTON_INPUTS = {"submit", "button", "reset"}

DOTLESS_CAPITAL_I = re.compile(r"\bI[a-zçğıöşü]\w*")
# A number, then a word ending in the plural suffix, possibly followed by a case or possessive ending:
# "8 sorular", "12 denemeler", "3 soruların". Words that end in -lar/-ler in the singular ("dolar") would need an
# exception; none occurs on the site.
PLURAL_AFTER_NUMBER = re.compile(r"\b\d+\s+\w+?(?:lar|ler)(?:[ıiuü]n?|[ae]|d[ae]n?|n[ıi]n)?\b")
# Words no French or Turkish sentence uses, and Django's name for an object without ``__str__``.
ENGLISH_WORDS = re.compile(
    r"\b(?:the|and|of|your|with|this|is|are|to|you|has|been|please)\b|\bobject \(\d+\)", re.IGNORECASE
)
# A date as ISO 8601 writes it ("2026-05-12"), which neither language uses in a sentence; dates are shown in the
# language's format (django.utils.formats).
ISO_DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")
# Python's own words for a value, shown by code that formats a value instead of naming it (``str(True)``).
PYTHON_VALUES = {"True", "False", "None"}
LABEL_DECORATION = re.compile(r"\s*(?:\[[a-z]{2}\])?\s*:?\s*$")


@dataclass(frozen=True)
class Finding:
    """One offending string: the page's label, the rule it breaks and the text as the page shows it."""

    page: str
    rule: str
    text: str

    def __str__(self) -> str:
        return f"{self.page}: {self.rule}: {self.text!r}"


def shown_texts(html: str | bytes) -> Iterator[str]:
    """The runs of text a reader meets on a page, in document order, outside English and skipped elements.

    Args:
        html: a whole page or a fragment.

    Yields:
        Each run of text with its whitespace collapsed, then each shown attribute's value; empty runs are left out.
    """
    root = parse_html(html.decode() if isinstance(html, bytes) else html)
    runs: list[list[str]] = [[]]
    attributes: list[str] = []

    def visit(node: Element | str) -> None:
        if isinstance(node, str):
            runs[-1].append(node)
            return
        values = dict(node.attributes)
        if node.name in SKIPPED_ELEMENTS or (values.get("lang") or "").startswith("en"):
            runs.append([])
            return
        attributes.extend(values[name] for name in SHOWN_ATTRIBUTES if values.get(name))
        if node.name == "input" and values.get("type") in BUTTON_INPUTS and values.get("value"):
            attributes.append(values["value"])
        inline = node.name in INLINE_ELEMENTS
        if not inline:
            runs.append([])
        for child in node.children:
            visit(child)
        if not inline:
            runs.append([])

    visit(root)
    # parse_html drops the spaces around inline elements; a space in their place keeps words apart.
    for text in [" ".join(run) for run in runs] + attributes:
        text = " ".join(text.split())
        if text:
            yield text


@cache
def english_strings(language: str) -> frozenset[str]:
    """The English interface strings that ``language``'s catalogues translate differently, as a page could show
    them untranslated: each msgid as written and with its first letter capitalized (Django's ``capfirst`` on
    labels). Built from the merged catalogue Django uses (ours in ``LOCALE_PATHS`` first, then the apps' and
    Django's own)."""
    with translation.override(language):
        catalog = trans_real.translation(language)._catalog
        strings = {
            key
            for key, value in catalog.items()
            if isinstance(key, str) and "\x04" not in key and key.strip() and value != key
        }
    return frozenset(strings | {capfirst(string) for string in strings})


def find_offences(page: str, html: str | bytes, language: str, allowed: frozenset[str] = frozenset()) -> list[Finding]:
    """Every string of a page that a native reader of ``language`` would flag (the rules above).

    Args:
        page: how the finding names the page, e.g. "admin: quiz list".
        html: the page's content.
        language: "fr" or "tr"; the Turkish rules apply to "tr" only.
        allowed: strings shown as they are wherever they occur (usernames, slugs); a run equal to one, or the
            part of a run that is one, is not read.

    Returns:
        The findings in document order, each string once per rule.
    """
    english = english_strings(language)
    findings: dict[Finding, None] = {}
    for text in shown_texts(html):
        read = text
        for name in sorted(allowed, key=len, reverse=True):
            read = read.replace(name, " ")
        if language == "tr":
            for match in DOTLESS_CAPITAL_I.finditer(read):
                findings[Finding(page, "dotless capital I", f"{match.group()} in {text!r}")] = None
            if PLURAL_AFTER_NUMBER.search(read):
                findings[Finding(page, "plural after a number", text)] = None
        if ISO_DATE.search(read):
            findings[Finding(page, "ISO date", text)] = None
        bare = LABEL_DECORATION.sub("", read).strip()
        if bare in english or bare in PYTHON_VALUES or ENGLISH_WORDS.search(read):
            findings[Finding(page, "English", text)] = None
    return list(findings)
