"""The learner's pages of an exam (``quizzes.modes``): each question with the answer saved so far and a "Flag for
review" box, the overview of every question, and the confirmation that submits it.

Nothing here shows a verdict, a right choice or an explanation: an exam under way never does (``Progress.reveals``),
and once submitted each of its pages goes to the results. Every form is a plain POST (no script), and each of its
buttons saves first, then moves. An exam whose time ran out (``AttemptState.is_expired``) is submitted by whichever
of its pages is asked for first (``exam_expired_submit``), as the housekeeping command would do.
"""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from quizzes.answering import AnswerRefused
from quizzes.exams import Saved, exam_answer_save, exam_submit
from quizzes.forms import ExamAnswerForm
from quizzes.guests import guest_for_writing
from quizzes.kinds import chosen_text
from quizzes.localized import QuestionContent
from quizzes.page_progress import request_progress
from quizzes.progress import Progress


def overview_url(progress: Progress) -> str:
    """The address of the exam's overview, ``/<lang>/quizzes/<slug>/overview/``."""
    return reverse("quizzes:overview", kwargs={"slug": progress.quiz.slug})


def _time_is_up(request: HttpRequest, progress: Progress, *, late_answer: bool = False) -> HttpResponse:
    """Submit the learner's expired exam (if nothing did meanwhile) and go to its results, saying why."""
    exam_submit(attempt=progress.attempt)
    if late_answer:
        messages.warning(
            request,
            _(
                "Time is up: this answer arrived after the time limit and was not recorded. Your exam was submitted "
                "with the answers you had given before."
            ),
        )
    else:
        messages.warning(request, _("Time is up: your exam was submitted with the answers you had given."))
    return redirect(progress.results_url)


def exam_expired_submit(request: HttpRequest, progress: Progress) -> HttpResponse | None:
    """When the learner's exam under way is past its deadline and grace (``AttemptState.is_expired``), submit it
    (``exam_submit``) and return the redirect to its results with the message "Time is up"; else None.

    Every page of the quiz asks this first (the quiz page, start, each exam page), so that an expired exam is
    closed the next time its learner looks at it."""
    attempt = progress.attempt
    if attempt is None or not attempt.is_exam or not attempt.is_expired(timezone.now()):
        return None
    return _time_is_up(request, progress)


def exam_start_redirect(request: HttpRequest, progress: Progress) -> HttpResponse:
    """Where Start (or Resume) leads in an exam: its first unanswered question, in the attempt's order, else the
    overview; the results when it is submitted already (or now, its time having run out)."""
    expired = exam_expired_submit(request, progress)
    if expired is not None:
        return expired
    if progress.is_finished:
        return redirect(progress.results_url)
    if progress.next_question is not None:
        return redirect(progress.next_question_url)
    return redirect(overview_url(progress))


def _elsewhere(request: HttpRequest, progress: Progress) -> HttpResponse | None:
    """Where an exam page sends a learner whose exam is not under way: the results of a submitted exam (and of
    one whose time ran out: it is submitted now), the quiz page without an exam; None when the page may show."""
    if progress.attempt is None or not progress.is_exam:
        return redirect(progress.quiz.url)
    if progress.is_finished:
        return redirect(progress.results_url)
    return exam_expired_submit(request, progress)


def exam_question_page(request: HttpRequest, number: int, progress: Progress) -> HttpResponse:
    """Question ``number`` of the learner's exam (its fixed order, ``Progress.order``), for the question view.

    A GET shows the question with the answer saved so far and its flag. A POST saves the answer (none clears it)
    and the flag (``exam_answer_save``), then moves as the button pressed says: the question before, the one after
    (the overview after the last), the overview; the "clear" button clears the answer and stays. A refused form
    shows again with its errors (400), saving nothing.

    An answer sent once the exam was submitted (another tab, a double submit) is not recorded and leads to the
    results; one sent after the time limit and grace is not recorded either, and the exam is submitted with the
    answers it had. A number beyond the exam's questions goes to the overview.
    """
    if request.method == "POST" and progress.is_finished:
        messages.warning(request, _("Your exam was submitted already: this answer was not recorded."))
        return redirect(progress.results_url)
    if request.method == "POST" and progress.attempt is not None and progress.attempt.is_expired(timezone.now()):
        return _time_is_up(request, progress, late_answer=True)
    elsewhere = _elsewhere(request, progress)
    if elsewhere is not None:
        return elsewhere
    question = progress.question_numbered(number)
    if question is None:
        return redirect(overview_url(progress))
    if request.method != "POST":
        return _render_question(request, progress, question)
    form = ExamAnswerForm(request.POST, question=question)
    if not form.is_valid():
        return _render_question(request, progress, question, form=form)
    if not request.user.is_authenticated:
        guest_for_writing(request)  # keeps the guest's session alive from this answer on
    try:
        saved = exam_answer_save(
            attempt=progress.attempt,
            question=question,
            choices=form.answer_change(),
            language=get_language(),
            flagged=form.flag_change(),
        )
    except AnswerRefused as refusal:
        messages.warning(request, str(refusal))
        return redirect(progress.quiz.url)
    if saved == Saved.EXPIRED:
        return _time_is_up(request, progress, late_answer=True)
    if saved == Saved.SUBMITTED:
        messages.warning(request, _("Your exam was submitted already: this answer was not recorded."))
        return redirect(progress.results_url)
    return redirect(_after_saving(progress, number, form.cleaned_data["go"]))


