"""Login throttling (django-axes, settings "Throttling"): 5 wrong passwords for an account or from an address
lock it for 15 minutes after the last one, on the site's login and the admin's, before any password is hashed."""

from datetime import timedelta
from unittest import mock

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.hashers import MD5PasswordHasher
from django.db.models import F
from pytest_django.asserts import assertInHTML

from tests.factories import PASSWORD, make_superuser, make_user
from tests.pages import html_lang

pytestmark = pytest.mark.django_db

LOGIN = "/en/accounts/login/"
ADMIN_LOGIN = "/admin/login/"
RETRY_IN_15 = {
    "en": "Try again in 15 minutes.",
    "fr": "Réessayez dans 15 minutes.",
    "tr": "Lütfen 15 dakika sonra yeniden deneyin.",
}
LOCKED_REASON = {
    "en": "Too many wrong passwords have been entered for this account or from your network, "
    "so logging in is paused for a while.",
    "fr": "Trop de mots de passe erronés ont été saisis pour ce compte ou depuis votre réseau\u00a0: "
    "la connexion est suspendue pour un moment.",
    "tr": "Bu hesap için veya ağınızdan çok fazla hatalı parola girildi; bu nedenle giriş bir süreliğine durduruldu.",
}


def log_in(client, username="learner", password=PASSWORD, path=LOGIN, **extra):
    return client.post(path, {"username": username, "password": password}, **extra)


def fail(client, times, username="learner", path=LOGIN, **extra):
    """``times`` wrong passwords for ``username``; returns the statuses."""
    return [log_in(client, username, "wrong password", path, **extra).status_code for _ in range(times)]


def logged_in(client) -> bool:
    return "_auth_user_id" in client.session


def test_fifth_wrong_password_locks_the_account_and_then_even_the_right_one_is_refused(client):
    make_user()

    statuses = fail(client, 5)
    response = log_in(client)

    assert statuses == [200, 200, 200, 200, 429]
    assert response.status_code == 429
    assert 870 <= int(response["Retry-After"]) <= 900
    assert not logged_in(client)


@pytest.mark.parametrize("lang", ["en", "fr", "tr"])
def test_lockout_page_says_why_and_when_to_try_again_in_the_page_language(client, lang):
    make_user()
    fail(client, 5, path=f"/{lang}/accounts/login/")

    response = log_in(client, path=f"/{lang}/accounts/login/")

    assert response.status_code == 429
    content = response.content.decode()
    assert 'name="password"' not in content
    assert html_lang(content) == lang
    assertInHTML(f'<p class="throttled-reason">{LOCKED_REASON[lang]}</p>', content)
    assertInHTML(f'<p class="throttled-retry">{RETRY_IN_15[lang]}</p>', content)


def test_lockout_page_counts_down_from_the_last_failure_and_retrying_does_not_extend_it(client):
    make_user()
    fail(client, 5)
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(minutes=14, seconds=30))

    response = log_in(client)

    assert response.status_code == 429
    assertInHTML('<p class="throttled-retry">Try again in 1 minute.</p>', response.content.decode())
    assert 1 <= int(response["Retry-After"]) <= 30


def test_lock_lifts_by_itself_after_15_minutes(client):
    make_user()
    fail(client, 5)
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(minutes=15, seconds=1))

    response = log_in(client)

    assert (response.status_code, response.url) == (302, "/en/")
    assert logged_in(client)


def test_a_locked_try_computes_no_password_hash(client):
    make_user()
    with mock.patch.object(MD5PasswordHasher, "verify", autospec=True, return_value=False) as verify:
        fail(client, 5)
        hashes_while_failing = verify.call_count
        with mock.patch.object(MD5PasswordHasher, "encode", autospec=True) as encode:
            response = log_in(client)

    assert hashes_while_failing == 5
    assert response.status_code == 429
    assert verify.call_count == 5
    assert encode.call_count == 0


def test_a_success_before_the_limit_clears_the_failures(client):
    make_user()
    fail(client, 4)
    assert log_in(client).status_code == 302
    client.logout()

    assert fail(client, 4) == [200, 200, 200, 200]
    assert AccessAttempt.objects.get().failures_since_start == 4


