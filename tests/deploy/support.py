"""What the deploy tests share: the production environment, the container's entry point run natively, and a
small HTTP client that keeps cookies and plays a browser behind a TLS-terminating proxy.

Standard library only. Servers listen on 127.0.0.1, on ports free at the time, and are stopped by the code
that started them.
"""

import contextlib
import html
import http.client
import itertools
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from html.parser import HTMLParser
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[2]
ENTRYPOINT = ROOT / "docker" / "entrypoint.sh"
HEALTHCHECK = ROOT / "docker" / "healthcheck.py"
PREPARE_DATABASE = ROOT / "docker" / "prepare_database.py"
# The site's public address as a browser sees it; the simulated proxy in front of gunicorn terminates TLS.
PUBLIC_ORIGIN = "https://quiz.example.test"
DEMO_FILE = ROOT / "quizzes" / "demo" / "data-parallelism.json"
QUIZ_PATH = "/en/quizzes/data-parallelism/"
PASSWORD = "correct horse battery staple 42"
STARTUP_SECONDS = 30
REQUEST_SECONDS = 10

# Client addresses the simulated proxy reports, one per Browser (documentation addresses, RFC 5737).
_CLIENT_ADDRESSES = (f"198.51.100.{number % 254 + 1}" for number in itertools.count())

# Variables of the developer's or CI's shell that would leak into the production environment under test.
_INHERITED_PREFIXES = (
    "DJANGO_",
    "GUNICORN_",
    "DATABASE_URL",
    "REDIS_URL",
    "PG",
    "WEB_CONCURRENCY",
    "FORWARDED_ALLOW_IPS",
)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def production_env(database_url: str, static_root: Path, **overrides: str) -> dict[str, str]:
    """The environment a web container gets from the image and ``.env``, for this machine.

    Production settings (debug off, HTTPS behind a proxy), a fresh secret key, this virtual environment's
    ``python`` and ``gunicorn`` first on PATH, two workers and short timeouts so that tests stay fast.

    Args:
        database_url: ``DATABASE_URL``.
        static_root: ``DJANGO_STATIC_ROOT``, where ``collectstatic`` put the files.
        overrides: any variable, e.g. ``DJANGO_DB_WAIT_SECONDS="2"``.
    """
    env = {key: value for key, value in os.environ.items() if not key.startswith(_INHERITED_PREFIXES)}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env.update(
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        DJANGO_CSRF_TRUSTED_ORIGINS=PUBLIC_ORIGIN,
        DJANGO_HTTPS="1",
        DJANGO_BEHIND_PROXY="1",
        DJANGO_LOG_LEVEL="WARNING",
        DATABASE_URL=database_url,
        DJANGO_STATIC_ROOT=str(static_root),
        DJANGO_DB_WAIT_SECONDS="10",
        GUNICORN_WORKERS="2",
        GUNICORN_TIMEOUT="10",
        GUNICORN_GRACEFUL_TIMEOUT="3",
    )
    env.update(overrides)
    return env


