"""HTTP as clients expect it: HEAD wherever GET is allowed, the security headers on every response whatever its
status, the language cookie's attributes, and a foreign Host logged as one warning line."""

import logging

import pytest
from django.apps import apps
from django.contrib.auth.tokens import default_token_generator
from django.contrib.contenttypes.models import ContentType
from django.db import DatabaseError
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from quizzes.models import Attempt, Guest, Quiz
from tests.factories import answer_quiz, make_guide, make_quiz, make_superuser, make_user

pytestmark = pytest.mark.django_db

CSP = (
    "default-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; "
    "object-src 'none'"
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
}
FOREIGN_HOST = "Invalid HTTP_HOST header: 'evil.example'. You may need to add 'evil.example' to ALLOWED_HOSTS."


def security_headers(response) -> dict[str, str | None]:
    return {name: response.get(name) for name in SECURITY_HEADERS}


# --- HEAD ---------------------------------------------------------------------------------------------------------
def named_patterns(resolver: URLResolver | None = None, namespace: str = "") -> list[tuple[str, list[str]]]:
    """Every named URL pattern of the site, as ``(name, argument names)``; ``name`` carries its namespaces
    (``"quizzes:question"``, ``"admin:quizzes_quiz_change"``) and the arguments include those of the includes."""
    resolver = resolver or get_resolver()
    found = []
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            arguments = list(entry.pattern.regex.groupindex)
            found += [(name, arguments + more) for name, more in named_patterns(entry, inner)]
        elif isinstance(entry, URLPattern) and entry.name:
            found.append((f"{namespace}{entry.name}", list(entry.pattern.regex.groupindex)))
    return found


def admin_model(name: str):
    """The model of an admin page's name, e.g. ``Quiz`` for ``"admin:quizzes_quiz_change"``."""
    for config in apps.get_app_configs():
        if name.startswith(f"admin:{config.label}_"):
            model_name = name.removeprefix(f"admin:{config.label}_").split("_")[0]
            return config.get_model(model_name)
    raise AssertionError(f"No model for {name}")


def sample_arguments(name: str, arguments: list[str], context: dict) -> dict[str, str]:
    """Arguments that lead ``name`` to a page that exists, when the visitor may see one."""
    values = {}
    for argument in arguments:
        if argument == "slug":
            values[argument] = context["guide"].slug if name.startswith("guides:") else context["quiz"].slug
        elif argument == "object_id" and name != "admin:view_on_site":
            first = admin_model(name)._default_manager.order_by("pk").first()
            values[argument] = str(first.pk if first is not None else 1)  # none: the admin says it does not exist
        else:
            values[argument] = str(context[argument])
    return values


@pytest.fixture
def site_objects(db):
    """One object of every kind the site's addresses name, and a learner with a finished attempt at the quiz and
    a retake under way (so that the question and results pages are both theirs to see)."""
    learner = make_user()
    quiz = make_quiz()
    guide = make_guide()
    quiz.guides.add(guide)
    finished = answer_quiz(learner, quiz, [1, 1, 1])
    answer_quiz(learner, quiz, [])
    return {
        "learner": learner,
        "admin": make_superuser(),
        "quiz": quiz,
        "guide": guide,
        "number": 1,
        "pk": finished.pk,
        "id": learner.pk,
        "app_label": "quizzes",
        "content_type_id": ContentType.objects.get_for_model(Quiz).pk,
        "object_id": quiz.pk,
        "uidb64": urlsafe_base64_encode(force_bytes(learner.pk)),
        "token": default_token_generator.make_token(learner),
        "question_id": quiz.questions.order_by("position").first().pk,  # the admin's regrade page
    }


@pytest.mark.parametrize("visitor", ["anonymous", "learner", "admin"])
def test_head_answers_every_named_address_as_get_does_without_a_body(site_objects, visitor):
    """For each named URL pattern, with arguments of objects that exist: HEAD's status and redirect are GET's, and
    its body is empty. Where GET is not allowed (the admin's logout takes POST only), HEAD is not either."""
    client = Client()
    if visitor != "anonymous":
        client.force_login(site_objects[visitor])
    answers = {}
    for name, arguments in named_patterns():
        address = reverse(name, kwargs=sample_arguments(name, arguments, site_objects))
        head, get = client.head(address), client.get(address)
        answers[name] = (head.status_code, head.get("Location"), head.content)
        if (name, visitor) == ("admin:login", "admin"):
            # Django's admin sends a logged-in member of staff on to its index on a GET only
            # (``AdminSite.login``: ``request.method == "GET"``); a HEAD gets the login form. Django's, left as it is.
            assert (answers[name], get.status_code, get["Location"]) == ((200, None, b""), 302, "/admin/")
            continue
        assert answers[name] == (get.status_code, get.get("Location"), b""), address
    assert len(answers) > 80  # the admin's pages among them


def test_head_on_the_pages_monitors_and_link_checkers_ask_for(site_objects):
    """The pages that answered HEAD with 405: the quiz's start and question pages, the account pages and logout. Only
    the admin's logout, which takes POST only (Django's), still does, as its GET."""
    learner, admin = Client(), Client()
    learner.force_login(site_objects["learner"])
    admin.force_login(site_objects["admin"])
    quiz = site_objects["quiz"]
    visits = [
        (learner, f"/en/quizzes/{quiz.slug}/start/"),
        (learner, f"/en/quizzes/{quiz.slug}/questions/1/"),
        (learner, "/en/account/"),
        (learner, "/en/account/delete/"),
        (learner, "/en/account/export/"),
        (learner, "/en/accounts/logout/"),
        (admin, "/admin/logout/"),
    ]

    answers = [client.head(address) for client, address in visits]

    assert [(answer.status_code, answer.get("Location") or answer.get("Allow")) for answer in answers] == [
        (302, f"/en/quizzes/{quiz.slug}/"),
        (200, None),
        (200, None),
        (200, None),
        (200, None),
        (200, None),
        (405, "POST, OPTIONS"),
    ]


