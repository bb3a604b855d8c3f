from collections.abc import Callable
from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Exists, OuterRef, Prefetch, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_safe
from django.views.generic import DetailView

from guides.models import Guide
from quizsite.limits import form_seconds_left, throttled_response
from quizsite.templatetags.translation_status import FALLBACK_LANGUAGE
from quizzes.forms import AnswerForm
from quizzes.guests import guest_for_writing, session_guest
from quizzes.models import Question, Quiz
from quizzes.overview import learner_overview
from quizzes.progress import Progress, learner_attempts, learner_progress
from quizzes.services import AnswerRefused, answer_submit, attempt_finish_if_complete, attempt_start


def learner_quiz_view(*, quizzes: Callable[[HttpRequest], QuerySet[Quiz]] | None = None):
    """Decorate a view of one quiz taken by a learner or a guest, ``view(request, quiz, **kwargs)``, whose URL
    gives the quiz's ``slug``.

    The guard, the same for starting, answering and results: a quiz the visitor may not reach is 404. Visitors
    who are not logged in take quizzes as guests (``quizzes.guests``); the view reads their attempts with
    ``learner_attempts(learner=request.user, guest=session_guest(request))``.

    Args:
        quizzes: ``quizzes(request) -> QuerySet[Quiz]``, the quizzes the visitor may reach through this view;
            published quizzes (drafts too for staff) when left out.

    Raises:
        Http404: no quiz with this slug among those the visitor may reach.
    """

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def guarded(request: HttpRequest, slug: str, **kwargs) -> HttpResponse:
            reachable = quizzes(request) if quizzes is not None else Quiz.objects.published()
            return view(request, get_object_or_404(reachable, slug=slug), **kwargs)

        return guarded

    return decorate


def _progress(request: HttpRequest, quiz: Quiz) -> Progress:
    """``learner_progress`` for the request's learner, or its guest."""
    return learner_progress(learner=request.user, quiz=quiz, guest=session_guest(request))


class QuizDetailView(DetailView):
    """The quiz page: a summary (level, number of questions, how many are not yet in the learner's language),
    where the learner or guest stands with the one button that starts, resumes or retakes it, the related guides, and a
    preview of every question."""

    template_name = "quizzes/quiz_detail.html"
    context_object_name = "quiz"

    def get_queryset(self):
        # Staff also see drafts, as a preview ("View on site" in the admin); learners get 404 for them.
        questions = Question.objects.prefetch_related("choices").order_by("position")
        return Quiz.objects.visible_to(self.request.user).prefetch_related(
            Prefetch("questions", queryset=questions), Prefetch("guides", queryset=Guide.objects.published())
        )

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        progress = _progress(self.request, self.object)
        context["progress"] = progress
        # "5 of 8 questions are not yet translated into French", said once (each such question's preview then
        # only carries the short badge): nothing to count in English, the language every question is written in.
        # Question.is_translated reads the prefetched choices, so counting costs no query.
        if get_language() != FALLBACK_LANGUAGE:
            context["untranslated_count"] = sum(not question.is_translated() for question in progress.questions)
        return context


@require_http_methods(["GET", "HEAD", "POST"])
@learner_quiz_view()
def attempt_start_view(request: HttpRequest, quiz: Quiz) -> HttpResponse:
    """Start (or resume) the learner's or the guest's attempt and go to the question they answer next; an
    attempt left with nothing to answer (an author removed its open questions) is finished here and shows its
    results. A visitor who is not logged in becomes a guest here (``guest_for_writing``); new guests per client
    address are limited (``settings.FORM_RATES["guest"]``), past which the 429 page asks to log in or sign up.

    A GET or HEAD (a login's ``next``, a bookmarked or typed address, a link checker) starts nothing and shows
    the quiz page, where the Start button is.
    """
    if request.method != "POST" or not quiz.questions.exists():
        return redirect(quiz)
    guest = None
    if not request.user.is_authenticated:
        if session_guest(request) is None:
            # A new guest: limited per client address, as sign-ups are (settings.FORM_RATES["guest"]).
            seconds = form_seconds_left(request, action="guest", count=True)
            if seconds is not None:
                return throttled_response(request, action="guest", seconds=seconds, next_page=quiz.get_absolute_url())
        guest = guest_for_writing(request)
    attempt_start(learner=request.user, quiz=quiz, language=get_language(), guest=guest)
    progress = learner_progress(learner=request.user, quiz=quiz, guest=guest)
    if progress.can_finish:
        attempt_finish_if_complete(attempt=progress.attempt)
    if progress.next_question is None:
        # Finished just now, or by the last answer given meanwhile in another tab.
        return redirect("quizzes:results", slug=quiz.slug)
    return redirect(progress.next_question_url)