def test_wrong_passwords_for_many_accounts_from_one_address_lock_that_address(client):
    make_user("victim")
    for number in range(5):
        fail(client, 1, username=f"guess{number}")

    from_the_address = log_in(client, "victim")
    from_elsewhere = log_in(client, "victim", REMOTE_ADDR="192.0.2.50")

    assert from_the_address.status_code == 429
    assert from_elsewhere.status_code == 302


def test_a_locked_account_is_locked_from_every_address(client):
    make_user()
    fail(client, 5)

    response = log_in(client, REMOTE_ADDR="192.0.2.50")

    assert response.status_code == 429


def test_admin_login_is_locked_too_and_shares_the_count_with_the_site_login(client):
    make_superuser("admin")
    fail(client, 3, username="admin")
    fail(client, 2, username="admin", path=ADMIN_LOGIN)

    response = log_in(client, "admin", path=ADMIN_LOGIN)

    assert response.status_code == 429
    assertInHTML('<p class="throttled-retry">Try again in 15 minutes.</p>', response.content.decode())
    assert not logged_in(client)


def test_staff_unlock_an_account_by_deleting_its_access_attempts_in_the_admin(client):
    make_user()
    fail(client, 5, REMOTE_ADDR="192.0.2.9")
    staff = make_superuser("admin")
    client.force_login(staff)
    changelist = client.get("/admin/axes/accessattempt/")
    attempt = AccessAttempt.objects.get()

    response = client.post(
        "/admin/axes/accessattempt/",
        {"action": "delete_selected", "_selected_action": [attempt.pk], "post": "yes"},
    )
    client.logout()

    assert changelist.status_code == 200
    assertInHTML('<td class="field-username">learner</td>', changelist.content.decode())
    assert response.status_code == 302
    assert not AccessAttempt.objects.exists()
    assert log_in(client, REMOTE_ADDR="192.0.2.9").status_code == 302


def test_logging_into_an_own_account_does_not_reset_guesses_at_another(client):
    """A successful login clears the failures of its username only, never the address's count."""
    make_user("carol")
    make_user("dave")
    attacker = {"REMOTE_ADDR": "203.0.113.50"}
    assert fail(client, 4, username="carol", **attacker) == [200] * 4
    assert log_in(client, username="dave", **attacker).status_code == 302
    client.post("/en/accounts/logout/")

    assert fail(client, 1, username="carol", **attacker) == [429]


def test_signing_up_does_not_lift_a_lock_on_the_address(client):
    make_user("carol")
    attacker = {"REMOTE_ADDR": "203.0.113.51"}
    fail(client, 5, username="carol", **attacker)
    signup = {"username": "unlocker", "password1": "a long passphrase 9", "password2": "a long passphrase 9"}
    assert client.post("/en/accounts/signup/", signup, **attacker).status_code == 302
    client.post("/en/accounts/logout/")

    assert fail(client, 1, username="carol", **attacker) == [429]


def test_a_successful_login_clears_the_failures_of_its_username(client):
    make_user()
    for number in range(4):
        fail(client, 1, REMOTE_ADDR=f"198.51.100.{number}")
    assert log_in(client, REMOTE_ADDR="198.51.100.9").status_code == 302
    client.post("/en/accounts/logout/")

    assert AccessAttempt.objects.filter(username="learner").count() == 0
    assert [fail(client, 1, REMOTE_ADDR=f"192.0.2.{number}")[0] for number in range(4)] == [200] * 4


def test_a_username_longer_than_any_account_is_recorded_cut_to_the_longest_and_refused_normally(client):
    response = log_in(client, username="u" * 300)

    assert response.status_code == 200
    assert list(AccessAttempt.objects.values_list("username", flat=True)) == ["u" * 150]


def test_a_deleted_account_leaves_no_failed_login_records(client):
    learner = make_user()
    fail(client, 2)
    make_superuser()
    client.post(ADMIN_LOGIN, {"username": "admin", "password": PASSWORD})
    client.post(f"/admin/accounts/user/{learner.pk}/delete/", {"post": "yes"})

    assert not AccessAttempt.objects.filter(username="learner").exists()
