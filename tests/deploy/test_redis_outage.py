"""Redis may fail; the site may not: two gunicorns (the container's entry point, run natively) on one PostgreSQL
and a Redis server of this module's own, which the tests stop and restart, or freeze (SIGSTOP: it still accepts
connections, as the kernel completes them, but never answers) and thaw.

Meanwhile every learner page, login, sign-up, answering (learners and guests), new guests, password reset and
the admin are served from PostgreSQL, with no 500 and no request over a second (password hashes included: one
takes about 0.4 s here); /healthz says the cache is down. When Redis returns, both gunicorns use
it again without a restart, and no session copy from before the outage is served: a session logged out while
Redis was frozen is logged out on the other gunicorn too, once the gunicorn that logged it out calls Redis again
or, if it was restarted meanwhile, once its new processes first do.

Needs ``redis-server`` on PATH (tests/deploy/redis_server.py).
"""

import json
import statistics
import time
from dataclasses import dataclass, field

import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher

from tests.deploy.redis_server import RedisServer
from tests.deploy.support import (
    PASSWORD,
    QUIZ_PATH,
    Browser,
    Learner,
    Page,
    Response,
    Server,
    free_port,
    manage,
    production_env,
    signed_in_as,
)

# The bound for every request while Redis fails, those that hash a password (sign-up, login) included.
MAX_SECONDS = 1.0
# How long a web process skips Redis after a failure (quizsite/settings.py).
REDIS_SKIP_SECONDS = 5
ADMIN = "admin"
SESSION_KEY_PREFIX = ":1:django.contrib.sessions.cached_db"
GUIDE_PATH = "/en/guides/data-parallelism/"


@dataclass
class Timings:
    """Each request's method, path, status and duration in seconds, in order."""

    requests: list[tuple[str, str, int, float]] = field(default_factory=list)

    def summary(self) -> str:
        seconds = [request[3] for request in self.requests]
        slowest = sorted(self.requests, key=lambda request: -request[3])[:5]
        return (
            f"{len(seconds)} requests, median {statistics.median(seconds):.3f} s, max {max(seconds):.3f} s; "
            f"slowest: {', '.join(f'{method} {path} {status} {took:.3f} s' for method, path, status, took in slowest)}"
        )

    def slow_or_failed(self) -> list[tuple[str, str, int, float]]:
        """The requests answered with a 5xx or in ``MAX_SECONDS`` or more."""
        return [
            (method, path, status, took)
            for method, path, status, took in self.requests
            if status >= 500 or took >= MAX_SECONDS
        ]


def password_hash_seconds() -> float:
    """The time one password hash takes on this machine now (the site's hasher, Django's default), the slowest of 3:
    printed beside the requests' times, since it is most of a sign-up's or a login's."""
    hasher = PBKDF2PasswordHasher()
    return max(timed_call(lambda: hasher.encode(PASSWORD, hasher.salt())) for _ in range(3))


def timed_call(call) -> float:
    began = time.monotonic()
    call()
    return time.monotonic() - began


class TimedBrowser(Browser):
    """A ``Browser`` that records every request in ``timings``."""

    def __init__(self, ports: list[int], timings: Timings, **kwargs):
        super().__init__(ports, **kwargs)
        self.timings = timings

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None) -> Response:
        began = time.monotonic()
        response = super().request(method, path, body=body, headers=headers)
        self.timings.requests.append((method, path, response.status, time.monotonic() - began))
        return response


@pytest.fixture(scope="module")
def outage_env(make_database, static_root, redis_server) -> dict[str, str]:
    """The production environment of the module's gunicorns: one new database, the module's Redis."""
    return production_env(make_database(), static_root, REDIS_URL=redis_server.url)


@pytest.fixture(scope="module")
def gunicorns(outage_env, tmp_path_factory) -> tuple[Server, Server]:
    """Two gunicorns on one new database and the module's Redis, the demo quiz loaded, an administrator made."""
    env = outage_env
    logs = tmp_path_factory.mktemp("redis-outage")
    with Server(env, free_port(), logs / "first.log") as first:
        manage(env, "load_demo")
        admin_env = {**env, "DJANGO_SUPERUSER_PASSWORD": PASSWORD}
        manage(admin_env, "createsuperuser", "--noinput", "--username", ADMIN, "--email", "admin@example.test")
        with Server(env, free_port(), logs / "second.log") as second:
            yield first, second


@pytest.fixture
def redis_running(redis_server):
    """Redis answering at the start and at the end of each test, whatever the test did to it."""
    if redis_server.process.poll() is not None:
        redis_server.start()
    redis_server.thaw()
    yield redis_server
    redis_server.thaw()
    if redis_server.process.poll() is not None:
        redis_server.start()


def healthz(port: int) -> tuple[int, dict]:
    browser = Browser([port], proxy=False)
    response = browser.get("/healthz")
    return response.status, json.loads(response.body)


def finish_quiz(learner: Learner, first: int = 1) -> str:
    """Answer the demo quiz's questions from ``first`` to the last, 3 and 6 wrongly; returns the score shown."""
    for position in range(first, len(learner.key) + 1):
        learner.answer(position, right=position not in {3, 6})
    return learner.score()


