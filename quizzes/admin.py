"""The authoring admin: quizzes with their questions, questions with their choices, learners' attempts.

Authors (the "Authors" group, see README) write every text in English and translate it in the French and
Turkish tabs. The rules that span several rows (positions, exactly one correct choice, a publishable quiz)
live in the inline formsets of ``quizzes/forms.py``, so they show as messages on the form.
"""

from django.contrib import admin, messages
from django.contrib.admin.options import ActionLocation
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.db import models
from django.db.models import Prefetch
from django.forms import Textarea
from django.http import Http404, HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.urls import path
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from modeltranslation.admin import TranslationTabularInline

from quizsite.admin import TranslatedAdmin, folded_search_fields, pressed_plain_save, redirect_to_change_page
from quizzes.forms import (
    ChoiceForm,
    ChoiceInlineFormSet,
    QuestionAdminForm,
    QuestionForm,
    QuestionInlineFormSet,
)
from quizzes.models import Answer, Attempt, Choice, Question, Quiz

SHORT_TEXT = {models.TextField: {"widget": Textarea(attrs={"rows": 2, "cols": 60})}}


def percent(part: int, whole: int) -> int | None:
    """``part`` as a whole-number percentage of ``whole`` (half to even); None when ``whole`` is 0."""
    return round(100 * part / whole) if whole else None


class QuestionInline(TranslationTabularInline):
    """The quiz's questions, one row each; the change link opens the question with its choices."""

    model = Question
    form = QuestionForm
    formset = QuestionInlineFormSet
    fields = ["position", "text"]
    extra = 1
    show_change_link = True
    view_on_site = False  # a question's page exists only within a learner's attempt
    formfield_overrides = SHORT_TEXT


@admin.register(Quiz)
class QuizAdmin(TranslatedAdmin):
    fields = ["title", "slug", "description", "difficulty", "guides", "published"]
    prepopulated_fields = {"slug": ("title_en",)}
    autocomplete_fields = ["guides"]
    inlines = [QuestionInline]
    list_display = ["title", "difficulty", "guide_titles", "question_count", "published"]
    list_filter = ["difficulty", "published", "guides"]
    search_fields = folded_search_fields("title", "questions__text")
    search_help_text = _("Searches titles and question texts in every language, ignoring case and the dots on i.")

    def get_queryset(self, request: HttpRequest):
        return super().get_queryset(request).with_question_count().prefetch_related("guides")

    @admin.display(description=_("related guides"))
    def guide_titles(self, quiz: Quiz) -> str:
        return ", ".join(guide.title for guide in quiz.guides.all())

    @admin.display(description=_("questions"), ordering="question_count")
    def question_count(self, quiz: Quiz) -> int:
        return quiz.question_count

    def delete_view(self, request: HttpRequest, object_id: str, extra_context=None) -> HttpResponse:
        quiz = self.get_object(request, unquote(object_id))
        if quiz is not None and Answer.objects.filter(question__quiz=quiz).exists():
            self.message_user(
                request,
                gettext("Learners have already answered this quiz, so it cannot be deleted. Unpublish it instead."),
                messages.ERROR,
            )
            return redirect_to_change_page(quiz)
        return super().delete_view(request, object_id, extra_context)

    def get_urls(self):
        statistics = path(
            "<path:object_id>/statistics/",
            self.admin_site.admin_view(self.statistics_view),
            name="quizzes_quiz_statistics",
        )
        return [statistics, *super().get_urls()]

    def statistics_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """Per question: how many learners answered, the share answered correctly, and each choice's picks.

        Counts every answer of every attempt (finished or not), each judged when it was given.

        Raises:
            PermissionDenied: the user may not view quizzes or attempts.
            Http404: no such quiz.
        """
        quiz = self.get_object(request, unquote(object_id))
        if quiz is None:
            raise Http404
        if not (self.has_view_permission(request, quiz) and request.user.has_perm("quizzes.view_attempt")):
            raise PermissionDenied
        questions = (
            quiz.questions.with_answer_counts()
            .prefetch_related(Prefetch("choices", queryset=Choice.objects.with_pick_count()))
            .order_by("position")
        )
        rows = [
            {
                "question": question,
                "answered": question.answer_count,
                "correct": question.correct_answer_count,
                "percent_correct": percent(question.correct_answer_count, question.answer_count),
                "choices": [
                    {
                        "choice": choice,
                        "picked": choice.pick_count,
                        "percent": percent(choice.pick_count, question.answer_count),
                    }
                    for choice in question.choices.all()
                ],
            }
            for question in questions
        ]
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "original": quiz,
            "title": gettext("Answer statistics: %(quiz)s") % {"quiz": quiz.title},
            "rows": rows,
            "attempt_count": quiz.attempts.count(),
        }
        return TemplateResponse(request, "admin/quizzes/quiz/statistics.html", context)


