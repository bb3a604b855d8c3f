"""The "Translation" filter of admin lists: content missing a translation in one language, or with a stale one."""

from django.contrib import admin
from django.db.models import Q, QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from translations.facts import translation_languages
from translations.models import NAMES_IN_SENTENCE

STALE = "stale"
MISSING_PREFIX = "missing-"


class TranslationFilter(admin.SimpleListFilter):
    """Options "Missing French", "Missing Turkish" (one per translation language of ``settings.LANGUAGES``) and
    "Stale". Subclasses say what each means for their model's rows, as conditions built from
    ``translations.completeness`` (the quiz counts its questions and choices too)."""

    title = _("translation")
    parameter_name = "translation"

    def lookups(self, request: HttpRequest, model_admin) -> list[tuple[str, str]]:
        missing = [
            (f"{MISSING_PREFIX}{code}", gettext("Missing %(language)s") % {"language": NAMES_IN_SENTENCE[code]})
            for code, _name in translation_languages()
        ]
        return [*missing, (STALE, gettext("Stale"))]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        value = self.value()
        if value == STALE:
            return queryset.filter(self.stale_condition())
        for code, _name in translation_languages():
            if value == f"{MISSING_PREFIX}{code}":
                return queryset.filter(self.missing_condition(code))
        return queryset

    def missing_condition(self, language: str) -> Q:
        """The rows with a text missing in ``language`` (``completeness.missing``)."""
        raise NotImplementedError

    def stale_condition(self) -> Q:
        """The rows with a stale translation (``completeness.any_stale``)."""
        raise NotImplementedError
