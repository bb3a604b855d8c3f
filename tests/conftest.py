import os
from pathlib import Path

import pytest
from django.core.cache import caches
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import translation

from quizzes.content import DEMO_FILE, quiz_create_from_data, read_quiz_file
from tests.factories import make_author, make_user

TESTS = Path(__file__).resolve().parent
# The slow tiers, one marker per directory (registered in pyproject.toml): `-m "not deploy and not e2e"` is the
# fast loop, and CI runs them once.
TIER_MARKERS = {TESTS / "deploy": "deploy", TESTS / "e2e": "e2e"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test under tests/deploy ``deploy`` and every test under tests/e2e ``e2e``."""
    for item in items:
        for directory, marker in TIER_MARKERS.items():
            if item.path.is_relative_to(directory):
                item.add_marker(marker)


@pytest.fixture(autouse=True)
def _postgres_when_marked(request):
    """Tests marked ``postgres`` need PostgreSQL as the test database. Elsewhere they are skipped, with the reason,
    unless ``QUIZSITE_REQUIRE_POSTGRES=1`` and ``DATABASE_URL`` names PostgreSQL (the PostgreSQL pass of
    ``.ci/run``, whose SQLite pass deselects them with ``-m "not postgres"``): then they fail."""
    if request.node.get_closest_marker("postgres") is None or connection.vendor == "postgresql":
        return
    reason = f"needs PostgreSQL as the test database (DATABASE_URL=postgres://…), not {connection.vendor}"
    if os.environ.get("QUIZSITE_REQUIRE_POSTGRES") == "1" and os.environ.get("DATABASE_URL", "").startswith("postgres"):
        pytest.fail(f"{reason}, and QUIZSITE_REQUIRE_POSTGRES is set.")
    pytest.skip(reason)


@pytest.fixture(autouse=True)
def _empty_caches():
    """Each test starts with empty caches, as its database starts empty: the tests' cache is the process's memory
    (debug on), which no rollback empties, and it holds sessions, rate limits' counts and cached content."""
    yield
    for cache in caches.all(initialized_only=True):
        cache.clear()


@pytest.fixture(autouse=True)
def _fast_password_hasher(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _english_by_default():
    """Each test starts in English: a request through LocaleMiddleware leaves its language active."""
    with translation.override("en"):
        yield


@pytest.fixture
def latest_schema_afterwards():
    """For tests that migrate the schema back in time: migrates it forward to the latest migrations afterwards, which
    the tests after them need."""
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.fixture
def demo_quiz(db):
    """The seed quiz ("Data parallelism", 8 questions) loaded from the repository's demo content."""
    quiz = quiz_create_from_data(read_quiz_file(DEMO_FILE)).quiz
    return quiz


@pytest.fixture
def learner(db):
    """A learner's account (``tests.factories.make_user``: username "learner")."""
    return make_user()


@pytest.fixture
def learner_client(client, learner):
    """The test client, logged in as ``learner``."""
    client.force_login(learner)
    return client


@pytest.fixture
def author_client(client, db):
    """The test client, logged in as an author (staff in the Authors group, ``make_author``)."""
    client.force_login(make_author())
    return client
