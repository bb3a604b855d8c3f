"""A Redis client that lets the site do without Redis for a while (settings, "Cache").

django-redis turns a Redis error into a cache miss (``IGNORE_EXCEPTIONS``) and the short socket timeouts bound
each call, but a request makes several cache calls (the session read and write, a rate limit's look and count),
and a Redis that accepts connections but never answers would cost each of them the full timeout. So, in each
web process, the first failed call marks Redis down for ``skip_seconds``; meanwhile every call fails at once,
without touching the network, and pages are served from the database. The first call after that tries Redis
again: when Redis is back, nothing needs a restart.

A write that Redis missed (a session saved or deleted meanwhile) may leave an older value there, which a later
read would take for the current one: a session logged out meanwhile would still be logged in. So the key of each
missed write is recorded in the database (``quizsite.models.MissedCacheWrite``), which every process of every
container shares and which outlives the process, and in the process's memory. Every process goes through that
record before its next Redis call when Redis answers it again after a failure, at its first Redis call after it
starts, and at its first one after ``recheck_seconds`` (5 s) have passed since it last did: it deletes the
recorded keys in Redis, then their rows. So no process reads a copy older than a missed write for more than
``recheck_seconds`` after Redis answers again, whether or not that process met the outage itself, and whether or
not the process that missed the write still runs. A healthy Redis costs one query per process every 5 s at most
(none while the process calls no Redis), and none on the request that pays it when the record is empty but that
query.

What remains: a record made inside a transaction that is then rolled
back is lost with it; the process's memory still has it, and what the write would have saved was usually rolled
back too (a session saved or deleted by a view that failed). A database error in this bookkeeping is logged as a
warning, never raised: the page is served all the same. Pipelines, which django-redis uses for ``set_many``
alone, and missed writes beyond ``MAX_MISSED_WRITES`` per process and outage are not recorded; the site needs
neither.
"""

import logging
import time

import redis
from django.db import DatabaseError, transaction
from django.utils import timezone
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import InvalidResponse
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)

# Commands that change values, as the site's cache calls send them (django-redis: SET for set and add, DEL for
# delete, EVAL of a script for incr, EXPIRE and PEXPIRE for touch): the key follows the command's name, or, for
# a script, the script and the number of keys.
_WRITES = {"SET", "SETEX", "PSETEX", "INCRBY", "EXPIRE", "PEXPIRE"}
_DELETES = {"DEL", "UNLINK"}
_SCRIPTS = {"EVAL", "EVALSHA"}
# More missed writes than this in one outage are not remembered (each is a key of at most ~100 bytes).
MAX_MISSED_WRITES = 10_000
# Errors that mean the server is no working Redis (another service on its port, a broken proxy): taken as a
# failure to answer. Not ``ResponseError``, Redis' own answer to a command (a wrong type, say).
_NOT_REDIS = (InvalidResponse,)

# Per process and per Redis server ("host:port/db"): until when calls are skipped (a time.monotonic() value),
# and the keys of the writes missed since the server last answered.
_down_until: dict[str, float] = {}
_missed_writes: dict[str, set[str]] = {}
# Per process and per Redis server: until when (a time.monotonic() value) the database's record of missed writes
# needs no new look; 0 after a start or a failure here.
_caught_up_until: dict[str, float] = {}


