"""Checking ``quizsite-quiz`` data against the format and the content rules, without writing anything.

The format (version 2): questions and choices are named by a ``key``, a slug unique among their siblings, and
their order in the file is their order on the site. The content rules come from ``quizzes.rules``; a rule's
message is shown as it is, after the place in the file.
"""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from modeltranslation.utils import build_localized_fieldname

from guides.models import MAX_GUIDES_PER_QUIZ, Guide
from quizzes.content.errors import refuse
from quizzes.content.export import FORMAT, LANGUAGE_CODES, SOURCE_LANGUAGE, VERSION
from quizzes.content.reader import check_values
from quizzes.models import Choice, Difficulty, Question, Quiz
from quizzes.rules import MAX_CHOICES, MAX_QUESTIONS, RuleBroken, check_choices, check_publishable

# The largest value of a PositiveIntegerField on every supported database.
MAX_ORDERING = 2_147_483_647


def _object(value, path: str, fields: tuple[str, ...]) -> dict:
    """Check that ``value`` is an object with exactly ``fields`` (one that may be left out ends in "?")."""
    if not isinstance(value, dict):
        refuse(path, _("expected an object {…}"))
    required = {name for name in fields if not name.endswith("?")}
    allowed = required | {name.removesuffix("?") for name in fields}
    prefix = "" if path == "(file)" else f"{path}."
    for name in sorted(required - value.keys()):
        refuse(f"{prefix}{name}", _("missing"))
    for name in sorted(value.keys() - allowed, key=str):
        refuse(f"{prefix}{name}", _("unknown field"))
    return value


def _list(value, path: str, maximum: int) -> list:
    if not isinstance(value, list):
        refuse(path, _("expected a list […]"))
    if len(value) > maximum:
        refuse(
            path, _("at most %(maximum)d entries; this list has %(count)d") % {"maximum": maximum, "count": len(value)}
        )
    return value


def _boolean(value, path: str) -> bool:
    if not isinstance(value, bool):
        refuse(path, _("expected true or false"))
    return value


