"""A quiz's answer statistics and item analysis in the admin: its page, and the item analysis as CSV."""

from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Exists, OuterRef, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.urls import path
from django.utils.translation import gettext

from quizzes.exams import exams_expired_submit
from quizzes.item_flags import item_analysis
from quizzes.item_report import csv_text, flag_sentence, thresholds
from quizzes.models import Answer, Quiz
from quizzes.statistics import quiz_questions, quiz_statistics


class StatisticsMixin:
    """For ``QuizAdmin``: the quiz's statistics page (``admin:quizzes_quiz_statistics``) and its item analysis as
    CSV (``admin:quizzes_quiz_statistics_csv``)."""

    def get_urls(self):
        own = [
            path(
                "<path:object_id>/statistics/",
                self.admin_site.admin_view(self.statistics_view),
                name="quizzes_quiz_statistics",
            ),
            path(
                "<path:object_id>/statistics.csv",
                self.admin_site.admin_view(self.statistics_csv_view),
                name="quizzes_quiz_statistics_csv",
            ),
        ]
        return [*own, *super().get_urls()]

    def statistics_quiz(self, request: HttpRequest, object_id: str) -> Quiz:
        """The quiz ``object_id`` whose statistics ``request``'s user may read, its expired exams submitted first
        (exams whose time ran out count as submitted: ``quizzes.exams.exams_expired_submit``).

        Raises:
            PermissionDenied: the user may not view quizzes or attempts.
            Http404: no such quiz.
        """
        quiz = self.get_object(request, unquote(object_id))
        if quiz is None:
            raise Http404
        if not (self.has_view_permission(request, quiz) and request.user.has_perm("quizzes.view_attempt")):
            raise PermissionDenied
        exams_expired_submit(quiz_id=quiz.pk)
        return quiz

    def statistics_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """Per question, the answers so far (``quizzes.statistics``: every counted answer, finished attempt or
        not, each judged when given) and the item analysis of the finished attempts (``quizzes.item_flags``):
        facility, discrimination, the choices of the strongest and the weakest third, per language read, and
        the flags, each with its sentence. A fixed number of queries, whatever the number of attempts.

        Raises:
            PermissionDenied, Http404: as ``statistics_quiz``.
        """
        quiz = self.statistics_quiz(request, object_id)
        questions = quiz_questions(quiz)
        analyses = {analysis.question.pk: analysis for analysis in item_analysis(quiz, questions)}
        rows = quiz_statistics(quiz, questions)
        # The regrade page's own rule (quizzes.admin.regrade): the view permission was checked above. Its link shows
        # on every question with an answer, guests' included, which the counts above leave out.
        can_regrade = self.has_change_permission(request, quiz)
        answered = set(
            quiz.questions.filter(Exists(Answer.objects.filter(question=OuterRef("pk")))).values_list("pk", flat=True)
        )
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "original": quiz,
            "title": gettext("Answer statistics: %(quiz)s") % {"quiz": quiz.title},
            "rows": rows,
            "entries": [
                {
                    "row": row,
                    "analysis": analyses[row.question.pk],
                    "flags": [flag_sentence(flag) for flag in analyses[row.question.pk].flags],
                    "regradable": can_regrade and row.question.pk in answered,
                }
                for row in rows
            ],
            **quiz.attempts.of_learners()
            .of_quiz()
            .aggregate(
                attempt_count=Count("pk"),
                learner_count=Count("learner", distinct=True, filter=Q(finished_at__isnull=False)),
            ),
            "too_few": thresholds(),
        }
        return TemplateResponse(request, "admin/quizzes/quiz/statistics.html", context)

    def statistics_csv_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """The item analysis as CSV (``quizzes.item_report.csv_rows``), downloaded as ``<slug>-item-analysis.csv``.

        Raises:
            PermissionDenied, Http404: as ``statistics_quiz``.
        """
        quiz = self.statistics_quiz(request, object_id)
        response = HttpResponse(csv_text(item_analysis(quiz)), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{quiz.slug}-item-analysis.csv"'
        return response
