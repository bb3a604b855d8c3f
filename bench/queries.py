"""Queries per request, counted in this process with Django's test client on the benchmark's database and
settings (the production code stays free of counting)."""

from http.cookies import SimpleCookie

from django.db import connection
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext

from bench.sessions import Request

# The client says it came through the TLS-terminating proxy, as wrk's requests do (and asks for https, on port
# 443), to the host that the settings allow and that a POST's Origin names.
_SECURE = {"SERVER_NAME": "127.0.0.1", "HTTP_X_FORWARDED_PROTO": "https"}


def _send(request: Request) -> tuple[int, int]:
    client = Client(enforce_csrf_checks=True, **_SECURE)
    client.cookies = SimpleCookie(request.cookie)
    with CaptureQueriesContext(connection) as queries:
        if request.method == "POST":
            response = client.post(
                request.path,
                request.body,
                content_type="application/x-www-form-urlencoded",
                secure=True,
                headers={"Origin": "https://127.0.0.1"},
            )
        else:
            response = client.get(request.path, secure=True)
    return response.status_code, len(queries)


# How many times a GET is counted after its warm-up; the fewest queries of these is its count.
GET_COUNTS = 3


def count(request: Request, *, warm_up: Request | None = None, status: int = 200) -> int:
    """The number of SQL queries ``request`` runs, after ``warm_up`` (the same request for a GET; another
    learner's answer for a POST, which must not be sent twice) has filled whatever the site caches.

    A GET is counted ``GET_COUNTS`` times in a row and the fewest returned: a process also looks at the record of
    missed Redis writes at most every 5 s (``quizsite/cache.py``; ``BEGIN``, a ``SELECT``, ``COMMIT``), which
    would otherwise be counted in whichever page it fell on (the guide page once counted 8 instead of 5). A POST
    is counted once, so it may include that look.

    Raises:
        AssertionError: a response's status is not ``status`` (a session, cookie or path that does not work would
            make the whole run measure an error page).
    """
    sends = [warm_up, request] if warm_up is not None else [request] * (1 + GET_COUNTS)
    counts = []
    for sent in sends:
        code, queries = _send(sent)
        assert code == status, f"{sent.method} {sent.path} answered {code}, not {status}."
        counts.append(queries)
    return min(counts[1:])


def count_ceiling(request: Request) -> int:
    """``count`` for the ceiling's page, under the ceiling's URLconf and templates (``bench.ceiling.settings``)."""
    from bench.ceiling import settings as ceiling

    with override_settings(ROOT_URLCONF=ceiling.ROOT_URLCONF, TEMPLATES=ceiling.TEMPLATES):
        return count(request)
