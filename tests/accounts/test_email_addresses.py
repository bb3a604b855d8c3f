"""One account per e-mail address, and a changed address that takes effect once confirmed from a link sent to it."""

import re
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.db import IntegrityError, transaction
from django.test import RequestFactory
from django.urls import reverse
from django.utils import translation
from pytest_django.asserts import assertInHTML

from accounts.email_change import RedirectThenSend
from accounts.views import PasswordResetView, RateLimitedFormMixin
from tests.factories import PASSWORD, make_superuser, make_user
from tests.pages import elements, find, has_class, own_text, url

pytestmark = pytest.mark.django_db
User = get_user_model()
NEW_PASSWORD = "a new and longer passphrase 7"


def sign_up(client, username: str, email: str, language: str = "en", password2: str = NEW_PASSWORD):
    data = {"username": username, "email": email, "password1": NEW_PASSWORD, "password2": password2}
    return client.post(url("signup", language), data)


def change_email(client, address: str, language: str = "en"):
    return client.post(url("account", language), {"email": address, "password": PASSWORD}, follow=True)


def link_in(message) -> str:
    return re.search(r"http://testserver(/\S+/account/email/\S+/\S+/)", message.body).group(1)


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "Another account already uses this e-mail address."),
        ("fr", "Un autre compte utilise déjà cette adresse e-mail."),
        ("tr", "Bu e-posta adresini başka bir hesap kullanıyor."),
    ],
)
def test_sign_up_with_an_address_another_account_has_in_other_letters_is_refused_with_the_message(
    client, language, message
):
    make_user("alice", email="Alice@example.org")

    response = sign_up(client, "alice2", "alice@EXAMPLE.org", language)

    assert response.status_code == 200
    assert message in response.content.decode()
    assert list(User.objects.values_list("username", "email")) == [("alice", "Alice@example.org")]


def test_an_address_taken_by_a_concurrent_sign_up_gets_the_form_message_not_an_error(client):
    """Two sign-ups with one address at once: the form checked before the other request saved it."""

    def concurrent_sign_up_meanwhile(view, *, count):
        if count:  # called in form_valid, after the form's own check that the address is free
            make_user("bob", email="ADA@example.com")
        return None

    with mock.patch.object(RateLimitedFormMixin, "refused_by_rate_limit", concurrent_sign_up_meanwhile):
        response = sign_up(client, "ada", "ada@example.com", "fr")

    assert response.status_code == 200
    lists = find(response.content, has_class("errorlist"))
    errors = [own_text(item) for errors in lists for item in elements(errors, "li")]
    assert errors == ["Un autre compte utilise déjà cette adresse e-mail."]
    assert list(User.objects.values_list("username", flat=True)) == ["bob"]


def test_the_database_refuses_two_accounts_with_one_address_in_other_letters_but_not_two_without_one():
    make_user("alice", email="Alice@example.org")
    with pytest.raises(IntegrityError), transaction.atomic():
        make_user("alice2", email="alice@EXAMPLE.ORG")
    make_user("bob", email="")
    make_user("carol", email="")
    assert sorted(User.objects.values_list("username", flat=True)) == ["alice", "bob", "carol"]


def test_the_admin_refuses_an_address_another_account_has_on_the_field(client):
    make_user("alice", email="alice@example.org")
    bob = make_user("bob", email="bob@example.org")
    client.force_login(make_superuser())
    page = reverse("admin:accounts_user_change", args=[bob.pk])
    data = {"username": "bob", "email": "ALICE@example.org", "is_active": "on", "date_joined_0": "2026-12-01"}
    data["date_joined_1"] = "10:00:00"

    response = client.post(page, data)

    assert response.status_code == 200
    assert response.context["adminform"].form.errors == {"email": ["Another account already uses this e-mail address."]}
    bob.refresh_from_db()
    assert bob.email == "bob@example.org"


