"""Login throttling and the sign-up limit: whose tries they count, and the page that refuses one.

django-axes counts wrong passwords per username and per client address and refuses a locked-out login before a
password is hashed (settings, "Throttling"); django-ratelimit counts new accounts and password reset e-mails
per client address in the shared cache. Both ask ``client_address`` who the client is, and both refuse with
``throttled_response``.
"""

import ipaddress
import math
from datetime import timedelta

from axes.helpers import get_client_username
from axes.models import AccessAttempt
from axes.utils import reset as axes_reset
from django.conf import settings
from django.contrib.auth import authenticate, get_user_model
from django.contrib.auth.signals import user_logged_in
from django.db.models import Max, Q
from django.db.models.signals import post_delete
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django_ratelimit.core import get_usage


def client_address(request: HttpRequest) -> str:
    """The address that throttling counts for the client that sent ``request``, as the one trusted proxy saw it.

    With ``DJANGO_BEHIND_PROXY=1`` that is the last entry of ``X-Forwarded-For``: the proxy in front appends the
    address it received the request from, after whatever the client itself sent in that header, so only the
    last entry is the proxy's word. Otherwise, or when that entry is missing or not an address, it is
    ``REMOTE_ADDR``. Without this, every learner behind the proxy would share the proxy's address, and one
    lock. An IPv6 client counts by its /64 network, written as the network's first address: one subscriber is
    usually given a whole /64, and counting single addresses would let it try from billions of them.
    Used by django-axes (``AXES_CLIENT_IP_CALLABLE``) and by the form rate limits.

    Args:
        request: the incoming request.

    Returns:
        An IPv4 address (also for an IPv4-mapped IPv6 one), or the first address of an IPv6 /64, in normal text
        form, e.g. ``"203.0.113.7"`` or ``"2001:db8:1:2::"``; ``""`` when none is known.
    """
    candidates = [request.META.get("REMOTE_ADDR", "")]
    if settings.BEHIND_PROXY:
        candidates.insert(0, request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")[-1].strip())
    for candidate in candidates:
        try:
            address = ipaddress.ip_address(candidate)
        except ValueError:
            continue
        if address.version == 6 and address.ipv4_mapped:
            # ::ffff:203.0.113.7, as a dual-stack server or proxy reports an IPv4 client.
            return str(address.ipv4_mapped)
        if address.version == 6:
            return str(ipaddress.ip_network(f"{address}/64", strict=False).network_address)
        return str(address)
    return ""


def address_key(group: str, request: HttpRequest) -> str:
    """django-ratelimit's key for the forms it limits: ``client_address``.

    Args:
        group: the rate limit's group (unused: one key for every group).
        request: the incoming request.
    """
    return client_address(request)


def form_seconds_left(request: HttpRequest, *, action: str, count: bool) -> int | None:
    """Whether the client may send the form of ``action`` now, by ``settings.FORM_RATES[action]`` per address.

    Args:
        request: the form's POST.
        action: ``"signup"`` (accounts created), ``"password_reset"`` (reset e-mails asked for) or ``"guest"``
            (guests made: visitors without an account who start a quiz).
        count: True to count a form about to take effect (call it once the form is valid); False to only
            look, e.g. before validating the form, so that a form with mistakes does not count.

    Returns:
        None when the form may take effect; otherwise the seconds until the limit's window ends.

    Raises:
        KeyError: for an ``action`` that ``FORM_RATES`` does not limit.
    """
    usage = get_usage(
        request,
        group=f"accounts.{action}",
        key=address_key,
        rate=settings.FORM_RATES[action],
        method="POST",
        increment=count,
    )
    if usage is None:
        return None
    over_limit = usage["count"] > usage["limit"] if count else usage["count"] >= usage["limit"]
    if not over_limit:
        return None
    return max(usage["time_left"], 1)


def throttled_response(request: HttpRequest, *, action: str, seconds: int, next_page: str = "") -> HttpResponse:
    """The "Too many attempts" page, status 429 (Too Many Requests), with ``Retry-After``.

    Args:
        request: the refused request; its language is the page's.
        action: ``"login"``, ``"password_check"`` (a password asked again while logged in), ``"signup"``,
            ``"password_reset"`` or ``"guest"``, what was refused; the page says why.
        seconds: how long until a try may succeed; the page rounds it up to whole minutes.
        next_page: for ``"guest"``, the page to come back to after logging in or signing up (a local path).
    """
    minutes = max(math.ceil(seconds / 60), 1)
    context = {"action": action, "minutes": minutes, "next_page": next_page}
    response = render(request, "registration/throttled.html", context, status=429)
    response["Retry-After"] = str(max(int(seconds), 1))
    return response


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

    Only the username's: the client address keeps its count, so that logging into an account of one's own does
    not reset guesses at other accounts (``AXES_RESET_ON_SUCCESS`` is off for that reason).
    """
    axes_reset(username=user.get_username())


@receiver(post_delete, sender=settings.AUTH_USER_MODEL)
def forget_failures_of_deleted_account(sender, instance, **kwargs) -> None:
    """A deleted account leaves no failed-login records under its username (deleted by the learner or in the
    admin): the site keeps nothing about a learner once their account is gone."""
    axes_reset(username=instance.get_username())


def lockout_seconds_left(request: HttpRequest, credentials: dict | None) -> int:
    """Seconds until a login locked by django-axes may be tried again: an upper bound, never too short.

    A lock lifts once the failures of the last ``AXES_COOLOFF_TIME`` fall below ``AXES_FAILURE_LIMIT``, for the
    username and for the address alike; each stored attempt counts until its last failure is that old. So the
    lock has lifted at the latest when the newest such attempt has.

    Args:
        request: the refused login, with the attributes django-axes sets (``axes_ip_address``).
        credentials: what was tried (``{"username": …}``), or None.
    """
    cool_off: timedelta = settings.AXES_COOLOFF_TIME
    now = timezone.now()
    username = get_client_username(request, credentials)
    latest = AccessAttempt.objects.filter(
        Q(username=username) | Q(ip_address=getattr(request, "axes_ip_address", None)),
        attempt_time__gte=now - cool_off,
    ).aggregate(latest=Max("attempt_time"))["latest"]
    return math.ceil(((latest or now) + cool_off - now).total_seconds())


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials: dict | None = None
) -> HttpResponse:
    """django-axes' answer to a refused login (``AXES_LOCKOUT_CALLABLE``): the 429 page with the time left.

    Args:
        request: the refused login request.
        original_response: the login page the view rendered, replaced by this one.
        credentials: what was tried, as django-axes passes it.
    """
    # Logged in already: a password asked again (deleting the account, changing the e-mail or password).
    action = "password_check" if request.user.is_authenticated else "login"
    return throttled_response(request, action=action, seconds=lockout_seconds_left(request, credentials))


def password_confirmed(request: HttpRequest, user, password: str) -> bool:
    """Check the logged-in ``user``'s password the way a login does, for forms that ask for it again.

    Through ``authenticate()``, so that django-axes counts a wrong password against the username and the client
    address and refuses every check while they are locked (its middleware then answers with the 429 page):
    a stolen session cannot be used to guess the password at speed, nor to load the server with hashing.

    Args:
        request: the form's request (django-axes needs it).
        user: the logged-in ``accounts.User``.
        password: what was typed.

    Returns:
        True when ``password`` is the user's and the account is not locked.
    """
    return authenticate(request, username=user.get_username(), password=password) == user
