"""Which mailbox an e-mail address reaches (quizsite.addresses.mailbox)."""

import pytest

from quizsite.addresses import mailbox


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("victim@\uff45xample.com", "victim@example.com"),  # a full-width e
        ("victim@EXAMPLE.COM", "victim@example.com"),
        ("Victim@Example.com", "Victim@example.com"),  # the part before the @ as typed
        ("v@xn--bcher-kva.example", "v@b\u00fccher.example"),  # punycode and Unicode: one domain
        ("v@B\u00fccher.example", "v@b\u00fccher.example"),
        ("  ada@example.org \n", "ada@example.org"),
        ("", ""),
        ("no-at-sign", "no-at-sign"),
        ("a@b..c", "a@b..c"),  # refused by the codec (an empty label): case-folded only
    ],
)
def test_an_address_is_written_with_its_domain_as_mail_servers_read_it(typed, stored):
    assert mailbox(typed) == stored
