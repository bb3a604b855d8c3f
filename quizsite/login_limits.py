"""The login limits: which wrong passwords lock what, for how long, and the page that says so.

django-axes records every wrong password (the site's login, the admin's, and a password asked again while logged
in) as rows of the database, one per username, client address and browser, and refuses a locked login before
any password is hashed. ``LoginLimitsHandler`` decides what is locked, with three limits (settings "Throttling"):

- a username from one address, after ``LOGIN_FAILURE_LIMIT`` wrong passwords: a learner who mistypes that many
  times may still log in; one more locks that username from that address only;
- a username from everywhere, after ``LOGIN_USERNAME_LIMIT``: guessing one account from many addresses;
- an address, once its wrong passwords touch more than ``LOGIN_SPRAY_LIMIT`` usernames (password spraying):
  every login from it is then refused, since telling a right password from a wrong one would go on answering
  the sprayer's guesses. Learners behind one school router each mistype their own username, and a successful
  login forgets its username's failures, so a class does not reach it.

Each failure counts until ``AXES_COOLOFF_TIME`` after the last one of its row; tries while locked are not counted.
"""

import math
from dataclasses import dataclass
from datetime import datetime, timedelta

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username
from axes.models import AccessAttempt
from axes.utils import reset as axes_reset
from django.conf import settings
from django.contrib.auth import authenticate, get_user_model
from django.contrib.auth.signals import user_logged_in
from django.db.models import Q
from django.db.models.signals import post_delete
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from quizsite.limits import throttled_response


@dataclass(frozen=True)
class LoginLock:
    """One login limit that a login is over.

    Attributes:
        kind: ``"account"`` (the username, from this address or from everywhere) or ``"address"`` (the client
            address, for spraying).
        lifts_at: when enough of the failures behind it have aged out that it no longer holds.
    """

    kind: str
    lifts_at: datetime


def _lifts_at(failures: list[tuple[datetime, int]], limit: int, cool_off: timedelta) -> datetime | None:
    """When a count over ``limit`` falls back to it, or None when it is not over.

    Args:
        failures: ``(time, weight)`` pairs, each counting ``weight`` until ``time + cool_off``.
        limit: the most that is allowed.
        cool_off: how long a failure counts.
    """
    total = 0
    # Newest first: the row that takes the count over the limit, and every older one, must age out.
    for time, weight in sorted(failures, key=lambda failure: failure[0], reverse=True):
        total += weight
        if total > limit:
            return time + cool_off
    return None


def login_locks(username: str | None, ip_address: str | None, *, now: datetime | None = None) -> list[LoginLock]:
    """The login limits that a login for ``username`` from ``ip_address`` is over now (settings "Throttling").

    One query: the failures of the cool-off for that username or from that address.

    Args:
        username: the username tried, as recorded (``tried_username``); None when none was sent.
        ip_address: the client's address (``quizsite.limits.client_address``).
        now: the time of the login; the current time by default.

    Returns:
        The locks that hold, possibly none.
    """
    cool_off: timedelta = settings.AXES_COOLOFF_TIME
    now = now or timezone.now()
    ip_address = ip_address or None  # no address known: stored as NULL (GenericIPAddressField)
    rows = AccessAttempt.objects.filter(
        Q(username=username) | Q(ip_address=ip_address), attempt_time__gt=now - cool_off
    ).values_list("username", "ip_address", "failures_since_start", "attempt_time")
    pair, of_username, latest_by_username = [], [], {}
    for row_username, row_address, failures, time in rows:
        if row_username == username:
            of_username.append((time, failures))
            if row_address == ip_address:
                pair.append((time, failures))
        if row_address == ip_address:
            latest_by_username[row_username] = max(time, latest_by_username.get(row_username, time))
    usernames_tried = [(time, 1) for time in latest_by_username.values()]
    candidates = [
        ("account", _lifts_at(pair, settings.LOGIN_FAILURE_LIMIT, cool_off)),
        ("account", _lifts_at(of_username, settings.LOGIN_USERNAME_LIMIT, cool_off)),
        ("address", _lifts_at(usernames_tried, settings.LOGIN_SPRAY_LIMIT, cool_off)),
    ]
    return [LoginLock(kind, lifts_at) for kind, lifts_at in candidates if lifts_at is not None]


