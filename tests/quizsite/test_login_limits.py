"""The login limits (quizsite.login_limits, settings "Throttling"): more than 5 wrong passwords for a username
from one address lock it there, more than 20 from everywhere lock it everywhere, and wrong passwords for more
than 20 usernames lock the address; each for 15 minutes after the last failure, on the site's login and the
admin's, before any password is hashed."""

from datetime import UTC, datetime, timedelta
from unittest import mock

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.hashers import MD5PasswordHasher
from django.db.models import F
from django.test import Client
from pytest_django.asserts import assertInHTML

from tests.factories import PASSWORD, make_superuser, make_user
from tests.pages import html_lang, url

pytestmark = pytest.mark.django_db

LOGIN = "/en/accounts/login/"
ADMIN_LOGIN = "/admin/login/"
RETRY_IN_15 = {
    "en": "Try again in 15 minutes.",
    "fr": "Réessayez dans 15 minutes.",
    "tr": "Lütfen 15 dakika sonra yeniden deneyin.",
}
ACCOUNT_LOCKED = {
    "en": "Too many wrong passwords have been entered for this account, so logging into it is paused for a while.",
    "fr": "Trop de mots de passe erronés ont été saisis pour ce compte\u00a0: la connexion à ce compte est suspendue "
    "pour un moment.",
    "tr": "Bu hesap için çok fazla hatalı parola girildi; bu nedenle bu hesaba giriş bir süreliğine durduruldu.",
}
ADDRESS_LOCKED = {
    "en": "Too many wrong passwords for different accounts have been entered from your network, so logging in "
    "from it is paused for a while.",
    "fr": "Trop de mots de passe erronés ont été saisis depuis votre réseau pour des comptes différents\u00a0: la "
    "connexion depuis ce réseau est suspendue pour un moment.",
    "tr": "Ağınızdan farklı hesaplar için çok fazla hatalı parola girildi; bu nedenle bu ağdan giriş bir "
    "süreliğine durduruldu.",
}
FORGOT = {
    "en": '<p class="throttled-way-on"><a href="/en/accounts/password_reset/">Forgot your password?</a></p>',
    "fr": '<p class="throttled-way-on"><a href="/fr/accounts/password_reset/">Mot de passe oublié\u00a0?</a></p>',
    "tr": '<p class="throttled-way-on"><a href="/tr/accounts/password_reset/">Parolanızı mı unuttunuz?</a></p>',
}


def log_in(client, username="learner", password=PASSWORD, path=LOGIN, **extra):
    return client.post(path, {"username": username, "password": password}, **extra)


def fail(client, times, username="learner", path=LOGIN, **extra):
    """``times`` wrong passwords for ``username``; returns the statuses."""
    return [log_in(client, username, "wrong password", path, **extra).status_code for _ in range(times)]


def logged_in(client) -> bool:
    return "_auth_user_id" in client.session


# --- A username from one address -------------------------------------------------------------------------------


def test_five_wrong_passwords_still_let_the_right_one_in(client):
    make_user()

    statuses = fail(client, 5)
    response = log_in(client)

    assert statuses == [200] * 5
    assert (response.status_code, response.url) == (302, "/en/")
    assert logged_in(client)


def test_sixth_wrong_password_locks_the_username_from_that_address_and_then_even_the_right_one_is_refused(client):
    make_user()

    statuses = fail(client, 6)
    response = log_in(client)

    assert statuses == [200] * 5 + [429]
    assert response.status_code == 429
    assert 870 <= int(response["Retry-After"]) <= 900
    assert not logged_in(client)


def test_a_username_locked_from_one_address_still_logs_in_from_another(client):
    make_user()
    fail(client, 6, REMOTE_ADDR="192.0.2.9")

    response = log_in(client, REMOTE_ADDR="192.0.2.50")

    assert response.status_code == 302


def test_a_locked_username_never_refuses_the_right_password_of_another_user_behind_the_same_address(client):
    make_user("ada")
    make_user("bob")
    fail(client, 6, username="ada")

    ada = log_in(Client(), "ada")
    bob = log_in(Client(), "bob")

    assert (ada.status_code, bob.status_code) == (429, 302)


@pytest.mark.parametrize("lang", ["en", "fr", "tr"])
def test_lockout_page_says_what_is_locked_when_to_try_again_and_links_the_password_reset(client, lang):
    make_user()
    fail(client, 6, path=f"/{lang}/accounts/login/")

    response = log_in(client, path=f"/{lang}/accounts/login/")

    assert response.status_code == 429
    content = response.content.decode()
    assert 'name="password"' not in content
    assert html_lang(content) == lang
    assertInHTML(f'<p class="throttled-reason">{ACCOUNT_LOCKED[lang]}</p>', content)
    assertInHTML(f'<p class="throttled-retry">{RETRY_IN_15[lang]}</p>', content)
    assertInHTML(FORGOT[lang], content)


def test_lockout_page_counts_down_from_the_last_failure_and_retrying_does_not_extend_it(client):
    make_user()
    fail(client, 6)
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(minutes=14, seconds=30))

    response = log_in(client)

    assert response.status_code == 429
    assertInHTML('<p class="throttled-retry">Try again in 1 minute.</p>', response.content.decode())
    assert 1 <= int(response["Retry-After"]) <= 30


