"""The sign-up limit (django-ratelimit, ``FORM_RATES["signup"]``: 60 an hour per client address), in the cache."""

import math

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from pytest_django.asserts import assertInHTML

from tests.pages import attributes, elements

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse 31 battery"


def sign_up(username: str, lang: str = "en", password2: str = PASSWORD, **extra):
    """Sign up from a new browser (a logged-in one is sent on before the form)."""
    return Client().post(
        f"/{lang}/accounts/signup/",
        {"username": username, "password1": PASSWORD, "password2": password2},
        **extra,
    )


def usernames() -> list[str]:
    return sorted(get_user_model().objects.values_list("username", flat=True))


def test_the_61st_account_from_one_address_in_an_hour_is_refused_with_429_saying_when_to_come_back():
    """A class of 40 signs up together, with room for another in the hour; a script making accounts is stopped."""
    statuses = [sign_up(f"learner{number:02}").status_code for number in range(1, 61)]

    response = sign_up("learner61")

    assert statuses == [302] * 60
    assert response.status_code == 429
    content = response.content.decode()
    assertInHTML('<p class="throttled-reason">Too many accounts have been created from your network.</p>', content)
    retry = [
        paragraph for paragraph in elements(content, "p") if attributes(paragraph).get("class") == "throttled-retry"
    ]
    seconds = int(response["Retry-After"])
    minutes = math.ceil(seconds / 60)
    assert 1 <= seconds <= 3600
    assert [str(paragraph.children[0]) for paragraph in retry] == [
        f"Try again in {minutes} minute{'' if minutes == 1 else 's'}."
    ]
    assert usernames() == [f"learner{number:02}" for number in range(1, 61)]


@pytest.mark.parametrize(
    ("lang", "reason"),
    [
        ("fr", "Trop de comptes ont été créés depuis votre réseau."),
        ("tr", "Ağınızdan çok fazla hesap oluşturuldu."),
    ],
)
def test_sign_up_refusal_is_in_the_page_language(lang, reason, settings):
    settings.FORM_RATES = {**settings.FORM_RATES, "signup": "5/h"}
    for number in range(5):
        sign_up(f"learner{number}", lang)

    response = sign_up("one-more", lang)

    assert response.status_code == 429
    assertInHTML(f'<p class="throttled-reason">{reason}</p>', response.content.decode())


def test_another_address_may_still_sign_up(settings):
    settings.FORM_RATES = {**settings.FORM_RATES, "signup": "5/h"}
    for number in range(5):
        sign_up(f"learner{number}")

    response = sign_up("elsewhere", REMOTE_ADDR="192.0.2.77")

    assert response.status_code == 302
    assert "elsewhere" in usernames()


def test_forms_with_mistakes_do_not_count(settings):
    settings.FORM_RATES = {**settings.FORM_RATES, "signup": "5/h"}
    mistakes = [sign_up(f"typo{number}", password2="something else").status_code for number in range(5)]

    statuses = [sign_up(f"learner{number}").status_code for number in range(5)]

    assert mistakes == [200] * 5
    assert statuses == [302] * 5


def test_asking_whether_usernames_are_taken_counts_as_signing_up(settings):
    """A taken username is refused with "already exists" even when the passwords differ: each such answer
    counts, so the form cannot be used to list usernames faster than accounts can be made."""
    settings.FORM_RATES = {**settings.FORM_RATES, "signup": "5/h"}
    for name in ("ada", "bob", "cem", "dee", "eve", "fay"):
        get_user_model().objects.create_user(username=name, password=PASSWORD)
    probes = [sign_up(name, password2="mismatch").status_code for name in ("ada", "bob", "cem", "dee", "eve")]

    sixth = sign_up("fay", password2="mismatch")
    new_name = sign_up("newcomer")

    assert probes == [200] * 5
    assert (sixth.status_code, new_name.status_code) == (429, 429)
    assertInHTML(
        '<p class="throttled-reason">Too many accounts have been created from your network.</p>',
        sixth.content.decode(),
    )


def test_behind_the_proxy_each_forwarded_address_has_its_own_limit(settings):
    settings.FORM_RATES = {**settings.FORM_RATES, "signup": "5/h"}
    settings.BEHIND_PROXY = True
    for number in range(5):
        sign_up(f"learner{number}", HTTP_X_FORWARDED_FOR="203.0.113.7")

    same_client = sign_up("again", HTTP_X_FORWARDED_FOR="203.0.113.7")
    other_client = sign_up("other", HTTP_X_FORWARDED_FOR="203.0.113.8")

    assert (same_client.status_code, other_client.status_code) == (429, 302)


def test_sign_ups_that_find_a_username_or_an_address_taken_count_against_the_limit(settings):
    """Whether an account exists is not for asking at speed: a form that says so counts, mistakes or not."""
    settings.FORM_RATES = {**settings.FORM_RATES, "signup": "3/h"}
    get_user_model().objects.create_user("ada", email="ada@example.com", password=PASSWORD)
    taken_username = [sign_up("ada", password2="mismatched").status_code for _ in range(2)]
    taken_address = Client().post(
        "/en/accounts/signup/",
        {"username": "bob", "email": "ADA@example.com", "password1": PASSWORD, "password2": PASSWORD},
    )

    refused = sign_up("carol")

    assert taken_username == [200, 200]
    assert taken_address.status_code == 200
    assert refused.status_code == 429
    assert usernames() == ["ada"]
