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
    assert response.json() == {"status": "ok", "database": "ok"}
    assert "no-cache" in response["Cache-Control"]


def test_healthz_answers_503_when_the_database_does_not(client):
    with mock.patch("quizsite.views.connection") as connection:
        connection.cursor.side_effect = OperationalError("connection refused")
        response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json() == {"status": "unavailable", "database": "unreachable"}


def test_healthz_answers_head_and_refuses_post(client):
    assert client.head("/healthz").status_code == 200
    assert client.post("/healthz").status_code == 405


def test_healthz_is_not_redirected_to_https_when_pages_are(client, settings):
    """Probes from inside the network speak plain HTTP even when the site itself is HTTPS-only."""
    settings.SECURE_SSL_REDIRECT = True

    assert client.get("/en/").status_code == 301
    assert client.get("/healthz").status_code == 200
