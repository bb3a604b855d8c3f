"""Quizzes as files: the ``quizsite-quiz`` JSON format (demo content, ``export_quiz``, ``import_quiz``).

A file holds one quiz with its questions, choices, explanations and related guides, every translated text as
an object ``{"en": …, "fr": …, "tr": …}`` whose missing translations are ``null``. See
``quizzes/demo/data-parallelism.json`` and ``quizzes/demo/data-parallelism-check.json`` (every kind of
question) for complete examples. Files are UTF-8, letters written as letters,
keys in a fixed order, so two exports of the same quiz are identical and edits diff cleanly.

Questions and choices are named by a ``key`` (a slug, unique within the quiz or the question) and listed in
their order on the site; a quiz says whether it shuffles, its pass mark, its mode (practice or exam) and an exam's
time limit, a question its kind, a choice whether it is pinned (format version 4; version 2 and 3 files still
import). Modules:

- ``export``: ``quiz_export`` (a quiz as data) and ``quiz_dump`` (data as the file's text);
- ``reader``: ``read_quiz_file`` and ``quiz_parse``, which refuse what could break the site (size, nesting,
  fields named twice, strings that cannot be stored);
- ``values`` and ``schema``: ``quiz_check``, the format and the content rules, without writing;
- ``importer``: ``quiz_import`` and ``quiz_create_from_data``, which write and return an ``ImportResult``.

Every refusal is a ``ContentError`` naming the place in the file; nothing is written.
"""

from pathlib import Path

from quizzes.content.errors import ContentError
from quizzes.content.export import FORMAT, VERSION, guide_export, quiz_dump, quiz_export
from quizzes.content.importer import ImportResult, quiz_create_from_data, quiz_import
from quizzes.content.reader import MAX_DEPTH, MAX_FILE_BYTES, quiz_parse, read_quiz_file
from quizzes.content.schema import quiz_check

DEMO_DIRECTORY = Path(__file__).resolve().parent.parent / "demo"
#: The demo quiz, and the demo content's files in the order ``load_demo`` loads them: the demo quiz (with the
#: demo guide), then the second demo quiz of the same guide, which has every kind of question and a pass mark,
#: then the third, an exam with a time limit.
DEMO_FILE = DEMO_DIRECTORY / "data-parallelism.json"
DEMO_FILES = (
    DEMO_FILE,
    DEMO_DIRECTORY / "data-parallelism-check.json",
    DEMO_DIRECTORY / "data-parallelism-exam.json",
)

__all__ = [
    "DEMO_FILE",
    "DEMO_FILES",
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
