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
import threading
import time
import uuid

import pytest
import redis
from django.contrib.sessions.backends.cached_db import SessionStore
from django.core.cache import caches
from django.db import connection
from django.test import Client
from django.utils import timezone

from quizsite import cache as fail_fast
from quizsite.models import MissedCacheWrite
from tests.factories import PASSWORD, make_user

REDIS_URL = os.environ.get("QUIZSITE_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_state():
    """No server skipped and no missed write from another test."""
    started_process()
    yield
    started_process()


def started_process() -> None:
    """The module's state as a newly started process has it: nothing skipped, remembered nor caught up."""
    fail_fast._down_until.clear()
    fail_fast._missed_writes.clear()
    fail_fast._caught_up_until.clear()


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
def not_redis(settings) -> str:
    """A Redis address where another service listens: an HTTP server that answers 400 to anything and hangs up."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    listener.settimeout(0.2)
    port = listener.getsockname()[1]
    stopping = threading.Event()

    def serve() -> None:
        while not stopping.is_set():
            try:
                conn, _address = listener.accept()
            except TimeoutError:
                continue
            with conn:
                conn.settimeout(1)
                try:
                    conn.recv(65536)
                    conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                except OSError:
                    pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    use_redis(settings, f"redis://127.0.0.1:{port}/0")
    yield f"127.0.0.1:{port}/0"
    stopping.set()
    thread.join()
    listener.close()


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


def test_another_service_on_redis_port_is_a_cache_miss_skipped_and_logged_not_an_error_page(not_redis, caplog):
    """An HTTP server where Redis should be answers with what Redis never sends (redis' InvalidResponse), which
    django-redis would not ignore: it is taken as a Redis that does not answer."""
    make_user()
    cache = caches["default"]
    with caplog.at_level(logging.WARNING, logger="quizsite.cache"):
        results = [cache.get("key", "missed"), cache.set("key", 1), cache.incr("count", ignore_key_check=True)]
        skipped = fail_fast._down_until[not_redis] - time.monotonic()
        fail_fast._down_until.clear()  # the forms below meet the HTTP server again
        login = Client().post("/en/accounts/login/", {"username": "learner", "password": PASSWORD})
        fail_fast._down_until.clear()
        signup = Client().post(
            "/en/accounts/signup/", {"username": "pupil", "password1": PASSWORD, "password2": PASSWORD}
        )

    assert results == ["missed", None, None]
    assert skipped > 4
    assert (login.status_code, login["Location"]) == (302, "/en/")
    assert (signup.status_code, signup["Location"]) == (302, "/en/")
    warning = (
        f"Redis at {not_redis} did not answer (Protocol Error: b'HTTP/1.1 400 Bad Request'): the cache is skipped "
        "for 5.0 s; pages are served from the database meanwhile."
    )
    assert [record.getMessage() for record in caplog.records] == [warning] * 3


def test_a_missed_write_is_recorded_in_the_database_once_per_key(real_redis):
    cache = caches["default"]
    server = _server_of(cache)
    fail_fast._down_until[server] = time.monotonic() + 60

    cache.set("changed", "new")
    cache.set("changed", "newer")
    cache.delete("deleted")
    cache.get("read")

    assert sorted(MissedCacheWrite.objects.values_list("server", "key")) == [
        (server, cache.make_key("changed")),
        (server, cache.make_key("deleted")),
    ]


def test_a_write_missed_by_a_process_that_stopped_is_deleted_by_the_next_process_to_start(real_redis):
    """A session logged out while Redis was silent, by a worker that stopped before Redis answered again: the
    worker started after it deletes the older copy at its first Redis call, and the record with it."""
    session = SessionStore()
    session["_auth_user_id"] = "1"
    session.save()
    cache = caches["default"]
    server = _server_of(cache)
    fail_fast._down_until[server] = time.monotonic() + 60
    SessionStore(session_key=session.session_key).delete()
    assert real_redis.exists(cache.make_key(session.cache_key)) == 1

    started_process()  # the worker is replaced; its memory is gone
    assert cache.get("anything") is None

    assert real_redis.exists(cache.make_key(session.cache_key)) == 0
    assert SessionStore(session_key=session.session_key).load() == {}
    assert MissedCacheWrite.objects.count() == 0


def test_a_write_missed_by_another_process_is_deleted_by_this_one_once_redis_answers_it_again(real_redis):
    cache = caches["default"]
    cache.set("changed", "old")
    server = _server_of(cache)
    MissedCacheWrite.objects.create(server=server, key=cache.make_key("changed"), at=timezone.now())
    fail_fast._caught_up_until[server] = time.monotonic() + 60  # went through the record just before the outage
    fail_fast._down_until[server] = 0.0

    assert cache.get("changed") == "old"  # no failure here since: nothing read from the database

    fail_fast._caught_up_until.pop(server)  # as a failure does
    assert cache.get("changed") is None
    assert MissedCacheWrite.objects.count() == 0


def test_a_process_that_never_met_the_outage_deletes_another_ones_missed_write_five_seconds_on(real_redis):
    """A gunicorn that served no request while Redis was frozen still stops reading a session logged out
    meanwhile by another, whether or not that one ever calls Redis again: it looks at the record every 5 s."""
    cache = caches["default"]
    cache.set("changed", "old")
    server = _server_of(cache)
    fail_fast._caught_up_until[server] = time.monotonic() + 5  # went through the record a moment ago
    MissedCacheWrite.objects.create(server=server, key=cache.make_key("changed"), at=timezone.now())

    within = cache.get("changed")
    fail_fast._caught_up_until[server] = time.monotonic() - 0.001  # 5 s later
    after = cache.get("changed")

    assert (within, after) == ("old", None)
    assert MissedCacheWrite.objects.count() == 0


def test_a_healthy_redis_costs_no_database_query_after_the_first_call(real_redis, django_assert_num_queries):
    cache = caches["default"]
    with django_assert_num_queries(3):  # the record of missed writes read, in a savepoint of its own
        cache.get("first")
    with django_assert_num_queries(0):
        cache.set("key", "value")
        assert [cache.get("key"), cache.delete("key"), cache.get("key")] == ["value", True, None]


def test_a_database_error_while_recording_a_missed_write_is_logged_and_the_logout_still_works(
    real_redis, monkeypatch, caplog
):
    make_user()
    client = Client()
    client.post("/en/accounts/login/", {"username": "learner", "password": PASSWORD})
    cache = caches["default"]
    server = _server_of(cache)
    fail_fast._down_until[server] = time.monotonic() + 60
    monkeypatch.setattr(MissedCacheWrite._meta, "db_table", "no_such_table")

    with caplog.at_level(logging.WARNING, logger="quizsite.cache"):
        logout = client.post("/en/accounts/logout/")
    home = client.get("/en/")

    assert (logout.status_code, logout["Location"]) == (302, "/en/")
    assert "Signed in as" not in home.content.decode()
    warnings = [record.getMessage() for record in caplog.records if record.name == "quizsite.cache"]
    # The database's own words: SQLite's, or the first line of PostgreSQL's.
    missing = (
        "no such table: no_such_table" if connection.vendor == "sqlite" else 'relation "no_such_table" does not exist'
    )
    warning = f"The missed writes to Redis at {server} could not be recorded in the database ({missing})."
    assert warnings == [warning] * 2  # the session's deletion, then the new session's save
    assert connection.needs_rollback is False