class FailFastRedis(redis.Redis):
    """``redis.Redis`` that skips a server for ``skip_seconds`` after a call to it failed (``REDIS_CLIENT_CLASS``
    of django-redis).

    A skipped call raises ``redis.ConnectionError`` at once, which django-redis ignores like any other
    connection error. Only connection errors and timeouts mark the server down; an error that Redis answered
    with (a wrong type, say) is its answer and is raised as usual.

    Args:
        skip_seconds: how long to skip the server after a failure, in seconds (float).
        recheck_seconds: how often, at most, to go through the database's record of missed writes while the
            server answers, in seconds (float): the longest a copy older than a missed write is read.
        **kwargs: ``redis.Redis``'s, as django-redis passes them.
    """

    def __init__(self, *args, skip_seconds: float = 5.0, recheck_seconds: float = 5.0, **kwargs):
        super().__init__(*args, **kwargs)
        self.skip_seconds = skip_seconds
        self.recheck_seconds = recheck_seconds
        params = self.connection_pool.connection_kwargs
        self.server = f"{params.get('host') or params.get('path')}:{params.get('port', '')}/{params.get('db', 0)}"

    def execute_command(self, *args, **options):
        written = _written_keys(args)
        if time.monotonic() < _down_until.get(self.server, 0.0):
            self._remember(written)
            raise RedisConnectionError(f"Redis at {self.server} is skipped after a failure.")
        try:
            self._forget_missed_writes()
            return super().execute_command(*args, **options)
        except (RedisConnectionError, RedisTimeoutError) as error:
            self._fail(written, error)
            raise
        except _NOT_REDIS as error:
            # django-redis ignores connection errors only: this one would be a 500.
            self._fail(written, error)
            raise RedisConnectionError(f"Redis at {self.server} answered what Redis does not: {error}") from error

    def _fail(self, written: tuple, error: Exception) -> None:
        """Record ``written`` as missed and skip the server for ``skip_seconds``, logging one warning."""
        self._remember(written)
        _down_until[self.server] = time.monotonic() + self.skip_seconds
        _caught_up_until.pop(self.server, None)
        logger.warning(
            "Redis at %s did not answer (%s): the cache is skipped for %s s; pages are served from the "
            "database meanwhile.",
            self.server,
            error,
            self.skip_seconds,
        )

    def _remember(self, keys: tuple) -> None:
        """Record the keys of a missed write in the process's memory and in the database (``MissedCacheWrite``)."""
        if not keys:
            return
        missed = _missed_writes.setdefault(self.server, set())
        keys = [_text(key) for key in keys]
        missed.update(keys[: max(MAX_MISSED_WRITES - len(missed), 0)])
        _record_missed_writes(self.server, [key for key in keys if key in missed])

    def _forget_missed_writes(self) -> None:
        """Delete the keys of the writes missed while the server did not answer, those this process remembers and,
        after a start, a failure or ``recheck_seconds``, those recorded in the database by any process; raises as
        ``execute_command``."""
        missed = _missed_writes.get(self.server)
        caught_up = time.monotonic() < _caught_up_until.get(self.server, 0.0)
        if caught_up and not missed:
            return
        recorded = {} if caught_up else _recorded_missed_writes(self.server)
        keys = set(missed or ()) | set(recorded)
        if keys:
            super().execute_command("DEL", *keys)
        if missed:
            missed.difference_update(keys)
        if recorded:
            _delete_recorded_missed_writes(self.server, recorded)
        if not caught_up:
            _caught_up_until[self.server] = time.monotonic() + self.recheck_seconds
        if keys:
            logger.info(
                "Redis at %s answers again; %d values written meanwhile were deleted there.", self.server, len(keys)
            )


def _text(key: bytes | str) -> str:
    """A key as the text the database keeps (django-redis' keys are text already)."""
    return key.decode("utf-8", "replace") if isinstance(key, bytes) else str(key)


def _record_missed_writes(server: str, keys: list[str]) -> None:
    """Add ``keys`` to the database's record of missed writes to ``server``, or set their time again.

    In a savepoint of its own, so that a failure leaves a request's transaction usable; a database error is
    logged, not raised.
    """
    from quizsite.models import MissedCacheWrite

    if not keys:
        return
    now = timezone.now()
    try:
        with transaction.atomic():
            MissedCacheWrite.objects.bulk_create(
                [MissedCacheWrite(server=server, key=key, at=now) for key in keys],
                update_conflicts=True,
                unique_fields=["server", "key"],
                update_fields=["at"],
            )
    except DatabaseError as error:
        logger.warning(
            "The missed writes to Redis at %s could not be recorded in the database (%s).", server, _first_line(error)
        )


def _recorded_missed_writes(server: str) -> dict[str, object]:
    """The keys of the missed writes to ``server`` recorded in the database (at most ``MAX_MISSED_WRITES``), each
    with when it was last missed (a datetime); empty, with a warning, when the database fails."""
    from quizsite.models import MissedCacheWrite

    try:
        with transaction.atomic():
            rows = MissedCacheWrite.objects.filter(server=server).values_list("key", "at")[:MAX_MISSED_WRITES]
            return dict(rows)
    except DatabaseError as error:
        logger.warning(
            "The missed writes to Redis at %s could not be read from the database (%s).", server, _first_line(error)
        )
        return {}


def _delete_recorded_missed_writes(server: str, recorded: dict[str, object]) -> None:
    """Delete the rows of ``recorded`` (``_recorded_missed_writes``) whose write was not missed again since they
    were read: such a write may have come after the keys' deletion in Redis, and its row must stay."""
    from quizsite.models import MissedCacheWrite

    try:
        with transaction.atomic():
            MissedCacheWrite.objects.filter(
                server=server, key__in=list(recorded), at__lte=max(recorded.values())
            ).delete()
    except DatabaseError as error:
        logger.warning(
            "The missed writes to Redis at %s could not be deleted from the database (%s).", server, _first_line(error)
        )


def _first_line(error: Exception) -> str:
    """The first line of a database error's message, for a log line of its own (PostgreSQL adds the statement and
    a caret on the next lines)."""
    return str(error).partition("\n")[0]


def _written_keys(args: tuple) -> tuple:
    """The keys a Redis command (its name, then its arguments) changes; empty for a read."""
    name = str(args[0]).upper() if args else ""
    if name in _SCRIPTS and len(args) > 2:
        return tuple(args[3 : 3 + int(args[2])])
    if name in _DELETES:
        return tuple(args[1:])
    return tuple(args[1:2]) if name in _WRITES else ()
