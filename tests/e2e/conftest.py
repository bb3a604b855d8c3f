import os
from importlib import import_module
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import Group, Permission
from django.test import Client

from tests.factories import make_author

CHROMIUM = Path(os.environ.get("QUIZSITE_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium driven by Playwright. Missing Chromium skips these tests, except where
    QUIZSITE_REQUIRE_BROWSER=1 (as in .ci/run), where it fails them."""
    if not CHROMIUM.exists():
        message = f"Chromium not found at {CHROMIUM} (apt-get install chromium)"
        if os.environ.get("QUIZSITE_REQUIRE_BROWSER") == "1":
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread; the test's own ORM calls are still synchronous.
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        yield browser
        browser.close()


@pytest.fixture
def authors_group():
    """The "Authors" group as its data migration makes it: an earlier test's flush may have removed it."""
    migration = import_module("quizzes.migrations.0003_authors_group")
    group, _created = Group.objects.get_or_create(name=migration.AUTHORS_GROUP)
    codenames = [f"{action}_{model}" for _app, model, actions in migration.AUTHOR_PERMISSIONS for action in actions]
    group.permissions.set(Permission.objects.filter(codename__in=codenames))


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="tr-TR")
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def axe_violations(page) -> list[str]:
    """axe-core's findings on the page as shown now, one ``"rule-id: help (n elements)"`` line each; [] when none.

    axe-core comes inside the axe-playwright-python package (no download at run time).
    """
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [
        f"{violation['id']}: {violation['help']} ({len(violation['nodes'])} elements)"
        for violation in results.response["violations"]
    ]


@pytest.fixture
def author_context(browser, live_server, authors_group):
    """Open a page in the admin as a logged-in author whose browser asks for a language: ``open(language, url)``
    returns the page (1280 px wide) with ``page.problems``, the console errors and uncaught exceptions."""
    client = Client()
    client.force_login(make_author("camille"))
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    contexts = []

    def open_page(language: str, url: str, javascript: bool = True):
        context = browser.new_context(
            viewport={"width": 1280, "height": 900}, locale=language, java_script_enabled=javascript
        )
        contexts.append(context)
        context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}])
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.problems = []
        page.on("console", lambda message: page.problems.append(message.text) if message.type == "error" else None)
        page.on("pageerror", lambda error: page.problems.append(str(error)))
        page.goto(live_server.url + url)
        return page

    yield open_page
    for context in contexts:
        context.close()
