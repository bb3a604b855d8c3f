"""The quiz admin's "Correct the answer key and regrade" page (``quizzes.regrading``): for one question of the
quiz, its choices with the current key, a form to choose the right ones, and what a regrade will judge again.

Separate from a plain save, which still refuses to move the key of an answered question
(``quizzes.rules.check_correct_choices_kept``): the statistics page links here from each question.
"""

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotAllowed, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.translation import gettext, ngettext, pgettext
from django.utils.translation import gettext_lazy as _

from quizsite.timezones import format_moment
from quizzes.kinds import TRUE_FALSE_KEYS, QuestionKind, true_false_label
from quizzes.models import Answer, Choice, Question, Regrade, RegradedAnswer
from quizzes.regrading import answer_key_correct, check_new_key
from quizzes.rules import RuleBroken


def choice_label(choice: Choice) -> str:
    """A choice as the regrade page names it: its number and text ("2. Paris"), or the site's label of a
    true-or-false question's choice ("True")."""
    if choice.key in TRUE_FALSE_KEYS and not choice.text:
        return true_false_label(choice.key)
    return f"{choice.position}. {choice.text}"


class AnswerKeyForm(forms.Form):
    """The new answer key of ``question``: one choice (radio buttons) for a single-answer or true-or-false
    question, several (check boxes) for a multiple-answer one; refused with the rule's message when the kind does
    not allow it or when it is the current key (``quizzes.regrading.check_new_key``)."""

    def __init__(self, *args, question: Question, choices: list[Choice], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.question, self.choices = question, choices
        options = [(str(choice.pk), choice_label(choice)) for choice in choices]
        current = [str(choice.pk) for choice in choices if choice.is_correct]
        label = _("Right choices") if question.kind == QuestionKind.MULTIPLE else _("Right choice")
        if question.kind == QuestionKind.MULTIPLE:
            field = forms.MultipleChoiceField(widget=forms.CheckboxSelectMultiple, required=False, initial=current)
        else:
            field = forms.ChoiceField(widget=forms.RadioSelect, required=False, initial=current[:1] or None)
        field.label, field.choices = label, options
        self.fields["right"] = field

    def clean_right(self) -> set[int]:
        value = self.cleaned_data["right"]
        right = {int(pk) for pk in (value if isinstance(value, list) else [value] if value else [])}
        try:
            check_new_key(question=self.question, choices=self.choices, right=right)
        except RuleBroken as refusal:
            raise forms.ValidationError(refusal.messages[0]) from None
        return right


class RegradeMixin:
    """For ``QuizAdmin``: the regrade page of each question, at ``<quiz>/questions/<question>/regrade/`` (URL name
    ``quizzes_quiz_regrade``, arguments the quiz's and the question's primary keys)."""

    def get_urls(self):
        regrade = path(
            "<path:object_id>/questions/<int:question_id>/regrade/",
            self.admin_site.admin_view(self.regrade_view),
            name="quizzes_quiz_regrade",
        )
        return [regrade, *super().get_urls()]

    def regrade_view(self, request: HttpRequest, object_id: str, question_id: int) -> HttpResponse:
        """GET: the question, its choices with the current key, the form and what a regrade judges again. POST:
        correct the key and regrade (``quizzes.regrading.answer_key_correct``), then go to the quiz's statistics
        with a message saying how many verdicts changed; a refused key shows the form again with the rule's
        message (400).

        Raises:
            PermissionDenied: the user may not change the quiz or view attempts (the "Authors" group may).
            Http404: no such quiz, or ``question_id`` is not one of its questions.
        """
        if request.method not in ("GET", "HEAD", "POST"):
            return HttpResponseNotAllowed(["GET", "HEAD", "POST"])
        quiz = self.get_object(request, unquote(object_id))
        if quiz is None:
            raise Http404
        if not (self.has_change_permission(request, quiz) and request.user.has_perm("quizzes.view_attempt")):
            raise PermissionDenied
        question = get_object_or_404(Question, pk=question_id, quiz=quiz)
        choices = list(question.choices.order_by("position"))
        form = AnswerKeyForm(request.POST if request.method == "POST" else None, question=question, choices=choices)
        if form.is_valid():
            try:
                regrade = answer_key_correct(question=question, right=form.cleaned_data["right"], by=request.user)
            except RuleBroken as refusal:  # the key changed meanwhile (another author's regrade)
                form.add_error("right", refusal.messages[0])
            else:
                self.message_user(request, regrade_message(question, regrade), messages.SUCCESS)
                address = reverse("admin:quizzes_quiz_statistics", args=[quiz.pk])
                return HttpResponseRedirect(f"{address}#question-{question.position}")
        counts = Answer.objects.filter(question=question).aggregate(
            answers=Count("pk"), finished=Count("pk", filter=Q(attempt__finished_at__isnull=False))
        )
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "original": quiz,
            "title": gettext("Correct the answer key and regrade: question %(number)s") % {"number": question.position},
            "question": question,
            "choices": [(choice_label(choice), choice.is_correct) for choice in choices],
            "form": form,
            "answer_count": counts["answers"],
            "finished_count": counts["finished"],
        }
        status = 400 if form.is_bound else 200
        return TemplateResponse(request, "admin/quizzes/quiz/regrade.html", context, status=status)


