"""A practice round's pages (``quizzes.rounds``): starting one from a finished attempt's results, its questions (the
question page of ``quizzes.views``, with a verdict after each answer) and its own page, its results once finished.

A round is read by its owner only (``quizzes.learner_state.round_state``): another visitor's round, or a round that
was closed, is a 404, as is a round of a quiz no longer published, except the page of a finished one (results stay
readable).
"""

from django.contrib import messages
from django.db import IntegrityError, transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from quizzes.guests import guest_for_writing, session_guest
from quizzes.learner_state import round_state
from quizzes.progress import Progress, learner_attempts, owner_ids, progress_at
from quizzes.results import attempt_answers, regrade_notes
from quizzes.rounds import NothingToPractise, missed_count, practice_round_start
from quizzes.views import _question_page


def _round_progress(request: HttpRequest, slug: str, pk: int, *, lock: bool = False, read: bool = False) -> Progress:
    """The visitor's practice round ``pk`` at quiz ``slug``, over the quiz's content in the active language: one
    query (``round_state``).

    Args:
        lock: lock the round's row first (inside a transaction), as an answer is judged.
        read: whether a finished round of a quiz no longer published may be read (its page, as results are).

    Raises:
        Http404: no such round of the visitor's (another's, a closed one, or none), or its quiz is not published
            (staff excepted) and ``read`` does not allow it.
    """
    state = round_state(slug=slug, pk=pk, lock=lock, **owner_ids(request.user, session_guest(request)))
    progress = progress_at(state) if state is not None else None
    if progress is None:
        raise Http404("No such practice round.")
    if not (state.published or request.user.is_staff or (read and progress.is_finished)):
        raise Http404("No such practice round.")
    return progress


@require_POST
def practice_round_start_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """ "Practise the N questions you missed": start a practice round of what the visitor's finished attempt (or
    practice round) ``pk`` at quiz ``slug`` missed, or go on with the one of it under way, at its first question
    not yet answered (``quizzes.rounds.practice_round_start``). Nothing missed: back to those results, saying so.

    Raises:
        Http404: ``pk`` is not one of the visitor's finished attempts or rounds at published quiz ``slug``.
    """
    guest = session_guest(request)
    attempts = learner_attempts(learner=request.user, guest=guest).finished()
    source = attempts.filter(pk=pk, quiz__slug=slug, quiz__published=True).values_list("practice_of_id").first()
    if source is None:
        raise Http404("No such finished attempt.")
    if not request.user.is_authenticated:
        guest = guest_for_writing(request)  # keeps the guest's session alive, as an answer does
    try:
        round_ = practice_round_start(learner=request.user, attempt_pk=pk, guest=guest)
    except NothingToPractise:
        messages.info(request, _("You missed no question in these results: there is nothing to practise."))
        name = "quizzes:attempt_results" if source[0] is None else "quizzes:round"
        return redirect(reverse(name, args=[slug, pk]))
    progress = _round_progress(request, slug, round_.pk)
    return redirect(progress.next_question_url or progress.round_url)


# Pages that show a learner's answers are kept by no cache, the browser's included (``no-store``).
@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def round_question_view(request: HttpRequest, slug: str, pk: int, number: int) -> HttpResponse:
    """Question ``number`` of the visitor's practice round ``pk`` (the round's own numbering): the question page of
    ``quizzes.views.question_view``, over the round's questions, with its answer's verdict and explanation at once.

    Raises:
        Http404: as ``_round_progress``.
    """
    if request.method == "POST":
        try:
            with transaction.atomic():
                return _question_page(request, number, _round_progress(request, slug, pk, lock=True))
        except IntegrityError:
            # The same answer sent twice at once: the one the database took first stands (the round's row lock).
            messages.info(request, _("You had already answered this question: your first answer stands."))
            return redirect(request.path)
    return _question_page(request, number, _round_progress(request, slug, pk))


@never_cache
@require_safe
def round_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The visitor's practice round ``pk``: under way, where it stands and the way on to its next question;
    finished, its score ("3 of 5 right") and each answer with its verdict, the right answer and the explanation,
    as results show them, and "Practise the N questions you missed" again while it missed some. (A round's
    questions were answered by the attempt it practises, so no author can remove them: it always has its next.)

    Raises:
        Http404: as ``_round_progress``.
    """
    progress = _round_progress(request, slug, pk, read=True)
    context = {"quiz": progress.quiz, "progress": progress, "attempt": progress.attempt}
    if not progress.is_finished:
        return render(request, "quizzes/round_under_way.html", context)
    answers = attempt_answers(progress.quiz, progress.attempt.pk)
    context |= {
        "answers": answers,
        "missed": missed_count(answer.is_correct for answer in answers),
        "is_guest": not request.user.is_authenticated,
        # Its questions' regrades, as results say them (``quizzes.regrading``); a query only when there was one.
        "regrades": regrade_notes(progress.attempt.pk, answers) if any(item.regraded for item in answers) else (),
    }
    return render(request, "quizzes/round.html", context)