def manage(env: dict[str, str], *args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """Run ``manage.py`` with ``env``, as ``docker compose run --rm web python manage.py …`` would.

    Raises:
        AssertionError: when the command fails, with its output.
    """
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert result.returncode == 0, f"manage.py {' '.join(args)} failed:\n{result.stdout}\n{result.stderr}"
    return result


class Server:
    """The container's entry point (docker/entrypoint.sh) run natively: migrations, then gunicorn.

    Use as a context manager, or ``start()`` and ``stop()``; the whole process group is stopped, so gunicorn's
    workers go too.

    Args:
        env: the production environment (``production_env``).
        port: the loopback port gunicorn binds.
        log_path: where the entry point's output goes (appended to across restarts).
    """

    def __init__(self, env: dict[str, str], port: int, log_path: Path):
        self.env = {**env, "GUNICORN_BIND": f"127.0.0.1:{port}"}
        self.port = port
        self.log_path = log_path
        self.process: subprocess.Popen | None = None
        self.startup_seconds: float | None = None

    def start(self) -> "Server":
        """Start and wait until /healthz answers 200.

        Raises:
            AssertionError: when the entry point exits or /healthz does not answer within 30 s, with its log.
        """
        began = time.monotonic()
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                [str(ENTRYPOINT)],
                cwd=ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        while time.monotonic() - began < STARTUP_SECONDS:
            if self.process.poll() is not None:
                raise AssertionError(f"The entry point exited with {self.process.returncode}:\n{self.log()}")
            if self.healthz_status() == 200:
                self.startup_seconds = time.monotonic() - began
                return self
            time.sleep(0.1)
        self.stop()
        raise AssertionError(f"/healthz did not answer 200 within {STARTUP_SECONDS} s:\n{self.log()}")

    def healthz_status(self) -> int | None:
        """The status of GET /healthz, or None while nothing answers on the port."""
        try:
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
            conn.request("GET", "/healthz")
            return conn.getresponse().status
        except OSError:
            return None

    def stop(self, sig: signal.Signals = signal.SIGTERM) -> None:
        """Send ``sig`` to the process group; SIGKILL after 10 s.

        SIGTERM is a graceful stop, as ``docker stop`` sends; SIGKILL a crash.
        """
        if self.process is None or self.process.poll() is not None:
            return
        try:
            os.killpg(self.process.pid, sig)
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
        except ProcessLookupError:
            pass
        finally:
            # Workers left behind by a killed master would keep the port.
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def __enter__(self) -> "Server":
        return self.start()

    def __exit__(self, *exc_info) -> None:
        self.stop()


class Response:
    def __init__(self, status: int, headers: http.client.HTTPMessage, body: bytes):
        self.status = status
        self.headers = headers
        self.body = body

    @property
    def text(self) -> str:
        return self.body.decode("utf-8")

    def __repr__(self) -> str:
        return f"<Response {self.status} {self.headers.get('Location', '')}>"


class Browser:
    """A browser that reaches the site through a TLS-terminating proxy.

    Each request goes to the next of ``ports`` in turn (a load balancer that alternates) with
    ``X-Forwarded-Proto: https`` and ``X-Forwarded-For: <address>``, as the proxy adds them; POSTs carry
    ``Origin: PUBLIC_ORIGIN``, as the browser adds it. Cookies are kept across ports and sent back whatever their
    ``Secure`` flag, since the browser's side of the proxy is HTTPS.

    Args:
        ports: gunicorn ports to spread requests over.
        proxy: False to talk to gunicorn directly, without the proxy's headers.
        address: the client address the proxy reports; by default one of its own for each browser, so that
            the login and sign-up limits count each browser apart.
    """

    def __init__(self, ports: list[int], proxy: bool = True, address: str | None = None):
        self.ports = list(ports)
        self.proxy = proxy
        self.address = address or next(_CLIENT_ADDRESSES)
        self.cookies: dict[str, str] = {}
        self.set_cookie_headers: list[str] = []
        self.requests_per_port = dict.fromkeys(self.ports, 0)
        self._turn = 0

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None) -> Response:
        port = self.ports[self._turn % len(self.ports)]
        self._turn += 1
        self.requests_per_port[port] += 1
        all_headers = {"Host": f"127.0.0.1:{port}"}
        if self.proxy:
            all_headers["X-Forwarded-Proto"] = "https"
            all_headers["X-Forwarded-For"] = self.address
        if self.cookies:
            all_headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        all_headers.update(headers or {})
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=REQUEST_SECONDS)
        try:
            conn.request(method, path, body=body, headers=all_headers)
            response = conn.getresponse()
            result = Response(response.status, response.headers, response.read())
        finally:
            conn.close()
        for header in result.headers.get_all("Set-Cookie") or []:
            self.set_cookie_headers.append(header)
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value
        return result

    def get(self, path: str, headers: dict | None = None) -> Response:
        return self.request("GET", path, headers=headers)

    def post(self, path: str, fields: dict[str, str], origin: str = PUBLIC_ORIGIN) -> Response:
        """POST a form, as a browser does from a page of ``origin``."""
        return self.request(
            "POST",
            path,
            body=urlencode(fields).encode(),
            headers={"Content-Type": "application/x-www-form-urlencoded", "Origin": origin},
        )

    def submit(self, page_path: str, fields: dict[str, str], action: str | None = None) -> Response:
        """Load ``page_path``, then POST ``fields`` with the page's CSRF token to ``action`` (or the page)."""
        page = self.get(page_path)
        assert page.status == 200, f"GET {page_path}: {page!r}"
        token = Page(page.text).csrf_token
        return self.post(action or page_path, {"csrfmiddlewaretoken": token, **fields})