# Pages that show a learner's answers are kept by no cache, the browser's included (``no-store``).
@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
@learner_quiz_view()
def question_view(request: HttpRequest, quiz: Quiz, number: int) -> HttpResponse:
    """The learner's question ``number`` (their own numbering, ``Progress.number_of``, as in "Question N of M"):
    the form while unanswered, the feedback (right or not, and why) once answered.

    A question the learner has not reached, or a number beyond their total, redirects to the question they
    answer next (to the results when the attempt is finished, to the quiz page when an author removed every
    question it had left); without an attempt, to the quiz page, saying that an answer sent was not saved. A
    second answer to the same question changes nothing and redirects to its feedback, saying the first stands.
    """
    progress = _progress(request, quiz)
    if progress.attempt is None:
        if request.method == "POST":
            # A form from a tab left open: logged out since, or another attempt went on when a guest logged in.
            messages.warning(request, _("Your answer was not saved: you have no attempt under way at this quiz."))
        return redirect(quiz)
    question = progress.question_numbered(number)
    answer = progress.answer_to(question) if question is not None else None
    if answer is not None:
        if request.method == "POST":
            messages.info(request, _("You had already answered this question: your first answer stands."))
            return redirect(progress.url_of(question))
        return _render_question(request, progress, question, answer=answer)
    if progress.next_question is None:
        # Finished (the results), or left with nothing to answer (the quiz page, where the button finishes it).
        return redirect(quiz) if progress.can_finish else redirect("quizzes:results", slug=quiz.slug)
    if question is None or progress.next_question.pk != question.pk:
        return redirect(progress.next_question_url)
    form = AnswerForm(request.POST if request.method == "POST" else None, question=question)
    if request.method == "POST" and form.is_valid():
        if not request.user.is_authenticated:
            guest_for_writing(request)  # keeps the guest's session alive from this answer on
        try:
            answer_submit(
                attempt=progress.attempt, question=question, choice=form.cleaned_data["choice"], language=get_language()
            )
        except AnswerRefused as refusal:
            messages.error(request, str(refusal))
        # Answered, it keeps its number: the answered questions come first, and it is the last of them.
        return redirect(progress.url_of(question))
    return _render_question(request, progress, question, form=form)


def _render_question(
    request: HttpRequest, progress: Progress, question: Question, *, form=None, answer=None
) -> HttpResponse:
    return render(
        request,
        "quizzes/question.html",
        {
            "quiz": question.quiz,
            "question": question,
            "progress": progress,
            "number": progress.number_of(question),
            "segments": progress.segments(current=question),
            "choices": list(question.choices.all()),
            "form": form,
            "answer": answer,
            "correct_choice": question.correct_choice() if answer is not None else None,
        },
        status=400 if form is not None and form.is_bound else 200,
    )


def _quizzes_with_results(request: HttpRequest) -> QuerySet[Quiz]:
    """Quizzes whose results page the visitor may reach: those whose page they may see, and any quiz they (or
    their guest) finished an attempt at, so that results stay readable after the quiz is unpublished."""
    attempts = learner_attempts(learner=request.user, guest=session_guest(request))
    finished = attempts.finished().filter(quiz=OuterRef("pk"))
    return Quiz.objects.visible_to(request.user) | Quiz.objects.filter(Exists(finished))


@never_cache
@require_safe
@learner_quiz_view(quizzes=_quizzes_with_results)
def results_view(request: HttpRequest, quiz: Quiz, pk: int | None = None) -> HttpResponse:
    """One finished attempt of the learner (or the guest): its score, each of its answers in the order given,
    with the correct choice and the explanation; the latest one at ``results/``, any one of theirs at
    ``results/<pk>/``. Their other finished attempts are listed with their scores and links.

    A finished attempt stays readable after its quiz is unpublished, marked as no longer available and without
    a retake. Without a finished attempt, ``results/`` goes to the quiz page (where an attempt left with nothing
    to answer is offered its results). A guest is invited to sign up to keep them.

    Raises:
        Http404: ``pk`` is not one of the visitor's finished attempts at this quiz.
    """
    attempts = learner_attempts(learner=request.user, quiz=quiz, guest=session_guest(request))
    finished = attempts.finished().with_score().order_by("-finished_at", "-pk")
    if pk is not None:
        attempt = get_object_or_404(finished, pk=pk)
    else:
        attempt = finished.first()
        if attempt is None:
            return redirect(quiz)
    return render(
        request,
        "quizzes/results.html",
        {
            "quiz": quiz,
            "attempt": attempt,
            "answers": list(attempt.answers_for_results()),
            "other_attempts": finished.exclude(pk=attempt.pk),
            "has_unfinished": quiz.published and attempts.unfinished().exists(),
            # "Back to the guide" on the score card: the first of the quiz's guides the visitor may open.
            "guide": quiz.guides.visible_to(request.user).first() if quiz.published else None,
            "is_guest": not request.user.is_authenticated,
        },
    )


@never_cache
@require_safe
@login_required
def progress_view(request: HttpRequest) -> HttpResponse:
    """ "My progress": every quiz the learner started, grouped by guide (``quizzes.overview.learner_overview``),
    with each guide's completed count, and each quiz's status, scores and finished attempts.

    Logged-in learners only: a visitor who is not logged in is sent to log in, and back here after.
    """
    return render(request, "quizzes/progress.html", {"sections": learner_overview(learner=request.user)})