@pytest.mark.parametrize(
    ("language", "sent", "pending", "subject", "greeting"),
    [
        (
            "en",
            "We sent a link to new@example.org. Your e-mail address changes once you follow it.",
            "Waiting for confirmation: new@example.org. We sent a link to this address; your e-mail address "
            "changes once you follow it.",
            "Confirm your new Quizsite e-mail address",
            "Hello ada,",
        ),
        (
            "fr",
            "Nous avons envoyé un lien à new@example.org. Votre adresse e-mail changera quand vous l’aurez suivi.",
            "En attente de confirmation\u00a0: new@example.org. Nous avons envoyé un lien à cette adresse\u00a0; "
            "votre adresse e-mail changera quand vous l’aurez suivi.",
            "Confirmez votre nouvelle adresse e-mail Quizsite",
            "Bonjour ada,",
        ),
        (
            "tr",
            "new@example.org adresine bir bağlantı gönderdik. E-posta adresiniz, bağlantıyı açtığınızda değişecek.",
            "Onay bekleniyor: new@example.org. Bu adrese bir bağlantı gönderdik; e-posta adresiniz, bağlantıyı "
            "açtığınızda değişecek.",
            "Yeni Quizsite e-posta adresinizi onaylayın",
            "Merhaba ada,",
        ),
    ],
)
def test_a_changed_address_waits_for_the_link_sent_to_it_in_the_learners_language(
    client, language, sent, pending, subject, greeting
):
    ada = make_user("ada", email="ada@example.com")
    client.force_login(ada)

    response = change_email(client, "new@example.org", language)

    assert response.redirect_chain == [(f"/{language}/account/", 302)]
    page = response.content.decode()
    assert sent in page
    assertInHTML(f'<p class="pending-email">{pending}</p>', page)
    ada.refresh_from_db()
    assert (ada.email, ada.pending_email) == ("ada@example.com", "new@example.org")
    assert [(message.to, message.subject) for message in mail.outbox] == [(["new@example.org"], subject)]
    assert mail.outbox[0].body.startswith(greeting)
    link = link_in(mail.outbox[0])
    assert link.startswith(f"/{language}/account/email/")

    asked = client.get(link)
    ada.refresh_from_db()
    assert asked.status_code == 200
    assert ada.email == "ada@example.com"  # opening the link (a mail scanner may) changes nothing

    confirmed = client.post(link)
    assert confirmed.status_code == 200
    ada.refresh_from_db()
    assert (ada.email, ada.pending_email) == ("new@example.org", "")
    assert "pending-email" not in client.get(url("account", language)).content.decode()


def test_the_link_confirms_once_and_then_says_it_is_no_longer_valid(client):
    client.force_login(make_user("ada", email="ada@example.com"))
    change_email(client, "new@example.org")
    link = link_in(mail.outbox[0])
    assert "Your e-mail address is now new@example.org." in client.post(link).content.decode()

    again = client.post(link)

    assert again.status_code == 400
    assertInHTML(
        "<p>This link is no longer valid: it has been used already, or it is too old. Ask for a new one.</p>",
        again.content.decode(),
    )
    assert User.objects.get(username="ada").email == "new@example.org"


@pytest.mark.parametrize("part", ["token", "uid"])
def test_a_tampered_link_is_refused_and_changes_nothing(client, part):
    ada = make_user("ada", email="ada@example.com")
    make_user("bob", email="bob@example.com")
    client.force_login(ada)
    change_email(client, "new@example.org")
    link = link_in(mail.outbox[0])
    prefix, uidb64, token = link.rstrip("/").rsplit("/", 2)
    tampered = f"{prefix}/{uidb64}/{token[:-1]}{'a' if token[-1] != 'a' else 'b'}/" if part == "token" else link
    if part == "uid":
        tampered = link.replace(f"/{uidb64}/", "/Mg/")  # bob's id, 2, with ada's token

    for response in (client.get(tampered), client.post(tampered)):
        assert response.status_code == 400
        assert "This link is no longer valid" in response.content.decode()
    assert sorted(User.objects.values_list("username", "email", "pending_email")) == [
        ("ada", "ada@example.com", "new@example.org"),
        ("bob", "bob@example.com", ""),
    ]


def test_an_earlier_link_dies_when_another_address_is_asked_for(client):
    ada = make_user("ada", email="ada@example.com")
    client.force_login(ada)
    change_email(client, "first@example.org")
    change_email(client, "second@example.org")
    first, second = (link_in(message) for message in mail.outbox)

    assert client.post(first).status_code == 400
    assert client.post(second).status_code == 200
    ada.refresh_from_db()
    assert ada.email == "second@example.org"


