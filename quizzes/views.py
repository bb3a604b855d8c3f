from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError, transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_safe

from quizsite.limits import form_seconds_left, throttled_response
from quizzes.answering import answer_record, attempt_finish_if_complete
from quizzes.exam_views import exam_expired_submit, exam_question_page, exam_start_redirect
from quizzes.forms import AnswerForm
from quizzes.guests import guest_for_writing, session_guest
from quizzes.learner_state import quiz_state
from quizzes.localized import QuestionContent
from quizzes.overview import learner_overview
from quizzes.own_time import own_time_limit
from quizzes.page_progress import request_progress
from quizzes.progress import Progress, learner_progress, progress_at
from quizzes.results import read_results
from quizzes.rounds import missed_count
from quizzes.services import attempt_start
from quizzes.standings import learner_standings
from translations.facts import FALLBACK_LANGUAGE

# Where the request's visitor stands in a quiz: shared with the exam's pages (``quizzes.exam_views``).
_progress = request_progress


@require_safe
def quiz_detail_view(request: HttpRequest, slug: str) -> HttpResponse:
    """The quiz page: a summary (level, number of questions, how many are not yet in the learner's language),
    where the learner or guest stands with the one button that starts, resumes or retakes it, the related guides,
    and a preview of every question. Staff also see drafts, as a preview ("View on site" in the admin). An exam says
    so, with its time limit (and the learner's own, with an accommodation: ``quizzes.own_time``) and, when under
    way, its clock; one under way whose time ran out is submitted here, and the page goes to its results
    (``quizzes.exam_views.exam_expired_submit``)."""
    progress = _progress(request, slug, preview=True)
    expired = exam_expired_submit(request, progress)
    if expired is not None:
        return expired
    quiz = progress.quiz
    # Passed or not, as the quiz's card says it (over every finished attempt): one more query once one is finished.
    standing = None
    if progress.attempt is not None and progress.attempt.is_finished:
        standing = learner_standings(
            learner=request.user,
            quiz_ids=[quiz.pk],
            guest=session_guest(request),
            question_counts={quiz.pk: len(quiz.questions)},
        )[quiz.pk]
    return render(
        request,
        "quizzes/quiz_detail.html",
        {
            "quiz": quiz,
            "guides": quiz.guides,
            "progress": progress,
            "standing": standing,
            # "Time limit: 15 minutes (you have 23 minutes)": one more query on a timed exam for a logged-in learner.
            "own_time": own_time_limit(
                learner_id=request.user.pk if quiz.is_exam else None, quiz_id=quiz.pk, time_limit=quiz.time_limit
            ),
            # "5 of 8 questions are not yet translated into French", said once (each such question's preview then
            # only carries the short badge): nothing to count in English, the language every question is written in.
            "untranslated_count": quiz.untranslated_count if get_language() != FALLBACK_LANGUAGE else 0,
        },
    )


@require_http_methods(["GET", "HEAD", "POST"])
def attempt_start_view(request: HttpRequest, slug: str) -> HttpResponse:
    """Start (or resume) the learner's or the guest's attempt and go to the question they answer next; an
    attempt left with nothing to answer (an author removed its open questions) is finished here and shows its
    results. A visitor who is not logged in becomes a guest here (``guest_for_writing``); new guests per client
    address are limited (``settings.FORM_RATES["guest"]``), past which the 429 page asks to log in or sign up.

    An exam goes to its first unanswered question, else to its overview (``quizzes.exam_views.exam_start_redirect``).

    A GET or HEAD (a login's ``next``, a bookmarked or typed address, a link checker) starts nothing and shows
    the quiz page, where the Start button is.

    Raises:
        Http404: no published quiz with this slug.
    """
    state = quiz_state(slug=slug)
    if state is None or not state.published:
        raise Http404("No such quiz.")
    quiz = progress_at(state).quiz
    if request.method != "POST" or not quiz.questions:
        return redirect(quiz.url)
    guest = None
    if not request.user.is_authenticated:
        if session_guest(request) is None:
            # A new guest: limited per client address, as sign-ups are (settings.FORM_RATES["guest"]).
            seconds = form_seconds_left(request, action="guest", count=True)
            if seconds is not None:
                return throttled_response(request, action="guest", seconds=seconds, next_page=quiz.url)
        guest = guest_for_writing(request)
    attempt_start(learner=request.user, quiz=quiz, language=get_language(), guest=guest)
    progress = learner_progress(learner=request.user, quiz=quiz, guest=guest)
    if progress.is_exam:
        return exam_start_redirect(request, progress)
    if progress.can_finish:
        attempt_finish_if_complete(attempt=progress.attempt)
    if progress.next_question is None:
        # Finished just now, or by the last answer given meanwhile in another tab.
        return redirect(quiz.results_url)
    return redirect(progress.next_question_url)


