"""Redis may fail; the site may not (quizsite/cache.py, settings "Cache"): a Redis that refuses connections or
never answers costs one short timeout, then is skipped for a few seconds, and a write it missed leaves no older
value behind once it answers again.

The last tests need a Redis server: ``QUIZSITE_TEST_REDIS_URL`` (default ``redis://127.0.0.1:6379/15``, a
database they write keys of their own to). Without one they are skipped, except where ``QUIZSITE_REQUIRE_REDIS=1``
(as in ``.ci/run``), where they fail.
"""

import logging
import os
import socket
import time
import uuid

import pytest
import redis
from django.contrib.sessions.backends.cached_db import SessionStore
from django.core.cache import caches
from django.test import Client

from quizsite import cache as fail_fast
from tests.factories import PASSWORD, make_user

REDIS_URL = os.environ.get("QUIZSITE_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_state():
    """No server skipped and no missed write from another test."""
    fail_fast._down_until.clear()
    fail_fast._missed_writes.clear()
    yield
    fail_fast._down_until.clear()
    fail_fast._missed_writes.clear()


def use_redis(settings, location: str) -> None:
    """Both cache aliases on ``location``, as settings.py makes them for REDIS_URL, under a prefix of the test's own."""
    options = {
        "IGNORE_EXCEPTIONS": True,
        "SOCKET_CONNECT_TIMEOUT": 0.1,
        "SOCKET_TIMEOUT": 0.1,
        "REDIS_CLIENT_CLASS": "quizsite.cache.FailFastRedis",
        "REDIS_CLIENT_KWARGS": {"skip_seconds": 5.0},
    }
    prefix = f"test-{uuid.uuid4().hex}"
    config = {"BACKEND": "django_redis.cache.RedisCache", "LOCATION": location, "OPTIONS": options}
    settings.CACHES = {
        "default": {**config, "KEY_PREFIX": prefix},
        "rate_limits": {**config, "KEY_PREFIX": f"{prefix}-rate", "TIMEOUT": 3660},
    }
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"


@pytest.fixture
def nothing_listening(settings) -> str:
    """A Redis address where nothing listens: every connection is refused, as with a stopped Redis."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    use_redis(settings, f"redis://127.0.0.1:{port}/0")
    return f"127.0.0.1:{port}/0"


@pytest.fixture
def silent_server(settings) -> str:
    """A Redis address that accepts connections (the kernel completes them) and never answers, as a frozen Redis."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen(64)
        port = sock.getsockname()[1]
        use_redis(settings, f"redis://127.0.0.1:{port}/0")
        yield f"127.0.0.1:{port}/0"


@pytest.fixture
def real_redis(settings) -> redis.Redis:
    """Both aliases on the test Redis server; skips (or fails, see the module docstring) without one."""
    client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1)
    try:
        client.ping()
    except redis.exceptions.ConnectionError:
        message = f"no Redis server at {REDIS_URL}"
        if os.environ.get("QUIZSITE_REQUIRE_REDIS") == "1":
            pytest.fail(message)
        pytest.skip(message)
    use_redis(settings, REDIS_URL)
    yield client
    caches["default"].delete_pattern("*")  # the keys under this test's prefix only
    client.close()


def timed(call) -> tuple[object, float]:
    began = time.monotonic()
    result = call()
    return result, time.monotonic() - began


def test_a_stopped_redis_is_a_cache_miss_logged_once_as_a_warning(nothing_listening, caplog):
    cache = caches["default"]
    with caplog.at_level(logging.INFO, logger="quizsite.cache"):
        results = [cache.get("key", "missed"), cache.set("key", 1), cache.add("key", 1), cache.delete("key")]

    assert results == ["missed", None, None, None]
    address = nothing_listening.removesuffix("/0")
    assert [(record.levelname, record.getMessage()) for record in caplog.records] == [
        (
            "WARNING",
            f"Redis at {nothing_listening} did not answer (Error 111 connecting to {address}. Connection refused.): "
            "the cache is skipped for 5.0 s; pages are served from the database meanwhile.",
        )
    ]


def test_a_silent_redis_costs_one_tenth_of_a_second_then_is_skipped_for_five_seconds(silent_server):
    cache = caches["default"]

    first, first_seconds = timed(lambda: cache.get("key", "missed"))
    others, others_seconds = timed(lambda: [cache.get(f"key-{number}", "missed") for number in range(20)])

    assert first == "missed"
    assert 0.09 < first_seconds < 0.5
    assert others == ["missed"] * 20
    assert others_seconds < 0.05
    assert fail_fast._down_until[silent_server] - time.monotonic() > 4


def test_with_redis_silent_sign_up_and_logged_in_pages_work_and_the_limits_let_forms_through(silent_server):
    make_user()
    client = Client()

    login = client.post("/en/accounts/login/", {"username": "learner", "password": PASSWORD})
    home = client.get("/en/")
    signups = [
        Client().post(
            "/en/accounts/signup/", {"username": f"pupil-{number}", "password1": PASSWORD, "password2": PASSWORD}
        )
        for number in range(8)
    ]

    assert login.status_code == 302
    assert "Signed in as learner" in home.content.decode()
    assert [response.status_code for response in signups] == [302] * 8


def test_a_write_missed_while_redis_was_skipped_is_deleted_once_redis_answers(real_redis):
    cache = caches["default"]
    cache.set("kept", "old")
    cache.set("changed", "old")
    cache.set("deleted", "old")
    server = _server_of(cache)
    fail_fast._down_until[server] = time.monotonic() + 60

    cache.set("changed", "new")
    cache.delete("deleted")
    fail_fast._down_until[server] = 0.0

    assert cache.get("changed") is None
    assert cache.get("deleted") is None
    assert cache.get("kept") == "old"
    assert fail_fast._missed_writes[server] == set()


def test_a_session_changed_while_redis_was_skipped_is_read_from_the_database_afterwards(real_redis):
    """A guest made while Redis did not answer keeps their session: the older copy in Redis is not served."""
    session = SessionStore()
    session["visited"] = "before"
    session.save()
    cache = caches["default"]
    server = _server_of(cache)
    fail_fast._down_until[server] = time.monotonic() + 60

    changed = SessionStore(session_key=session.session_key)
    changed["guest"] = "a guest made meanwhile"
    changed.save()
    fail_fast._down_until[server] = 0.0

    assert dict(SessionStore(session_key=session.session_key).load()) == {
        "visited": "before",
        "guest": "a guest made meanwhile",
    }


def _server_of(cache) -> str:
    """The name quizsite.cache gives the cache's Redis server."""
    return cache.client.get_client(write=True).server
