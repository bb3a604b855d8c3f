"""Template helpers (Jinja2 globals, ``quizsite.jinja2``) that make fallback-language text visible: ``lang``
attributes and "not yet translated" markers.

A translated field whose value in the active language is missing is shown in the fallback language, English (the
fallback rule: ``translations.facts.falls_back``). Such text must carry ``lang="en"`` so browsers and
screen readers read it right, and a visible marker (``untranslated_marker``) on or next to itself, wherever it
appears; a translated text never sits under a marker.

The marking rule, for a block of content (a question with the choices and explanation it shows, a quiz's title
and description, a guide's title, summary and body, a card):

- every text the block shows is in English (``all_fall_back``): one marker for the whole block, next to its
  lead text (question text, title). It is the long label where the block is what the page is about (the
  question page, the quiz page's header, the guide page) and the short "EN" badge in lists.
- otherwise each text shown in English carries its own short badge (``fallback_badge``), next to itself.

A block of one text (a title in a breadcrumb, a card, a link) is the second case: its badge when it falls back.
"""

from django import template
from django.db import models
from django.utils.translation import get_language, gettext, pgettext_lazy
from markupsafe import Markup

from translations import facts
from translations.facts import FALLBACK_LANGUAGE

# Each language of settings.LANGUAGES but the fallback one, named as "… not yet translated into <name>" needs it:
# Turkish puts it in the dative ("Türkçeye"), French writes it in lower case ("en français").
TRANSLATED_INTO = {
    "fr": pgettext_lazy("not yet translated into …", "French"),
    "tr": pgettext_lazy("not yet translated into …", "Turkish"),
}


def falls_back(instance: models.Model, field: str, language: str | None = None) -> bool:
    """Tell whether ``instance.<field>`` is shown in the fallback language instead of ``language``: the fallback
    rule (``translations.facts.falls_back``), for templates.

    Args:
        instance: a model instance with a field registered for translation (``translation.py``), or a quiz's
            content snapshot (``quizzes.localized``), which applied the rule once for its own language.
        field: the translated field's base name, e.g. ``"text"``.
        language: a code from ``settings.LANGUAGES``; the active language when None.
    """
    in_english = getattr(instance, "in_english", None)
    if in_english is not None:
        return field in in_english
    return facts.falls_back(instance, field, language or get_language() or FALLBACK_LANGUAGE)


def content_lang(instance: models.Model, field: str) -> str:
    """The language ``instance.<field>`` is shown in: the fallback language's code, or the active one's.

    Usage: ``{% set question_lang = content_lang(question, "text") %}<article lang="{{ question_lang }}">``.
    """
    return FALLBACK_LANGUAGE if falls_back(instance, field) else get_language()


def lang_attr(instance: models.Model, field: str, container_lang: str = "") -> Markup:
    """A `` lang="…"`` attribute for an element showing ``instance.<field>``, or "" when none is needed.

    Args:
        instance, field: as for ``falls_back``.
        container_lang: the language the enclosing element declares (from ``content_lang``); the page
            language when empty. The attribute is emitted only where the text's language differs from it.
    """
    shown = content_lang(instance, field)
    if shown == (container_lang or get_language()):
        return Markup("")
    return Markup(' lang="{}"').format(shown)


def _shown_texts(pairs: tuple) -> list[tuple[models.Model, str]]:
    """The ``(instance, field)`` of every non-empty text named by ``pairs`` (see ``all_fall_back``)."""
    if len(pairs) % 2:
        raise template.TemplateSyntaxError("all_fall_back takes pairs: an object (or objects), then its fields.")
    texts = []
    for objects, fields in zip(pairs[::2], pairs[1::2], strict=True):
        names = [name.strip() for name in fields.split(",") if name.strip()]
        single = isinstance(objects, models.Model) or hasattr(objects, "in_english")
        instances = [objects] if single else list(objects or ())
        texts += [
            (instance, name)
            for instance in instances
            for name in names
            if not facts.is_missing(getattr(instance, name, None))
        ]
    return texts


def all_fall_back(*pairs) -> bool:
    """Tell whether every text a block shows is in the fallback language, so one marker stands for the whole
    block (the marking rule, in this module's docstring).

    Usage: ``{% set in_english = all_fall_back(question, "text,explanation", choices, "text") %}``.

    Args:
        pairs: an object, then the comma-separated translated fields of it that the block shows, as many times
            as the block has kinds of objects. The object may be a model instance, an iterable of instances
            (prefetched, e.g. ``question.choices.all``) or None (nothing shown). Texts empty in every language
            are not shown, so they do not count.

    Returns:
        True when the block shows at least one text and every one falls back; False otherwise.

    Raises:
        TemplateSyntaxError: an object without its fields.
    """
    texts = _shown_texts(pairs)
    return bool(texts) and all(falls_back(instance, field) for instance, field in texts)


_MARKERS: dict[tuple[str, bool], Markup] = {}


def untranslated_marker(short: bool = False) -> Markup:
    """The marker of text shown in English, where the marking rule (this module's docstring) puts it; made once per
    language and kind, as it depends on nothing else.

    Args:
        short: False for the long label, once for a block that is all English and that the page is about; True
            for the badge, "EN" to the eye and "in English" to a screen reader, for a block in a list or one text
            among translated ones (the page says once what it means: the quiz page's count, the footer).
    """
    language = get_language()
    marker = _MARKERS.get((language, short))
    if marker is None:
        if short:
            marker = Markup(
                '<span class="untranslated-marker is-short" lang="{}"><span class="language-code" aria-hidden="true">'
                'en</span><span class="visually-hidden">{}</span></span>'
            ).format(language, gettext("In English"))
        else:
            marker = Markup('<span class="untranslated-marker" lang="{}">{}</span>').format(
                language, gettext("Not yet translated: shown in English")
            )
        _MARKERS[(language, short)] = marker
    return marker


def fallback_badge(instance: models.Model | None, field: str, block_marked: bool = False) -> Markup:
    """The short "EN" badge (``untranslated_marker(short=True)``) for ``instance.<field>`` when it is shown in
    English, else "".

    Usage: ``<p lang="en">{{ fallback_badge(question, "explanation", in_english) }} {{ question.explanation }}</p>``.

    Args:
        instance, field: as for ``falls_back``; None renders nothing.
        block_marked: True when the enclosing block already carries one marker for all its text
            (``all_fall_back``): the text then needs no badge of its own.
    """
    if not instance or block_marked or not falls_back(instance, field):  # None, or a template's undefined
        return Markup("")
    return untranslated_marker(short=True)


def content_lang_of(in_english: frozenset[str], field: str) -> str:
    """``content_lang`` for content whose fallback was worked out once (a snapshot's ``in_english``, the names of
    its texts shown in English): the fallback language's code when ``field`` is one of them, else the active
    language's."""
    return FALLBACK_LANGUAGE if field in in_english else get_language()


def fallback_badge_of(in_english: frozenset[str], field: str) -> Markup:
    """``fallback_badge`` for content whose fallback was worked out once (see ``content_lang_of``)."""
    return untranslated_marker(short=True) if field in in_english else Markup("")


def translated_into() -> str:
    """The active language's name as the sentence "… not yet translated into <name>" ends it, in that language:
    "français", "Türkçeye" (``TRANSLATED_INTO``).

    Raises:
        KeyError: the active language is the fallback language (nothing is translated into English) or has no
            entry in ``TRANSLATED_INTO`` (``tests/quizsite/test_translation_status.py`` checks that every other
            language of ``settings.LANGUAGES`` has one).
    """
    return str(TRANSLATED_INTO[get_language()])
