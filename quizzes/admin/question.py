"""A question's own admin page, with its choices: kept for deep links (quizzes are written on the quiz's page)."""

from django.contrib import admin
from django.contrib.admin.options import ActionLocation
from django.contrib.admin.utils import unquote
from django.db.models import Max
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _

from quizsite.admin import folded_search_fields, pressed_plain_save, redirect_to_change_page
from quizzes.admin.forms import QuestionPageForm
from quizzes.admin.inlines import ChoiceInline, NestedTranslatedAdmin, refuse
from quizzes.admin.summary import ErrorSummaryMixin
from quizzes.models import Question, Quiz
from quizzes.rules import RuleBroken, check_publishable, check_removable, questions_with_correct


@admin.register(Question)
class QuestionAdmin(ErrorSummaryMixin, NestedTranslatedAdmin):
    """One question with its choices. A new one goes after its quiz's last question; questions are
    reordered on the quiz's page."""

    form = QuestionPageForm
    fields = ["quiz", "position", "kind", "text", "statement", "explanation"]
    inlines = [ChoiceInline]
    list_display = ["text", "quiz", "position"]
    list_filter = ["quiz"]
    list_select_related = ["quiz"]
    ordering = ["quiz__slug", "position"]
    search_fields = folded_search_fields("text", "quiz__title")
    search_help_text = _("Searches question texts and quiz titles in every language, ignoring case and the dots on i.")
    view_on_site = False  # a question's page exists only within a learner's attempt

    def get_fields(self, request: HttpRequest, obj: Question | None = None) -> list[str]:
        fields = super().get_fields(request, obj)
        return fields if obj is not None else [field for field in fields if field != "position"]

    def get_readonly_fields(self, request: HttpRequest, obj: Question | None = None) -> list[str]:
        # A question stays in its quiz: learners' attempts at that quiz hold their answers to it.
        return ["quiz", "position"] if obj is not None else []

    def save_model(self, request: HttpRequest, obj: Question, form, change: bool) -> None:
        if not change:
            # Locking the quiz's row keeps two authors adding a question at once from taking one number.
            Quiz.objects.select_for_update().get(pk=obj.quiz_id)
            obj.position = (obj.quiz.questions.aggregate(top=Max("position"))["top"] or 0) + 1
        super().save_model(request, obj, form, change)

    def get_actions(self, request: HttpRequest, action_location=ActionLocation.CHANGE_LIST) -> dict:
        # One way to delete a question, the delete button, which checks that nobody answered it.
        actions = super().get_actions(request, action_location=action_location)
        actions.pop("delete_selected", None)
        return actions

    def delete_view(self, request: HttpRequest, object_id: str, extra_context=None) -> HttpResponse:
        """Django's delete page, unless learners answered the question (``check_removable``) or its published
        quiz would be left incomplete (``check_publishable``): then the rule's message."""
        question = self.get_object(request, unquote(object_id))
        if question is not None and self.has_delete_permission(request, question):
            quiz = question.quiz
            try:
                check_removable(questions=[question])
                others = questions_with_correct(quiz.questions.exclude(pk=question.pk))
                check_publishable(published=quiz.published, numbers_with_correct=others)
            except RuleBroken as refusal:
                return refuse(self, request, refusal, question)
        response = super().delete_view(request, object_id, extra_context)
        if request.method == "POST" and response.status_code == 302 and question is not None:
            return redirect_to_change_page(question.quiz)  # deleted: back to its quiz, where the author works
        return response

    def delete_model(self, request: HttpRequest, obj: Question) -> None:
        super().delete_model(request, obj)
        obj.quiz.questions.all().renumber()  # the questions after it close up: 1..N again

    def response_add(self, request: HttpRequest, obj: Question, post_url_continue=None) -> HttpResponse:
        response = super().response_add(request, obj, post_url_continue)
        return redirect_to_change_page(obj.quiz) if pressed_plain_save(request) else response

    def response_change(self, request: HttpRequest, obj: Question) -> HttpResponse:
        # Back to the quiz, where the author came from and goes on to the next question.
        response = super().response_change(request, obj)
        return redirect_to_change_page(obj.quiz) if pressed_plain_save(request) else response