def regrade_message(question: Question, regrade: Regrade) -> str:
    """What the author reads after ``regrade`` of ``question``: "Question 6 was regraded: the verdict changed for 3
    of its 12 answers." One query."""
    verdicts = list(regrade.answers.values_list("was_correct", "is_correct"))
    changed = sum(1 for was, now in verdicts if was != now)
    return ngettext(
        "Question %(number)s was regraded: the verdict changed for %(changed)s of its %(count)s answer.",
        "Question %(number)s was regraded: the verdict changed for %(changed)s of its %(count)s answers.",
        len(verdicts),
    ) % {"number": question.position, "changed": changed, "count": len(verdicts)}


class RegradedAnswerInline(admin.TabularInline):
    """An attempt's history of regrades, read-only, oldest first: which question, when and by whom, its answer's
    verdict and the attempt's score before and after (none for an attempt under way then). Shown only on the page
    of an attempt that was regraded (``AttemptAdmin.get_inline_instances``); one query there."""

    model = RegradedAnswer
    fk_name = "attempt"
    fields = ["question", "regraded", "regraded_by", "verdict", "score"]
    readonly_fields = fields
    extra = 0
    can_delete = False
    verbose_name = _("regrade")
    verbose_name_plural = _("regrades")

    def get_queryset(self, request: HttpRequest):
        return (
            super()
            .get_queryset(request)
            .select_related("regrade__question", "regrade__by")
            .order_by("regrade__regraded_at", "regrade_id")
        )

    @admin.display(description=_("question"))
    def question(self, row: RegradedAnswer) -> str:
        return str(row.regrade.question)

    @admin.display(description=_("regraded"))
    def regraded(self, row: RegradedAnswer) -> str:
        return format_moment(row.regrade.regraded_at)

    @admin.display(description=_("regraded by"))
    def regraded_by(self, row: RegradedAnswer) -> str:
        return str(row.regrade.by) if row.regrade.by else self.get_empty_value_display()

    @admin.display(description=_("verdict"))
    def verdict(self, row: RegradedAnswer) -> str:
        """ "Wrong → Right": the answer's verdict before and after."""
        words = {True: pgettext("an answer's verdict", "Right"), False: pgettext("an answer's verdict", "Wrong")}
        return f"{words[row.was_correct]} → {words[row.is_correct]}"

    @admin.display(description=_("score"))
    def score(self, row: RegradedAnswer) -> str:
        """ "5/8 → 6/8": the attempt's score before and after; the empty value for an attempt under way then."""
        if not row.was_finished:
            return self.get_empty_value_display()
        return f"{row.score_before}/{row.out_of} → {row.score_after}/{row.out_of}"

    def has_view_permission(self, request: HttpRequest, obj=None) -> bool:
        """Whoever may view attempts may read their history (the "Authors" group)."""
        return request.user.has_perm("quizzes.view_attempt")

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False
