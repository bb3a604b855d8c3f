"""Pages in tests: their addresses in a language, and reading them as parsed HTML (Django's ``parse_html``, as
``assertInHTML`` does), not with regexes."""

from collections.abc import Iterator

from django.test.html import Element, parse_html
from django.urls import reverse
from django.utils import translation


def url(name: str, language: str = "en", **kwargs) -> str:
    """The address of URL pattern ``name`` under a language prefix: ``url("account", "fr")`` is "/fr/account/"."""
    with translation.override(language):
        return reverse(name, kwargs=kwargs)


def elements(html: str | Element, name: str) -> Iterator[Element]:
    """Every element called ``name`` (``"form"``, ``"input"``) in ``html``, in document order.

    Args:
        html: a page or fragment, e.g. ``response.content.decode()``, or an element found before.
        name: a lower-case tag name.
    """
    pending = [html if isinstance(html, Element) else parse_html(html)]
    while pending:
        node = pending.pop(0)
        if isinstance(node, Element):
            if node.name == name:
                yield node
            pending[:0] = node.children


def attributes(element: Element) -> dict[str, str | None]:
    """An element's attributes as a dict: ``{"name": "next", "value": "/fr/"}``."""
    return dict(element.attributes)


def form_values(form: Element) -> dict[str, str | None]:
    """``{name: value}`` of a form's ``<input>`` fields."""
    return {attributes(field).get("name"): attributes(field).get("value") for field in elements(form, "input")}


def html_lang(html: str) -> str | None:
    """The ``lang`` attribute of a page's ``<html>`` element."""
    return attributes(next(elements(html, "html"))).get("lang")
