from functools import cached_property

from django.http import HttpRequest
from django.utils.translation import get_language, get_language_info

from quizsite.errors import page_address
from translations.facts import LANGUAGE_CODES


def _path_in_language(path: str, code: str) -> str:
    """``path`` (with its query string) in language ``code``: its leading ``/<language>/`` prefix swapped for
    ``/<code>/`` (``/fr/quizzes/x/`` → ``/tr/quizzes/x/``, a 404's ``/fr/no-such-page/`` → ``/tr/no-such-page/``).

    URL paths are not translated (``quizsite/urls.py``: one set of paths under each prefix), so this is what
    Django's ``translate_url`` answers, without its resolve and reverse. A path outside the language prefixes
    (``/i18n/setlang/``, ``/admin/…``) leads to that language's home page, ``/<code>/``: going back to such an
    address would not show a page, or would send the form again.
    """
    prefix, slash, rest = path.removeprefix("/").partition("/")
    if path.startswith("/") and slash and prefix in LANGUAGE_CODES:
        return f"/{code}/{rest}"
    return f"/{code}/"


class LanguageChoices:
    """The language menu's entries, computed when a template first reads them (``language_switcher``)."""

    def __init__(self, request: HttpRequest):
        self.request = request

    @cached_property
    def choices(self) -> list[dict]:
        current = get_language()
        path = page_address(self.request) or f"/{current}/"
        return [
            {
                "code": code,
                "name_local": get_language_info(code)["name_local"],
                "next": _path_in_language(path, code),
                "current": code == current,
            }
            for code in LANGUAGE_CODES
        ]

    def __iter__(self):
        return iter(self.choices)

    def __len__(self) -> int:
        return len(self.choices)

    def __getitem__(self, index: int) -> dict:
        return self.choices[index]


def language_switcher(request: HttpRequest) -> dict:
    """Offer every language with the current page's address in that language.

    Returns ``{"language_choices": […]}``: ``[{"code", "name_local", "next", "current"}, …]`` in
    ``settings.LANGUAGES`` order, computed only when a page reads it, in the language active then (the page's).
    ``next`` is the address in that language here, while the active language still matches the page's prefix:
    Django's ``set_language`` only translates a ``next`` whose prefix matches the language of *its* request, which
    comes from the cookie or Accept-Language and may differ from the page's. On a page whose address resolves to no
    view (a 404), ``next`` is the same address under the other language's prefix, which shows that language's 404.
    On a page answering a form (a POST refused by the CSRF check), the page is the one that sent the form
    (``quizsite.errors.page_address``).
    """
    return {"language_choices": LanguageChoices(request)}
