from django.conf import settings
from django.http import HttpRequest
from django.urls import translate_url
from django.utils.translation import get_language, get_language_info

from quizsite.errors import page_address


def _path_in_language(path: str, code: str) -> str:
    """``path`` (with its query string) in language ``code``.

    Django's ``translate_url`` when the path resolves. A path that does not (a 404 page, e.g. ``/fr/no-such-page/``)
    comes back from it unchanged; then its leading ``/<language>/`` prefix is swapped for ``/<code>/``
    (``/tr/no-such-page/``), but only a prefix that is one of ``settings.LANGUAGES``. Any other path, outside the
    language prefixes (``/i18n/setlang/``, ``/admin/…``), leads to that language's home page, ``/<code>/``: going
    back to such an address would not show a page, or would send the form again.
    """
    translated = translate_url(path, code)
    if translated != path:
        return translated
    prefix, slash, rest = path.removeprefix("/").partition("/")
    if path.startswith("/") and slash and prefix in dict(settings.LANGUAGES):
        return f"/{code}/{rest}"
    return f"/{code}/"


def language_switcher(request: HttpRequest) -> dict:
    """Offer every language with the current page's address in that language.

    Returns ``{"language_choices": [{"code", "name_local", "next", "current"}, …]}`` in ``settings.LANGUAGES``
    order. ``next`` is translated here, while the active language still matches the page's prefix: Django's
    ``set_language`` only translates a ``next`` whose prefix matches the language of *its* request, which comes
    from the cookie or Accept-Language and may differ from the page's. On a page whose address resolves to no view
    (a 404), ``next`` is the same address under the other language's prefix, which shows that language's 404. On a
    page answering a form (a POST refused by the CSRF check), the page is the one that sent the form
    (``quizsite.errors.page_address``).
    """
    current = get_language()
    path = page_address(request) or f"/{current}/"
    return {
        "language_choices": [
            {
                "code": code,
                "name_local": get_language_info(code)["name_local"],
                "next": _path_in_language(path, code),
                "current": code == current,
            }
            for code, _name in settings.LANGUAGES
        ]
    }
