"""Sessions read from the cache and written through to the database (``cached_db``, quizsite/settings.py): a
request costs no session query while the cache holds the session, an emptied cache logs no one out, and logging
in, out and changing the password leave no copy behind in either store."""

import pytest
from django.contrib.sessions.backends import cached_db
from django.contrib.sessions.models import Session
from django.core.cache import caches
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from quizzes.guests import GUEST_SESSION_KEY
from tests.factories import PASSWORD, make_quiz, make_user
from tests.pages import url

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "another horse 77 battery"


def session_queries(client: Client, path: str) -> tuple[str, list[str]]:
    """GET ``path``; returns the page's text and the SQL of the queries that read or wrote the session table."""
    with CaptureQueriesContext(connection) as queries:
        response = client.get(path)
    assert response.status_code == 200
    return response.content.decode(), [query["sql"] for query in queries if "django_session" in query["sql"]]


def cached(session_key: str) -> dict | None:
    """The session's copy in the cache, or None."""
    return caches["default"].get(cached_db.KEY_PREFIX + session_key)


def logged_in(username: str = "learner") -> Client:
    client = Client()
    assert client.post(url("login"), {"username": username, "password": PASSWORD}).status_code == 302
    return client


def test_a_logged_in_page_reads_the_session_from_the_cache_not_the_database():
    make_user()
    client = logged_in()

    page, queries = session_queries(client, url("home"))

    assert "Signed in as learner" in page
    assert queries == []


def test_a_cache_emptied_by_a_restart_logs_no_one_out_and_the_next_request_reads_the_cache_again():
    make_user()
    client = logged_in()
    caches["default"].clear()

    first_page, first_queries = session_queries(client, url("home"))
    second_page, second_queries = session_queries(client, url("home"))

    assert "Signed in as learner" in first_page
    assert len(first_queries) == 1
    assert "Signed in as learner" in second_page
    assert second_queries == []


def test_logging_out_removes_the_session_from_the_cache_and_the_database():
    make_user()
    client = logged_in()
    old_key = client.cookies["sessionid"].value

    client.post(url("logout"))
    replay = Client()
    replay.cookies["sessionid"] = old_key

    assert cached(old_key) is None
    assert not Session.objects.filter(session_key=old_key).exists()
    assert "Signed in as" not in replay.get(url("home")).content.decode()


def test_logging_in_as_a_guest_moves_the_session_to_a_new_key_and_leaves_no_copy_of_the_old_one():
    learner = make_user()
    quiz = make_quiz(questions=2)
    client = Client()
    client.post(url("quizzes:start", slug=quiz.slug))
    guest_key = client.cookies["sessionid"].value
    assert GUEST_SESSION_KEY in cached(guest_key)

    client.post(url("login"), {"username": "learner", "password": PASSWORD})
    new_key = client.cookies["sessionid"].value

    assert new_key != guest_key
    assert cached(guest_key) is None
    assert not Session.objects.filter(session_key=guest_key).exists()
    assert cached(new_key)["_auth_user_id"] == str(learner.pk)


def test_a_password_change_keeps_this_browser_logged_in_and_logs_the_others_out():
    make_user()
    this, other = logged_in(), logged_in()
    old_key = this.cookies["sessionid"].value

    response = this.post(
        url("password_change"),
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )

    assert response.status_code == 302
    assert this.cookies["sessionid"].value != old_key
    assert cached(old_key) is None
    assert "Signed in as learner" in this.get(url("home")).content.decode()
    assert "Signed in as" not in other.get(url("home")).content.decode()
