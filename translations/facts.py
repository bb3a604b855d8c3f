"""The facts about translated texts, each answered here once: the source and fallback language, the languages
translated into, which fields a model translates, whether a text is missing, whether it falls back to English
and whether a translation is stale.

Every page, card, service, export, import, count and grid asks these functions instead of working a fact out
again (tests/translations/test_one_home.py keeps the old copies from coming back). This module reads only the
settings and modeltranslation's registry: it imports no app of the project.
"""

import hashlib
from collections.abc import Mapping
from functools import cache

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import models
from django.db.models import Case, F, Q, When
from django.db.models.functions import Trim
from django.db.models.lookups import Exact
from modeltranslation.translator import NotRegistered, translator
from modeltranslation.utils import build_localized_fieldname

#: The language authors write first, ``"en"``; learners read it where a translation is missing.
SOURCE_LANGUAGE: str = settings.MODELTRANSLATION_DEFAULT_LANGUAGE
#: The language a missing translation falls back to: the source language (one constant under two names, as the
#: site has one source and one fallback; the settings must agree, checked below).
FALLBACK_LANGUAGE: str = SOURCE_LANGUAGE
if tuple(settings.MODELTRANSLATION_FALLBACK_LANGUAGES) != (SOURCE_LANGUAGE,):
    raise ImproperlyConfigured(
        "MODELTRANSLATION_FALLBACK_LANGUAGES must be (MODELTRANSLATION_DEFAULT_LANGUAGE,): missing translations "
        "are shown in the source language."
    )
#: Every language's code, in ``settings.LANGUAGES`` order (source first).
LANGUAGE_CODES: tuple[str, ...] = tuple(code for code, _name in settings.LANGUAGES)
#: The codes of the languages translated from the source, ``("fr", "tr")``.
TARGET_LANGUAGES: tuple[str, ...] = tuple(code for code in LANGUAGE_CODES if code != SOURCE_LANGUAGE)


def translation_languages() -> list[tuple[str, str]]:
    """The languages translated from the source as ``settings.LANGUAGES`` names them, e.g.
    ``[("fr", "French"), ("tr", "Turkish")]`` (names lazily translated): ``TARGET_LANGUAGES`` with their names."""
    return [(code, name) for code, name in settings.LANGUAGES if code != SOURCE_LANGUAGE]


def translated_fields(model: type[models.Model]) -> tuple[str, ...]:
    """The base names of ``model``'s fields registered with modeltranslation (its app's ``translation.py``), in
    the model's field order (``("text", "explanation")`` for a question): a fixed order, where modeltranslation's
    own is a set's. Empty for a model not registered."""
    try:
        return _registered_fields(model)
    except NotRegistered:
        return ()


@cache
def _registered_fields(model: type[models.Model]) -> tuple[str, ...]:
    registered = set(translator.get_options_for_model(model).fields)
    return tuple(field.name for field in model._meta.get_fields() if field.name in registered)


def is_missing(text: str | None) -> bool:
    """Whether ``text`` counts as no text: None, ``""`` or only white space (spaces, tabs, line breaks).

    The one meaning of "missing" for a translation (learners read the English instead, the grid says "Missing")
    and of "nothing to translate" for an English text (an explanation left blank). A text of white space says
    nothing to a reader; the admin's forms, the quiz file importer and the PO importer strip texts, so it only
    comes from elsewhere (code, the database), and is shown and counted as missing there too.
    """
    return text is None or not text.strip()


def text_of(source: models.Model | Mapping, field: str, language: str) -> str | None:
    """``field`` (a translated field's base name) of ``source`` in ``language``, as stored (no fallback): from a
    model instance, or from a ``values()`` row holding the localized columns (``text_fr``). None when absent."""
    name = build_localized_fieldname(field, language)
    if isinstance(source, Mapping):
        return source.get(name)
    return getattr(source, name, None)


def falls_back(source: models.Model | Mapping, field: str, language: str) -> bool:
    """Whether ``field`` of ``source`` (a model instance or a ``values()`` row, as for ``text_of``) is shown in
    the fallback language to a reader of ``language``: the fallback rule.

    True when ``language`` is not the fallback language, the text is missing in it (``is_missing``) and not
    missing in the fallback language. A text missing in every language falls back to nothing: it is not shown,
    so it is not marked.
    """
    if language == FALLBACK_LANGUAGE:
        return False
    return is_missing(text_of(source, field, language)) and not is_missing(text_of(source, field, FALLBACK_LANGUAGE))


def shown_text(source: models.Model | Mapping, field: str, language: str) -> str:
    """The text a reader of ``language`` reads for ``field`` of ``source``: its own, or the fallback language's
    where it ``falls_back``; ``""`` when missing everywhere."""
    language = FALLBACK_LANGUAGE if falls_back(source, field, language) else language
    text = text_of(source, field, language)
    return "" if is_missing(text) else text


def missing_condition(field: str, language: str) -> Q:
    """``is_missing`` for the database: the condition "``field`` (a base name; prefix it with a relation in your
    own ``Q`` if needed) is NULL or only white space in ``language``". The database's ``TRIM`` drops spaces
    only; the texts writers store are stripped, so other white space does not reach it."""
    column = build_localized_fieldname(field, language)
    return Q(**{f"{column}__isnull": True}) | Q(Exact(Trim(column), ""))


def shown_expression(field: str, language: str) -> Case:
    """``shown_text`` for the database: an expression of the text a reader of ``language`` reads (the fallback
    language's where the own one is missing), to order rows by what they show."""
    own, fallback = build_localized_fieldname(field, language), build_localized_fieldname(field, FALLBACK_LANGUAGE)
    return Case(
        When(missing_condition(field, language), then=F(fallback)), default=F(own), output_field=models.TextField()
    )


def fingerprint(text: str | None) -> str:
    """The fingerprint of an English text: SHA-256 (hex, 64 characters) of the text with its line endings made
    ``\\n`` and the spaces around lines and the text dropped, so re-saving a form (which sends ``\\r\\n``) or
    trimming a trailing space does not make translations stale. ``None`` counts as ``""``."""
    lines = (text or "").replace("\r\n", "\n").replace("\r", "\n").strip().split("\n")
    return hashlib.sha256("\n".join(line.strip() for line in lines).encode()).hexdigest()


def is_stale(written_from: str | None, english: str | None) -> bool:
    """The staleness rule: a translation is stale when the English it was written from (``written_from``, the
    ``fingerprint`` recorded with it in ``TranslationSource``) is not the English text now. None (no record) is
    taken as current: records are written when a translation or its English changes (``tracking``).

    ``tracking`` stores this answer in ``TranslationSource.stale`` (for lists' SQL filters) and ``states`` asks it
    of the recorded fingerprint: one rule for both.
    """
    return written_from is not None and written_from != fingerprint(english)
