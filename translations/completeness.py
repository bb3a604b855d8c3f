"""How complete translations are, for lists of content: the database-side twins of ``states``.

``states.rows`` tells the state of given texts in Python; lists of quizzes or guides filter thousands of rows and
need the same answers as SQL conditions. ``missing`` is ``states.state_of``'s "missing" (and ``states.rows``'s
"nothing to translate" when the English is blank) written for the database; ``any_stale`` reads the ``stale``
flag that ``tracking`` keeps equal to the fingerprint comparison ``states`` makes. tests/translations compare
both on the demo content.
"""

from django.db import models
from django.db.models import Count, Exists, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce, Trim
from django.db.models.lookups import Exact
from modeltranslation.utils import build_localized_fieldname

from translations.models import TranslationSource
from translations.states import State, state_of
from translations.tracking import SOURCE_LANGUAGE, has_source, translated_fields


def missing(field: str, language: str) -> Q:
    """The condition "``field`` is missing in ``language``": empty (NULL or "") while its English is not blank.

    Args:
        field: a translated field's base name, ``"text"``; prefix it with a relation in your own ``Q`` if needed.
        language: a translation language's code, ``"fr"``.

    The English counts as blank when NULL or empty once the spaces around it are trimmed (the database's
    ``TRIM``, as ``states.rows`` skips a text whose ``strip()`` is empty; the admin's forms strip texts, so only
    texts written otherwise could hold other blank characters).
    """
    text = build_localized_fieldname(field, language)
    english = build_localized_fieldname(field, SOURCE_LANGUAGE)
    empty = Q(**{f"{text}__isnull": True}) | Q(**{text: ""})
    blank_english = Q(**{f"{english}__isnull": True}) | Q(Exact(Trim(english), ""))
    return empty & ~blank_english


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

    ``total`` counts the translated fields whose English is not blank (as ``states.rows`` does); ``present``
    those not missing (``states.state_of``: stale ones are present, learners read them). No query.
    """
    present = total = 0
    for field in translated_fields(type(instance)):
        english = getattr(instance, build_localized_fieldname(field, SOURCE_LANGUAGE)) or ""
        if not has_source(english):
            continue
        total += 1
        text = getattr(instance, build_localized_fieldname(field, language))
        present += state_of(text, None, english) is not State.MISSING
    return present, total