def test_an_address_another_account_has_gets_the_same_page_and_a_mail_without_a_link(client):
    make_user("bob", email="bob@example.org")
    ada = make_user("ada", email="ada@example.com")
    client.force_login(ada)

    taken = change_email(client, "BOB@example.org")
    free = change_email(client, "free@example.org")

    assert taken.redirect_chain == free.redirect_chain == [("/en/account/", 302)]
    assert "We sent a link to BOB@example.org. Your e-mail address changes once you follow it." in (
        taken.content.decode()
    )
    assert [(message.to, message.subject) for message in mail.outbox] == [
        (["BOB@example.org"], "Your e-mail address on Quizsite"),
        (["free@example.org"], "Confirm your new Quizsite e-mail address"),
    ]
    note = mail.outbox[0].body
    assert "Another account already uses it, so nothing was changed." in note
    assert "http://testserver/en/accounts/password_reset/" in note
    assert "/account/email/" not in note
    assert User.objects.get(username="ada").email == "ada@example.com"


def test_an_address_taken_between_the_request_and_the_confirmation_is_refused(client):
    ada = make_user("ada", email="ada@example.com")
    client.force_login(ada)
    change_email(client, "new@example.org")
    make_user("bob", email="New@example.org")

    response = client.post(link_in(mail.outbox[0]))

    assert response.status_code == 400
    assert "Another account uses this e-mail address now, so it was not added to yours." in response.content.decode()
    assert User.objects.get(username="ada").email == "ada@example.com"


def test_the_old_address_still_resets_the_password_until_the_new_one_is_confirmed(client):
    ada = make_user("ada", email="ada@example.com")
    client.force_login(ada)
    change_email(client, "ada@exmaple.com")  # a typo
    mail.outbox.clear()

    client.post(url("password_reset"), {"email": "ada@example.com"})

    assert [message.to for message in mail.outbox] == [["ada@example.com"]]


def test_removing_the_address_takes_effect_at_once_and_cancels_a_pending_change(client):
    ada = make_user("ada", email="ada@example.com")
    client.force_login(ada)
    change_email(client, "new@example.org")

    response = change_email(client, "")

    assert "Your e-mail address was removed." in response.content.decode()
    ada.refresh_from_db()
    assert (ada.email, ada.pending_email) == ("", "")
    assert client.post(link_in(mail.outbox[0])).status_code == 400


def test_typing_the_current_address_again_cancels_a_pending_change(client):
    ada = make_user("ada", email="ada@example.com")
    client.force_login(ada)
    change_email(client, "new@example.org")

    response = change_email(client, "ada@example.com")

    assert "Your e-mail address was saved." in response.content.decode()
    ada.refresh_from_db()
    assert (ada.email, ada.pending_email) == ("ada@example.com", "")
    assert len(mail.outbox) == 1


def password_reset(address: str) -> RedirectThenSend:
    request = RequestFactory().post("/en/accounts/password_reset/", {"email": address})
    request._dont_enforce_csrf_checks = True  # as the test client does
    with translation.override("en"):
        return PasswordResetView.as_view()(request)


def test_password_reset_answers_alike_for_a_known_and_an_unknown_address_and_mails_after_the_answer():
    """The same response, and nothing sent before it has gone (the WSGI server's close()): no time to tell."""
    make_user("ada", email="ada@example.com")

    known, unknown = password_reset("ada@example.com"), password_reset("nobody@example.com")

    assert (known.status_code, known["Location"], known.content) == (302, "/en/accounts/password_reset/done/", b"")
    assert (unknown.status_code, unknown["Location"], unknown.content) == (known.status_code, known["Location"], b"")
    assert sorted(known.headers) == sorted(unknown.headers)
    assert mail.outbox == []
    known.close()
    unknown.close()
    assert [message.to for message in mail.outbox] == [["ada@example.com"]]


