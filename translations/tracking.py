"""Recording which English text each translation was written from, on every save of a translated model.

The rule (one place for the admin, the quiz file importer and the PO importer, which all save model instances):

- a translation written or changed in a save is current: its row in ``TranslationSource`` takes the fingerprint
  of the English text saved with it;
- a translation left as it was while its English text changed becomes stale (``facts.is_stale``): its row keeps the
  fingerprint of the English it was written from (the English before this save, when it had no row yet);
- an author who confirms a translation (``confirm``) makes it current without changing it;
- a translation emptied in a save (missing, ``facts.is_missing``) loses its row: learners read the English;
- an English text emptied in a save takes its translations' rows with it: there is nothing to translate (the
  grid shows no row for it), so nothing can be stale.

What a save changed is known without a query: instances loaded from the database keep the translated fields'
values they were loaded with (``TranslationTracked.from_db``). Receivers are connected by
``TranslationsConfig.ready`` to every model registered with modeltranslation.
"""

from collections.abc import Iterable

from django.db import models
from django.db.models.signals import post_save
from modeltranslation.translator import translator
from modeltranslation.utils import build_localized_fieldname

from translations.facts import (
    LANGUAGE_CODES,
    SOURCE_LANGUAGE,
    TARGET_LANGUAGES,
    fingerprint,
    is_missing,
    is_stale,
    translated_fields,
)
from translations.models import TranslationSource

SNAPSHOT = "_translation_snapshot"
_UNIQUE = ["model", "object_id", "field", "language"]


def snapshot(instance: models.Model) -> dict[str, str | None]:
    """The loaded values of ``instance``'s translated fields in every language, by localized name
    (``{"text_en": …, "text_fr": …}``); deferred fields are left out (read from ``__dict__``, so no query)."""
    names = (
        build_localized_fieldname(field, code) for field in translated_fields(type(instance)) for code in LANGUAGE_CODES
    )
    return {name: instance.__dict__[name] for name in names if name in instance.__dict__}


class TranslationTracked:
    """Mixin for translated models: remembers the translated fields' values an instance was loaded with, so
    that saving it tells which texts changed (``record_on_save``). Put it before ``models.Model``."""

    @classmethod
    def from_db(cls, db, field_names, values, *, fetch_mode=None):
        instance = super().from_db(db, field_names, values, fetch_mode=fetch_mode)
        setattr(instance, SNAPSHOT, snapshot(instance))
        return instance


def record_on_save(sender, instance: models.Model, created: bool, raw: bool = False, **kwargs) -> None:
    """``post_save`` receiver: record what this save did to ``instance``'s translations (the module's rule).

    Costs no query when no translated text changed, else at most three (read the rows of texts whose English
    changed, write rows, delete the rows of emptied translations). Fixtures loaded raw are not recorded.
    """
    if raw:
        return
    before = {} if created else getattr(instance, SNAPSHOT, {})
    label, written, english_changed, emptied = instance._meta.label_lower, [], [], []
    for field in translated_fields(type(instance)):
        english_name = build_localized_fieldname(field, SOURCE_LANGUAGE)
        english = getattr(instance, english_name)
        english_before = before.get(english_name, english)
        if is_missing(english):
            # Nothing to translate (an explanation left blank): no translation is current or stale.
            if not is_missing(english_before):
                emptied += [(field, code) for code in TARGET_LANGUAGES]
            continue
        for code in TARGET_LANGUAGES:
            name = build_localized_fieldname(field, code)
            text = getattr(instance, name)
            if is_missing(text):
                if not is_missing(before.get(name)):
                    emptied.append((field, code))
            elif name not in before or before[name] != text:
                written.append(_row(label, instance.pk, field, code, fingerprint(english), stale=False))
            elif fingerprint(english) != fingerprint(english_before):
                english_changed.append((field, code, english_before, english))
    rows = written + _rows_after_english_change(label, instance.pk, english_changed)
    _upsert(rows)
    if emptied:
        condition = models.Q(pk__in=[])
        for field, code in emptied:
            condition |= models.Q(field=field, language=code)
        TranslationSource.objects.filter(condition, model=label, object_id=instance.pk).delete()
    setattr(instance, SNAPSHOT, snapshot(instance))


def _row(label: str, pk: int, field: str, language: str, source: str, *, stale: bool) -> TranslationSource:
    return TranslationSource(model=label, object_id=pk, field=field, language=language, fingerprint=source, stale=stale)


def _rows_after_english_change(
    label: str, pk: int, changes: list[tuple[str, str, str, str]]
) -> list[TranslationSource]:
    """The rows of translations whose English changed while they did not: stale unless the English is back to
    the text they were written from."""
    if not changes:
        return []
    recorded = {
        (row.field, row.language): row.fingerprint
        for row in TranslationSource.objects.filter(model=label, object_id=pk)
    }
    rows = []
    for field, code, english_before, english in changes:
        source = recorded.get((field, code), fingerprint(english_before))
        rows.append(_row(label, pk, field, code, source, stale=is_stale(source, english)))
    return rows


def _upsert(rows: list[TranslationSource]) -> None:
    if rows:
        TranslationSource.objects.bulk_create(
            rows, update_conflicts=True, unique_fields=_UNIQUE, update_fields=["fingerprint", "stale", "recorded_at"]
        )


def confirm(instances: Iterable[models.Model], *, field: str | None = None, language: str | None = None) -> int:
    """Mark translations of ``instances`` current, as an author does after checking them against the English.

    Args:
        instances: saved instances of translated models (a question; a quiz with its questions and choices).
        field: one translated field's base name (``"text"``); every translated field when None.
        language: one translation language's code (``"fr"``); every one when None.

    Returns:
        How many translations were marked current (present ones only: a missing translation has nothing to
        confirm). One query.

    Raises:
        ValueError: ``field`` is not translated on one of the instances, or ``language`` is not a translation
            language.
    """
    codes = TARGET_LANGUAGES
    if language is not None and language not in codes:
        raise ValueError(f"{language!r} is not a translation language ({', '.join(codes)}).")
    rows = []
    for instance in instances:
        fields = translated_fields(type(instance))
        if field is not None and field not in fields:
            raise ValueError(f"{type(instance).__name__} has no translated field {field!r}.")
        for name in fields if field is None else (field,):
            english = fingerprint(getattr(instance, build_localized_fieldname(name, SOURCE_LANGUAGE)))
            for code in codes if language is None else (language,):
                if not is_missing(getattr(instance, build_localized_fieldname(name, code))):
                    rows.append(_row(instance._meta.label_lower, instance.pk, name, code, english, stale=False))
    _upsert(rows)
    return len(rows)


def connect() -> None:
    """Connect ``record_on_save`` to every model registered with modeltranslation (``TranslationsConfig.ready``)."""
    for model in translator.get_registered_models(abstract=False):
        post_save.connect(record_on_save, sender=model, dispatch_uid=f"translations.record.{model._meta.label_lower}")
