from django.contrib import admin
from django.db.models import Count
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from guides.models import Guide
from quizsite.admin import TranslatedAdmin, folded_search_fields


class QuizLinkInline(admin.TabularInline):
    """The guide's quizzes (the same links as a quiz's "related guides"), editable from either side."""

    model = Guide.quizzes.through
    fields = ["quiz"]
    autocomplete_fields = ["quiz"]
    extra = 0
    verbose_name = _("quiz")
    verbose_name_plural = _("quizzes")

    def get_queryset(self, request: HttpRequest):
        # Each row is named by the quiz and the guide it links (quizsite.links), read with the row.
        return super().get_queryset(request).select_related("quiz", "guide")


@admin.register(Guide)
class GuideAdmin(TranslatedAdmin):
    fields = ["title", "slug", "summary", "body", "ordering", "published"]
    prepopulated_fields = {"slug": ("title_en",)}
    inlines = [QuizLinkInline]
    list_display = ["title", "slug", "ordering", "quiz_count", "published"]
    list_editable = ["ordering"]
    list_filter = ["published"]
    ordering = ["ordering", "slug"]
    search_fields = folded_search_fields("title", "summary")
    search_help_text = _("Searches titles and summaries in every language, ignoring case and the dots on i.")

    def get_queryset(self, request: HttpRequest):
        return super().get_queryset(request).annotate(quiz_count=Count("quizzes", distinct=True))

    @admin.display(description=_("quizzes"), ordering="quiz_count")
    def quiz_count(self, guide: Guide) -> int:
        return guide.quiz_count
