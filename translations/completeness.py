"""How complete translations are, for lists of content: the database-side twins of ``states``.

``states.rows`` tells the state of given texts in Python; lists of quizzes or guides filter thousands of rows and
need the same answers as SQL conditions. ``missing`` is ``facts.is_missing`` of the translation and not of its
English (``facts.missing_condition``, the database's twin); ``any_stale`` reads the ``stale`` flag that
``tracking`` stores from ``facts.is_stale``. tests/translations compare both on the demo content.
"""

from django.db import models
from django.db.models import Count, Exists, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce

from translations.facts import SOURCE_LANGUAGE, is_missing, missing_condition, text_of, translated_fields
from translations.models import TranslationSource


def missing(field: str, language: str) -> Q:
    """The condition "``field`` is missing in ``language`` while its English is not" (``facts.missing_condition``
    of both), as ``states.rows`` tells a missing translation from a text with nothing to translate.

    Args:
        field: a translated field's base name, ``"text"``; prefix it with a relation in your own ``Q`` if needed.
        language: a translation language's code, ``"fr"``.
    """
    return missing_condition(field, language) & ~missing_condition(field, SOURCE_LANGUAGE)


def any_missing(model: type[models.Model], language: str) -> Q:
    """The condition "one of ``model``'s translated fields is ``missing`` in ``language``" (for ``model``'s rows)."""
    condition = Q(pk__in=[])
    for field in translated_fields(model):
        condition |= missing(field, language)
    return condition


def any_stale(model: type[models.Model]) -> Exists:
    """The condition "a translation of this ``model`` row is stale in some language", for a queryset of
    ``model`` (it refers to the row's ``pk``): one of its ``TranslationSource`` rows has ``stale`` set."""
    return Exists(TranslationSource.objects.filter(model=model._meta.label_lower, object_id=OuterRef("pk"), stale=True))


def stale_count(model: type[models.Model], language: str) -> Coalesce:
    """The number of this ``model`` row's translations into ``language`` that are stale, for ``annotate`` on a
    queryset of ``model`` (it refers to the row's ``pk``): its ``TranslationSource`` rows with ``stale`` set, as
    ``any_stale`` reads them (so a list's count agrees with its "Stale" filter). A subquery: no query of its own.

    Args:
        model: a translated model, ``Guide``.
        language: a translation language's code, ``"fr"``.
    """
    records = (
        TranslationSource.objects.filter(
            model=model._meta.label_lower, object_id=OuterRef("pk"), language=language, stale=True
        )
        .order_by()
        .values("object_id")
        .annotate(count=Count("pk"))
        .values("count")
    )
    return Coalesce(Subquery(records), 0)


def present_share(instance: models.Model, language: str) -> tuple[int, int]:
    """How many of ``instance``'s texts have a translation in ``language``: ``(present, total)``.

    ``total`` counts the translated fields whose English is not missing (as ``states.rows`` does); ``present``
    those whose translation is not missing either (``facts.is_missing``: stale ones are present, learners read
    them). No query.
    """
    present = total = 0
    for field in translated_fields(type(instance)):
        if is_missing(text_of(instance, field, SOURCE_LANGUAGE)):
            continue
        total += 1
        present += not is_missing(text_of(instance, field, language))
    return present, total
