"""Quizzes in the admin: a quiz written whole on its page, the bulk delete (the answer statistics:
``quizzes.admin.statistics``)."""

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.actions import delete_selected as delete_with_confirmation
from django.contrib.admin.utils import unquote
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.utils.text import capfirst
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from guides.models import MAX_GUIDES_PER_QUIZ
from quizsite.admin import ReadableAutocompleteMixin, folded_search_fields
from quizzes.admin.inlines import NestedTranslatedAdmin, QuestionInline, refuse
from quizzes.admin.regrade import RegradeMixin
from quizzes.admin.statistics import StatisticsMixin
from quizzes.admin.summary import ErrorSummaryMixin
from quizzes.admin.translations import QuizTranslationFilter, TranslationGridMixin
from quizzes.models import Quiz
from quizzes.modes import QuizMode
from quizzes.rules import RuleBroken, check_removable, check_time_limit


class QuizForm(forms.ModelForm):
    """The quiz's own fields on its admin page; its guides at most ``guides.models.MAX_GUIDES_PER_QUIZ``; its
    pass mark empty or a whole percentage from 1 to 100, refused otherwise with one message that says so; its
    time limit refused at its field unless the rule allows it (``quizzes.rules.check_time_limit``)."""

    pass_mark = forms.IntegerField(
        label=capfirst(_("pass mark (%)")),
        required=False,
        min_value=1,
        max_value=100,
        help_text=Quiz._meta.get_field("pass_mark").help_text,
        error_messages=dict.fromkeys(
            ("invalid", "min_value", "max_value"),
            _("Enter the pass mark as a whole percentage from 1 to 100, or leave it empty for no pass mark."),
        ),
    )

    mode = forms.TypedChoiceField(
        label=capfirst(Quiz._meta.get_field("mode").verbose_name),
        choices=QuizMode.choices,
        required=False,
        widget=forms.RadioSelect,
        help_text=Quiz._meta.get_field("mode").help_text,
    )
    time_limit = forms.IntegerField(
        label=capfirst(Quiz._meta.get_field("time_limit").verbose_name),
        required=False,
        help_text=Quiz._meta.get_field("time_limit").help_text,
    )

    class Meta:
        model = Quiz
        fields = [
            "title",
            "slug",
            "description",
            "difficulty",
            "guides",
            "published",
            "shuffle_choices",
            "shuffle_questions",
            "pass_mark",
            "mode",
            "time_limit",
        ]

    def clean_guides(self):
        guides = self.cleaned_data["guides"]
        if len(guides) > MAX_GUIDES_PER_QUIZ:
            raise ValidationError(
                ngettext(
                    "A quiz links at most %(maximum)d guides; %(count)d is selected.",
                    "A quiz links at most %(maximum)d guides; %(count)d are selected.",
                    len(guides),
                )
                % {"maximum": MAX_GUIDES_PER_QUIZ, "count": len(guides)},
                code="too_many_guides",
            )
        return guides

    def clean_mode(self) -> str:
        """Not sent (a page opened before modes existed, a script's post): the quiz keeps its mode."""
        return self.cleaned_data.get("mode") or self.instance.mode

    def clean(self) -> dict:
        cleaned = super().clean()
        if "mode" in cleaned and "time_limit" in cleaned:
            try:
                check_time_limit(cleaned["mode"], cleaned["time_limit"])
            except RuleBroken as refusal:
                self.add_error("time_limit", refusal)
        return cleaned


@admin.register(Quiz)
class QuizAdmin(
    RegradeMixin,
    StatisticsMixin,
    ErrorSummaryMixin,
    ReadableAutocompleteMixin,
    TranslationGridMixin,
    NestedTranslatedAdmin,
):
    """Quizzes, each written whole on its page: its questions with their choices, in every language."""

    form = QuizForm
    fields = list(QuizForm.Meta.fields)
    prepopulated_fields = {"slug": ("title_en",)}
    autocomplete_fields = ["guides"]
    inlines = [QuestionInline]
    list_display = ["title", "difficulty", "guide_titles", "question_count", "translated_questions", "published"]
    list_filter = ["difficulty", "published", "guides", QuizTranslationFilter]
    search_fields = folded_search_fields("title", "questions__text")
    search_help_text = _("Searches titles and question texts in every language, ignoring case and the dots on i.")
    actions = ["delete_selected"]  # replaces the site's own, below

    def get_queryset(self, request: HttpRequest):
        return super().get_queryset(request).with_question_count().prefetch_related("guides")

    @admin.display(description=_("related guides"))
    def guide_titles(self, quiz: Quiz) -> str:
        return ", ".join(guide.title for guide in quiz.guides.all())

    @admin.display(description=_("questions"), ordering="question_count")
    def question_count(self, quiz: Quiz) -> int:
        return quiz.question_count

    def delete_view(self, request: HttpRequest, object_id: str, extra_context=None) -> HttpResponse:
        """Django's delete page, unless learners answered the quiz (``check_removable``): then its message."""
        quiz = self.get_object(request, unquote(object_id))
        if quiz is not None and self.has_delete_permission(request, quiz):
            try:
                check_removable(questions=quiz.questions.all())
            except RuleBroken as refusal:
                return refuse(self, request, refusal, quiz)
        return super().delete_view(request, object_id, extra_context)

    @admin.action(permissions=["delete"], description=delete_with_confirmation.short_description)
    def delete_selected(self, request: HttpRequest, queryset) -> HttpResponse | None:
        """Django's bulk delete, unless learners answered one of the quizzes (``check_removable``): then an
        error message per answered quiz, and the list again."""
        refused = False
        for quiz in queryset.prefetch_related("questions"):
            try:
                check_removable(questions=quiz.questions.all())
            except RuleBroken as refusal:
                message = gettext("“%(quiz)s”: %(refusal)s") % {"quiz": quiz.title, "refusal": refusal.messages[0]}
                self.message_user(request, message, messages.ERROR)
                refused = True
        return None if refused else delete_with_confirmation(self, request, queryset)
