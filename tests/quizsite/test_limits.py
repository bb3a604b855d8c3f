"""Who the client is (quizsite.limits.client_address), for the login lock and the sign-up limit alike."""

import pytest
from django.test import RequestFactory

from quizsite.limits import address_key, client_address
from tests.factories import make_user
from tests.quizsite.test_login_limits import fail, log_in

PROXY = "10.0.0.2"


def request(**meta):
    return RequestFactory().get("/", REMOTE_ADDR=PROXY, **meta)


@pytest.mark.parametrize(
    ("forwarded_for", "address"),
    [
        ("203.0.113.7", "203.0.113.7"),
        # What the client sent itself comes first; the proxy appends the address it saw.
        ("198.51.100.6, 203.0.113.7", "203.0.113.7"),
        ("not-an-address, 2001:db8::1", "2001:db8::"),
        # A dual-stack proxy reports an IPv4 client as IPv4-mapped IPv6: counted as its IPv4 address.
        ("::ffff:203.0.113.7", "203.0.113.7"),
        ("203.0.113.7, garbage", PROXY),
        (None, PROXY),
    ],
)
def test_behind_the_proxy_the_address_is_the_last_one_forwarded(settings, forwarded_for, address):
    settings.BEHIND_PROXY = True
    meta = {} if forwarded_for is None else {"HTTP_X_FORWARDED_FOR": forwarded_for}

    assert client_address(request(**meta)) == address


def test_without_the_proxy_x_forwarded_for_is_ignored(settings):
    settings.BEHIND_PROXY = False

    assert client_address(request(HTTP_X_FORWARDED_FOR="203.0.113.7")) == PROXY


def test_an_ipv6_client_counts_by_its_64_network_for_logins_and_forms(settings):
    settings.BEHIND_PROXY = False

    assert client_address(RequestFactory().get("/", REMOTE_ADDR="2001:db8:1:2:aaaa::1")) == "2001:db8:1:2::"
    assert address_key("g", RequestFactory().get("/", REMOTE_ADDR="2001:db8:1:2:bbbb::9")) == "2001:db8:1:2::"
    assert address_key("g", RequestFactory().get("/", REMOTE_ADDR="192.0.2.1")) == "192.0.2.1"


@pytest.mark.django_db
def test_wrong_passwords_from_rotating_addresses_of_one_ipv6_network_lock_that_network(client):
    make_user()
    for number in range(21):
        fail(client, 1, username=f"guess{number}", REMOTE_ADDR=f"2001:db8:2:2::{number + 1}")

    same_network = log_in(client, REMOTE_ADDR="2001:db8:2:2:ffff::7")
    other_network = log_in(client, REMOTE_ADDR="2001:db8:2:3::7")

    assert (same_network.status_code, other_network.status_code) == (429, 302)


@pytest.mark.django_db
def test_behind_the_proxy_learners_do_not_share_the_proxy_s_lock(client, settings):
    settings.BEHIND_PROXY = True
    make_user()
    for number in range(21):
        fail(client, 1, username=f"guess{number}", HTTP_X_FORWARDED_FOR="203.0.113.66")

    attacker = log_in(client, HTTP_X_FORWARDED_FOR="203.0.113.66")
    learner = log_in(client, HTTP_X_FORWARDED_FOR="203.0.113.7")

    assert (attacker.status_code, learner.status_code) == (429, 302)