def test_a_confirmation_e_mail_that_cannot_be_sent_is_logged_after_the_answer(client, settings, caplog):
    settings.MAILERS = {"default": {"BACKEND": "tests.accounts.test_email_addresses.BrokenBackend"}}
    client.force_login(make_user("ada", email="ada@example.com"))

    response = client.post(url("account"), {"email": "new@example.org", "password": PASSWORD})

    assert (response.status_code, response["Location"]) == (302, "/en/account/")
    assert ("accounts.email_change", "An e-mail could not be sent.") in [
        (record.name, record.getMessage()) for record in caplog.records
    ]
    assert User.objects.get(username="ada").pending_email == "new@example.org"


class BrokenBackend:
    def __init__(self, *args, **kwargs):
        pass

    def send_messages(self, messages):
        raise ConnectionRefusedError("no SMTP server")


def test_an_address_is_sent_three_e_mails_an_hour_whichever_accounts_ask_and_each_sees_the_same_page(client):
    """The account page's change of address sends an e-mail to an address of the learner's choosing: counted per
    target address with the password reset's e-mails, so no mailbox is flooded through the site."""
    make_user("victim", email="victim@example.net")
    mallory, trudy = make_user("mallory"), make_user("trudy")

    pages = []
    for learner, address in [
        (mallory, "VICTIM@example.net"),
        (trudy, "victim@example.NET"),
        (mallory, "victim@example.net"),
        (trudy, "Victim@Example.net"),
    ]:
        client.force_login(learner)
        pages.append(change_email(client, address))
    client.logout()
    reset = client.post(url("password_reset", "en"), {"email": "victim@example.net"})

    assert [page.redirect_chain for page in pages] == [[("/en/account/", 302)]] * 4
    assert "We sent a link to Victim@example.net. Your e-mail address changes once you follow it." in (
        pages[3].content.decode()
    )
    assert reset.status_code == 302
    assert [message.to for message in mail.outbox] == [
        ["VICTIM@example.net"],
        ["victim@example.net"],
        ["victim@example.net"],
    ]
    assert User.objects.get(username="trudy").pending_email == "Victim@example.net"


def test_an_account_asks_for_five_changes_of_address_an_hour_then_gets_the_429_page(client):
    ada = make_user("ada", email="ada@example.com")
    client.force_login(ada)

    statuses = [
        client.post(url("account", "fr"), {"email": f"new{n}@example.org", "password": PASSWORD}).status_code
        for n in range(6)
    ]

    assert statuses == [302] * 5 + [429]
    refused = client.post(url("account", "fr"), {"email": "new9@example.org", "password": PASSWORD})
    assert "Trop de changements d’adresse e-mail ont été demandés pour ce compte." in refused.content.decode()
    assert [message.to for message in mail.outbox] == [[f"new{n}@example.org"] for n in range(5)]
    assert User.objects.get(username="ada").pending_email == "new4@example.org"


def test_sign_up_with_another_accounts_address_spelled_in_full_width_letters_is_refused(client):
    """``ｅxample`` (full-width e) is ``example`` for every mail server: one mailbox, one account."""
    make_user("cf1", email="shared@example.net")

    response = sign_up(client, "fw1", "shared@\uff45xample.net")

    assert response.status_code == 200
    assert "Another account already uses this e-mail address." in response.content.decode()
    assert list(User.objects.values_list("username", flat=True)) == ["cf1"]


def test_a_mailbox_spelled_many_ways_is_sent_three_e_mails_an_hour_and_stored_in_one_spelling(client):
    make_user("victim", email="victim@example.com")
    flooder = make_user("flooder")
    client.force_login(flooder)

    for address in [
        "victim@\uff45xample.com",
        "victim@EXAMPLE.com",
        "victim@example.\uff43om",
        "victim@exa\uff4dple.com",
    ]:
        change_email(client, address)

    assert [message.to for message in mail.outbox] == [["victim@example.com"]] * 3
    assert User.objects.get(username="flooder").pending_email == "victim@example.com"


def test_a_new_address_is_stored_with_its_domain_as_mail_servers_read_it(client):
    ada = make_user("ada", email="ada@example.com")
    client.force_login(ada)

    change_email(client, "Ada.New@B\u00dccher.EXAMPLE")
    confirmed = client.post(link_in(mail.outbox[0]), follow=True)

    assert confirmed.status_code == 200
    assert User.objects.get(username="ada").email == "Ada.New@b\u00fccher.example"
    assert User.objects.with_email("ada.new@xn--bcher-kva.example").get().username == "ada"
