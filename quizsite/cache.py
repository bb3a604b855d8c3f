"""A Redis client that lets the site do without Redis for a while (settings, "Cache").

django-redis turns a Redis error into a cache miss (``IGNORE_EXCEPTIONS``) and the short socket timeouts bound
each call, but a request makes several cache calls (the session read and write, a rate limit's look and count),
and a Redis that accepts connections but never answers would cost each of them the full timeout. So, in each
web process, the first failed call marks Redis down for ``skip_seconds``; meanwhile every call fails at once,
without touching the network, and pages are served from the database. The first call after that tries Redis
again: when Redis is back, nothing needs a restart.

A write that Redis missed (a session saved or deleted meanwhile) may leave an older value there, which a later
read would take for the current one. The keys of those writes are remembered, and deleted before anything else
once Redis answers again; the next read then takes the value from the database. (Only by this process: until
it next calls Redis, another process could still read the older value. Pipelines, which django-redis uses for
``set_many`` alone, and missed writes beyond ``MAX_MISSED_WRITES`` are not remembered; the site needs neither.)
"""

import logging
import time

import redis
from redis.exceptions import ConnectionError as RedisConnectionError
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

# Per process and per Redis server ("host:port/db"): until when calls are skipped (a time.monotonic() value),
# and the keys of the writes missed since the server last answered.
_down_until: dict[str, float] = {}
_missed_writes: dict[str, set[bytes | str]] = {}


class FailFastRedis(redis.Redis):
    """``redis.Redis`` that skips a server for ``skip_seconds`` after a call to it failed (``REDIS_CLIENT_CLASS``
    of django-redis).

    A skipped call raises ``redis.ConnectionError`` at once, which django-redis ignores like any other
    connection error. Only connection errors and timeouts mark the server down; an error that Redis answered
    with (a wrong type, say) is its answer and is raised as usual.

    Args:
        skip_seconds: how long to skip the server after a failure, in seconds (float).
        **kwargs: ``redis.Redis``'s, as django-redis passes them.
    """

    def __init__(self, *args, skip_seconds: float = 5.0, **kwargs):
        super().__init__(*args, **kwargs)
        self.skip_seconds = skip_seconds
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
            self._remember(written)
            _down_until[self.server] = time.monotonic() + self.skip_seconds
            logger.warning(
                "Redis at %s did not answer (%s): the cache is skipped for %s s; pages are served from the "
                "database meanwhile.",
                self.server,
                error,
                self.skip_seconds,
            )
            raise

    def _remember(self, keys: tuple) -> None:
        missed = _missed_writes.setdefault(self.server, set())
        missed.update(keys[: max(MAX_MISSED_WRITES - len(missed), 0)])

    def _forget_missed_writes(self) -> None:
        """Delete the keys of the writes missed while the server did not answer; raises as ``execute_command``."""
        missed = _missed_writes.get(self.server)
        if not missed:
            return
        keys = list(missed)
        super().execute_command("DEL", *keys)
        missed.difference_update(keys)
        logger.info(
            "Redis at %s answers again; %d values written meanwhile were deleted there.", self.server, len(keys)
        )


def _written_keys(args: tuple) -> tuple:
    """The keys a Redis command (its name, then its arguments) changes; empty for a read."""
    name = str(args[0]).upper() if args else ""
    if name in _SCRIPTS and len(args) > 2:
        return tuple(args[3 : 3 + int(args[2])])
    if name in _DELETES:
        return tuple(args[1:])
    return tuple(args[1:2]) if name in _WRITES else ()
