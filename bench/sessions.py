"""What every prepared request of the load carries: a logged-in learner's session and CSRF cookie, and the
request itself (``Request``), as ``bench.load`` and ``bench.submits`` prepare them and wrk sends them."""

from dataclasses import dataclass
from importlib import import_module

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.middleware.csrf import CSRF_ALLOWED_CHARS, CSRF_SECRET_LENGTH
from django.utils.crypto import get_random_string


@dataclass(frozen=True)
class Request:
    """One prepared HTTP request.

    Attributes:
        group: which wrk thread sends it (``group`` modulo the threads): one learner's answers share a group, so
            they go out in order.
        method: ``"GET"`` or ``"POST"``.
        path: e.g. ``/fr/quizzes/quiz-00042/questions/3/``.
        cookie: the ``Cookie`` header: the session and the CSRF cookie.
        body: the form data of a POST, URL-encoded; empty for a GET.
    """

    group: int
    method: str
    path: str
    cookie: str
    body: str = ""


def _login(user) -> str:
    """A new session in which ``user`` is logged in, stored through the settings' session engine (so in the
    database, the cache or both, as the site keeps them); returns the session key (str)."""
    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return session.session_key


def cookie(user) -> tuple[str, str]:
    """``(cookie header, CSRF token)`` for a new session of ``user`` (a ``User``): the session cookie and a CSRF
    cookie whose secret, sent unmasked as the form's token, Django's CSRF check accepts."""
    secret = get_random_string(CSRF_SECRET_LENGTH, allowed_chars=CSRF_ALLOWED_CHARS)
    return f"{settings.SESSION_COOKIE_NAME}={_login(user)}; {settings.CSRF_COOKIE_NAME}={secret}", secret
