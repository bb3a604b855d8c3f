"""The site's limits on what one client may do: who the client is, the form rate limits, and the page that refuses.

Site-wide, so that every app may use them: sign-ups and password resets (accounts) and new guests (quizzes) are
counted by django-ratelimit in the cache (``settings.FORM_RATES``), logins by django-axes in the database
(``quizsite.login_limits``). Both ask ``client_address`` who the client is, and both refuse with
``throttled_response``.
"""

import hashlib
import ipaddress
import math

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django_ratelimit.core import get_usage

from quizsite.addresses import mailbox


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
    """django-ratelimit's key for the forms it limits per client: ``client_address``.

    Args:
        group: the rate limit's group (unused: one key for every group).
        request: the incoming request.
    """
    return client_address(request)


def form_seconds_left(request: HttpRequest, *, action: str, count: bool, target: str | None = None) -> int | None:
    """Whether the form of ``action`` may take effect now, by ``settings.FORM_RATES[action]``.

    Counted per client address, or per ``target`` when one is given (what the form acts on, such as the e-mail
    address a reset is sent to; stored only as a hash).

    Args:
        request: the form's POST.
        action: ``"signup"`` (accounts created), ``"password_reset"`` (reset e-mails asked for from one address),
            ``"emails_to_address"`` (e-mails sent to one e-mail address: use ``may_email``), ``"email_change"``
            (changes of e-mail address asked for one account, with ``target``) or
            ``"guest"`` (guests made: visitors without an account who start a quiz).
        count: True to count a form about to take effect (call it once the form is valid); False to only
            look, e.g. before validating the form, so that a form with mistakes does not count.
        target: what to count by instead of the client address, already normalised by the caller.

    Returns:
        None when the form may take effect; otherwise the seconds until the limit's window ends.

    Raises:
        KeyError: for an ``action`` that ``FORM_RATES`` does not limit.
    """
    if target is None:
        key = address_key
    else:
        digest = hashlib.sha256(target.encode()).hexdigest()

        def key(group: str, request: HttpRequest) -> str:
            return digest

    usage = get_usage(
        request,
        group=f"quizsite.{action}",
        key=key,
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


def may_email(request: HttpRequest, address: str) -> bool:
    """Whether the site may send one more e-mail to ``address`` now, and count it if so
    (``settings.FORM_RATES["emails_to_address"]``, whoever asks: any client address, any account).

    For every e-mail sent to an address that a visitor typed (a password reset, a new address's confirmation or
    the notice that it is taken), so that nobody's mailbox can be flooded through the site. Addresses are compared
    case-insensitively, as people compare them. A form past the limit must answer as if the e-mail had gone: a
    different answer would tell whether the address has an account. Spellings of one mailbox count as one
    (``quizsite.addresses.mailbox``: ``ＥXAMPLE.com`` in full-width letters is ``example.com``).

    Args:
        request: the form's POST.
        address: the e-mail address, as typed.

    Returns:
        True when the e-mail may be sent (and has been counted); False past the limit.
    """
    target = mailbox(address).casefold()
    return form_seconds_left(request, action="emails_to_address", count=True, target=target) is None


def throttled_response(
    request: HttpRequest, *, action: str, seconds: int, next_page: str = "", lock: str = ""
) -> HttpResponse:
    """The "Too many attempts" page, status 429 (Too Many Requests), with ``Retry-After``.

    Args:
        request: the refused request; its language is the page's.
        action: ``"login"``, ``"password_check"`` (a password asked again while logged in), ``"signup"``,
            ``"password_reset"``, ``"email_change"`` or ``"guest"``, what was refused; the page says why.
        seconds: how long until a try may succeed; the page rounds it up to whole minutes.
        next_page: for ``"guest"``, the page to come back to after logging in or signing up (a local path).
        lock: for ``"login"`` and ``"password_check"``, which login limit refused: ``"account"`` (wrong passwords
            for this username) or ``"address"`` (wrong passwords for many usernames from this address).
    """
    minutes = max(math.ceil(seconds / 60), 1)
    context = {"action": action, "minutes": minutes, "next_page": next_page, "lock": lock}
    response = render(request, "registration/throttled.html", context, status=429)
    response["Retry-After"] = str(max(int(seconds), 1))
    return response
