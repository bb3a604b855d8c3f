from django.conf import settings
from django.contrib.auth.models import AbstractUser, UserManager
from django.contrib.sessions.models import Session
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from quizsite.addresses import mailbox
from quizsite.timezones import validate_time_zone

#: The message for an e-mail address that another account has, on every form that can set one (sign-up, admin).
EMAIL_TAKEN = _("Another account already uses this e-mail address.")


class AccountManager(UserManager):
    """Django's user manager, and the one question about addresses that every form asks."""

    @classmethod
    def normalize_email(cls, email: str | None) -> str:
        """The address as it is stored: its domain canonical (``quizsite.addresses.mailbox``), so that spellings
        of one mailbox (``ＥXAMPLE.com`` in full-width letters, ``EXAMPLE.com``) are one address. Django calls it
        when an account is created and in ``User.clean()`` (every model form of the user)."""
        return mailbox(email or "")

    def with_email(self, address: str) -> models.QuerySet:
        """The accounts whose address is ``address``, compared as ``email_unique_ci`` compares them (SQL
        ``LOWER``, which is how people compare addresses; the part before the ``@`` is case-sensitive only in
        theory, and no provider treats it so), after the domain is made canonical as stored
        (``normalize_email``). Empty for ``""``: many accounts have no address."""
        if not address:
            return self.none()
        address = self.normalize_email(address)
        return self.annotate(email_lower=Lower("email")).filter(email_lower=Lower(models.Value(address)))


class User(AbstractUser):
    """A learner's, author's or administrator's account (``AUTH_USER_MODEL``).

    Django's own user, kept as the project's model from the first release so that fields can be added later
    without swapping the user model under a live database (Django's advice for every new project). The e-mail
    address is optional: it is asked at sign-up and needed only to reset a forgotten password. One account per
    address (``email_unique_ci``), so that a reset request sends one e-mail and names one account. A changed
    address waits in ``pending_email`` until it is confirmed from a link sent to it (``accounts.email_change``).
    ``time_zone`` is the IANA zone the learner chose on the account page ("Europe/Istanbul"), or empty: their
    times are then shown in their browser's zone or the site's, labelled (``quizsite.timezones``).
    """

    # The database's default too: during a rolling upgrade, the previous release's code creates accounts without
    # naming this column (README, "Upgrading").
    pending_email = models.EmailField(
        _("e-mail address waiting for confirmation"),
        blank=True,
        default="",
        db_default="",
        help_text=_("The address the learner asked to change to; it replaces the e-mail address once confirmed."),
    )

    # 63: room for any IANA name (the longest today has 32 characters). The database's default too, as for
    # pending_email: rows written without naming the column (the previous release's code during a rolling
    # upgrade, the benchmark's COPY) get "", no zone chosen.
    time_zone = models.CharField(
        _("time zone"), max_length=63, blank=True, default="", db_default="", validators=[validate_time_zone]
    )

    objects = AccountManager()

    class Meta(AbstractUser.Meta):
        swappable = "AUTH_USER_MODEL"
        verbose_name = _("user")
        verbose_name_plural = _("users")
        constraints = [
            models.UniqueConstraint(
                Lower("email"),
                condition=~Q(email=""),
                name="email_unique_ci",
                violation_error_message=EMAIL_TAKEN,
                violation_error_code="email_taken",
            )
        ]


class LoginSession(models.Model):
    """A session that some login started for ``user``: the way to end every session of an account when it is
    deleted (``accounts.sessions``), in the database and in the cache, since Django's sessions do not say whose
    they are without decoding each one. The row goes with its session (``clearsessions``, logout)."""

    session = models.OneToOneField(Session, on_delete=models.CASCADE, primary_key=True, verbose_name=_("session"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="login_sessions", verbose_name=_("user")
    )

    class Meta:
        verbose_name = _("login session")
        verbose_name_plural = _("login sessions")
        ordering = ["user", "session"]

    def __str__(self) -> str:
        return f"{self.user} ({self.session_id[:8]}…)"