def _after_saving(progress: Progress, number: int, move: str) -> str:
    """The address a saved exam question's button leads to (``quizzes.forms.EXAM_MOVES``)."""
    if move == "previous":
        number = max(number - 1, 1)
    elif move == "next":
        number += 1
    if move == "overview" or number > len(progress.order):
        return overview_url(progress)
    return progress.url_numbered(number)


def _render_question(
    request: HttpRequest, progress: Progress, question: QuestionContent, *, form: ExamAnswerForm | None = None
) -> HttpResponse:
    number = progress.number_of(question)
    answer = progress.answer_to(question)
    saved, saved_flag = answer.chosen if answer is not None else (), question.pk in progress.flagged
    if form is not None:
        # What was sent (a refused form), as the radios and boxes show it again.
        sent = form["choice"].value()
        chosen = sent if isinstance(sent, list | tuple) else [sent] if sent else []
        flagged = bool(form["flagged"].value())
    else:
        chosen, flagged = saved, saved_flag
    return render(
        request,
        "quizzes/exam_question.html",
        {
            "quiz": progress.quiz,
            "question": question,
            "progress": progress,
            "number": number,
            "is_last": number == len(progress.order),
            "segments": progress.segments(current=question),
            "flags": [numbered.pk in progress.flagged for numbered in progress.order],
            "choices": progress.choices_of(question),
            "form": form,
            # What the form shows checked: what was sent (a refused form), else the answer and flag saved so far.
            "chosen": {str(pk) for pk in chosen},
            "flagged": flagged,
            "is_answered": answer is not None,
            # What the page shows as saved, sent back with the form (``ExamAnswerForm.answer_change``).
            "shown_answer": chosen_text(saved),
            "shown_flag": "1" if saved_flag else "0",
            "overview_url": overview_url(progress),
        },
        status=400 if form is not None else 200,
    )


def _statuses(progress: Progress) -> list[dict]:
    """Each question of the exam in its order: its number, address, question, whether answered and flagged."""
    answered = {answer.question_id for answer in progress.answers if answer.chosen}
    return [
        {
            "number": number,
            "url": progress.url_numbered(number),
            "question": question,
            "answered": question.pk in answered,
            "flagged": question.pk in progress.flagged,
        }
        for number, question in enumerate(progress.order, start=1)
    ]


@never_cache
@require_http_methods(["GET", "HEAD"])
def exam_overview_view(request: HttpRequest, slug: str) -> HttpResponse:
    """The overview of the learner's exam under way: every question by number, answered or not, flagged for
    review or not, each a link to its page; and the way to submit (``exam_submit_view``). One query, whatever the
    number of questions (``quiz_state``).

    Raises:
        Http404: no published quiz with this slug.
    """
    progress = request_progress(request, slug)
    elsewhere = _elsewhere(request, progress)
    if elsewhere is not None:
        return elsewhere
    statuses = _statuses(progress)
    return render(
        request,
        "quizzes/exam_overview.html",
        {
            "quiz": progress.quiz,
            "progress": progress,
            "statuses": statuses,
            "answered_count": sum(status["answered"] for status in statuses),
        },
    )


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def exam_submit_view(request: HttpRequest, slug: str) -> HttpResponse:
    """Submitting the learner's exam: a GET asks to confirm, saying how many questions are unanswered and which
    (by number, each a link); a POST submits it (``exam_submit``: unanswered questions score zero) and goes to the
    results. A second POST (a double submit, another tab) goes to the results too, changing nothing.

    Raises:
        Http404: no published quiz with this slug.
    """
    progress = request_progress(request, slug)
    elsewhere = _elsewhere(request, progress)
    if elsewhere is not None:
        return elsewhere
    if request.method == "POST":
        exam_submit(attempt=progress.attempt)
        return redirect(progress.results_url)
    unanswered = [status for status in _statuses(progress) if not status["answered"]]
    return render(
        request,
        "quizzes/exam_submit.html",
        {"quiz": progress.quiz, "progress": progress, "unanswered": unanswered, "overview_url": overview_url(progress)},
    )
