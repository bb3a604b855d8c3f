"""Bulk loading into PostgreSQL: ``COPY`` with a table's secondary indexes and foreign keys set aside meanwhile.

Loading a million answers row by row through their indexes and deferred foreign-key checks takes minutes; loading
them bare and building each index and checking each key once afterwards takes seconds. The definitions are read
from the catalogue, so indexes that later migrations add are set aside and restored as well.
"""

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

# A table's foreign keys and unique constraints (the primary key stays: foreign keys need it).
_CONSTRAINTS = """
    SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint
    WHERE conrelid = %s::regclass AND contype IN ('f', 'u') ORDER BY contype, conname
"""
# A table's indexes that no constraint owns (plain and partial unique indexes: Django's conditional constraints).
_INDEXES = """
    SELECT indexrelid::regclass::text, pg_get_indexdef(indexrelid) FROM pg_index
    WHERE indrelid = %s::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conindid = indexrelid)
"""


@contextmanager
def bare(cursor, tables: Iterable[str]) -> Iterator[None]:
    """Drop the foreign keys, unique constraints and secondary indexes of ``tables`` (names of tables), and
    recreate them all on leaving, which checks every row at once.

    Args:
        cursor: a psycopg cursor inside the transaction that loads the rows.
        tables: the tables about to be loaded.

    Raises:
        psycopg.errors.IntegrityError: on leaving, when a loaded row breaks a restored constraint.
    """
    constraints, indexes = [], []
    for table in tables:
        cursor.execute(_CONSTRAINTS, [table])
        constraints += [(table, name, definition) for name, definition in cursor.fetchall()]
        cursor.execute(_INDEXES, [table])
        indexes += cursor.fetchall()
    for table, name, _definition in constraints:
        cursor.execute(f'ALTER TABLE {table} DROP CONSTRAINT "{name}"')
    for name, _definition in indexes:
        cursor.execute(f"DROP INDEX {name}")
    yield
    for _name, definition in indexes:
        cursor.execute(definition)
    # Unique constraints before the foreign keys that may refer to them.
    for table, name, definition in sorted(constraints, key=lambda item: item[2].startswith("FOREIGN KEY")):
        cursor.execute(f'ALTER TABLE {table} ADD CONSTRAINT "{name}" {definition}')


def copy_rows(cursor, table: str, columns: str, rows: Iterable[tuple]) -> int:
    """``COPY table (columns) FROM STDIN`` with ``rows``, tuples of Python values in the order of ``columns`` (a
    comma-separated string). Returns the number of rows written."""
    written = 0
    with cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
        for row in rows:
            copy.write_row(row)
            written += 1
    return written


def copy_lines(cursor, table: str, columns: str, lines: Iterable[str], batch: int = 50_000) -> int:
    """``COPY table (columns) FROM STDIN`` with ``lines`` already in COPY's text format (tab-separated, ending in
    a newline, ``\\N`` for NULL, no tab, newline or backslash inside a value), sent ``batch`` lines at a time: the
    fast path for the largest table. Returns the number of lines written."""
    written = 0
    chunk: list[str] = []
    with cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
        for line in lines:
            chunk.append(line)
            if len(chunk) == batch:
                copy.write("".join(chunk))
                written += len(chunk)
                chunk.clear()
        copy.write("".join(chunk))
        written += len(chunk)
    return written
