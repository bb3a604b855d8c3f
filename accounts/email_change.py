"""A changed e-mail address takes effect only once confirmed from a link sent to it.

The new address waits in ``User.pending_email``; the link carries a token of Django's own kind (the password reset
token's, ``PasswordResetTokenGenerator``) made from the account, its current address, the pending one and the
time. So a link expires with ``PASSWORD_RESET_TIMEOUT``, works once (confirming changes the current address), and
dies when the address or the pending one changes in between. Until then the old address stays, and a mistyped one
does not break the learner's password reset.

An address that another account uses gets the same answer on the page, and an e-mail that says someone tried to
use it, with no link: the form cannot be used to find out whose an address is. Confirming checks again.

Chosen over django-allauth, which confirms and limits addresses too: the site extends Django's auth views and
templates (sign-up, login, password reset, the account page), and allauth would replace those pages, their
templates and their translations wholesale for one feature that Django's own pieces (a token generator, a
unique constraint, ``send_mail``) give in a page of code.
"""

import logging
from collections.abc import Callable

from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponseRedirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_decode, urlsafe_base64_encode
from django.utils.translation import gettext as _

from accounts.models import User

logger = logging.getLogger(__name__)


class EmailConfirmationTokenGenerator(PasswordResetTokenGenerator):
    """Tokens for e-mail confirmation links: Django's password reset tokens, under their own salt (a reset token
    is no confirmation token, nor the reverse), and made from what the confirmation changes."""

    key_salt = "accounts.email_change.EmailConfirmationTokenGenerator"

    def _make_hash_value(self, user: User, timestamp: int) -> str:
        return f"{user.pk}\n{user.email}\n{user.pending_email}\n{timestamp}"


email_confirmation_token = EmailConfirmationTokenGenerator()


class EmailChangeRefused(Exception):
    """A confirmation that cannot take effect; ``message`` says why, for the learner."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class RedirectThenSend(HttpResponseRedirect):
    """A redirect that sends e-mail once the response has been written to the client.

    The WSGI server calls ``close()`` after the last byte (Django's test client too), so the time an SMTP server
    takes is no part of the answer's time, and an answer that sends an e-mail cannot be told by its time from one
    that does not (a password reset for an unknown address). A failure to send is logged, as nothing can be
    answered any more.

    Args:
        url: where to redirect.
        send: does the sending (no arguments); run in the language active now.
    """

    def __init__(self, url: str, *, send: Callable[[], object]):
        super().__init__(url)
        self._send = send
        self._language = translation.get_language()

    def close(self) -> None:
        # Before Django's own close(), whose request_finished signal closes the database connection.
        send, self._send = self._send, None
        try:
            if send is not None:
                with translation.override(self._language):
                    send()
        except Exception:
            logger.exception("An e-mail could not be sent.")
        finally:
            super().close()


def email_change_request(*, request: HttpRequest, user: User, address: str) -> Callable[[], None]:
    """Ask for ``user``'s address to become ``address``: keep it as pending, and return what sends its e-mail.

    Args:
        request: the account page's POST (its host and scheme make the link; its language, the e-mail's).
        user: the logged-in account; ``pending_email`` is saved at once.
        address: the new address, valid and different from the current one.

    Returns:
        A function of no arguments that sends the e-mail to ``address``: the link when no other account uses
        the address, else a note that someone tried to use it. Call it after the response (``RedirectThenSend``).
    """
    user.pending_email = address
    user.save(update_fields=["pending_email"])
    context = {"username": user.get_username(), "address": address, "site": request.get_host()}
    if User.objects.with_email(address).exclude(pk=user.pk).exists():
        context["link"] = request.build_absolute_uri(reverse("password_reset"))
        template = "accounts/email_taken"
    else:
        uidb64 = urlsafe_base64_encode(force_bytes(user.pk))
        path = reverse("email_confirm", kwargs={"uidb64": uidb64, "token": email_confirmation_token.make_token(user)})
        context["link"] = request.build_absolute_uri(path)
        template = "accounts/email_confirm"

    def send() -> None:
        subject = "".join(render_to_string(f"{template}_subject.txt", context).splitlines())
        send_mail(subject, render_to_string(f"{template}_email.txt", context), None, [address])

    return send


def email_change_check(*, uidb64: str, token: str) -> User:
    """The account whose pending address the link ``uidb64``/``token`` confirms.

    Raises:
        EmailChangeRefused: no such account, or the link is invalid, tampered with, used already, too old or
            superseded by a later change.
    """
    try:
        user = User.objects.get(pk=urlsafe_base64_decode(uidb64).decode())
    except (ValueError, TypeError, OverflowError, UnicodeDecodeError, User.DoesNotExist):
        user = None
    if user is None or not user.pending_email or not email_confirmation_token.check_token(user, token):
        raise EmailChangeRefused(
            _("This link is no longer valid: it has been used already, or it is too old. Ask for a new one.")
        )
    return user


def email_change_confirm(*, uidb64: str, token: str) -> str:
    """Make the pending address of the account that the link names its address (``email_change_check``).

    Returns:
        The address now on the account.

    Raises:
        EmailChangeRefused: the link is not valid (``email_change_check``), or another account has taken the
            address since it was asked for. Nothing is changed then.
    """
    user = email_change_check(uidb64=uidb64, token=token)
    address = user.pending_email
    taken = _("Another account uses this e-mail address now, so it was not added to yours.")
    if User.objects.with_email(address).exclude(pk=user.pk).exists():
        raise EmailChangeRefused(taken)
    user.email, user.pending_email = address, ""
    try:
        with transaction.atomic():
            user.save(update_fields=["email", "pending_email"])
    except IntegrityError:  # taken by a concurrent confirmation or sign-up since the check above
        raise EmailChangeRefused(taken) from None
    return address
