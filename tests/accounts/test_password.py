"""E-mail at sign-up, password reset by e-mail in the learner's language, and password change."""

import re
from datetime import UTC, datetime, timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.management import call_command
from django.db import connection
from django.test import Client
from pytest_django.asserts import assertInHTML

from tests.factories import PASSWORD, make_user
from tests.pages import url

pytestmark = pytest.mark.django_db
NEW_PASSWORD = "a new and longer passphrase 7"


def test_the_site_uses_its_own_user_model():
    assert get_user_model()._meta.label == "accounts.User"


def test_sign_up_keeps_the_optional_email_address(client):
    data = {"username": "ada", "email": "ada@example.com", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD}
    assert client.post(url("signup"), data).status_code == 302
    assert get_user_model().objects.get(username="ada").email == "ada@example.com"


def test_sign_up_without_email_address_works(client):
    data = {"username": "ada", "email": "", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD}
    assert client.post(url("signup"), data).status_code == 302
    assert get_user_model().objects.get(username="ada").email == ""


@pytest.mark.parametrize(
    ("language", "link_text"),
    [("en", "Forgot your password?"), ("fr", "Mot de passe oublié\u00a0?"), ("tr", "Parolanızı mı unuttunuz?")],
)
def test_login_page_links_to_password_reset(client, language, link_text):
    response = client.get(url("login", language))
    reset = url("password_reset", language)
    assert reset == f"/{language}/accounts/password_reset/"
    assertInHTML(f'<a href="{reset}">{link_text}</a>', response.content.decode())


