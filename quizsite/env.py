"""Reading settings from the environment: each helper names the variable in the error when a value is wrong, so
that a deployment with a bad value stops at start with a message instead of running with a surprise."""

import os
import re
from urllib.parse import urlsplit

from django.core.exceptions import ImproperlyConfigured
from redis.connection import parse_url


def env_bool(name: str, default: bool = False) -> bool:
    """Read a yes/no environment variable.

    Args:
        name: the variable's name, e.g. ``"DJANGO_DEBUG"``.
        default: the value when the variable is unset or empty.

    Returns:
        True for ``1``, ``true``, ``yes``, ``on``; False for ``0``, ``false``, ``no``, ``off`` (any case).

    Raises:
        ImproperlyConfigured: for any other value, naming the variable.
    """
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    if raw.casefold() in {"1", "true", "yes", "on"}:
        return True
    if raw.casefold() in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name} must be 1 or 0 (true/false), not {raw!r}.")


def env_int(name: str, default: int, minimum: int | None = None) -> int:
    """Read a whole-number environment variable (a count, or a duration in seconds).

    Args:
        name: the variable's name, e.g. ``"DJANGO_CONN_MAX_AGE"``.
        default: the value when the variable is unset or empty.
        minimum: the smallest value that makes sense, if any (e.g. 1 for a count of tries).

    Raises:
        ImproperlyConfigured: when the value is not a whole number, or is below ``minimum``, naming the variable.
    """
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {raw!r}.") from None
    if minimum is not None and value < minimum:
        raise ImproperlyConfigured(f"{name} must be at least {minimum}, not {value}.")
    return value


def env_list(name: str, default: str = "") -> list[str]:
    """Read a comma-separated environment variable as a list of non-empty, stripped items."""
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def env_rate(name: str, default: str) -> tuple[str, int]:
    """Read a rate such as ``5/h`` (5 per hour; ``s``, ``m``, ``h``, ``d``, optionally ``10m``) for django-ratelimit.

    Returns:
        ``(rate, period)``: the rate as django-ratelimit reads it, and its period in seconds.

    Raises:
        ImproperlyConfigured: for a value of another form, or a zero count or period, naming the variable.
    """
    rate = os.environ.get(name, "").strip() or default
    match = re.fullmatch(r"[1-9][0-9]*/([1-9][0-9]*)?([smhd])", rate)
    if not match:
        raise ImproperlyConfigured(f"{name} must be a count per period, e.g. 5/h or 20/d, not {rate!r}.")
    return rate, int(match[1] or 1) * {"s": 1, "m": 60, "h": 3600, "d": 86400}[match[2]]


def env_mailer(*, debug: bool) -> dict:
    """Django's default mailer (``MAILERS["default"]``) from the ``DJANGO_EMAIL_*`` variables (.env.example).

    The console with debug on and no ``DJANGO_EMAIL_HOST``; otherwise SMTP to that host (``localhost`` by
    default), with STARTTLS on port 587 unless ``DJANGO_EMAIL_USE_SSL=1`` asks for implicit TLS on port 465.

    Raises:
        ImproperlyConfigured: a malformed value, or both ``DJANGO_EMAIL_USE_SSL=1`` and ``DJANGO_EMAIL_USE_TLS=1``.
    """
    use_ssl = env_bool("DJANGO_EMAIL_USE_SSL")
    use_tls = env_bool("DJANGO_EMAIL_USE_TLS", default=not use_ssl)
    if use_ssl and use_tls:
        raise ImproperlyConfigured(
            "DJANGO_EMAIL_USE_SSL=1 and DJANGO_EMAIL_USE_TLS=1 exclude each other; set one of them."
        )
    if debug and not os.environ.get("DJANGO_EMAIL_HOST"):
        return {"BACKEND": "django.core.mail.backends.console.EmailBackend"}
    return {
        "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "OPTIONS": {
            "host": os.environ.get("DJANGO_EMAIL_HOST", "localhost"),
            "port": env_int("DJANGO_EMAIL_PORT", 465 if use_ssl else 587),
            "username": os.environ.get("DJANGO_EMAIL_HOST_USER", ""),
            "password": os.environ.get("DJANGO_EMAIL_HOST_PASSWORD", ""),
            "use_tls": use_tls,
            "use_ssl": use_ssl,
            "timeout": env_int("DJANGO_EMAIL_TIMEOUT", 10),  # seconds
        },
    }


def env_redis_url(name: str = "REDIS_URL") -> str:
    """Read the address of a Redis server, as redis-py's ``from_url`` reads it; empty when unset.

    redis-py reads the address only at the first cache call, where its ``ValueError`` would be a 500 on every page
    that writes to the cache: a wrong value stops the start instead. The address is read here as redis-py will
    read it (``redis.connection.parse_url``), so that what it would refuse is refused now, and so is what it would
    silently read otherwise: no host (it would use localhost) or a database that is not a number (it would use 0).

    Raises:
        ImproperlyConfigured: for a value whose scheme is not ``redis://``, ``rediss://`` (TLS) or ``unix://`` (a
            socket), e.g. ``redis:6379`` without one; a port that is not a number from 0 to 65535; an option
            redis-py cannot read (``?socket_timeout=abc``); a ``redis://`` address without a host, or with a
            database that is not a number. The message names the variable and gives an example.
    """
    raw = os.environ.get(name, "").strip()
    if not raw:
        return raw
    example = f"e.g. redis://redis:6379/0, not {raw!r}"
    if raw.partition("://")[0].casefold() not in {"redis", "rediss", "unix"}:
        raise ImproperlyConfigured(
            f"{name} must be a Redis URL that starts with redis://, rediss:// or unix://, {example}."
        )
    try:
        parse_url(raw)
        url = urlsplit(raw)
        url.port  # noqa: B018 (raises for a port out of range)
    except ValueError as error:
        raise ImproperlyConfigured(f"{name} is not a Redis URL that redis-py can read ({error}): {example}.") from None
    if url.scheme.casefold() != "unix":
        if not url.hostname:
            raise ImproperlyConfigured(f"{name} must name the Redis server's host, {example}.")
        if url.path.strip("/") and not url.path.strip("/").isdigit():
            raise ImproperlyConfigured(f"{name} must end with a database number (/0 to /15), {example}.")
    return raw
