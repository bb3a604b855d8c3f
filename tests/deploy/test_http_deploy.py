"""HTTP as clients expect it, on the production path (gunicorn, PostgreSQL, ``DJANGO_HTTPS=1`` behind the simulated
TLS proxy): HEAD without a body, the security headers on a foreign Host's 400 page and its one log line, and the
language cookie's attributes."""

import socket

from tests.deploy.support import QUIZ_PATH, Browser, Learner

SECURITY_HEADERS = [
    "Content-Security-Policy",
    "X-Frame-Options",
    "X-Content-Type-Options",
    "Referrer-Policy",
    "Cross-Origin-Opener-Policy",
]


def raw_request(port: int, method: str, path: str, cookies: dict[str, str]) -> tuple[int, bytes]:
    """Send one request through the proxy's headers on a bare socket and read until gunicorn closes it.

    Returns:
        The status and every byte after the headers: what a client would take for the body (``http.client``
        would not read a body after a HEAD, so it could not tell).
    """
    cookie = "; ".join(f"{name}={value}" for name, value in cookies.items())
    request = (
        f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Forwarded-Proto: https\r\n"
        f"X-Forwarded-For: 198.51.100.250\r\nCookie: {cookie}\r\nConnection: close\r\n\r\n"
    )
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(request.encode())
        received = b""
        while chunk := connection.recv(65536):
            received += chunk
    head, _separator, body = received.partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), body


def test_head_answers_as_get_without_a_body_on_the_pages_that_answered_405(site):
    browser = Browser([site.port])
    learner = Learner(browser, "head-checker")
    learner.sign_up()
    question = learner.start()
    paths = [QUIZ_PATH, f"{QUIZ_PATH}start/", question, "/en/account/", "/en/account/delete/", "/en/accounts/logout/"]

    answers = {path: raw_request(site.port, "HEAD", path, browser.cookies) for path in paths}
    gets = {path: raw_request(site.port, "GET", path, browser.cookies) for path in paths}

    assert answers == {path: (status, b"") for path, (status, _body) in gets.items()}
    assert [status for status, _body in answers.values()] == [200, 302, 200, 200, 200, 200]
    assert all(body for status, body in gets.values() if status == 200)


def test_a_foreign_host_gets_the_400_page_with_every_security_header_and_one_warning_line(site):
    """Through the proxy (refused in CommonMiddleware), and over plain HTTP, where ``DJANGO_HTTPS=1``'s redirect
    in SecurityMiddleware refuses it before any other middleware."""
    through_proxy = Browser([site.port]).get("/en/", headers={"Host": "evil-1.example"})
    plain = Browser([site.port], proxy=False).get("/en/", headers={"Host": "evil-2.example"})

    for response in (through_proxy, plain):
        assert response.status == 400
        assert [name for name in SECURITY_HEADERS if name not in response.headers] == []
        assert response.headers["X-Frame-Options"] == "DENY"
    for host in ("evil-1.example", "evil-2.example"):
        lines = [line for line in site.log().splitlines() if host in line]
        assert len(lines) == 1, lines
        assert f" WARNING django.security.DisallowedHost: Invalid HTTP_HOST header: '{host}'." in lines[0]
    assert "Traceback" not in site.log()


def test_the_language_cookie_set_through_the_tls_proxy_is_secure_and_http_only(site):
    browser = Browser([site.port])

    response = browser.submit("/en/", {"language": "fr", "next": "/fr/"}, action="/i18n/setlang/")

    assert (response.status, response.headers["Location"]) == (302, "/fr/")
    cookie = next(header for header in browser.set_cookie_headers if header.startswith("django_language="))
    assert cookie == "django_language=fr; HttpOnly; Path=/; SameSite=Lax; Secure"