def test_lock_lifts_by_itself_after_15_minutes(client):
    make_user()
    fail(client, 6)
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(minutes=15, seconds=1))

    response = log_in(client)

    assert (response.status_code, response.url) == (302, "/en/")
    assert logged_in(client)


def test_a_locked_try_computes_no_password_hash(client):
    make_user()
    with mock.patch.object(MD5PasswordHasher, "verify", autospec=True, return_value=False) as verify:
        fail(client, 6)
        hashes_while_failing = verify.call_count
        with mock.patch.object(MD5PasswordHasher, "encode", autospec=True) as encode:
            response = log_in(client)

    assert hashes_while_failing == 6
    assert response.status_code == 429
    assert verify.call_count == 6
    assert encode.call_count == 0


def test_the_admin_counts_down_the_wrong_passwords_left_for_a_username_from_an_address(admin_client):
    fail(Client(), 5)

    changelist = admin_client.get("/admin/axes/accessattempt/")

    assertInHTML('<td class="field-status">1 Attempt Remaining</td>', changelist.content.decode())


def test_the_admins_list_of_attempts_shows_times_in_utc_labelled_and_filters_the_locked_ones(admin_client):
    """The "Locked out" filter counts as the status column does (more than LOGIN_FAILURE_LIMIT wrong passwords),
    not by django-axes' AXES_FAILURE_LIMIT of 1, which would call every row locked."""
    fail(Client(), 6, REMOTE_ADDR="192.0.2.1")
    fail(Client(), 2, REMOTE_ADDR="192.0.2.2")
    AccessAttempt.objects.update(attempt_time=datetime(2026, 12, 1, 19, 30, tzinfo=UTC))

    changelist = admin_client.get("/admin/axes/accessattempt/").content.decode()
    locked = admin_client.get("/admin/axes/accessattempt/?locked_out=yes").context["cl"].result_list
    not_locked = admin_client.get("/admin/axes/accessattempt/?locked_out=no").context["cl"].result_list

    assert changelist.count(">Dec. 1, 2026, 7:30 p.m.\N{NO-BREAK SPACE}UTC</a></th>") == 2
    assert [attempt.failures_since_start for attempt in locked] == [6]
    assert [attempt.failures_since_start for attempt in not_locked] == [2]


def test_a_success_before_the_limit_clears_the_failures(client):
    make_user()
    fail(client, 5)
    assert log_in(client).status_code == 302
    client.logout()

    assert fail(client, 5) == [200] * 5
    assert AccessAttempt.objects.get().failures_since_start == 5


# --- A username from everywhere ------------------------------------------------------------------------------


def test_more_than_20_wrong_passwords_for_a_username_from_many_addresses_lock_it_everywhere(client):
    make_user()
    statuses = [fail(client, 5, REMOTE_ADDR=f"198.51.100.{number}") for number in range(4)]

    twenty_first = fail(client, 1, REMOTE_ADDR="198.51.100.4")
    from_elsewhere = log_in(client, REMOTE_ADDR="192.0.2.77")

    assert statuses == [[200] * 5] * 4
    assert twenty_first == [429]
    assert from_elsewhere.status_code == 429
    assertInHTML(f'<p class="throttled-reason">{ACCOUNT_LOCKED["en"]}</p>', from_elsewhere.content.decode())
    assert not logged_in(client)


def test_twenty_wrong_passwords_from_many_addresses_leave_the_username_open(client):
    make_user()
    for number in range(4):
        fail(client, 5, REMOTE_ADDR=f"198.51.100.{number}")

    assert log_in(client, REMOTE_ADDR="192.0.2.77").status_code == 302


# --- An address guessing at many usernames (password spraying) ---------------------------------------------------


def test_a_script_guessing_at_50_usernames_from_one_address_is_refused_from_the_21st(client):
    """The address is then attacking: its classmates' right passwords are refused too, and no more guesses are
    hashed or recorded; from elsewhere those accounts log in."""
    classmate = make_user("classmate")
    statuses = [fail(client, 1, username=f"pupil{number}")[0] for number in range(1, 51)]

    same_address = log_in(Client(), classmate.username)
    elsewhere = log_in(Client(), classmate.username, REMOTE_ADDR="192.0.2.50")

    assert statuses == [200] * 20 + [429] * 30
    assert AccessAttempt.objects.count() == 21
    assert same_address.status_code == 429
    assertInHTML(f'<p class="throttled-reason">{ADDRESS_LOCKED["en"]}</p>', same_address.content.decode())
    assertInHTML('<p class="throttled-retry">Try again in 15 minutes.</p>', same_address.content.decode())
    assert elsewhere.status_code == 302


@pytest.mark.parametrize("lang", ["fr", "tr"])
def test_the_address_lock_says_so_in_the_page_language(client, lang):
    for number in range(21):
        fail(client, 1, username=f"pupil{number}", path=f"/{lang}/accounts/login/")

    response = log_in(client, path=f"/{lang}/accounts/login/")

    assert response.status_code == 429
    assertInHTML(f'<p class="throttled-reason">{ADDRESS_LOCKED[lang]}</p>', response.content.decode())


