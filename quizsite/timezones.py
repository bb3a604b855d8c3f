"""The time zone a page's times are shown in, and how a time is written with it.

One rule for every page (``TimeZoneMiddleware`` applies it to each request): the zone the learner chose on the
account page (``accounts.User.time_zone``); else the zone their browser reported in the ``COOKIE_NAME`` cookie
(set by ``static/js/site.js``, so only when JavaScript runs); else the site's, ``settings.TIME_ZONE``. The admin
always uses the site's. A time is written with its zone (``format_moment``: "01 Aralık 2026 19:30 UTC") unless
the zone is the one the learner chose, which they know.
"""

import functools
import zoneinfo
from collections.abc import Callable
from datetime import datetime, timedelta

from asgiref.local import Local
from django.conf import settings
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.utils import formats, timezone
from django.utils.translation import gettext_lazy as _

#: The cookie in which site.js stores the browser's zone (an IANA name such as "Europe/Istanbul").
COOKIE_NAME = "quizsite_tz"

# The account page's select offers the IANA zones of these regions (their names are places a learner knows), in
# groups, after UTC; the legacy aliases ("Turkey", "US/Eastern", "Etc/GMT-3", whose sign is inverted) are still
# accepted from a browser's cookie or the admin, but not offered.
REGIONS = {
    "Africa": _("Africa"),
    "America": _("America"),
    "Antarctica": _("Antarctica"),
    "Arctic": _("Arctic"),
    "Asia": _("Asia"),
    "Atlantic": _("Atlantic Ocean"),
    "Australia": _("Australia"),
    "Europe": _("Europe"),
    "Indian": _("Indian Ocean"),
    "Pacific": _("Pacific Ocean"),
}

_state = Local()


@functools.cache
def zone_names() -> frozenset[str]:
    """Every IANA time zone name this machine knows (``zoneinfo.available_timezones()``), but "localtime" (the
    machine's own setting, not a zone) and "Factory" (a placeholder)."""
    return frozenset(zoneinfo.available_timezones() - {"localtime", "Factory"})


def zone_or_none(name: str | None) -> zoneinfo.ZoneInfo | None:
    """The zone named ``name``, or None when it is empty or names no zone (a crafted cookie, an old value)."""
    if not name or name not in zone_names():
        return None
    try:
        return zoneinfo.ZoneInfo(name)
    except (ValueError, zoneinfo.ZoneInfoNotFoundError):
        return None


def validate_time_zone(value: str) -> None:
    """The model field's validator: raises ValidationError unless ``value`` is empty or a known zone."""
    if value and zone_or_none(value) is None:
        raise ValidationError(_("“%(value)s” is not a time zone."), code="invalid", params={"value": value})


def zone_choices() -> list:
    """The account page's choices: none (the browser's or the site's zone), UTC, then each region's zones as an
    option group, sorted by name, each labelled by its place ("Istanbul", "Argentina/Buenos Aires")."""
    groups: dict[str, list[tuple[str, str]]] = {region: [] for region in REGIONS}
    for name in sorted(zone_names()):
        region, _slash, place = name.partition("/")
        if region in groups and place:
            groups[region].append((name, place.replace("_", " ")))
    return [
        ("", _("Not chosen")),
        ("UTC", "UTC"),
        *((REGIONS[region], zones) for region, zones in groups.items()),
    ]


def activate(zone: zoneinfo.ZoneInfo, *, chosen: bool) -> None:
    """Show times in ``zone`` until ``deactivate``; ``chosen``: it is the learner's own choice (so unlabelled)."""
    timezone.activate(zone)
    _state.chosen = chosen


def deactivate() -> None:
    timezone.deactivate()
    _state.chosen = False


def zone_label(moment: datetime) -> str:
    """The offset of an aware ``moment`` from UTC, as people write it: "UTC", "UTC+3", "UTC+5:30", "UTC−4"."""
    offset = moment.utcoffset() or timedelta(0)
    if not offset:
        return "UTC"
    hours, minutes = divmod(abs(offset) // timedelta(minutes=1), 60)
    sign = "+" if offset > timedelta(0) else "\u2212"
    return f"UTC{sign}{hours}" + (f":{minutes:02d}" if minutes else "")


def format_moment(moment: datetime | None, format_name: str = "DATETIME_FORMAT") -> str:
    """``moment`` in the active zone and language's format, followed by its zone unless the learner chose it.

    Args:
        moment: an aware datetime, or None (gives "").
        format_name: a Django format name, e.g. "DATETIME_FORMAT".

    Returns:
        e.g. "01 Aralık 2026 22:30" (a chosen zone), "01 Aralık 2026 19:30 UTC" (a no-break space before the zone).
    """
    if moment is None:
        return ""
    local = timezone.localtime(moment)
    text = formats.date_format(local, format_name)
    if getattr(_state, "chosen", False):
        return text
    return f"{text}\u00a0{zone_label(local)}"


def request_zone(request: HttpRequest) -> tuple[zoneinfo.ZoneInfo, bool]:
    """The zone for ``request``'s pages and whether the learner chose it (see the module's docstring).

    Reads ``request.user``, which the page loads anyway: no query of its own. When the user cannot be read (the
    session's store does not answer), the zone is the browser's or the site's: the page meets the same failure
    where it reads the user, and handles it there (``quizsite.errors``), as it would without this.
    """
    try:
        user = getattr(request, "user", None)
        chosen = zone_or_none(getattr(user, "time_zone", "")) if user is not None and user.is_authenticated else None
    except Exception:  # whatever the session's store raises (a database's or a cache's error)
        chosen = None
    if chosen is not None:
        return chosen, True
    browser = zone_or_none(request.COOKIES.get(COOKIE_NAME))
    return browser or zoneinfo.ZoneInfo(settings.TIME_ZONE), False


class TimeZoneMiddleware:
    """Show each page's times in ``request_zone``, and the admin's in the site's zone (``settings.TIME_ZONE``).

    Placed after ``AuthenticationMiddleware`` (it reads ``request.user``). The admin is told apart by its URL
    namespace once the URL is resolved (``process_view``), so that its pages, whoever reads them, agree with each
    other and with the server's log.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        zone, chosen = request_zone(request)
        activate(zone, chosen=chosen)
        try:
            return self.get_response(request)
        finally:
            deactivate()

    def process_view(self, request: HttpRequest, view_func, view_args, view_kwargs) -> None:
        match = request.resolver_match
        if match is not None and "admin" in match.namespaces:
            activate(zoneinfo.ZoneInfo(settings.TIME_ZONE), chosen=False)