def test_head_on_a_quiz_start_starts_nothing(site_objects):
    """Only a POST starts an attempt (and makes a visitor a guest); HEAD shows the quiz page, as GET does."""
    quiz = site_objects["quiz"]
    client = Client()

    response = client.head(f"/en/quizzes/{quiz.slug}/start/")

    assert (response.status_code, response["Location"]) == (302, f"/en/quizzes/{quiz.slug}/")
    assert Attempt.objects.count() == 2
    assert Guest.objects.count() == 0


# --- Security headers ---------------------------------------------------------------------------------------------
def too_many_sign_ups(client: Client):
    """Sign-ups from one address until the limit refuses one (``FORM_RATES["signup"]``); the 429."""
    for number in range(500):
        response = Client().post(
            "/en/accounts/signup/",
            {
                "username": f"pupil{number}",
                "password1": "correct horse 31 battery",
                "password2": "correct horse 31 battery",
            },
        )
        if response.status_code == 429:
            return response
    raise AssertionError("No sign-up was refused")


def locked_out(client: Client):
    """Wrong passwords for one account until django-axes' middleware answers its lockout page; the 429."""
    make_user("locked")
    for _attempt in range(50):
        response = client.post("/en/accounts/login/", {"username": "locked", "password": "wrong"})
        if response.status_code == 429:
            return response
    raise AssertionError("No login was locked out")


def failing_middleware(client: Client, monkeypatch):
    """A 500 raised by a middleware in the middle of the list (``LocaleMiddleware``), below the header middlewares."""

    def fail(self, request):
        raise DatabaseError("boom")

    monkeypatch.setattr("django.middleware.locale.LocaleMiddleware.process_request", fail)
    client.raise_request_exception = False
    return client.get("/en/")


def failing_view(client: Client, monkeypatch):
    def fail(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr("quizsite.views.HomeView.get_context_data", fail)
    client.raise_request_exception = False
    return client.get("/en/")


def too_large(client: Client, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 100
    return client.post("/en/accounts/login/", {"username": "x" * 200, "password": "y"})


def foreign_host_over_https(client: Client, settings):
    """Under ``DJANGO_HTTPS=1`` the host is refused by ``SecurityMiddleware``'s redirect, before every other one."""
    settings.SECURE_SSL_REDIRECT = True
    return client.get("/en/", headers={"host": "evil.example"})


REQUESTS = {
    "200 page": (200, lambda client, **_: client.get("/en/")),
    "302 redirect": (302, lambda client, **_: client.get("/")),
    "400 NUL character": (400, lambda client, **_: client.get("/en/", {"q": "\x00"})),
    "400 foreign host": (400, lambda client, **_: client.get("/en/", headers={"host": "evil.example"})),
    "400 foreign host over HTTPS": (400, lambda client, settings, **_: foreign_host_over_https(client, settings)),
    "400 form data too large": (400, lambda client, settings, **_: too_large(client, settings)),
    "403 CSRF": (403, lambda client, **_: Client(enforce_csrf_checks=True).post("/en/accounts/login/", {})),
    "404": (404, lambda client, **_: client.get("/en/no-such-page/")),
    "405": (405, lambda client, **_: client.put("/en/accounts/logout/")),
    "429 sign-up limit": (429, lambda client, **_: too_many_sign_ups(client)),
    "429 login lockout": (429, lambda client, **_: locked_out(client)),
    "500 in a view": (500, lambda client, monkeypatch, **_: failing_view(client, monkeypatch)),
    "500 in a middleware": (500, lambda client, monkeypatch, **_: failing_middleware(client, monkeypatch)),
}


@pytest.mark.parametrize("case", REQUESTS)
def test_every_response_carries_the_security_headers(client, settings, monkeypatch, case):
    status, send = REQUESTS[case]

    response = send(client, settings=settings, monkeypatch=monkeypatch)

    assert response.status_code == status
    assert security_headers(response) == SECURITY_HEADERS


# --- A foreign Host in the log ------------------------------------------------------------------------------------
@pytest.mark.parametrize("https_redirect", [False, True])
def test_a_foreign_host_is_one_warning_line_without_traceback(client, settings, caplog, https_redirect):
    """Logged once, by Django's ``django.security.DisallowedHost`` logger, as a warning (quizsite/log_config.py);
    written out by the site's log handler (stdout), it is that one line, without a traceback."""
    settings.SECURE_SSL_REDIRECT = https_redirect

    with caplog.at_level("INFO"):
        response = client.get("/en/quizzes/", headers={"host": "evil.example"})

    assert response.status_code == 400
    records = [record for record in caplog.records if record.levelno >= logging.WARNING]
    assert [(record.name, record.levelname, record.getMessage(), record.exc_info) for record in records] == [
        ("django.security.DisallowedHost", "WARNING", FOREIGN_HOST, None)
    ]
    stdout = next(handler for handler in logging.getLogger("django").handlers if handler.name == "stdout")
    line = stdout.format(records[0])
    assert line.split(" ", 2)[2] == f"WARNING django.security.DisallowedHost: {FOREIGN_HOST}"
