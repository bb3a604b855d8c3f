"""The web container's path, run natively against the local PostgreSQL: the entry point migrates and starts
gunicorn with production settings, and the site answers over HTTP as it would behind a TLS-terminating proxy.

This machine has no Docker engine; docker-compose.yml and the Dockerfile are checked in test_container_files.
"""

import concurrent.futures
import json
import signal
import subprocess
import sys
import time

import psycopg

from tests.deploy.support import (
    PASSWORD,
    PREPARE_DATABASE,
    QUIZ_PATH,
    ROOT,
    Browser,
    Learner,
    Page,
    Server,
    free_port,
    manage,
    production_env,
)

# Questions 3 and 6 answered wrongly, the others rightly.
WRONG_POSITIONS = {3, 6}
EXPECTED_SCORE = "6/8"
PUBLIC_PAGES = [
    "/{lang}/",
    "/{lang}/guides/data-parallelism/",
    "/{lang}/quizzes/data-parallelism/",
    "/{lang}/accounts/login/",
    "/{lang}/accounts/signup/",
]


def test_healthz_answers_200_with_json_over_plain_http(site):
    """Probes reach gunicorn directly, without the proxy's header; HTTPS-only pages would redirect them."""
    response = Browser([site.port], proxy=False).get("/healthz")

    assert response.status == 200
    assert json.loads(response.body) == {"status": "ok", "database": "ok", "cache": "ok"}


