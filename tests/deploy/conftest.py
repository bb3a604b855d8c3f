"""Fixtures of the deploy tests: databases of their own on the local PostgreSQL, static files collected as the
image build collects them, and the site served by the container's entry point.

Without PostgreSQL these tests are skipped, with the reason, unless ``QUIZSITE_REQUIRE_POSTGRES`` is set (as
.ci/run sets it): then they fail. ``QUIZSITE_TEST_POSTGRES_URL`` names the server (a role that may create
databases), by default ``postgres://postgres@127.0.0.1:5432/postgres``. Likewise the tests that share one Redis
need ``QUIZSITE_TEST_REDIS_URL`` (default ``redis://127.0.0.1:6379/15``, a database they empty) to answer, or
fail instead of skipping with ``QUIZSITE_REQUIRE_REDIS``.
"""

import os
import secrets
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest
import redis
from psycopg import sql

from tests.deploy.redis_server import RedisServer
from tests.deploy.support import Server, free_port, manage, production_env

POSTGRES_URL = os.environ.get("QUIZSITE_TEST_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/postgres")
REDIS_URL = os.environ.get("QUIZSITE_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")


@pytest.fixture(scope="session")
def postgres_server() -> str:
    """The URL of a PostgreSQL server that answers; skips (or fails, see the module docstring) otherwise."""
    try:
        psycopg.connect(POSTGRES_URL, connect_timeout=3).close()
    except psycopg.OperationalError as error:
        reason = f"PostgreSQL is not reachable at {POSTGRES_URL} ({' '.join(str(error).split())})"
        if os.environ.get("QUIZSITE_REQUIRE_POSTGRES"):
            pytest.fail(f"{reason}, and QUIZSITE_REQUIRE_POSTGRES is set.")
        pytest.skip(f"{reason}; set QUIZSITE_REQUIRE_POSTGRES=1 to fail instead.")
    return POSTGRES_URL


@pytest.fixture(scope="module")
def redis_url() -> str:
    """``REDIS_URL``, its database emptied; skips (or fails, see the module docstring) when no Redis answers there.
    The database is emptied again at the end of the module."""
    client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=3)
    try:
        client.flushdb()
    except redis.exceptions.ConnectionError as error:
        reason = f"Redis is not reachable at {REDIS_URL} ({error})"
        if os.environ.get("QUIZSITE_REQUIRE_REDIS") == "1":
            pytest.fail(f"{reason}, and QUIZSITE_REQUIRE_REDIS is set.")
        pytest.skip(f"{reason}; set QUIZSITE_REQUIRE_REDIS=1 to fail instead.")
    yield REDIS_URL
    client.flushdb()
    client.close()


@pytest.fixture(scope="module")
def redis_server() -> RedisServer:
    """A ``redis-server`` of the module's own on a free loopback port (``tests/deploy/redis_server.py``), stopped at
    the end of the module; skips (or fails, with ``QUIZSITE_REQUIRE_REDIS=1``) without ``redis-server``."""
    server = RedisServer(free_port())
    server.start()
    yield server
    server.stop()


@pytest.fixture
def redis_database(redis_url) -> redis.Redis:
    """A client of the Redis database at ``redis_url``, to look at what the site keeps there."""
    with redis.Redis.from_url(redis_url) as client:
        yield client


@pytest.fixture(scope="module")
def make_database(postgres_server):
    """Create empty databases named ``quizsite_deploy_<random>``; returns a function giving each one's URL.

    Every database is dropped at the end of the module, with any connection still open to it.
    """
    created = []

    def make() -> str:
        name = f"quizsite_deploy_{secrets.token_hex(4)}"
        with psycopg.connect(postgres_server, autocommit=True) as conn:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        created.append(name)
        return urlunsplit(urlsplit(postgres_server)._replace(path=f"/{name}"))

    yield make
    with psycopg.connect(postgres_server, autocommit=True) as conn:
        for name in created:
            conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


@pytest.fixture(scope="session")
def static_root(tmp_path_factory):
    """Static files collected with production settings into a temporary folder, as the image build does."""
    root = tmp_path_factory.mktemp("staticfiles")
    manage(production_env("sqlite:///unused.sqlite3", root), "collectstatic", "--noinput")
    return root


@pytest.fixture(scope="module")
def site_env(make_database, static_root) -> dict[str, str]:
    """The production environment of the module's web containers: one new database, shared by all of them."""
    return production_env(make_database(), static_root)


@pytest.fixture(scope="module")
def site(site_env, tmp_path_factory):
    """The site served by the entry point on a free port (migrating the new database), with the demo quiz."""
    with Server(site_env, free_port(), tmp_path_factory.mktemp("site") / "entrypoint.log") as server:
        manage(site_env, "load_demo")
        yield server
