from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_safe
from django.views.generic import DetailView

from guides.models import Guide
from quizzes.forms import AnswerForm
from quizzes.models import Attempt, Question, Quiz
from quizzes.services import AnswerRefused, answer_submit, attempt_finish_if_complete, attempt_start


def _questions_with_choices() -> Prefetch:
    return Prefetch("questions", queryset=Question.objects.prefetch_related("choices").order_by("position"))


def _latest_attempt(request: HttpRequest, quiz: Quiz) -> tuple[Attempt | None, Question | None]:
    """The learner's unfinished attempt at ``quiz`` with the question they answer next, else their latest
    finished attempt (with None), else ``(None, None)``. Either attempt carries its score and progress counts.

    An unfinished attempt with nothing left to answer (an author removed its open questions) is finished here.
    """
    if not request.user.is_authenticated:
        return None, None
    attempts = Attempt.objects.filter(learner=request.user, quiz=quiz)
    unfinished = attempts.unfinished().with_progress().first()
    if unfinished is not None:
        next_question = unfinished.next_question()
        if next_question is not None:
            return unfinished, next_question
        attempt_finish_if_complete(attempt=unfinished)
    return attempts.finished().with_score().order_by("-finished_at").first(), None


class QuizDetailView(DetailView):
    """The quiz page: level, description, related guides, where the learner stands, and every question."""

    template_name = "quizzes/quiz_detail.html"
    context_object_name = "quiz"

    def get_queryset(self):
        # Staff also see drafts, as a preview ("View on site" in the admin); learners get 404 for them.
        return Quiz.objects.visible_to(self.request.user).prefetch_related(
            _questions_with_choices(), Prefetch("guides", queryset=Guide.objects.published())
        )

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        quiz = self.object
        questions = list(quiz.questions.all())
        attempt, next_question = _latest_attempt(self.request, quiz)
        # A new learner, or one who finished and may retake, starts at the first question.
        resuming = attempt is not None and not attempt.is_finished
        context.update(
            questions=questions,
            question_count=len(questions),
            attempt=attempt,
            next_question=next_question or (questions[0] if questions else None),
            next_number=attempt.question_number() if resuming else 1,
        )
        return context


@require_http_methods(["GET", "POST"])
def attempt_start_view(request: HttpRequest, slug: str) -> HttpResponse:
    """Start (or resume) the learner's attempt and go to the question they answer next.

    A logged-out visitor is sent to log in and then back to the quiz page. A GET (a login's ``next``, a
    bookmarked or typed address) starts nothing and shows the quiz page, where the Start button is.
    """
    quiz = get_object_or_404(Quiz.objects.published(), slug=slug)
    if request.method == "GET":
        return redirect(quiz)
    if not request.user.is_authenticated:
        return redirect_to_login(quiz.get_absolute_url())
    if not quiz.questions.exists():
        return redirect(quiz)
    attempt = attempt_start(learner=request.user, quiz=quiz, language=get_language())
    next_question = attempt.next_question()
    if next_question is None:
        attempt_finish_if_complete(attempt=attempt)
        return redirect("quizzes:results", slug=quiz.slug)
    return redirect(next_question)


# Pages that show a learner's answers are kept by no cache, the browser's included (``no-store``).
@never_cache
@require_http_methods(["GET", "POST"])
def question_view(request: HttpRequest, slug: str, position: int) -> HttpResponse:
    """One question: the form while unanswered, the feedback (right or not, and why) once answered.

    A question the learner has not reached redirects to the one they answer next; a second answer to the same
    question changes nothing and redirects to its feedback.
    """
    quiz = get_object_or_404(Quiz.objects.published(), slug=slug)
    if not request.user.is_authenticated:
        return redirect_to_login(quiz.get_absolute_url())
    question = get_object_or_404(quiz.questions.prefetch_related("choices"), position=position)
    attempt, next_question = _latest_attempt(request, quiz)
    if attempt is None:
        return redirect(quiz)
    answer = attempt.answers.select_related("choice").filter(question=question).first()
    if answer is not None:
        if request.method == "POST":
            return redirect(question)
        return _render_question(request, quiz, question, attempt, answer=answer, next_question=next_question)
    if attempt.is_finished:
        return redirect("quizzes:results", slug=quiz.slug)
    if next_question.pk != question.pk:
        return redirect(next_question)
    form = AnswerForm(request.POST if request.method == "POST" else None, question=question)
    if request.method == "POST" and form.is_valid():
        try:
            answer_submit(
                attempt=attempt, question=question, choice=form.cleaned_data["choice"], language=get_language()
            )
        except AnswerRefused as refusal:
            messages.error(request, str(refusal))
        return redirect(question)
    return _render_question(request, quiz, question, attempt, form=form)


def _render_question(request, quiz, question, attempt, *, form=None, answer=None, next_question=None) -> HttpResponse:
    return render(
        request,
        "quizzes/question.html",
        {
            "quiz": quiz,
            "question": question,
            # Learners count the questions 1..N in the order they meet them, whatever the positions.
            "number": attempt.question_number(answer),
            "choices": list(question.choices.all()),
            "question_count": attempt.question_count,
            "answered_count": attempt.answered_count,
            "form": form,
            "answer": answer,
            "correct_choice": question.correct_choice() if answer is not None else None,
            "next_question": next_question,
        },
        status=400 if form is not None and form.is_bound else 200,
    )


@never_cache
@require_safe
def results_view(request: HttpRequest, slug: str) -> HttpResponse:
    """The learner's latest finished attempt: its score, each of its answers in the order given, with the
    correct choice and the explanation. Earlier attempts are listed with their scores.

    A finished attempt stays readable after its quiz is unpublished, marked as no longer available and without
    a retake; otherwise an unpublished quiz is 404 (except for staff, who preview drafts).
    """
    quiz = get_object_or_404(Quiz, slug=slug)
    if not request.user.is_authenticated:
        if not quiz.published:
            raise Http404
        return redirect_to_login(request.get_full_path())
    attempts = Attempt.objects.filter(learner=request.user, quiz=quiz)
    finished = attempts.finished().with_score()
    attempt = finished.order_by("-finished_at").first()
    if attempt is None:
        if not Quiz.objects.visible_to(request.user).filter(pk=quiz.pk).exists():
            raise Http404
        return redirect(quiz)
    return render(
        request,
        "quizzes/results.html",
        {
            "quiz": quiz,
            "attempt": attempt,
            "answers": list(attempt.answers_for_results()),
            "earlier_attempts": finished.exclude(pk=attempt.pk).order_by("-finished_at"),
            "has_unfinished": quiz.published and attempts.unfinished().exists(),
        },
    )