def test_usernames_that_logged_in_since_no_longer_count_toward_the_address_lock(client):
    """Twenty pupils mistype and then log in; twenty more mistype: the address is not locked."""
    for number in range(40):
        make_user(f"pupil{number}")
    for number in range(20):
        fail(client, 1, username=f"pupil{number}")
        assert log_in(Client(), f"pupil{number}").status_code == 302
    later = [fail(client, 1, username=f"pupil{number}")[0] for number in range(20, 40)]

    assert later == [200] * 20
    assert log_in(Client(), "pupil39").status_code == 302


def test_the_address_lock_lifts_15_minutes_after_its_21st_username_was_last_tried(client):
    make_user()
    for number in range(21):
        fail(client, 1, username=f"pupil{number}")
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(minutes=15, seconds=1))

    assert log_in(client).status_code == 302


def test_the_address_lock_lifts_when_its_21st_newest_username_ages_out_and_the_page_says_so(client):
    """Retry-After counts to the moment the address is back within the limit, not to the newest failure's end."""
    for number in range(21):
        fail(client, 1, username=f"pupil{number}")
    AccessAttempt.objects.filter(username="pupil0").update(attempt_time=F("attempt_time") - timedelta(minutes=14))

    response = log_in(client)

    assert response.status_code == 429
    assert 1 <= int(response["Retry-After"]) <= 60
    assertInHTML('<p class="throttled-retry">Try again in 1 minute.</p>', response.content.decode())


def test_a_logged_in_learner_behind_a_spraying_address_is_told_that_password_checks_from_it_are_paused(client):
    learner = make_user()
    for number in range(21):
        fail(Client(), 1, username=f"pupil{number}")
    client.force_login(learner)

    response = client.post(url("account_delete"), {"password": PASSWORD})

    assert response.status_code == 429
    assertInHTML(
        '<p class="throttled-reason">Too many wrong passwords for different accounts have been entered from your '
        "network, so actions that ask for a password are paused for a while.</p>",
        response.content.decode(),
    )
    assert learner in type(learner).objects.all()


# --- Both logins, staff and records ----------------------------------------------------------------------------


def test_admin_login_is_locked_too_and_shares_the_count_with_the_site_login(client):
    make_superuser("admin")
    fail(client, 3, username="admin")
    fail(client, 3, username="admin", path=ADMIN_LOGIN)

    response = log_in(client, "admin", path=ADMIN_LOGIN)

    assert response.status_code == 429
    assertInHTML('<p class="throttled-retry">Try again in 15 minutes.</p>', response.content.decode())
    assert not logged_in(client)


def test_staff_unlock_an_account_by_deleting_its_access_attempts_in_the_admin(client):
    make_user()
    fail(client, 6, REMOTE_ADDR="192.0.2.9")
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
    assertInHTML('<td class="field-status">Locked Out</td>', changelist.content.decode())
    assert response.status_code == 302
    assert not AccessAttempt.objects.exists()
    assert log_in(client, REMOTE_ADDR="192.0.2.9").status_code == 302


def test_logging_into_an_own_account_does_not_reset_guesses_at_another(client):
    """A successful login clears the failures of its username only, never the address's other usernames."""
    make_user("carol")
    make_user("dave")
    attacker = {"REMOTE_ADDR": "203.0.113.50"}
    assert fail(client, 5, username="carol", **attacker) == [200] * 5
    assert log_in(client, username="dave", **attacker).status_code == 302
    client.post("/en/accounts/logout/")

    assert fail(client, 1, username="carol", **attacker) == [429]


def test_signing_up_does_not_lift_a_lock_on_the_username(client):
    make_user("carol")
    attacker = {"REMOTE_ADDR": "203.0.113.51"}
    fail(client, 6, username="carol", **attacker)
    signup = {"username": "unlocker", "password1": "a long passphrase 9", "password2": "a long passphrase 9"}
    assert client.post("/en/accounts/signup/", signup, **attacker).status_code == 302
    client.post("/en/accounts/logout/")

    assert fail(client, 1, username="carol", **attacker) == [429]


def test_a_successful_login_clears_the_failures_of_its_username_from_every_address(client):
    make_user()
    for number in range(5):
        fail(client, 1, REMOTE_ADDR=f"198.51.100.{number}")
    assert log_in(client, REMOTE_ADDR="198.51.100.9").status_code == 302
    client.post("/en/accounts/logout/")

    assert AccessAttempt.objects.filter(username="learner").count() == 0


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


def test_clients_without_a_known_address_are_counted_together(client):
    """No REMOTE_ADDR (a misconfigured server in front): the failures are stored without an address and still
    lock, rather than never counting."""
    make_user()

    statuses = fail(client, 6, REMOTE_ADDR="")
    right = log_in(client, REMOTE_ADDR="")

    assert statuses == [200] * 5 + [429]
    assert right.status_code == 429
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {None}
