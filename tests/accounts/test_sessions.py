"""Deleting an account ends every session of it, in every browser: the database's row and the cache's copy."""

from importlib import import_module

import pytest
from django.conf import settings
from django.contrib.sessions.models import Session
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from accounts.models import LoginSession
from tests.factories import PASSWORD, make_superuser, make_user
from tests.pages import signed_in_as, url

pytestmark = pytest.mark.django_db


def logged_in_browser(username: str = "ada") -> tuple[Client, str]:
    """A browser that logged in with the form, and its session key."""
    browser = Client()
    response = browser.post(url("login"), {"username": username, "password": PASSWORD})
    assert response.status_code == 302
    return browser, browser.session.session_key


def cached(key: str) -> bool:
    return cache.get(import_module(settings.SESSION_ENGINE).SessionStore(session_key=key).cache_key) is not None


def test_each_login_is_recorded_for_its_account_and_a_logout_forgets_it():
    ada = make_user("ada")
    phone, phone_key = logged_in_browser()
    laptop, laptop_key = logged_in_browser()
    assert sorted(LoginSession.objects.values_list("session_id", "user_id")) == sorted(
        [(phone_key, ada.pk), (laptop_key, ada.pk)]
    )
    phone.post(url("logout"))
    assert list(LoginSession.objects.values_list("session_id", flat=True)) == [laptop_key]


def test_logging_in_as_another_account_in_the_same_browser_records_the_new_session_for_it():
    """Django empties the session then, and saves it only with the response: it has no key when the login ends.
    (The login page sends a logged-in visitor on; the admin's login, or a test client, logs in over a session.)"""
    make_user("ada")
    bob = make_user("bob")
    browser, _ada_key = logged_in_browser()
    browser.force_login(bob)
    key = browser.session.session_key
    assert list(LoginSession.objects.values_list("session_id", "user_id")) == [(key, bob.pk)]
    assert signed_in_as(browser.get(url("account")).content) == "Signed in as bob"


def test_deleting_the_account_ends_its_sessions_in_every_browser():
    make_user("ada")
    bob = make_user("bob")
    phone, phone_key = logged_in_browser()
    laptop, laptop_key = logged_in_browser()
    bobs, bobs_key = logged_in_browser("bob")
    laptop.get(url("account"))  # read once, so the cache holds it
    assert settings.SESSION_ENGINE == "django.contrib.sessions.backends.cached_db"
    assert cached(laptop_key)

    response = phone.post(url("account_delete"), {"password": PASSWORD})

    assert response.status_code == 302
    assert list(Session.objects.values_list("session_key", flat=True)) == [bobs_key]
    assert not cached(laptop_key)
    after = laptop.get(url("account"))
    assert (after.status_code, after["Location"]) == (302, "/en/accounts/login/?next=/en/account/")
    assert bobs.get(url("account")).status_code == 200
    assert list(LoginSession.objects.values_list("session_id", "user_id")) == [(bobs_key, bob.pk)]


def test_a_superuser_deleting_an_account_in_the_admin_ends_its_sessions():
    ada = make_user("ada")
    browser, key = logged_in_browser()
    admin = Client()
    admin.force_login(make_superuser())

    response = admin.post(reverse("admin:accounts_user_delete", args=[ada.pk]), {"post": "yes"})

    assert response.status_code == 302
    assert not Session.objects.filter(session_key=key).exists()
    assert not cached(key)
    assert browser.get(url("account")).status_code == 302


def test_deleting_accounts_with_the_admins_list_action_ends_their_sessions():
    ada, bob = make_user("ada"), make_user("bob")
    ada_key, bob_key = logged_in_browser("ada")[1], logged_in_browser("bob")[1]
    admin = Client()
    admin.force_login(make_superuser())

    admin.post(
        reverse("admin:accounts_user_changelist"),
        {"action": "delete_selected", "_selected_action": [ada.pk, bob.pk], "post": "yes"},
    )

    assert not Session.objects.filter(session_key__in=[ada_key, bob_key]).exists()