class LoginLimitsHandler(AxesDatabaseHandler):
    """django-axes' database handler (``AXES_HANDLER``) with the site's three limits instead of its single one.

    django-axes compares ``get_failures`` with ``AXES_FAILURE_LIMIT`` (1) before authenticating and after each
    failure; here it is the number of limits the login is over (``login_locks``).
    """

    def get_failures(self, request: HttpRequest, credentials: dict | None = None) -> int:
        username = get_client_username(request, credentials)
        return len(login_locks(username, request.axes_ip_address, now=request.axes_attempt_time))


def tried_username(request: HttpRequest, credentials: dict | None) -> str | None:
    """The username a login tried, as django-axes records it (``AXES_USERNAME_CALLABLE``): cut to the longest a
    username can be, so that a longer one typed into the form fits axes' column instead of ending in a database
    error; no account has a longer name, so nothing is conflated that could log in.

    Args:
        request: the login request.
        credentials: what ``authenticate()`` was given (``{"username": …}``), or None.
    """
    username = (credentials or {}).get("username") or request.POST.get("username")
    if not isinstance(username, str):
        return username
    return username[: get_user_model()._meta.get_field("username").max_length]


@receiver(user_logged_in)
def forget_failures_of_username(sender, request: HttpRequest, user, **kwargs) -> None:
    """After a successful login (or sign-up, which logs in), clear the failures counted against that username.

    Only the username's, from every address: other usernames tried from the same address stay counted, so that
    logging into an account of one's own does not reset guesses at others (``AXES_RESET_ON_SUCCESS`` is off for
    that reason).
    """
    axes_reset(username=user.get_username())


@receiver(post_delete, sender=settings.AUTH_USER_MODEL)
def forget_failures_of_deleted_account(sender, instance, **kwargs) -> None:
    """A deleted account leaves no failed-login records under its username (deleted by the learner or in the
    admin): the site keeps nothing about a learner once their account is gone."""
    axes_reset(username=instance.get_username())


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials: dict | None = None
) -> HttpResponse:
    """django-axes' answer to a refused login (``AXES_LOCKOUT_CALLABLE``): the 429 page, with the time until the
    lock that lasts longest lifts and what it locks (the account or the address).

    Args:
        request: the refused login request, with the attributes django-axes sets (``axes_ip_address``).
        original_response: the login page the view rendered, replaced by this one.
        credentials: what was tried, as django-axes passes it.
    """
    now = timezone.now()
    username = get_client_username(request, credentials)
    locks = login_locks(username, getattr(request, "axes_ip_address", None), now=now)
    last = max(locks, key=lambda lock: lock.lifts_at, default=LoginLock("account", now + settings.AXES_COOLOFF_TIME))
    # Logged in already: a password asked again (deleting the account, changing the e-mail or password).
    action = "password_check" if request.user.is_authenticated else "login"
    seconds = math.ceil((last.lifts_at - now).total_seconds())
    return throttled_response(request, action=action, seconds=seconds, lock=last.kind)


def password_confirmed(request: HttpRequest, user, password: str) -> bool:
    """Check the logged-in ``user``'s password the way a login does, for forms that ask for it again.

    Through ``authenticate()``, so that django-axes counts a wrong password as a failed login and refuses every
    check while the login is locked (its middleware then answers with the 429 page): a stolen session cannot be
    used to guess the password at speed, nor to load the server with hashing.

    Args:
        request: the form's request (django-axes needs it).
        user: the logged-in user.
        password: what was typed.

    Returns:
        True when ``password`` is the user's and the login is not locked.
    """
    return authenticate(request, username=user.get_username(), password=password) == user
