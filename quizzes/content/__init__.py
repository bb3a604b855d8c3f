"""Quizzes as files: the ``quizsite-quiz`` JSON format (demo content, ``export_quiz``, ``import_quiz``).

A file holds one quiz with its questions, choices, explanations and related guides, every translated text as
an object ``{"en": …, "fr": …, "tr": …}`` whose missing translations are ``null``. See
``quizzes/demo/data-parallelism.json`` for a complete example. Files are UTF-8, letters written as letters,
keys in a fixed order, so two exports of the same quiz are identical and edits diff cleanly.

Questions and choices are named by a ``key`` (a slug, unique within the quiz or the question) and listed in
their order on the site (format version 2). Modules:

- ``export``: ``quiz_export`` (a quiz as data) and ``quiz_dump`` (data as the file's text);
- ``reader``: ``read_quiz_file`` and ``quiz_parse``, which refuse what could break the site (size, nesting,
  fields named twice, strings that cannot be stored);
- ``schema``: ``quiz_check``, the format and the content rules, without writing;
- ``importer``: ``quiz_import`` and ``quiz_create_from_data``, which write and return an ``ImportResult``.

Every refusal is a ``ContentError`` naming the place in the file; nothing is written.
"""

from pathlib import Path

from quizzes.content.errors import ContentError
from quizzes.content.export import FORMAT, VERSION, guide_export, quiz_dump, quiz_export
from quizzes.content.importer import ImportResult, quiz_create_from_data, quiz_import
from quizzes.content.reader import MAX_DEPTH, MAX_FILE_BYTES, quiz_parse, read_quiz_file
from quizzes.content.schema import quiz_check

DEMO_FILE = Path(__file__).resolve().parent.parent / "demo" / "data-parallelism.json"

__all__ = [
    "DEMO_FILE",
    "FORMAT",
    "MAX_DEPTH",
    "MAX_FILE_BYTES",
    "VERSION",
    "ContentError",
    "ImportResult",
    "guide_export",
    "quiz_check",
    "quiz_create_from_data",
    "quiz_dump",
    "quiz_export",
    "quiz_import",
    "quiz_parse",
    "read_quiz_file",
]
