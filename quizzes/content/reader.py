"""Reading a ``quizsite-quiz`` file into Python data, and refusing what could break the site before any check of
its content: a file too large to read, nesting deeper than the format needs, a field named twice in one object,
and strings that cannot be stored or shown (lone surrogates, NUL characters).
"""

import json
import re
from pathlib import Path

from django.utils.translation import gettext as _

from guides.models import MAX_GUIDES_PER_QUIZ, Guide
from quizsite.texts import text_problem
from quizzes.content.errors import ContentError, refuse
from quizzes.models import Choice, Question, Quiz
from quizzes.rules import MAX_CHOICES, MAX_QUESTIONS
from translations.facts import LANGUAGE_CODES, translated_fields


def _largest_export() -> int:
    """The most bytes ``quiz_dump`` can write for a quiz the site accepts, in bytes.

    Every text at its field's ``max_length`` in every language, of characters of 4 bytes in UTF-8 (no character
    takes more in the file: the JSON escapes of tab, line breaks, quote and backslash take 2), with the most
    questions, choices and guides (``quizzes.rules``), and a generous 1,000 bytes per object for its keys, slugs,
    flags, field names and indentation.
    """

    def longest(model) -> int:
        fields = translated_fields(model)
        return len(LANGUAGE_CODES) * sum(model._meta.get_field(field).max_length for field in fields)

    characters = (
        MAX_GUIDES_PER_QUIZ * longest(Guide)
        + longest(Quiz)
        + MAX_QUESTIONS * (longest(Question) + MAX_CHOICES * longest(Choice))
    )
    objects = 1 + MAX_GUIDES_PER_QUIZ + MAX_QUESTIONS * (1 + MAX_CHOICES)
    return 4 * characters + 1_000 * objects


#: The largest file read, in bytes: the largest the site's own export can write (``_largest_export``, about
#: 20 MB; the demo quiz with its guide is about 20 kB), so that every export imports again. Checked before
#: reading the rest of the file, so a larger file is never loaded into memory.
MAX_FILE_BYTES = _largest_export()
#: The deepest nesting of objects and lists read. The format needs 7 (file, quiz, questions, question, choices,
#: choice, translations); more is refused before parsing, so no input can exhaust Python's recursion limit.
MAX_DEPTH = 10

# A JSON string (escapes included) or a bracket: strings are skipped, so brackets inside texts do not count.
_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', re.S)


class _FieldTwice(dict):
    """An object read from JSON in which ``twice`` (a field name) appeared more than once."""

    twice: str


def _object_from_pairs(pairs: list[tuple[str, object]]) -> dict:
    """``json.loads``'s hook for each object: a dict, marked when a field name appears twice (JSON keeps the last
    value silently; the author most likely meant one of them)."""
    data = dict(pairs)
    if len(data) == len(pairs):
        return data
    seen = set()
    for name, _value in pairs:
        if name in seen:
            break
        seen.add(name)
    data = _FieldTwice(pairs)
    data.twice = name
    return data


def _line_and_column(text: str, offset: int) -> str:
    line = text.count("\n", 0, offset) + 1
    return _("line %(line)d, column %(column)d") % {"line": line, "column": offset - text.rfind("\n", 0, offset)}


def _check_depth(text: str) -> None:
    depth = 0
    for token in _TOKENS.finditer(text):
        bracket = token.group()
        if bracket in ("[", "{"):
            depth += 1
            if depth > MAX_DEPTH:
                refuse(_line_and_column(text, token.start()), _too_deep())
        elif bracket in ("]", "}"):
            depth -= 1


def check_values(data) -> None:
    """Refuse nesting deeper than ``MAX_DEPTH``, a field named twice in one object (as ``quiz_parse`` marks
    it), or a string (field name or value) unfit to store or show, anywhere in ``data``.

    Walks with its own stack rather than recursion, so even data built in Python, nested deeper than Python's
    recursion limit, gets the message. ``quiz_check`` calls it first.

    Raises:
        ContentError: naming the field path.
    """
    stack = [(data, "", 1)]
    while stack:
        value, path, depth = stack.pop()
        place = path or "(file)"
        if isinstance(value, str):
            problem = text_problem(value)
            if problem:
                refuse(place, problem)
            continue
        if isinstance(value, list | dict) and depth > MAX_DEPTH:
            refuse(place, _too_deep())
        if isinstance(value, list):
            stack.extend((item, f"{path}[{index}]", depth + 1) for index, item in reversed(list(enumerate(value))))
        elif isinstance(value, dict):
            items = []
            for name, item in value.items():
                problem = text_problem(name) if isinstance(name, str) else None
                if problem:
                    refuse(place, _("a field name %(problem)s") % {"problem": problem})
                field_path = f"{path}.{name}" if path else str(name)
                if name == getattr(value, "twice", None):
                    refuse(field_path, _("appears twice in one object; write each field once"))
                items.append((item, field_path, depth + 1))
            stack.extend(reversed(items))


def _too_deep() -> str:
    return _("nested more than %(limit)d levels deep; a quiz file never needs more") % {"limit": MAX_DEPTH}


def quiz_parse(text: str):
    """Parse the text of a ``quizsite-quiz`` file (JSON) into Python data, unchecked against the format.

    Args:
        text: at most ``MAX_FILE_BYTES`` characters.

    Returns:
        The parsed JSON value (a dict for any file ``quiz_check`` accepts). An object in which a field is named
        twice is marked, for ``check_values`` to refuse.

    Raises:
        ContentError: the text is too long, not JSON, or nested more than ``MAX_DEPTH`` levels, naming the line
            and column.
    """
    if len(text) > MAX_FILE_BYTES:
        refuse("(file)", _file_too_large())
    _check_depth(text)
    try:
        data = json.loads(text, object_pairs_hook=_object_from_pairs)
    except json.JSONDecodeError as error:
        refuse(
            _line_and_column(error.doc, error.pos),
            _("%(problem)s (not valid JSON)") % {"problem": error.msg},
        )
    except ValueError:
        # Python refuses to convert integers of more than sys.get_int_max_str_digits() digits (4,300).
        refuse("(file)", _("holds a number too long to read; no number in a quiz file needs more than ten digits"))
    return data


def _file_too_large() -> str:
    return _("larger than %(limit)d bytes, the limit for a quiz file") % {"limit": MAX_FILE_BYTES}


def read_quiz_file(path: Path):
    """Read a ``quizsite-quiz`` file (UTF-8 JSON of at most ``MAX_FILE_BYTES`` bytes) and return its data.

    At most ``MAX_FILE_BYTES + 1`` bytes are read, whatever the file's size.

    Raises:
        ContentError: the file is too large, not UTF-8, or refused by ``quiz_parse``.
        OSError: the file cannot be read.
    """
    with Path(path).open("rb") as file:
        raw = file.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        refuse("(file)", _file_too_large())
    try:
        # A byte order mark, which some editors write at the start of UTF-8 files, is dropped.
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ContentError(_("byte %(offset)d: the file is not UTF-8 text") % {"offset": error.start}) from error
    return quiz_parse(text)