def test_image_healthcheck_script_says_healthy_while_the_site_runs_and_unhealthy_without_it(site):
    def healthcheck(port: int) -> subprocess.CompletedProcess:
        env = {**site.env, "GUNICORN_BIND": f"0.0.0.0:{port}"}
        return subprocess.run(
            [sys.executable, "docker/healthcheck.py"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=10,
        )

    running, stopped = healthcheck(site.port), healthcheck(free_port())

    assert (running.returncode, running.stdout.strip()) == (
        0,
        'healthy: {"status": "ok", "database": "ok", "cache": "ok"}',
    )
    assert stopped.returncode == 1
    assert stopped.stdout.startswith("unhealthy: no answer")


def test_every_learner_page_and_every_static_file_it_uses_answers_200(site):
    browser = Browser([site.port])
    pages = {}

    def visit(path: str) -> None:
        response = browser.get(path)
        assert response.status == 200, f"GET {path}: {response!r}"
        pages[path] = Page(response.text)

    for lang in ("en", "fr", "tr"):
        for path in PUBLIC_PAGES:
            visit(path.format(lang=lang))
    visit("/admin/login/")
    learner = Learner(browser, "page-visitor")
    learner.sign_up()
    assert learner.start() == f"{QUIZ_PATH}questions/1/"
    visit(f"{QUIZ_PATH}questions/1/")
    for position in range(1, 9):
        learner.answer(position, right=True)
    visit(f"{QUIZ_PATH}questions/8/")
    visit(f"{QUIZ_PATH}results/")
    visit(QUIZ_PATH)
    static_urls = set().union(*(page.static_urls for page in pages.values()))

    assert any(url.startswith("/static/admin/css/") for url in static_urls), static_urls
    assert any(url.startswith("/static/css/site.") for url in static_urls), static_urls
    for url in sorted(static_urls):
        assert browser.get(url).status == 200, url


def test_static_files_are_hashed_compressed_and_cached_for_good(site):
    browser = Browser([site.port])
    stylesheet = next(url for url in Page(browser.get("/en/").text).static_urls if "/css/site." in url)

    response = browser.get(stylesheet, headers={"Accept-Encoding": "gzip"})

    assert stylesheet != "/static/css/site.css"
    assert response.status == 200
    assert response.headers["Content-Encoding"] == "gzip"
    assert "immutable" in response.headers["Cache-Control"]


def test_form_post_through_the_tls_proxy_from_a_trusted_origin_succeeds(site):
    """The sign-up form, posted with its CSRF token by a browser on the public HTTPS origin."""
    browser = Browser([site.port])

    response = browser.submit(
        "/en/accounts/signup/",
        {
            "username": "through-proxy",
            "password1": "correct horse 31 battery",
            "password2": "correct horse 31 battery",
        },
    )

    assert (response.status, response.headers["Location"]) == (302, "/en/")
    assert "sessionid" in browser.cookies
    session_cookie = next(header for header in browser.set_cookie_headers if header.startswith("sessionid="))
    assert "Secure" in session_cookie
    assert "Signed in as through-proxy" in browser.get("/en/").text


def test_form_post_from_a_foreign_origin_is_refused(site):
    browser = Browser([site.port])
    token = Page(browser.get("/en/accounts/login/").text).csrf_token

    response = browser.post(
        "/en/accounts/login/",
        {"csrfmiddlewaretoken": token, "username": "x", "password": "y"},
        origin="https://attacker.example",
    )

    assert response.status == 403


def test_https_pages_send_hsts_and_plain_http_is_redirected_to_https(site):
    secure = Browser([site.port]).get("/en/")
    plain = Browser([site.port], proxy=False).get("/en/")

    assert secure.headers["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains"
    assert (plain.status, plain.headers["Location"]) == (301, f"https://127.0.0.1:{site.port}/en/")


def test_unknown_host_gets_400(site):
    response = Browser([site.port]).get("/en/", headers={"Host": "evil.example"})

    assert response.status == 400


def test_debug_is_off(site):
    response = Browser([site.port]).get("/en/no-such-page/")

    assert response.status == 404
    assert "URLconf" not in response.text
    assert "DEBUG = True" not in response.text


def test_two_gunicorns_share_one_database_and_a_learner_alternating_between_them_gets_the_exact_score(
    site, site_env, tmp_path
):
    with Server(site_env, free_port(), tmp_path / "second.log") as second:
        browser = Browser([site.port, second.port])
        learner = Learner(browser, "alternating")
        learner.sign_up()
        learner.start()
        for position in range(1, 9):
            learner.answer(position, right=position not in WRONG_POSITIONS)
        score = learner.score()

        assert score == EXPECTED_SCORE
        assert min(browser.requests_per_port.values()) >= 10, browser.requests_per_port
        assert f"POST {QUIZ_PATH}questions/" in second.log()


def test_wrong_passwords_spread_over_two_gunicorns_lock_the_account_on_both(site, site_env, tmp_path):
    """Six wrong passwords from one address, three through each gunicorn: the username is locked from that
    address on both (the counts are rows of the shared database, not a worker's memory), while a classmate
    behind the same address logs in."""
    school = "192.0.2.210"
    with Server(site_env, free_port(), tmp_path / "lock.log") as second:
        Learner(Browser([site.port]), "locked-out").sign_up()
        Learner(Browser([site.port]), "classmate").sign_up()
        wrong = {"username": "locked-out", "password": "not the password"}
        statuses = [
            Browser([port], address=school).submit("/en/accounts/login/", wrong).status
            for port in (site.port, second.port) * 3
        ]

        owner_tries = [
            Browser([port], address=school).submit(
                "/fr/accounts/login/", {"username": "locked-out", "password": PASSWORD}
            )
            for port in (site.port, second.port)
        ]
        classmate = Browser([second.port], address=school).submit(
            "/en/accounts/login/", {"username": "classmate", "password": PASSWORD}
        )

        assert statuses == [200] * 5 + [429]
        assert [response.status for response in owner_tries] == [429, 429]
        for response in owner_tries:
            assert 870 <= int(response.headers["Retry-After"]) <= 900
            assert '<p class="throttled-retry">Réessayez dans 15 minutes.</p>' in response.text
            assert "sessionid" not in response.headers.get("Set-Cookie", "")
        assert classmate.status == 302


def test_sign_ups_from_one_address_are_counted_across_two_gunicorns(site_env, tmp_path):
    """Accounts per address an hour (5 here, so that the count is seen in a few requests), counted in the cache
    table that the entry point created."""
    env = {**site_env, "DJANGO_SIGNUP_RATE": "5/h"}
    with (
        Server(env, free_port(), tmp_path / "signup-first.log") as first,
        Server(env, free_port(), tmp_path / "signup-second.log") as second,
    ):
        statuses = []
        for number in range(6):
            browser = Browser([(first.port, second.port)[number % 2]], address="192.0.2.200")
            fields = {"username": f"many-{number}", "password1": PASSWORD, "password2": PASSWORD}
            statuses.append(browser.submit("/en/accounts/signup/", fields).status)

        assert statuses == [302, 302, 302, 302, 302, 429]


def test_a_class_of_40_behind_one_address_signs_up_five_mistype_five_times_and_all_40_log_in_and_start(site):
    """Production settings, real password hashing, the proxy's X-Forwarded-For: 40 pupils behind one school
    router, four at a time, each signing up, the first five then mistyping their password five times, and every
    one logging in with the right one and starting the quiz."""
    school = "198.51.100.40"

    def pupil(number: int) -> tuple[int, list[int], int, int]:
        name = f"pupil-{number:02}"
        signup = Browser([site.port], address=school).submit(
            "/en/accounts/signup/", {"username": name, "password1": PASSWORD, "password2": PASSWORD}
        )
        mistypes = [
            Browser([site.port], address=school)
            .submit("/en/accounts/login/", {"username": name, "password": "not my password"})
            .status
            for _ in range(5 if number < 5 else 0)
        ]
        browser = Browser([site.port], address=school)
        login = browser.submit("/en/accounts/login/", {"username": name, "password": PASSWORD})
        start = browser.submit(QUIZ_PATH, {}, action=f"{QUIZ_PATH}start/")
        return signup.status, mistypes, login.status, start.status

    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(pupil, range(40)))

    assert [result[0] for result in results] == [302] * 40
    assert [result[1] for result in results] == [[200] * 5] * 5 + [[]] * 35
    assert [result[2:] for result in results] == [(302, 302)] * 40


def test_a_script_guessing_at_50_usernames_from_one_address_is_refused_before_the_end(site):
    prober = "203.0.113.99"

    statuses = [
        Browser([site.port], address=prober)
        .submit("/en/accounts/login/", {"username": f"someone-{number}", "password": "Summer2026!"})
        .status
        for number in range(50)
    ]

    assert statuses == [200] * 20 + [429] * 30


def test_stopping_gunicorn_mid_attempt_loses_no_answer(site_env, tmp_path):
    """A graceful stop (``docker stop``) after three answers, a crash (SIGKILL) after six: nothing is lost."""
    server = Server(site_env, free_port(), tmp_path / "restarted.log")
    try:
        server.start()
        learner = Learner(Browser([server.port]), "interrupted")
        learner.sign_up()
        learner.start()
        for position in (1, 2, 3):
            learner.answer(position, right=position not in WRONG_POSITIONS)
        server.stop(signal.SIGTERM)
        server.start()

        assert learner.start() == f"{QUIZ_PATH}questions/4/"
        for position in (4, 5, 6):
            learner.answer(position, right=position not in WRONG_POSITIONS)
        server.stop(signal.SIGKILL)
        server.start()

        assert learner.start() == f"{QUIZ_PATH}questions/7/"
        for position in (7, 8):
            learner.answer(position, right=position not in WRONG_POSITIONS)
        assert learner.score() == EXPECTED_SCORE
    finally:
        server.stop()


def test_containers_starting_together_apply_migrations_once(make_database, static_root):
    """Two entry points on one new database at the same moment: both succeed, each migration recorded once."""
    database_url = make_database()
    env = production_env(database_url, static_root)

    def prepare(_):
        return subprocess.run(
            [sys.executable, str(PREPARE_DATABASE)],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )

    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        results = list(pool.map(prepare, range(2)))

    assert [result.returncode for result in results] == [0, 0], [result.stderr for result in results]
    with psycopg.connect(database_url) as conn:
        total, distinct = conn.execute("SELECT count(*), count(DISTINCT (app, name)) FROM django_migrations").fetchone()
    assert total == distinct > 0
    applied = ["Applying quizzes.0001_initial" in result.stdout for result in results]
    assert sorted(applied) == [False, True]


def test_entry_point_gives_up_when_the_database_does_not_answer(static_root):
    env = production_env(
        f"postgres://postgres@127.0.0.1:{free_port()}/nothing", static_root, DJANGO_DB_WAIT_SECONDS="2"
    )
    began = time.monotonic()

    result = subprocess.run(
        [str(ROOT / "docker" / "entrypoint.sh")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=30,
    )

    assert result.returncode == 1
    assert "The database did not answer within 2 s" in result.stderr
    assert time.monotonic() - began < 15


def test_a_guest_plays_across_two_gunicorns_and_clearguests_removes_only_an_expired_guest(site, site_env, tmp_path):
    """Guests' attempts live in the shared database, tied to the session; ``clearguests`` run as cron would run it
    (``docker compose run --rm web python manage.py clearguests``) removes the expired guest's attempt only."""
    with Server(site_env, free_port(), tmp_path / "guests.log") as second:
        guest, leaving = Learner(Browser([site.port, second.port]), ""), Learner(Browser([site.port]), "")
        for player in (guest, leaving):
            assert player.start() == f"{QUIZ_PATH}questions/1/"
            for position in (1, 2):
                player.answer(position, right=True)
        with psycopg.connect(site_env["DATABASE_URL"], autocommit=True) as conn:
            conn.execute(
                "UPDATE django_session SET expire_date = now() - interval '1 second' WHERE session_key = %s",
                [leaving.browser.cookies["sessionid"]],
            )

        result = manage(site_env, "clearguests")

        assert result.stdout == "Deleted 1 expired guest(s) and their 1 attempt(s).\n"
        assert guest.start() == f"{QUIZ_PATH}questions/3/"
        assert leaving.start() == f"{QUIZ_PATH}questions/1/"
