"""Checking the values of a ``quizsite-quiz`` file, one field at a time: objects, lists, flags, numbers, slugs
and translated texts. Each check returns the value, normalised, or refuses it with a message after its place in
the file (``errors.refuse``); ``schema`` puts them together."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from modeltranslation.utils import build_localized_fieldname

from quizzes.content.errors import refuse
from translations.facts import LANGUAGE_CODES, SOURCE_LANGUAGE


def check_object(value, path: str, fields: tuple[str, ...]) -> dict:
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


def check_list(value, path: str, maximum: int) -> list:
    """Check that ``value`` is a list of at most ``maximum`` entries."""
    if not isinstance(value, list):
        refuse(path, _("expected a list […]"))
    if len(value) > maximum:
        refuse(
            path, _("at most %(maximum)d entries; this list has %(count)d") % {"maximum": maximum, "count": len(value)}
        )
    return value


def check_boolean(value, path: str) -> bool:
    """Check that ``value`` is ``true`` or ``false``."""
    if not isinstance(value, bool):
        refuse(path, _("expected true or false"))
    return value


def check_integer(value, path: str, maximum: int) -> int:
    """Check that ``value`` is a whole number from 0 to ``maximum``."""
    if isinstance(value, bool) or not isinstance(value, int):
        refuse(path, _("expected a whole number"))
    if value < 0:
        refuse(path, _("must be %(minimum)d or more") % {"minimum": 0})
    if value > maximum:
        refuse(path, _("must be %(maximum)d or less") % {"maximum": maximum})
    return value


def check_optional_number(model, field: str, value, path: str, constraint: str) -> int | None:
    """Check that ``value`` is null or a whole number that ``model.<field>``'s own validators accept (a pass
    mark's 1 to 100), refusing one they do not with the message of ``model``'s check constraint named
    ``constraint``, the database's rule for that field ("A pass mark is a percentage from 1 to 100.")."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        refuse(path, _("expected a whole number or null"))
    try:
        model._meta.get_field(field).run_validators(value)
    except ValidationError:
        rule = next(rule for rule in model._meta.constraints if rule.name == constraint)
        refuse(path, rule.get_violation_error_message())
    return value


def run_validators(model_field, value, path: str) -> None:
    """Apply a model field's validators (length, slug, range) to ``value``, refusing with their message."""
    try:
        model_field.run_validators(value)
    except ValidationError as error:
        refuse(path, " ".join(error.messages))


def check_slug(value, path: str, model, field: str = "slug") -> str:
    """Check that ``value`` is a valid value of the slug field ``model.<field>`` (a slug or a key)."""
    if not isinstance(value, str) or not value:
        refuse(path, _("expected a slug (letters, digits, hyphens, underscores)"))
    run_validators(model._meta.get_field(field), value, path)
    return value


def check_unique_keys(entries: list[dict], path: str, field: str) -> None:
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


def check_translations(value, path: str, model, field: str) -> dict:
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
            run_validators(model._meta.get_field(build_localized_fieldname(field, code)), text, f"{path}.{code}")
        texts[code] = text or None
    if not texts[SOURCE_LANGUAGE] and not model._meta.get_field(field).blank:
        refuse(f"{path}.{SOURCE_LANGUAGE}", _("required: every text is written in English first"))
    return texts
