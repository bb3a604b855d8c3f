"""The content version: one value that changes whenever anything a learner reads of a quiz changes.

Learner pages read quiz content from an in-memory snapshot (``quizzes.snapshots``) kept by each web process and
keyed by this version, so they must never meet an old snapshot under a new version. The version is therefore
bumped by the database itself, in one place: triggers on every table of authored content (quizzes, questions,
choices, the quiz–guide links, guides and the glossary) replace it with a new random token in the same
transaction as the write, whatever wrote it (the admin, ``import_quiz``, ``import_po``, the translation grid, a
delete cascading from a guide, ``QuerySet.update()``, a shell). Readers get it with the query that reads the
learner's own state (``quizzes.learner_state``), so checking it costs no round trip of its own.

A random token rather than a counter: a rolled-back transaction (every test) puts the old value back, and a
counter would then hand out a value already used for other content.
"""

from django.db import models

#: The tables whose rows learners read through snapshots, by the label of their model.
CONTENT_TABLES = {
    "quizzes.Quiz": "quizzes_quiz",
    "quizzes.Question": "quizzes_question",
    "quizzes.Choice": "quizzes_choice",
    "quizzes.Quiz_guides": "quizzes_quiz_guides",
    "guides.Guide": "guides_guide",
    "translations.GlossaryTerm": "translations_glossaryterm",
}


class ContentVersion(models.Model):
    """The one row (``id`` 1) holding the current content version (``token``, 32 hex digits).

    Written only by the database's triggers (migration ``quizzes.0011_content_version``), which insert the row
    again if it is missing (a test database flushed between tests); read by ``quizzes.learner_state``.
    """

    token = models.CharField(max_length=32)

    class Meta:
        verbose_name = "content version"

    def __str__(self) -> str:
        return self.token


_BUMP_POSTGRESQL = """
CREATE OR REPLACE FUNCTION quizzes_content_version_bump() RETURNS trigger AS $$
BEGIN
    INSERT INTO quizzes_contentversion (id, token) VALUES (1, md5(random()::text || clock_timestamp()::text))
    ON CONFLICT (id) DO UPDATE SET token = EXCLUDED.token;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;
"""
_BUMP_SQLITE = (
    "INSERT INTO quizzes_contentversion (id, token) VALUES (1, lower(hex(randomblob(16)))) "
    "ON CONFLICT (id) DO UPDATE SET token = excluded.token;"
)


def triggers_sql(vendor: str, tables: list[str]) -> tuple[list[str], list[str]]:
    """The statements that create, and those that drop, the version's triggers on ``tables`` (table names).

    Args:
        vendor: ``connection.vendor``, ``"postgresql"`` or ``"sqlite"``.

    Returns:
        ``(create, drop)``, lists of SQL statements. PostgreSQL bumps once per statement (``FOR EACH STATEMENT``,
        ``TRUNCATE`` included); SQLite has row triggers only, one per kind of write.

    Raises:
        ValueError: another database, which the site does not support.
    """
    if vendor == "postgresql":
        create = [_BUMP_POSTGRESQL]
        drop = []
        for table in tables:
            name = f"{table}_content_version"
            create.append(
                f"CREATE TRIGGER {name} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON {table} "
                "FOR EACH STATEMENT EXECUTE FUNCTION quizzes_content_version_bump();"
            )
            drop.append(f"DROP TRIGGER IF EXISTS {name} ON {table};")
        drop.append("DROP FUNCTION IF EXISTS quizzes_content_version_bump();")
        return create, drop
    if vendor == "sqlite":
        create, drop = [], []
        for table in tables:
            for event in ("INSERT", "UPDATE", "DELETE"):
                name = f"{table}_content_version_{event.lower()}"
                create.append(f"CREATE TRIGGER {name} AFTER {event} ON {table} BEGIN {_BUMP_SQLITE} END;")
                drop.append(f"DROP TRIGGER IF EXISTS {name};")
        return create, drop
    raise ValueError(f"No content version triggers for {vendor}.")