class ChoiceInline(TranslationTabularInline):
    model = Choice
    form = ChoiceForm
    formset = ChoiceInlineFormSet
    fields = ["position", "text", "is_correct"]

    def get_extra(self, request: HttpRequest, obj: Question | None = None, **kwargs) -> int:
        """Four blank rows for a question without choices, else one."""
        return 4 if obj is None or not obj.choices.exists() else 1


@admin.register(Question)
class QuestionAdmin(TranslatedAdmin):
    form = QuestionAdminForm
    fields = ["quiz", "position", "text", "explanation"]
    inlines = [ChoiceInline]
    list_display = ["text", "quiz", "position"]
    list_filter = ["quiz"]
    list_select_related = ["quiz"]
    ordering = ["quiz__slug", "position"]
    search_fields = folded_search_fields("text", "quiz__title")
    search_help_text = _("Searches question texts and quiz titles in every language, ignoring case and the dots on i.")
    view_on_site = False  # a question's page exists only within a learner's attempt

    def get_readonly_fields(self, request: HttpRequest, obj: Question | None = None) -> list[str]:
        # A question stays in its quiz: learners' attempts at that quiz hold their answers to it.
        return ["quiz"] if obj is not None else []

    def get_actions(self, request: HttpRequest, action_location=ActionLocation.CHANGE_LIST) -> dict:
        # One way to delete a question, the delete button, which checks that nobody answered it.
        actions = super().get_actions(request, action_location=action_location)
        actions.pop("delete_selected", None)
        return actions

    def delete_view(self, request: HttpRequest, object_id: str, extra_context=None) -> HttpResponse:
        question = self.get_object(request, unquote(object_id))
        if question is not None:
            if question.answers.exists():
                refusal = gettext(
                    "Learners have already answered this question, so it cannot be deleted. Unpublish the quiz instead."
                )
            elif question.quiz.published and question.quiz.questions.count() == 1:
                refusal = gettext(
                    "This is the only question of a published quiz. Unpublish the quiz before deleting it."
                )
            else:
                refusal = None
            if refusal:
                self.message_user(request, refusal, messages.ERROR)
                return redirect_to_change_page(question)
        return super().delete_view(request, object_id, extra_context)

    def response_add(self, request: HttpRequest, obj: Question, post_url_continue=None) -> HttpResponse:
        response = super().response_add(request, obj, post_url_continue)
        return redirect_to_change_page(obj.quiz) if pressed_plain_save(request) else response

    def response_change(self, request: HttpRequest, obj: Question) -> HttpResponse:
        # Back to the quiz, where the author came from and goes on to the next question.
        response = super().response_change(request, obj)
        return redirect_to_change_page(obj.quiz) if pressed_plain_save(request) else response


class AnswerInline(admin.TabularInline):
    model = Answer
    fields = ["question", "choice", "is_correct", "answered_at"]
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False


@admin.register(Attempt)
class AttemptAdmin(admin.ModelAdmin):
    """Learners' attempts, read-only: who took which quiz, in which language, with what score."""

    list_display = ["learner", "quiz", "language", "score", "started_at", "finished_at"]
    list_filter = ["quiz", "language", ("finished_at", admin.EmptyFieldListFilter)]
    list_select_related = ["learner", "quiz"]
    search_fields = ["learner__username"]
    date_hierarchy = "started_at"
    fields = ["learner", "quiz", "language", "score", "started_at", "finished_at"]
    readonly_fields = fields
    inlines = [AnswerInline]
    # Attempts go with their learner's account (deleted by the learner, or by a superuser under Users, which
    # needs the delete permission here); no bulk action, so that nobody clears a quiz's results by accident.
    actions = None

    def get_queryset(self, request: HttpRequest):
        return super().get_queryset(request).with_score()

    @admin.display(description=_("score"), ordering="correct_count")
    def score(self, attempt: Attempt) -> int:
        return attempt.score

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False
