"""The front of docker-compose.yml (service ``proxy``) run natively: Debian's nginx with the repository's
configuration (docker/nginx/default.conf.template) in front of gunicorn started by the container's entry point,
with production settings on the local PostgreSQL.

It shows what the proxy is for: slow clients no longer hold gunicorn's sync workers; the X-Forwarded-* headers
Django believes are nginx's, never a client's; bodies of several MB pass. Without nginx these tests are skipped,
unless ``QUIZSITE_REQUIRE_NGINX`` is set (as .ci/run sets it): then they fail.
"""

import http.client
import json
import os
import socket
import threading
import time
from urllib.parse import urlencode

import psycopg
import pytest

from tests.deploy.nginx import Nginx, nginx_binary
from tests.deploy.support import Page, Server, free_port, manage, production_env

# The measure: three connections sending a request body one byte every 2 s held all three workers of a
# container (GUNICORN_WORKERS=3, the default) for 31.6 s.
SLOW_CLIENTS = 3
SLOW_INTERVAL_SECONDS = 2.0
WORKERS = "3"
# How much later than on a quiet site a visitor's page may come while the slow clients send.
ALLOWED_DELAY_SECONDS = 1.0
NORMAL_PAGE = "/en/quizzes/data-parallelism/"


@pytest.fixture(scope="module")
def nginx_installed():
    """Skips (or fails, see the module docstring) when nginx is not installed."""
    if nginx_binary() is None:
        reason = "nginx is not installed (Debian: apt-get install nginx)"
        if os.environ.get("QUIZSITE_REQUIRE_NGINX") == "1":
            pytest.fail(f"{reason}, and QUIZSITE_REQUIRE_NGINX is set.")
        pytest.skip(f"{reason}; set QUIZSITE_REQUIRE_NGINX=1 to fail instead.")


@pytest.fixture(scope="module")
def database_url(make_database) -> str:
    return make_database()


@pytest.fixture(scope="module")
def http_site(nginx_installed, database_url, static_root, tmp_path_factory):
    """The site as `docker compose up` serves it on http://localhost:8000 with .env.example's values: plain HTTP
    (``DJANGO_HTTPS=0``) behind the proxy (``DJANGO_BEHIND_PROXY=1``, as docker-compose.yml sets it), three
    workers; with the demo quiz."""
    env = production_env(database_url, static_root, DJANGO_HTTPS="0", GUNICORN_WORKERS=WORKERS)
    with Server(env, free_port(), tmp_path_factory.mktemp("http-site") / "entrypoint.log") as server:
        manage(env, "load_demo")
        yield server


@pytest.fixture(scope="module")
def https_site(nginx_installed, database_url, static_root, tmp_path_factory):
    """The public site's settings: HTTPS only (``DJANGO_HTTPS=1``) behind a proxy that terminates TLS."""
    env = production_env(database_url, static_root)
    with Server(env, free_port(), tmp_path_factory.mktemp("https-site") / "entrypoint.log") as server:
        yield server


@pytest.fixture(scope="module")
def front(http_site, tmp_path_factory):
    """nginx as the front, as docker-compose.yml runs it: no proxy in front of it is trusted."""
    with Nginx(http_site.port, tmp_path_factory.mktemp("front")) as nginx:
        yield nginx


