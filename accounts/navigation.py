"""Where a learner goes after logging in or signing up: the ``next`` page, when it is one to go to."""

from urllib.parse import urlsplit

from django.urls import Resolver404, resolve, translate_url
from django.utils import translation
from django.utils.translation import get_language, get_language_from_path

# Pages that are never where a login leads: back to the login or sign-up form (Django refuses to redirect a
# page to itself, with a 500), or to logging out again (the site's or the admin's).
NOT_DESTINATIONS = frozenset({"login", "signup", "logout"})


def is_destination(url: str) -> bool:
    """Tell whether a learner can be sent to ``url`` after logging in: a page a GET request shows.

    Args:
        url: a local URL already checked to be safe (``url_has_allowed_host_and_scheme``).

    Returns:
        False for the login, sign-up and logout pages (in any language, the admin's too) and for class-based
        views that answer only POST; True otherwise, including addresses that resolve to nothing (they get
        the 404 page, which is a sensible answer).
    """
    path = urlsplit(url).path
    # Resolved in the language of its own prefix: /fr/accounts/login/ is the login page, whatever the language
    # of the page that asks.
    try:
        with translation.override(get_language_from_path(path) or get_language()):
            match = resolve(path)
    except Resolver404:
        return True
    if match.url_name in NOT_DESTINATIONS:
        return False
    view_class = getattr(match.func, "view_class", None)
    return view_class is None or "get" in view_class.http_method_names


def localized_next(url: str) -> str:
    """``url`` moved into the active language's prefix: ``/fr/quizzes/x/`` becomes ``/tr/quizzes/x/`` in Turkish.

    A learner who switches language on the login or sign-up page keeps that language after logging in, though
    the ``next`` they arrived with names the page in the language they came from. Django's ``translate_url``
    resolves a path in the active language only, so the path is resolved in its own prefix's language here.

    Args:
        url: a local URL (already checked to be safe), with or without a language prefix and query string.

    Returns:
        The same page in the active language, or ``url`` unchanged when it has no language prefix.
    """
    target_language = get_language()
    path_language = get_language_from_path(urlsplit(url).path)
    if not path_language or path_language == target_language:
        return url
    with translation.override(path_language):
        return translate_url(url, target_language)
