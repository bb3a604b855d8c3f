"""The form rate limits on Redis, the shared cache a deployment gets with REDIS_URL.

Needs a Redis server: ``QUIZSITE_TEST_REDIS_URL`` (default ``redis://127.0.0.1:6379/15``, a database of its own
that the test empties). Without one the test is skipped, except where ``QUIZSITE_REQUIRE_REDIS=1`` (as in
``.ci/run``), where it fails.
"""

import os
import uuid

import pytest
from django.core import mail
from django.core.cache import caches
from django.test import Client

from tests.factories import make_user

REDIS_URL = os.environ.get("QUIZSITE_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
pytestmark = pytest.mark.django_db


@pytest.fixture
def redis_cache(settings):
    """The rate limits' cache alias on Redis, under a key prefix of this test's own."""
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping()
    except redis.exceptions.ConnectionError:
        message = f"no Redis server at {REDIS_URL}"
        if os.environ.get("QUIZSITE_REQUIRE_REDIS") == "1":
            pytest.fail(message)
        pytest.skip(message)
    settings.CACHES = {
        **settings.CACHES,
        "rate_limits": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "TIMEOUT": 3660,
            "KEY_PREFIX": f"test-{uuid.uuid4().hex}",
        },
    }
    cache = caches["rate_limits"]
    yield cache
    cache.clear()


def test_password_resets_are_limited_on_redis_and_the_counters_outlast_their_hour(redis_cache, settings):
    """Per client address (here 5 an hour) and per e-mail address (3 an hour: the fourth is not sent)."""
    settings.FORM_RATES = {**settings.FORM_RATES, "password_reset": "5/h"}
    make_user("ada", email="ada@example.com")
    client = Client()
    statuses = [client.post("/en/accounts/password_reset/", {"email": "ada@example.com"}).status_code for _ in "123456"]

    assert statuses == [302] * 5 + [429]
    assert len(mail.outbox) == 3
    client_redis = redis_cache._cache.get_client()
    keys = client_redis.keys(f"{redis_cache.key_prefix}*")
    assert len(keys) == 2
    assert all(client_redis.ttl(key) > 59 * 60 for key in keys)