def tour_while_redis_fails(ports: list[int], timings: Timings, before: dict[str, Learner]) -> None:
    """Everything a visitor, a guest, a learner and an administrator do, through ``ports``, asserting what each
    sees; ``before`` holds a learner and a guest who began the quiz while Redis answered."""
    anonymous = TimedBrowser(ports, timings)
    for path in ("/en/", GUIDE_PATH, QUIZ_PATH, "/en/accounts/login/", "/en/accounts/signup/"):
        assert anonymous.get(path).status == 200, path

    # A new guest: a visitor without an account starts and finishes the quiz.
    guest = Learner(TimedBrowser(ports, timings), "unused")
    assert guest.start() == f"{QUIZ_PATH}questions/1/"
    assert finish_quiz(guest) == "6/8"

    # A guest and a learner who began before Redis failed go on where they were.
    assert finish_quiz(before["guest"], first=2) == "6/8"
    assert finish_quiz(before["learner"], first=2) == "6/8"

    # A new account, its pages, logging out and in again.
    learner = Learner(TimedBrowser(ports, timings), f"outage-{time.monotonic_ns()}")
    learner.sign_up()
    assert signed_in_as(learner.browser) == learner.username
    learner.start()
    assert finish_quiz(learner) == "6/8"
    for path in ("/en/progress/", "/en/account/"):
        page = learner.browser.get(path)
        assert page.status == 200, path
        assert learner.username in page.text
    home = learner.browser.get("/en/")
    response = learner.browser.post("/en/accounts/logout/", {"csrfmiddlewaretoken": Page(home.text).csrf_token})
    assert response.status == 302
    assert signed_in_as(learner.browser) is None
    response = learner.browser.submit("/en/accounts/login/", {"username": learner.username, "password": PASSWORD})
    assert response.status == 302
    assert signed_in_as(learner.browser) == learner.username

    # A password reset asked for.
    reset = anonymous.submit("/en/accounts/password_reset/", {"email": "nobody@example.test"})
    assert (reset.status, reset.headers["Location"]) == (302, "/en/accounts/password_reset/done/")

    # The administrator logs in to the admin and opens the quizzes.
    admin = TimedBrowser(ports, timings)
    response = admin.submit("/admin/login/", {"username": ADMIN, "password": PASSWORD, "next": "/admin/"})
    assert (response.status, response.headers["Location"]) == (302, "/admin/")
    assert admin.get("/admin/").status == 200
    quizzes = admin.get("/admin/quizzes/quiz/")
    assert quizzes.status == 200
    assert "Data parallelism quiz" in quizzes.text


def began_before(ports: list[int], timings: Timings, username: str) -> dict[str, Learner]:
    """A learner (signed up) and a guest who started the quiz and answered its first question."""
    learner = Learner(TimedBrowser(ports, timings), username)
    learner.sign_up()
    guest = Learner(TimedBrowser(ports, timings), "unused")
    for person in (learner, guest):
        person.start()
        person.answer(1, right=True)
    return {"learner": learner, "guest": guest}


def wait_until_healthy(ports: list[int], seconds: float = 15) -> None:
    """Wait until every worker's skip window has run out (settings.REDIS_SKIP_SECONDS), then poll /healthz of every
    port until each says the cache is ok."""
    time.sleep(REDIS_SKIP_SECONDS)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if all(healthz(port) == (200, {"status": "ok", "database": "ok", "cache": "ok"}) for port in ports):
            return
        time.sleep(0.2)
    raise AssertionError(f"/healthz did not say the cache is ok within {seconds} s: {[healthz(p) for p in ports]}")


def assert_served_during_outage(gunicorns, timings: Timings) -> None:
    hash_seconds = password_hash_seconds()
    print(f"\nWhile Redis failed: {timings.summary()}; one password hash: {hash_seconds:.3f} s")
    assert timings.slow_or_failed() == []
    for server in gunicorns:
        assert healthz(server.port) == (200, {"status": "degraded", "database": "ok", "cache": "unreachable"})
        assert "Redis at 127.0.0.1:" in server.log()
        assert "Traceback" not in server.log()


def assert_recovered(gunicorns, redis_server: RedisServer, before: dict[str, Learner]) -> None:
    """Both gunicorns use Redis again: healthz says so, and the learner's session is read from Redis again."""
    ports = [server.port for server in gunicorns]
    wait_until_healthy(ports)
    browser = before["learner"].browser
    assert signed_in_as(browser) == before["learner"].username
    assert redis_server.client().exists(SESSION_KEY_PREFIX + browser.cookies["sessionid"]) == 1
    assert before["guest"].score() == "6/8"


def test_with_redis_stopped_everything_is_served_from_postgresql_and_recovers_when_it_starts(gunicorns, redis_running):
    ports = [server.port for server in gunicorns]
    before = began_before(ports, Timings(), "before-stop")
    timings = Timings()

    redis_running.stop()
    tour_while_redis_fails(ports, timings, before)
    assert_served_during_outage(gunicorns, timings)

    redis_running.start()
    assert_recovered(gunicorns, redis_running, before)