class Page(HTMLParser):
    """What the tests read from a page: static file addresses, form inputs and their labels, CSRF token."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.static_urls: set[str] = set()
        self.inputs: list[dict[str, str]] = []
        self.labels: dict[str, str] = {}
        self._label_for: str | None = None
        self._label_text: list[str] = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {name: value or "" for name, value in attrs}
        for name in ("href", "src"):
            if attributes.get(name, "").startswith("/static/"):
                self.static_urls.add(attributes[name])
        if tag == "input":
            self.inputs.append(attributes)
        elif tag == "label" and "for" in attributes:
            self._label_for, self._label_text = attributes["for"], []

    def handle_data(self, data: str) -> None:
        if self._label_for is not None:
            self._label_text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "label" and self._label_for is not None:
            self.labels[self._label_for] = html.unescape(" ".join("".join(self._label_text).split()))
            self._label_for = None

    @property
    def csrf_token(self) -> str:
        tokens = [field["value"] for field in self.inputs if field.get("name") == "csrfmiddlewaretoken"]
        assert tokens, "The page has no form with a CSRF token."
        return tokens[0]

    def choices(self) -> dict[str, str]:
        """The radio inputs named ``choice``: label text → value (a choice's pk)."""
        return {
            self.labels[field["id"]]: field["value"]
            for field in self.inputs
            if field.get("type") == "radio" and field.get("name") == "choice"
        }


def demo_answer_key() -> dict[int, tuple[str, str]]:
    """The demo quiz's answers, from its file: position → (correct choice, a wrong one), in English."""
    quiz = json.loads(DEMO_FILE.read_text(encoding="utf-8"))["quiz"]
    key = {}
    for position, question in enumerate(quiz["questions"], start=1):  # the file's order is the site's
        right = next(choice["text"]["en"] for choice in question["choices"] if choice["is_correct"])
        wrong = next(choice["text"]["en"] for choice in question["choices"] if not choice["is_correct"])
        key[position] = (right, wrong)
    return key


class Learner:
    """A learner taking the demo quiz in English through a ``Browser``; every step asserts what a person sees.

    Args:
        browser: the browser, with its ports.
        username: a name nobody has taken on this database.
    """

    def __init__(self, browser: Browser, username: str):
        self.browser = browser
        self.username = username
        self.key = demo_answer_key()

    def sign_up(self) -> Response:
        response = self.browser.submit(
            "/en/accounts/signup/", {"username": self.username, "password1": PASSWORD, "password2": PASSWORD}
        )
        assert response.status == 302, f"sign-up: {response!r}"
        return response

    def start(self) -> str:
        """Press "Start" (or "Resume") on the quiz page; returns the question address it leads to."""
        response = self.browser.submit(QUIZ_PATH, {}, action=f"{QUIZ_PATH}start/")
        assert response.status == 302, f"start: {response!r}"
        return response.headers["Location"]

    def answer(self, position: int, right: bool) -> None:
        """Answer question ``position``, rightly or not, and check the feedback page says which."""
        path = f"{QUIZ_PATH}questions/{position}/"
        page = self.browser.get(path)
        assert page.status == 200, f"question {position}: {page!r}"
        right_text, wrong_text = self.key[position]
        choice = Page(page.text).choices()[right_text if right else wrong_text]
        response = self.browser.post(path, {"csrfmiddlewaretoken": Page(page.text).csrf_token, "choice": choice})
        assert (response.status, response.headers["Location"]) == (302, path), f"answer {position}: {response!r}"
        feedback = self.browser.get(path)
        assert feedback.status == 200
        assert f'class="feedback {"feedback-correct" if right else "feedback-incorrect"}"' in feedback.text

    def score(self) -> str:
        """The score on the results page, as shown: ``"6/8"``."""
        page = self.browser.get(f"{QUIZ_PATH}results/")
        assert page.status == 200, f"results: {page!r}"
        start = page.text.index('<span class="score-value">') + len('<span class="score-value">')
        return page.text[start : page.text.index("</span>", start)].strip()


def signed_in_as(browser: Browser) -> str | None:
    """Whom the home page's account menu says the browser is signed in as, or None."""
    text = browser.get("/en/").text
    marker = '<p class="username">Signed in as '
    if marker not in text:
        return None
    start = text.index(marker) + len(marker)
    return text[start : text.index("</p>", start)]