# Pages that show a learner's answers are kept by no cache, the browser's included (``no-store``).
@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def question_view(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The learner's question ``number`` (their own numbering, ``Progress.number_of``, as in "Question N of M"):
    the form while unanswered, the feedback (right or not, and why) once answered.

    A question the learner has not reached, or a number beyond their total, redirects to the question they
    answer next (to the results when the attempt is finished, to the quiz page when an author removed every
    question it had left); without an attempt, to the quiz page, saying that an answer sent was not saved. A
    second answer to the same question changes nothing and redirects to its feedback, saying the first stands.

    An exam's question is the page of ``quizzes.exam_views.exam_question_page``: free to move, nothing judged aloud.

    An answer is recorded in one short transaction over the quiz's snapshot: where the learner stands, read with
    the attempt's row lock (``quiz_state``), then the answer (``answer_record``).

    Raises:
        Http404: no published quiz with this slug.
    """
    if request.method == "POST":
        try:
            with transaction.atomic():
                return _question_page(request, number, _progress(request, slug, lock=True))
        except IntegrityError:
            # The same answer sent twice at once: the one the database took first stands (``quiz_state``'s lock).
            messages.info(request, _("You had already answered this question: your first answer stands."))
            return redirect(request.path)
    return _question_page(request, number, _progress(request, slug))


def _question_page(request: HttpRequest, number: int, progress: Progress) -> HttpResponse:
    if progress.is_exam:
        return exam_question_page(request, number, progress)
    quiz = progress.quiz
    if progress.attempt is None:
        if request.method == "POST":
            # A form from a tab left open: logged out since, or another attempt went on when a guest logged in.
            messages.warning(request, _("Your answer was not saved: you have no attempt under way at this quiz."))
        return redirect(quiz.url)
    question = progress.question_numbered(number)
    answer = progress.answer_to(question) if question is not None else None
    if answer is not None:
        if request.method == "POST":
            messages.info(request, _("You had already answered this question: your first answer stands."))
            return redirect(progress.url_of(question))
        return _render_question(request, progress, question, answer=answer)
    if progress.next_question is None:
        # Finished (the results), or left with nothing to answer (the quiz page, where the button finishes it).
        return redirect(quiz.url) if progress.can_finish else redirect(progress.results_url)
    if question is None or progress.next_question.pk != question.pk:
        return redirect(progress.next_question_url)
    if request.method != "POST":
        # The radio buttons are written from the snapshot's choices; a form is built only to check an answer.
        return _render_question(request, progress, question)
    form = AnswerForm(request.POST, question=question)
    if form.is_valid():
        if not request.user.is_authenticated:
            guest_for_writing(request)  # keeps the guest's session alive from this answer on
        answered = [answer.question_id for answer in progress.answers]
        answer_record(
            attempt_pk=progress.attempt.pk,
            questions=progress.arranged,
            answered=answered,
            question=question,
            chosen=form.chosen(),
            shown=progress.choices_of(question),
            language=get_language(),
        )
        # Answered, it keeps its number: the answered questions come first, and it is the last of them.
        return redirect(progress.url_of(question))
    return _render_question(request, progress, question, form=form)


def _render_question(
    request: HttpRequest, progress: Progress, question: QuestionContent, *, form=None, answer=None
) -> HttpResponse:
    return render(
        request,
        "quizzes/question.html",
        {
            "quiz": progress.quiz,
            "question": question,
            "progress": progress,
            "number": progress.number_of(question),
            "segments": progress.segments(current=question),
            "choices": progress.choices_of(question),
            "form": form,
            "answer": answer,
            "correct_choice": question.correct_choice() if answer is not None else None,
        },
        status=400 if form is not None and form.is_bound else 200,
    )


@never_cache
@require_safe
def results_view(request: HttpRequest, slug: str, pk: int | None = None) -> HttpResponse:
    """One finished attempt of the learner (or the guest): its score, each of its answers in the order given,
    with the correct choice and the explanation; the latest one at ``results/``, any one of theirs at
    ``results/<pk>/``. Their other finished attempts are listed with their scores and links.

    A finished attempt stays readable after its quiz is unpublished, marked as no longer available and without
    a retake. Without a finished attempt, ``results/`` goes to the quiz page (where an attempt left with nothing
    to answer is offered its results). A guest is invited to sign up to keep them.

    Raises:
        Http404: no quiz with this slug that the visitor may see or finished an attempt at; or ``pk`` is not one
            of the visitor's finished attempts at it.
    """
    results = read_results(request.user, slug, pk=pk, guest=session_guest(request))
    if results is None:
        raise Http404("No such results.")
    if results.attempt is None:
        return redirect(results.quiz.url)
    # "Back to the guide" on the score card: the first of the quiz's guides the visitor may open.
    guides = results.quiz.guides if results.quiz.published else ()
    return render(
        request,
        "quizzes/results.html",
        {
            "quiz": results.quiz,
            "attempt": results.attempt,
            "answers": results.answers,
            "missed": missed_count(answer.is_correct for answer in results.answers),
            "other_attempts": results.others,
            "regrades": results.regrades,
            "has_unfinished": results.quiz.published and results.has_unfinished,
            "guide": guides[0] if guides else None,
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