def test_with_a_silent_redis_everything_is_served_from_postgresql_and_recovers_when_it_answers(
    gunicorns, redis_running
):
    ports = [server.port for server in gunicorns]
    before_timings = Timings()
    before = began_before(ports, before_timings, "before-freeze")
    print(f"\nWhile Redis answered: {before_timings.summary()}")
    timings = Timings()

    redis_running.freeze()
    tour_while_redis_fails(ports, timings, before)
    assert_served_during_outage(gunicorns, timings)

    redis_running.thaw()
    assert_recovered(gunicorns, redis_running, before)


def logged_out_while_redis_was_silent(first: Server, redis_server: RedisServer) -> str:
    """A learner signs up through ``first``, opens their account page (their session is copied to Redis), then logs
    out while Redis is frozen, so that the copy stays there; returns the old session cookie."""
    learner = Learner(Browser([first.port]), f"logs-out-{time.monotonic_ns()}")
    learner.sign_up()
    assert learner.browser.get("/en/account/").status == 200
    old_cookie = learner.browser.cookies["sessionid"]
    assert redis_server.client().exists(SESSION_KEY_PREFIX + old_cookie) == 1

    redis_server.freeze()
    home = learner.browser.get("/en/")
    logout = learner.browser.post("/en/accounts/logout/", {"csrfmiddlewaretoken": Page(home.text).csrf_token})
    redis_server.thaw()
    assert logout.status == 302
    assert redis_server.client().exists(SESSION_KEY_PREFIX + old_cookie) == 1  # the copy from before
    return old_cookie


def replayed(port: int, cookie: str) -> str | None:
    """Whom a browser that sends ``cookie`` to ``port`` is signed in as, or None."""
    replay = Browser([port])
    replay.cookies["sessionid"] = cookie
    return signed_in_as(replay)


@pytest.fixture
def two_gunicorns_of_two_workers(outage_env, tmp_path) -> tuple[Server, Server]:
    """Two gunicorns of two worker processes each on the module's database and Redis."""
    env = {**outage_env, "GUNICORN_WORKERS": "2"}
    with (
        Server(env, free_port(), tmp_path / "first.log") as first,
        Server(env, free_port(), tmp_path / "second.log") as second,
    ):
        yield first, second


def test_a_session_ended_while_redis_was_silent_is_not_served_from_its_older_copy_by_another_gunicorn(
    two_gunicorns_of_two_workers, redis_running
):
    """Logging out while Redis is frozen cannot delete the session's copy there. The worker that could not records
    the key in the database and deletes the copy at its next Redis call once its skip window is over; the old
    cookie, replayed to the other gunicorn, is then logged in no more. (Until then, it still is: README "Scaling
    out".) Requests go to ``first`` until the copy is gone, as its two workers take them in no set order."""
    first, second = two_gunicorns_of_two_workers
    old_cookie = logged_out_while_redis_was_silent(first, redis_running)
    time.sleep(REDIS_SKIP_SECONDS)

    requests = 0
    while requests < 30 and redis_running.client().exists(SESSION_KEY_PREFIX + old_cookie) == 1:
        assert healthz(first.port)[0] == 200
        requests += 1
    print(f"\nThe older copy was deleted after {requests} requests to the gunicorn that logged out")
    assert redis_running.client().exists(SESSION_KEY_PREFIX + old_cookie) == 0
    assert replayed(second.port, old_cookie) is None


def test_a_session_ended_while_redis_was_silent_is_not_served_once_the_gunicorn_that_ended_it_restarted(
    two_gunicorns_of_two_workers, redis_running
):
    """The gunicorn that logged out is stopped (a deploy, a recycled worker) before it calls Redis again, so no
    process remembers the missed deletion: the one recorded in the database is done by the new gunicorn's first
    request (its /healthz at start), and the old cookie, replayed to the other gunicorn, is logged in no more."""
    first, second = two_gunicorns_of_two_workers
    old_cookie = logged_out_while_redis_was_silent(first, redis_running)

    first.stop()
    assert redis_running.client().exists(SESSION_KEY_PREFIX + old_cookie) == 1
    first.start()  # returns at the new gunicorn's first /healthz answering 200

    assert redis_running.client().exists(SESSION_KEY_PREFIX + old_cookie) == 0
    assert replayed(second.port, old_cookie) is None


def test_a_session_ended_while_redis_was_silent_is_not_served_by_a_gunicorn_that_never_met_the_outage(
    two_gunicorns_of_two_workers, redis_running
):
    """The gunicorn that logged out gets no request again (scaled down, idle): the other one, which served nothing
    while Redis was frozen and so saw no failure, looks at the record of missed writes at most every 5 s and
    deletes the older copy before it reads it."""
    first, second = two_gunicorns_of_two_workers
    old_cookie = logged_out_while_redis_was_silent(first, redis_running)
    time.sleep(REDIS_SKIP_SECONDS + 0.5)

    assert replayed(second.port, old_cookie) is None
    assert redis_running.client().exists(SESSION_KEY_PREFIX + old_cookie) == 0
