"""Pages in tests: their addresses in a language, and reading them as parsed HTML (Django's ``parse_html``, as
``assertInHTML`` does), not with regexes."""

from collections.abc import Callable, Iterator

from django.test.html import Element, parse_html
from django.urls import reverse
from django.utils import translation


def url(name: str, language: str = "en", **kwargs) -> str:
    """The address of URL pattern ``name`` under a language prefix: ``url("account", "fr")`` is "/fr/account/"."""
    with translation.override(language):
        return reverse(name, kwargs=kwargs)


def find(page: bytes | str | Element, predicate: Callable[[Element], bool]) -> list[Element]:
    """Every element of ``page`` for which ``predicate(element)`` is true, in document order.

    Args:
        page: a response's content (bytes or text), a fragment, or an element found before.
        predicate: e.g. ``lambda node: node.name == "button"``.
    """
    found = []
    pending = [page if isinstance(page, Element) else parse_html(page.decode() if isinstance(page, bytes) else page)]
    while pending:
        node = pending.pop(0)
        if isinstance(node, Element):
            if predicate(node):
                found.append(node)
            pending[:0] = node.children
    return found


def elements(html: bytes | str | Element, name: str) -> Iterator[Element]:
    """Every element called ``name`` (a lower-case tag name: ``"form"``, ``"input"``) in ``html``, in document
    order."""
    return iter(find(html, lambda node: node.name == name))


def attributes(element: Element) -> dict[str, str | None]:
    """An element's attributes as a dict: ``{"name": "next", "value": "/fr/"}``."""
    return dict(element.attributes)


def attribute(element: Element, name: str) -> str | None:
    """One attribute of an element, or None."""
    return attributes(element).get(name)


def has_class(css_class: str) -> Callable[[Element], bool]:
    """A ``find`` predicate: the element's ``class`` holds ``css_class``."""
    return lambda node: css_class in (attribute(node, "class") or "").split()


def own_text(element: Element) -> str:
    """The text directly inside ``element``, not inside its child elements."""
    return " ".join(str(child) for child in element.children if not isinstance(child, Element)).strip()


def texts_of(page: bytes, css_class: str) -> list[str]:
    """The text of every element of ``css_class`` in the page, in document order."""
    return [own_text(node) for node in find(page, has_class(css_class))]


def signed_in_as(page: bytes) -> str | None:
    """The header's "Signed in as <name>" (in the page's language), or None when the page is a visitor's: what
    the page shows of who is logged in (Jinja2 pages give the test client no ``response.context``)."""
    found = texts_of(page, "username")
    return found[0] if found else None


def form_buttons(page: bytes, action: str) -> list[str]:
    """The labels of the buttons of every form in the page that posts to ``action``."""
    forms = find(page, lambda node: node.name == "form" and attribute(node, "action") == action)
    assert all(attribute(form, "method") == "post" for form in forms)
    return [own_text(button) for form in forms for button in find(form, lambda node: node.name == "button")]


def form_values(form: Element) -> dict[str, str | None]:
    """``{name: value}`` of a form's ``<input>`` fields."""
    return {attributes(field).get("name"): attributes(field).get("value") for field in elements(form, "input")}


def html_lang(html: str) -> str | None:
    """The ``lang`` attribute of a page's ``<html>`` element."""
    return attributes(next(elements(html, "html"))).get("lang")


IN_ENGLISH = {"fr": "En anglais", "tr": "İngilizce"}


def short_marker(language: str) -> str:
    """The "EN" badge of a text shown in English, as a French or Turkish page writes it
    (``quizsite.templatetags.translation_status.untranslated_marker``), for ``assertInHTML``."""
    return (
        f'<span class="untranslated-marker is-short" lang="{language}"><span class="language-code" aria-hidden="true">'
        f'en</span><span class="visually-hidden">{IN_ENGLISH[language]}</span></span>'
    )
