"""The admin's own "Change password" page (quizsite.admin_site): its old password counts as a login attempt."""

import pytest
from axes.models import AccessAttempt
from pytest_django.asserts import assertInHTML

from tests.factories import PASSWORD, make_superuser

pytestmark = pytest.mark.django_db

CHANGE = "/admin/password_change/"
NEW = "an entirely new passphrase 42"


def change(client, old_password: str):
    return client.post(CHANGE, {"old_password": old_password, "new_password1": NEW, "new_password2": NEW})


def test_eight_wrong_old_passwords_lock_the_admin_s_password_change_and_then_the_right_one_is_refused(client):
    admin = make_superuser("admin")
    client.force_login(admin)

    statuses = [change(client, "wrong guess").status_code for _ in range(8)]
    right = change(client, PASSWORD)

    assert statuses == [200] * 5 + [429] * 3
    assert right.status_code == 429
    content = right.content.decode()
    assertInHTML(
        '<p class="throttled-reason">Too many wrong passwords have been entered for this account, so actions that '
        "ask for it are paused for a while.</p>",
        content,
    )
    assertInHTML('<p class="throttled-retry">Try again in 15 minutes.</p>', content)
    assertInHTML(
        '<p class="throttled-way-on"><a href="/en/accounts/password_reset/">Forgot your password?</a></p>', content
    )
    assert AccessAttempt.objects.get().failures_since_start == 6
    admin.refresh_from_db()
    assert admin.check_password(PASSWORD)
    assert not admin.check_password(NEW)


def test_a_wrong_old_password_is_a_form_error_and_the_right_one_changes_the_password(client):
    admin = make_superuser("admin")
    client.force_login(admin)

    wrong = change(client, "wrong guess")
    right = change(client, PASSWORD)

    assert wrong.status_code == 200
    assert "Your old password was entered incorrectly. Please enter it again." in wrong.content.decode()
    assert (right.status_code, right["Location"]) == (302, "/admin/password_change/done/")
    admin.refresh_from_db()
    assert admin.check_password(NEW)


def test_wrong_old_passwords_on_the_admin_s_page_lock_the_admin_s_login_too(client):
    admin = make_superuser("admin")
    client.force_login(admin)
    for _ in range(6):
        change(client, "wrong guess")
    client.logout()

    response = client.post("/admin/login/", {"username": "admin", "password": PASSWORD})

    assert response.status_code == 429
