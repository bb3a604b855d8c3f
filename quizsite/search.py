"""Text search that ignores case and the dots on Turkish i, on SQLite and PostgreSQL alike.

Turkish has four letters where English has two: dotted i/İ and dotless ı/I. An author searching "istanbul" or
"ISTANBUL" expects to find "İstanbul", and one typing on a Turkish keyboard expects "ıspanak" to find
"Ispanak". The usual case mappings disagree on these letters (``"İ".lower()`` is "i̇", two code points), so
the column and the search term are folded the same way, inside the database: the four letters become "i",
then the rest is lower-cased. PostgreSQL does this with ``REPLACE`` and ``LOWER``; SQLite's ``LOWER`` knows
only ASCII letters, so there each connection gets a ``QUIZSITE_FOLD`` SQL function that does the same in
Python (registered by ``QuizsiteConfig.ready`` importing this module).

Usage: ``Quiz.objects.filter(title_tr__folded_contains="istanbul")``, or ``"title_tr__folded_contains"`` in a
ModelAdmin's ``search_fields``. The folding serves matching only; text shown to people is never case-mapped.
"""

from django.db import models
from django.db.backends.signals import connection_created
from django.db.models.lookups import Contains

# Every form of the letter i, mapped to plain "i" before lower-casing.
I_FORMS = ("İ", "I", "ı")


def fold_text(text: str | None) -> str | None:
    """Fold ``text`` for matching as ``Fold`` does in SQL: i-forms to "i", then case-folded; None stays."""
    if text is None:
        return None
    for letter in I_FORMS:
        text = text.replace(letter, "i")
    return text.casefold()


class Fold(models.Func):
    """``Fold(expression)``: the text expression folded for matching (see the module docstring)."""

    arity = 1
    output_field = models.TextField()

    def as_sql(self, compiler, connection, **extra_context):
        expression = self.source_expressions[0]
        for letter in I_FORMS:
            expression = models.functions.Replace(
                expression, models.Value(letter), models.Value("i"), output_field=models.TextField()
            )
        return compiler.compile(models.functions.Lower(expression, output_field=models.TextField()))

    def as_sqlite(self, compiler, connection, **extra_context):
        return super().as_sql(compiler, connection, function="QUIZSITE_FOLD", **extra_context)


@models.CharField.register_lookup
@models.TextField.register_lookup
class FoldedContains(models.Lookup):
    """``field__folded_contains="text"``: the field contains the text, ignoring case and the dots on i."""

    lookup_name = "folded_contains"
    prepare_rhs = False

    def as_sql(self, compiler, connection):
        # The term is folded in SQL as well, so it is an expression: Django then escapes % and _ in SQL too.
        term = self.rhs if hasattr(self.rhs, "resolve_expression") else models.Value(self.rhs)
        return compiler.compile(Contains(Fold(self.lhs), Fold(term)))


def _register_sqlite_function(sender, connection, **kwargs) -> None:
    if connection.vendor == "sqlite":
        connection.connection.create_function("QUIZSITE_FOLD", 1, fold_text, deterministic=True)


connection_created.connect(_register_sqlite_function, dispatch_uid="quizsite.search.fold")
