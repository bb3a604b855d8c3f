import os
from importlib import import_module
from pathlib import Path

import pytest
from django.contrib.auth.models import Group, Permission

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
