"""Template tags that make fallback-language text visible: ``lang`` attributes and "not yet translated" markers.

A translated field whose value in the active language is missing (NULL or empty) is shown in the fallback
language, English (``MODELTRANSLATION_FALLBACK_LANGUAGES``). Such text must carry ``lang="en"`` so browsers and
screen readers read it right, and each block of content (a question with its choices, a guide card) shows one
marker when any of its text falls back (``templates/includes/untranslated_marker.html``: the long label where a
page has one such block, the short "EN" badge in lists, where the long label would repeat).
"""

from collections.abc import Iterable

from django import template
from django.conf import settings
from django.db import models
from django.utils.html import format_html
from django.utils.translation import get_language, pgettext_lazy
from modeltranslation.utils import build_localized_fieldname

register = template.Library()

FALLBACK_LANGUAGE = settings.MODELTRANSLATION_DEFAULT_LANGUAGE

# Each language of settings.LANGUAGES but the fallback one, named as "… not yet translated into <name>" needs it:
# Turkish puts it in the dative ("Türkçeye"), French writes it in lower case ("en français").
TRANSLATED_INTO = {
    "fr": pgettext_lazy("not yet translated into …", "French"),
    "tr": pgettext_lazy("not yet translated into …", "Turkish"),
}


def falls_back(instance: models.Model, field: str, language: str | None = None) -> bool:
    """Tell whether ``instance.<field>`` is shown in the fallback language instead of ``language``.

    Args:
        instance: a model instance with a field registered for translation (``translation.py``).
        field: the translated field's base name, e.g. ``"text"``.
        language: a code from ``settings.LANGUAGES``; the active language when None.

    Returns:
        True when the language is not the fallback language, its value is NULL or empty and the English value
        is not (modeltranslation then shows the English value). A text empty in every language falls back to
        nothing: the page shows nothing, so nothing is marked.
    """
    language = language or get_language() or FALLBACK_LANGUAGE
    if language == FALLBACK_LANGUAGE:
        return False
    missing = (None, "")
    fallback = getattr(instance, build_localized_fieldname(field, FALLBACK_LANGUAGE), None)
    return getattr(instance, build_localized_fieldname(field, language), None) in missing and fallback not in missing


@register.simple_tag
def content_lang(instance: models.Model, field: str) -> str:
    """The language ``instance.<field>`` is shown in: the fallback language's code, or the active one's.

    Usage: ``{% content_lang question "text" as question_lang %}<article lang="{{ question_lang }}">``.
    """
    return FALLBACK_LANGUAGE if falls_back(instance, field) else get_language()


@register.simple_tag
def lang_attr(instance: models.Model, field: str, container_lang: str = "") -> str:
    """A `` lang="…"`` attribute for an element showing ``instance.<field>``, or "" when none is needed.

    Args:
        instance, field: as for ``falls_back``.
        container_lang: the language the enclosing element declares (from ``content_lang``); the page
            language when empty. The attribute is emitted only where the text's language differs from it.
    """
    shown = content_lang(instance, field)
    if shown == (container_lang or get_language()):
        return ""
    return format_html(' lang="{}"', shown)


@register.simple_tag
def untranslated(instance: models.Model, fields: str, children: Iterable | None = None, child_fields: str = ""):
    """Tell whether any text of a block falls back, so the block shows one "not yet translated" marker.

    Args:
        instance: the block's main object, e.g. a question.
        fields: comma-separated translated fields of ``instance`` shown in the block, e.g. ``"text"``.
        children: objects shown inside the block, e.g. ``question.choices.all`` (prefetched).
        child_fields: comma-separated translated fields of each child, e.g. ``"text"``.

    Returns:
        bool.
    """
    names = [name.strip() for name in fields.split(",") if name.strip()]
    child_names = [name.strip() for name in child_fields.split(",") if name.strip()]
    if any(falls_back(instance, name) for name in names):
        return True
    return any(falls_back(child, name) for child in children or () for name in child_names)


@register.simple_tag
def translated_into() -> str:
    """The active language's name as the sentence "… not yet translated into <name>" ends it, in that language:
    "français", "Türkçeye" (``TRANSLATED_INTO``).

    Raises:
        KeyError: the active language is the fallback language (nothing is translated into English) or has no
            entry in ``TRANSLATED_INTO`` (``tests/quizsite/test_translation_status.py`` checks that every other
            language of ``settings.LANGUAGES`` has one).
    """
    return str(TRANSLATED_INTO[get_language()])
