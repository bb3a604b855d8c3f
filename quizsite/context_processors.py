from django.conf import settings
from django.http import HttpRequest
from django.urls import translate_url
from django.utils.translation import get_language, get_language_info


def language_switcher(request: HttpRequest) -> dict:
    """Offer every language with the current page's address in that language.

    Returns ``{"language_choices": [{"code", "name_local", "next", "current"}, …]}`` in ``settings.LANGUAGES``
    order. ``next`` is translated here, while the active language still matches the page's prefix: Django's
    ``set_language`` only translates a ``next`` whose prefix matches the language of *its* request, which comes
    from the cookie or Accept-Language and may differ from the page's.
    """
    current = get_language()
    path = request.get_full_path()
    return {
        "language_choices": [
            {
                "code": code,
                "name_local": get_language_info(code)["name_local"],
                "next": translate_url(path, code),
                "current": code == current,
            }
            for code, _name in settings.LANGUAGES
        ]
    }
