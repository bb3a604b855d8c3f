import socket
from unittest import mock

import pytest
from django.db import OperationalError
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_healthz_lives_outside_the_language_prefixes():
    assert reverse("healthz") == "/healthz"


def test_healthz_answers_200_with_json_when_the_database_answers(client):
    response = client.get("/healthz")

    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "cache": "ok"}
    assert "no-cache" in response["Cache-Control"]


def test_healthz_answers_200_degraded_when_only_the_cache_does_not(client, settings, caplog):
    """A Redis outage must not take a web container out of the load balancer: pages come from the database."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    settings.CACHES = {
        **settings.CACHES,
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{port}/0",
            "OPTIONS": {"IGNORE_EXCEPTIONS": True, "SOCKET_CONNECT_TIMEOUT": 0.1, "SOCKET_TIMEOUT": 0.1},
        },
    }

    response = client.get("/healthz")

    assert response.status_code == 200
    assert response.json() == {"status": "degraded", "database": "ok", "cache": "unreachable"}
    assert "Health check: the cache did not answer." in caplog.messages


def test_healthz_says_the_cache_is_unreachable_when_the_backend_raises(client):
    with mock.patch("quizsite.views.cache") as cache:
        cache.set.side_effect = OperationalError("no such table: quizsite_cache")
        response = client.get("/healthz")

    assert response.status_code == 200
    assert response.json() == {"status": "degraded", "database": "ok", "cache": "unreachable"}


def test_healthz_answers_503_when_the_database_does_not(client):
    with mock.patch("quizsite.views.connection") as connection:
        connection.cursor.side_effect = OperationalError("connection refused")
        response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json() == {"status": "unavailable", "database": "unreachable", "cache": "ok"}


def test_healthz_answers_head_and_refuses_post(client):
    assert client.head("/healthz").status_code == 200
    assert client.post("/healthz").status_code == 405


def test_healthz_is_not_redirected_to_https_when_pages_are(client, settings):
    """Probes from inside the network speak plain HTTP even when the site itself is HTTPS-only."""
    settings.SECURE_SSL_REDIRECT = True

    assert client.get("/en/").status_code == 301
    assert client.get("/healthz").status_code == 200