@pytest.mark.parametrize(
    ("language", "subject", "greeting"),
    [
        ("en", "Reset your Quizsite password", "Hello ada,"),
        ("fr", "Réinitialisez votre mot de passe Quizsite", "Bonjour ada,"),
        ("tr", "Quizsite parolanızı sıfırlayın", "Merhaba ada,"),
    ],
)
def test_password_reset_mails_a_link_in_the_learners_language_that_sets_a_new_password(
    client, language, subject, greeting
):
    make_user("ada", email="ada@example.com")
    response = client.post(url("password_reset", language), {"email": "ada@example.com"})
    assert response.status_code == 302
    assert response["Location"] == url("password_reset_done", language)
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["ada@example.com"]
    assert message.subject == subject
    assert message.body.startswith(greeting)
    link = re.search(rf"http://testserver(/{language}/accounts/reset/\S+/\S+/)", message.body).group(1)

    form_page = client.get(link, follow=True)
    assert form_page.status_code == 200
    set_password = form_page.redirect_chain[-1][0]
    done = client.post(set_password, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert done["Location"] == url("password_reset_complete", language)
    logged_in = client.post(url("login", language), {"username": "ada", "password": NEW_PASSWORD})
    assert (logged_in.status_code, logged_in["Location"]) == (302, f"/{language}/")


def test_password_reset_says_the_same_for_an_unknown_address_and_sends_nothing(client):
    make_user("ada", email="ada@example.com")
    known = client.post(url("password_reset", "fr"), {"email": "ada@example.com"})
    unknown = client.post(url("password_reset", "fr"), {"email": "nobody@example.com"})
    assert (known.status_code, known["Location"]) == (unknown.status_code, unknown["Location"])
    assert len(mail.outbox) == 1
    done = client.get(unknown["Location"]).content.decode()
    assert "Si un compte a cette adresse" in done


def test_password_reset_link_works_once(client):
    make_user("ada", email="ada@example.com")
    client.post(url("password_reset"), {"email": "ada@example.com"})
    link = re.search(r"http://testserver(\S+)", mail.outbox[0].body).group(1)
    set_password = client.get(link, follow=True).redirect_chain[-1][0]
    client.post(set_password, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    again = client.get(link, follow=True)
    assert "This link is no longer valid" in again.content.decode()


def test_password_change_needs_the_old_password_and_then_works(client):
    user = make_user("ada")
    client.force_login(user)
    page = client.get(url("password_change", "tr"))
    assert page.status_code == 200
    wrong = client.post(
        url("password_change"),
        {"old_password": "wrong", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert wrong.status_code == 200
    user.refresh_from_db()
    assert user.check_password(PASSWORD)
    right = client.post(
        url("password_change"),
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert right["Location"] == url("password_change_done")
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)


def test_password_change_needs_a_login(client):
    response = client.get(url("password_change", "fr"))
    assert response.status_code == 302
    assert response["Location"].startswith("/fr/accounts/login/?next=")


@pytest.mark.parametrize(
    ("language", "reason"),
    [
        ("en", "Too many password reset e-mails have been asked for from your network."),
        ("fr", "Trop d’e-mails de réinitialisation de mot de passe ont été demandés depuis votre réseau."),
        ("tr", "Ağınızdan çok fazla parola sıfırlama e-postası istendi."),
    ],
)
def test_the_61st_password_reset_from_one_address_in_an_hour_is_refused_and_sends_nothing(client, language, reason):
    """A class of 40 that has all forgotten may ask; a script mailing the world from one address is stopped."""
    make_user("ada", email="ada@example.com")
    statuses = [
        client.post(url("password_reset", language), {"email": f"pupil{number}@example.com"}).status_code
        for number in range(60)
    ]

    response = client.post(url("password_reset", language), {"email": "ada@example.com"})

    assert statuses == [302] * 60
    assert response.status_code == 429
    assertInHTML(f'<p class="throttled-reason">{reason}</p>', response.content.decode())
    assert 1 <= int(response["Retry-After"]) <= 3600
    assert mail.outbox == []


def test_an_e_mail_address_is_sent_3_reset_e_mails_an_hour_whoever_asks_and_the_answer_does_not_change(client):
    """Past the limit for that address (in any case), from any client, the form answers as always and sends
    nothing; an address without an account is counted the same, so the limit reveals nothing."""
    make_user("ada", email="ada@example.com")
    asked = [
        Client(REMOTE_ADDR=f"198.51.100.{number}").post(url("password_reset"), {"email": address})
        for number, address in enumerate(["ada@example.com", "Ada@Example.com", "ADA@example.com", "ada@EXAMPLE.com"])
    ]
    unknown = [client.post(url("password_reset"), {"email": "nobody@example.com"}) for _ in range(4)]

    assert [(response.status_code, response["Location"]) for response in asked + unknown] == [
        (302, "/en/accounts/password_reset/done/")
    ] * 8
    assert [message.to for message in mail.outbox] == [["ada@example.com"]] * 3
    assert client.post(url("password_reset"), {"email": "bob@example.com"}).status_code == 302


def test_password_reset_form_with_a_mistake_does_not_count(client):
    for _ in range(6):
        assert client.post(url("password_reset"), {"email": "not an address"}).status_code == 200
    assert client.post(url("password_reset"), {"email": "nobody@example.com"}).status_code == 302


def test_rate_limit_counters_outlast_their_period_in_the_database_cache(client, settings):
    """Django's database cache (production without REDIS_URL) re-saves a counter on each increment with the
    alias's default timeout; with the default of five minutes, "5 an hour" would have been 5 every five minutes."""
    database_cache = {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "quizsite_cache"}
    settings.CACHES = {
        "default": database_cache,
        "rate_limits": {**settings.CACHES["rate_limits"], **database_cache, "OPTIONS": {"MAX_ENTRIES": 1_000_000}},
    }
    call_command("createcachetable")
    for _ in range(3):
        client.post(url("password_reset"), {"email": "nobody@example.com"})
    with connection.cursor() as cursor:
        cursor.execute("SELECT cache_key, expires FROM quizsite_cache")
        rows = cursor.fetchall()
    # One counter for the client address, one for the e-mail address.
    assert len(rows) == 2
    for key, expires in rows:
        assert key.startswith("rate:")
        expires = expires if isinstance(expires, datetime) else datetime.fromisoformat(expires)
        assert expires.replace(tzinfo=UTC) - datetime.now(UTC) > timedelta(minutes=59)


def test_a_password_reset_lifts_the_lock_on_the_username(client):
    make_user("ada", email="ada@example.com")
    for number in range(21):
        client.post(url("login"), {"username": "ada", "password": "wrong"}, REMOTE_ADDR=f"198.51.100.{number}")
    assert client.post(url("login"), {"username": "ada", "password": PASSWORD}).status_code == 429

    client.post(url("password_reset"), {"email": "ada@example.com"})
    link = re.search(r"http://testserver(\S+)", mail.outbox[0].body).group(1)
    set_password = client.get(link, follow=True).redirect_chain[-1][0]
    client.post(set_password, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})

    response = client.post(url("login"), {"username": "ada", "password": NEW_PASSWORD})
    assert (response.status_code, response["Location"]) == (302, "/en/")
