from django.contrib import admin
from django.contrib.admin.views.main import ChangeList
from django.core.exceptions import ValidationError
from django.db.models import Count, Q
from django.forms.models import BaseInlineFormSet
from django.http import HttpRequest
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from guides.models import MAX_GUIDES_PER_QUIZ, Guide
from quizsite.admin import TranslatedAdmin, folded_search_fields
from translations.actions import confirm_stale_actions
from translations.completeness import any_missing, any_stale, present_share, stale_count
from translations.facts import translation_languages
from translations.filters import TranslationFilter


class GuideTranslationFilter(TranslationFilter):
    """Guides missing a French (Turkish…) text, or with a stale translation (``translations.completeness``)."""

    def missing_condition(self, language: str) -> Q:
        return any_missing(Guide, language)

    def stale_condition(self) -> Q:
        return Q(any_stale(Guide))


class QuizLinkFormSet(BaseInlineFormSet):
    """The guide's quizzes; a quiz that already links ``MAX_GUIDES_PER_QUIZ`` other guides cannot link this one.
    One query per quiz added."""

    def clean(self) -> None:
        super().clean()
        if any(self.errors):
            return
        for form in self.forms:
            quiz = (form.cleaned_data or {}).get("quiz")
            if quiz is None or self._should_delete_form(form) or "quiz" not in form.changed_data:
                continue
            if quiz.guides.exclude(pk=self.instance.pk).count() >= MAX_GUIDES_PER_QUIZ:
                raise ValidationError(
                    gettext("“%(quiz)s” already links %(maximum)d guides, the most a quiz may link.")
                    % {"quiz": quiz.title, "maximum": MAX_GUIDES_PER_QUIZ}
                )


class QuizLinkInline(admin.TabularInline):
    """The guide's quizzes (the same links as a quiz's "related guides"), editable from either side."""

    model = Guide.quizzes.through
    formset = QuizLinkFormSet
    fields = ["quiz"]
    autocomplete_fields = ["quiz"]
    extra = 0
    verbose_name = _("quiz")
    verbose_name_plural = _("quizzes")

    def get_queryset(self, request: HttpRequest):
        # Each row is named by the quiz and the guide it links (quizsite.links), read with the row.
        return super().get_queryset(request).select_related("quiz", "guide")


def stale_attribute(language: str) -> str:
    """The name of the annotation ``GuideChangeList`` gives each guide: its count of stale ``language`` texts."""
    return f"stale_{language}"


class GuideChangeList(ChangeList):
    """The guide list, each guide with its count of stale translations per language (``completeness.stale_count``,
    subqueries of the page's query), for ``translated_fields``."""

    def get_queryset(self, request: HttpRequest, exclude_parameters=None):
        counts = {stale_attribute(code): stale_count(Guide, code) for code, _name in translation_languages()}
        return super().get_queryset(request, exclude_parameters).annotate(**counts)


@admin.register(Guide)
class GuideAdmin(TranslatedAdmin):
    """Guides, with their translations' completeness in the list, and list actions that confirm the stale
    translations of the guides ticked, in one language ("Confirm stale French translations")."""

    fields = ["title", "slug", "summary", "body", "ordering", "published"]
    prepopulated_fields = {"slug": ("title_en",)}
    inlines = [QuizLinkInline]
    list_display = ["title", "slug", "ordering", "quiz_count", "translated_fields", "published"]
    list_editable = ["ordering"]
    list_filter = ["published", GuideTranslationFilter]
    actions = confirm_stale_actions()
    ordering = ["ordering", "slug"]
    search_fields = folded_search_fields("title", "summary")
    search_help_text = _("Searches titles and summaries in every language, ignoring case and the dots on i.")

    def get_queryset(self, request: HttpRequest):
        return super().get_queryset(request).annotate(quiz_count=Count("quizzes", distinct=True))

    def get_changelist(self, request: HttpRequest, **kwargs) -> type[ChangeList]:
        return GuideChangeList

    @admin.display(description=_("quizzes"), ordering="quiz_count")
    def quiz_count(self, guide: Guide) -> int:
        return guide.quiz_count

    @admin.display(description=_("translated texts"))
    def translated_fields(self, guide: Guide) -> str:
        """One line per translation language: "fr 2/3", the guide's texts (title, summary, body, those written in
        English) present in that language (``translations.completeness.present_share``), then how many of them are
        stale, as the "Stale" filter finds them: "fr 2/3; 1 stale". No query (``GuideChangeList``'s counts)."""
        lines = []
        for code, _name in translation_languages():
            present, total = present_share(guide, code)
            line = f"{code} {present}/{total}"
            stale = getattr(guide, stale_attribute(code))
            if stale:
                line = ngettext("%(share)s; %(count)s stale", "%(share)s; %(count)s stale", stale) % {
                    "share": line,
                    "count": stale,
                }
            lines.append(line)
        return format_html_join(mark_safe("<br>"), "{}", ((line,) for line in lines))
