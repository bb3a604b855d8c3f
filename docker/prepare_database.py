"""Wait for the database, then apply migrations and create the cache table: the first steps of the web container
(docker/entrypoint.sh).

Several web containers may start at once (``docker compose up --scale web=3``, or an orchestrator rolling out
a new image). On PostgreSQL they take turns through an advisory lock: the first applies the migrations, the
others then find nothing left to do, instead of racing to create the same tables.

Environment: ``DJANGO_DB_WAIT_SECONDS`` (how long to wait for the database, default 60) and the settings'
variables (``DATABASE_URL``, …). Exits with status 1 and a message on stderr when the database does not answer
in time; a failing migration exits non-zero with Django's error.
"""

import os
import sys
import time
from pathlib import Path

# Run as a script from anywhere: the project root holds the settings package.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "quizsite.settings")
# A database host that drops packets would otherwise hold each attempt for libpq's default (no limit).
os.environ.setdefault("PGCONNECT_TIMEOUT", "5")

import django  # noqa: E402 (after the environment above)
from django.core.management import call_command  # noqa: E402
from django.db import OperationalError, connection  # noqa: E402

# Any number unique to this purpose; PostgreSQL advisory locks are named by a 64-bit integer.
MIGRATE_LOCK_ID = 7_150_301_001


def wait_for_database(timeout: float) -> None:
    """Connect to the default database, retrying once a second.

    Args:
        timeout: seconds to keep trying.

    Raises:
        SystemExit: when no connection succeeds within ``timeout``, with the last error.
    """
    deadline = time.monotonic() + timeout
    waiting_said = False
    while True:
        try:
            connection.ensure_connection()
            return
        except OperationalError as error:
            if time.monotonic() >= deadline:
                raise SystemExit(f"The database did not answer within {timeout:g} s: {error}") from None
            if not waiting_said:
                print(f"Waiting up to {timeout:g} s for the database…", flush=True)
                waiting_said = True
            time.sleep(1)


def migrate() -> None:
    """Apply every migration and create the cache table, one container at a time on PostgreSQL.

    The containers take turns through a session-level advisory lock. The cache table is the cache when ``REDIS_URL`` is
    not set (quizsite/settings.py, "Cache"); ``createcachetable`` does nothing with Redis or an existing table.
    """
    if connection.vendor != "postgresql":
        call_command("migrate", interactive=False)
        call_command("createcachetable")
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_lock(%s)", [MIGRATE_LOCK_ID])
    try:
        call_command("migrate", interactive=False)
        call_command("createcachetable")
    finally:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_unlock(%s)", [MIGRATE_LOCK_ID])


def main() -> None:
    django.setup()
    raw_timeout = os.environ.get("DJANGO_DB_WAIT_SECONDS", "").strip() or "60"
    try:
        timeout = float(raw_timeout)
    except ValueError:
        raise SystemExit(f"DJANGO_DB_WAIT_SECONDS must be in seconds, not {raw_timeout!r}.") from None
    wait_for_database(timeout)
    migrate()
    connection.close()


if __name__ == "__main__":
    main()