def request(
    port: int, method: str, path: str, body: bytes | None = None, headers: dict | None = None, timeout: float = 10
) -> tuple[int, http.client.HTTPMessage, bytes]:
    """One request to 127.0.0.1:``port`` with ``Host: 127.0.0.1:<port>``; ``(status, headers, body)``."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request(method, path, body=body, headers={"Host": f"127.0.0.1:{port}", **(headers or {})})
        response = conn.getresponse()
        return response.status, response.headers, response.read()
    finally:
        conn.close()


def timed_get(port: int, path: str) -> float:
    """Seconds a GET of ``path`` takes to answer in full; asserts it is the page (200)."""
    began = time.monotonic()
    status, _headers, body = request(port, "GET", path)
    elapsed = time.monotonic() - began
    assert status == 200, f"GET {path}: {status} {body[:200]!r}"
    assert b"Data parallelism" in body
    return elapsed


class SlowClient(threading.Thread):
    """A client that sends its request slowly: the body of a form POST (``part="body"``: the headers at once,
    then one byte every ``interval`` seconds) or its headers (``part="headers"``: one byte every ``interval``
    seconds). It stops when ``stop()`` is called, after ``max_seconds`` or when the server closes the
    connection, and closes its socket.
    """

    def __init__(self, port: int, part: str, interval: float = SLOW_INTERVAL_SECONDS, max_seconds: float = 60):
        super().__init__(daemon=True)
        self.port, self.part, self.interval, self.max_seconds = port, part, interval, max_seconds
        self._stop_event = threading.Event()
        self.connected = threading.Event()
        self.bytes_sent = 0

    def run(self) -> None:
        head = (
            f"POST /en/accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
            "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n"
        ).encode()
        at_once, slowly = (head + b"\r\n", b"username=" + b"a" * 991) if self.part == "body" else (b"", head)
        deadline = time.monotonic() + self.max_seconds
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=5) as sock:
                sock.sendall(at_once)
                self.connected.set()
                for byte in slowly:
                    sock.sendall(bytes([byte]))
                    self.bytes_sent += 1
                    if self._stop_event.wait(self.interval) or time.monotonic() > deadline:
                        break
        except OSError:
            pass  # the server gave up on it: what a slow client should expect
        finally:
            self.connected.set()

    def stop(self) -> None:
        self._stop_event.set()
        self.join(timeout=10)


def start_slow_clients(port: int, part: str) -> list[SlowClient]:
    clients = [SlowClient(port, part) for _ in range(SLOW_CLIENTS)]
    for client in clients:
        client.start()
    for client in clients:
        client.connected.wait(timeout=5)
    return clients


@pytest.mark.parametrize("part", ["body", "headers"])
def test_three_slow_clients_do_not_delay_a_visitor_through_the_proxy(front, part, record_property):
    """While three clients send their request one byte every 2 s, a visitor's page comes through nginx less than
    a second later than on a quiet site: nginx holds the slow requests, gunicorn's three workers stay free."""
    quiet = max(timed_get(front.port, NORMAL_PAGE) for _ in range(3))
    clients = start_slow_clients(front.port, part)
    try:
        # Long enough for a direct gunicorn's workers to be taken (test below) and for a byte or two to arrive.
        time.sleep(SLOW_INTERVAL_SECONDS * 1.5)
        busy = []
        for _ in range(5):
            busy.append(timed_get(front.port, NORMAL_PAGE))
            time.sleep(0.5)
        still_sending = [client.is_alive() for client in clients]
    finally:
        for client in clients:
            client.stop()
    record_property("quiet_seconds", round(quiet, 3))
    record_property("with_slow_clients_seconds", [round(seconds, 3) for seconds in busy])

    assert still_sending == [True] * SLOW_CLIENTS, "the slow clients were cut off before the visitor came"
    assert max(busy) < quiet + ALLOWED_DELAY_SECONDS, (quiet, busy)


def test_without_the_proxy_the_same_slow_clients_hold_every_worker(
    nginx_installed, database_url, static_root, tmp_path
):
    """The contrast: gunicorn reached directly, with the same three slow bodies, gives a visitor no answer for
    seconds (until its timeout restarts a worker, GUNICORN_TIMEOUT; 30 s by default)."""
    env = production_env(database_url, static_root, DJANGO_HTTPS="0", GUNICORN_WORKERS=WORKERS)
    with Server(env, free_port(), tmp_path / "entrypoint.log") as server:
        assert request(server.port, "GET", "/healthz", timeout=3)[0] == 200
        clients = start_slow_clients(server.port, "body")
        try:
            time.sleep(SLOW_INTERVAL_SECONDS * 1.5)

            with pytest.raises(TimeoutError):
                request(server.port, "GET", "/healthz", timeout=3)
        finally:
            for client in clients:
                client.stop()


def test_healthz_answers_through_the_proxy_over_plain_http(front, https_site, tmp_path):
    """A load balancer in front probes /healthz through nginx, over plain HTTP, with HTTPS required or not."""
    with Nginx(https_site.port, tmp_path) as front_of_https_site:
        for port in (front.port, front_of_https_site.port):
            status, headers, body = request(port, "GET", "/healthz")

            assert status == 200, body
            assert json.loads(body)["status"] == "ok"
            assert headers["Content-Type"] == "application/json"


def test_proxy_health_answers_inside_only(front):
    status, _headers, body = request(front.port, "GET", "/proxy-health")

    assert (status, body) == (200, b"ok\n")


def failed_logins(database_url: str) -> list[tuple[str, str]]:
    """The wrong passwords the site counted (django-axes' rows): ``(username, client address)``, in order."""
    with psycopg.connect(database_url) as conn:
        rows = conn.execute("SELECT username, host(ip_address) FROM axes_accessattempt ORDER BY id").fetchall()
    return [tuple(row) for row in rows]