def _integer(value, path: str, maximum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        refuse(path, _("expected a whole number"))
    if value < 0:
        refuse(path, _("must be %(minimum)d or more") % {"minimum": 0})
    if value > maximum:
        refuse(path, _("must be %(maximum)d or less") % {"maximum": maximum})
    return value


def _run_validators(model_field, value, path: str) -> None:
    """Apply a model field's validators (length, slug) to ``value``, refusing with their message."""
    try:
        model_field.run_validators(value)
    except ValidationError as error:
        refuse(path, " ".join(error.messages))


def _slug(value, path: str, model, field: str = "slug") -> str:
    if not isinstance(value, str) or not value:
        refuse(path, _("expected a slug (letters, digits, hyphens, underscores)"))
    _run_validators(model._meta.get_field(field), value, path)
    return value


def _unique_keys(entries: list[dict], path: str, field: str) -> None:
    """Refuse a slug or key used by two entries of one list, naming both."""
    first = {}
    for index, entry in enumerate(entries):
        other = first.setdefault(entry[field], index)
        if other != index:
            refuse(
                f"{path}[{index}].{field}",
                _("“%(value)s” is used twice: %(other)s has it too")
                % {"value": entry[field], "other": f"{path}[{other}]"},
            )


def _translations(value, path: str, model, field: str) -> dict:
    """Check one translated text: an object of language codes to strings or null, English required if the
    model field is.

    Returns:
        ``{code: str or None}`` for every language (missing and empty translations are None).
    """
    if not isinstance(value, dict):
        refuse(path, _('expected an object of translations, e.g. {"en": "…", "fr": null}'))
    # The field's own limit, the one the admin's forms and PO files apply too.
    maximum = model._meta.get_field(field).max_length
    for code in sorted(value.keys() - set(LANGUAGE_CODES), key=str):
        refuse(
            f"{path}.{code}",
            _("unknown language (expected one of %(codes)s)") % {"codes": ", ".join(LANGUAGE_CODES)},
        )
    texts = {}
    for code in LANGUAGE_CODES:
        text = value.get(code)
        if text is not None and not isinstance(text, str):
            refuse(f"{path}.{code}", _("expected text or null"))
        # As the admin's forms do: surrounding spaces go, and a text of spaces only is no text.
        text = text.strip() if text else text
        if text and len(text) > maximum:
            refuse(
                f"{path}.{code}",
                _("at most %(maximum)d characters; this text has %(count)d") % {"maximum": maximum, "count": len(text)},
            )
        if text:
            _run_validators(model._meta.get_field(build_localized_fieldname(field, code)), text, f"{path}.{code}")
        texts[code] = text or None
    if not texts[SOURCE_LANGUAGE] and not model._meta.get_field(field).blank:
        refuse(f"{path}.{SOURCE_LANGUAGE}", _("required: every text is written in English first"))
    return texts


def _check_guide(entry, path: str) -> dict:
    _object(entry, path, ("slug", "ordering?", "published?", "title", "summary?", "body?"))
    return {
        "slug": _slug(entry["slug"], f"{path}.slug", Guide),
        "ordering": _integer(entry.get("ordering", 0), f"{path}.ordering", MAX_ORDERING),
        "published": _boolean(entry.get("published", False), f"{path}.published"),
        "title": _translations(entry["title"], f"{path}.title", Guide, "title"),
        "summary": _translations(entry.get("summary", {}), f"{path}.summary", Guide, "summary"),
        "body": _translations(entry.get("body", {}), f"{path}.body", Guide, "body"),
    }


def _check_choice(entry, path: str) -> dict:
    _object(entry, path, ("key", "text", "is_correct"))
    return {
        "key": _slug(entry["key"], f"{path}.key", Choice, "key"),
        "text": _translations(entry["text"], f"{path}.text", Choice, "text"),
        "is_correct": _boolean(entry["is_correct"], f"{path}.is_correct"),
    }


def _check_question(entry, path: str) -> dict:
    _object(entry, path, ("key", "text", "explanation?", "choices"))
    key = _slug(entry["key"], f"{path}.key", Question, "key")
    choices = [
        _check_choice(choice, f"{path}.choices[{index}]")
        for index, choice in enumerate(_list(entry["choices"], f"{path}.choices", MAX_CHOICES))
    ]
    _unique_keys(choices, f"{path}.choices", "key")
    try:
        check_choices(choice_count=len(choices), correct_count=sum(choice["is_correct"] for choice in choices))
    except RuleBroken as error:
        refuse(f"{path}.choices", error.messages[0])
    return {
        "key": key,
        "text": _translations(entry["text"], f"{path}.text", Question, "text"),
        "explanation": _translations(entry.get("explanation", {}), f"{path}.explanation", Question, "explanation"),
        "choices": choices,
    }


def _check_quiz(entry, path: str, guide_slugs: set[str]) -> dict:
    _object(entry, path, ("slug", "difficulty?", "published?", "title", "description?", "guides?", "questions"))
    slug = _slug(entry["slug"], f"{path}.slug", Quiz)
    difficulty = entry.get("difficulty", Difficulty.MEDIUM)
    if difficulty not in Difficulty.values:
        refuse(f"{path}.difficulty", _("expected one of %(values)s") % {"values": ", ".join(Difficulty.values)})
    guides = _list(entry.get("guides", []), f"{path}.guides", MAX_GUIDES_PER_QUIZ)
    for index, guide_slug in enumerate(guides):
        _slug(guide_slug, f"{path}.guides[{index}]", Guide)
        if guide_slug not in guide_slugs and not Guide.objects.filter(slug=guide_slug).exists():
            refuse(
                f"{path}.guides[{index}]",
                _("no guide “%(slug)s” in this file or on the site") % {"slug": guide_slug},
            )
    questions = [
        _check_question(question, f"{path}.questions[{index}]")
        for index, question in enumerate(_list(entry["questions"], f"{path}.questions", MAX_QUESTIONS))
    ]
    _unique_keys(questions, f"{path}.questions", "key")
    published = _boolean(entry.get("published", False), f"{path}.published")
    try:
        # Every question has its correct choice (checked above); what remains is having questions at all.
        check_publishable(published=published, numbers_with_correct=dict.fromkeys(range(1, len(questions) + 1), True))
    except RuleBroken as error:
        refuse(f"{path}.published", error.messages[0])
    return {
        "slug": slug,
        "difficulty": difficulty,
        "published": published,
        "title": _translations(entry["title"], f"{path}.title", Quiz, "title"),
        "description": _translations(entry.get("description", {}), f"{path}.description", Quiz, "description"),
        "guides": list(dict.fromkeys(guides)),
        "questions": questions,
    }


def quiz_check(data) -> dict:
    """Check ``quizsite-quiz`` data completely, without writing anything.

    Args:
        data: the parsed file (from ``quiz_parse`` or ``read_quiz_file``).

    Returns:
        The same content normalised to ``quiz_export``'s shape: every language present (None when missing),
        defaults filled in, questions and choices in the file's order.

    Raises:
        ContentError: at the first problem, naming its field path: ``quiz.questions[3].text.en: missing``; first
            anything ``check_values`` refuses. A content rule's refusal (``quizzes.rules``) shows the rule's
            message.
    """
    check_values(data)
    _object(data, "(file)", ("format", "version", "guides?", "quiz"))
    if data["format"] != FORMAT:
        refuse("format", _("expected “%(format)s”") % {"format": FORMAT})
    if isinstance(data["version"], bool) or not isinstance(data["version"], int):
        refuse("version", _("expected a whole number"))
    if data["version"] == 1:
        refuse(
            "version",
            _(
                "version 1 files numbered questions by position, and this site names them by key: export the "
                "quiz again (manage.py export_quiz) and edit that file"
            ),
        )
    if data["version"] != VERSION:
        refuse("version", _("this site reads version %(version)d") % {"version": VERSION})
    guides = [
        _check_guide(guide, f"guides[{index}]")
        for index, guide in enumerate(_list(data.get("guides", []), "guides", MAX_GUIDES_PER_QUIZ))
    ]
    _unique_keys(guides, "guides", "slug")
    return {
        "format": FORMAT,
        "version": VERSION,
        "guides": guides,
        "quiz": _check_quiz(data["quiz"], "quiz", {guide["slug"] for guide in guides}),
    }