def log_in_wrongly(port: int, username: str, headers: dict[str, str], origin: str) -> tuple[int, bytes]:
    """Load the login page through ``port`` and send a wrong password for ``username``; ``(status, body)``."""
    status, page_headers, page = request(port, "GET", "/en/accounts/login/", headers=headers)
    assert status == 200, page[:300]
    cookie = page_headers["Set-Cookie"].split(";")[0]
    fields = {"csrfmiddlewaretoken": Page(page.decode()).csrf_token, "username": username, "password": "wrong"}
    form_headers = {
        **headers,
        "Cookie": cookie,
        "Origin": origin,
        "Content-Type": "application/x-www-form-urlencoded",
    }
    status, _headers, body = request(port, "POST", "/en/accounts/login/", urlencode(fields).encode(), form_headers)
    return status, body


def test_the_site_counts_the_address_nginx_saw_not_the_headers_a_client_wrote(front, database_url):
    """A client that claims another address and HTTPS: the wrong password counts against the address of its
    connection, and the form, checked as a plain-HTTP one (its Origin), is accepted."""
    forged = {"X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "https"}
    status, body = log_in_wrongly(front.port, "forger", forged, origin=f"http://127.0.0.1:{front.port}")

    assert status == 200, body[:300]
    assert "Please enter a correct username and password" in body.decode()
    assert ("forger", "127.0.0.1") in failed_logins(database_url)


def test_a_client_cannot_claim_https_when_nginx_is_the_front(https_site, tmp_path):
    """With the public site's settings and nginx as the front over plain HTTP, a client's X-Forwarded-Proto is
    replaced: the site redirects it to HTTPS as any plain-HTTP visitor, keeping the Host it sent."""
    with Nginx(https_site.port, tmp_path) as nginx:
        status, headers, _body = request(nginx.port, "GET", "/en/", headers={"X-Forwarded-Proto": "https"})

    assert (status, headers["Location"]) == (301, f"https://127.0.0.1:{nginx.port}/en/")


def test_behind_a_trusted_tls_proxy_its_forwarded_headers_are_believed(https_site, database_url, tmp_path):
    """PROXY_TRUSTED_NETWORK names the proxy that terminates TLS in front of nginx (here the test, on
    127.0.0.1): its X-Forwarded-Proto is believed, and the client is the address it appended to X-Forwarded-For;
    what the client wrote there before is dropped."""
    outer = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.66, 198.51.100.23"}
    with Nginx(https_site.port, tmp_path, trusted_network="127.0.0.1/32") as nginx:
        page_status, _headers, page = request(nginx.port, "GET", "/en/", headers=outer)
        status, body = log_in_wrongly(nginx.port, "outer", outer, origin="https://quiz.example.test")
        plain_status, plain_headers, _body = request(nginx.port, "GET", "/en/", headers={"X-Forwarded-Proto": "http"})

    assert page_status == 200, page[:300]
    assert status == 200, body[:300]
    assert "Please enter a correct username and password" in body.decode()
    assert ("outer", "198.51.100.23") in failed_logins(database_url)
    assert (plain_status, plain_headers["Location"]) == (301, f"https://127.0.0.1:{nginx.port}/en/")


def multipart(fields: dict[str, str], file_bytes: int) -> tuple[bytes, str]:
    """A form of ``fields`` and a file of ``file_bytes`` bytes, encoded as a browser sends it."""
    boundary = "quizsite-test-boundary"
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
        for name, value in fields.items()
    ]
    parts.append(
        f'--{boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="big.bin"\r\n'
        "Content-Type: application/octet-stream\r\n\r\n".encode()
        + b"x" * file_bytes
        + b"\r\n"
    )
    return b"".join(parts) + f"--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"


def test_a_3_mb_form_reaches_the_site_and_one_over_25_mb_is_refused_by_nginx(front):
    status, page_headers, page = request(front.port, "GET", "/en/accounts/login/")
    token = Page(page.decode()).csrf_token
    cookie = page_headers["Set-Cookie"].split(";")[0]
    headers = {"Cookie": cookie, "Origin": f"http://127.0.0.1:{front.port}"}

    def post(file_bytes: int) -> tuple[int, bytes]:
        body, content_type = multipart({"csrfmiddlewaretoken": token, "username": "", "password": ""}, file_bytes)
        status, _headers, answer = request(
            front.port, "POST", "/en/accounts/login/", body, {**headers, "Content-Type": content_type}, timeout=30
        )
        return status, answer

    large_status, large = post(3_000_000)
    too_large_status, too_large = post(26 * 1024 * 1024)

    # Django read the whole form: its page, with the form's own errors.
    assert large_status == 200, large[:300]
    assert "This field is required." in large.decode()
    assert too_large_status == 413
    assert b"413 Request Entity Too Large" in too_large
