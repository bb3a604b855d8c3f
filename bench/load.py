"""What the load generator sends: logged-in learners' sessions and the requests of each page, prepared in the
database the site then serves.

One reading learner (``learner00001``, about ten finished attempts) asks for the GET pages, each in the three
languages in turn: the guide page is that of a guide of the quiz they are half-way through, whose other quizzes
include one they finished, so that its cards show each kind of standing. Answering learners each get a session
of their own and two unfinished attempts; their answer POSTs go out question by question, each request a
different learner's next question in their attempt's order (a multiple-answer question answered with two
``choice`` values), so that every POST records an answer (``quizzes.answering.answer_submit``), as a class taking
quizzes at once would. The reading learner also has an exam under way, half answered, whose next question is the
exam question page; each answering learner has an exam attempt too, whose answer POSTs (``choice`` and the "Next"
button, ``go=next``) save an answer each (``quizzes.exams.exam_answer_save``), as a class sitting an exam would,
and several exam attempts under way, half answered, each submitted by a POST of its own (``bench.submits``).
"""

from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db.models import Count, Q
from django.urls import reverse
from django.utils import timezone, translation

from bench import sessions, submits
from bench.data import LANGUAGES
from bench.sessions import Request
from guides.models import Guide
from quizzes.answering import answer_submit
from quizzes.exams import exam_answer_save
from quizzes.kinds import QuestionKind
from quizzes.models import Attempt, Choice, Question, Quiz
from quizzes.modes import QuizMode, deadline
from quizzes.services import attempt_start

# The answering learners: the two that measure the POST's queries, those of the warm-up, those of the run.
PROBE_LEARNERS = 2
WARM_UP_LEARNERS = 100
RUN_LEARNERS = 500
ATTEMPTS_PER_LEARNER = 2


@dataclass
class Load:
    """The requests of one benchmark: ``pages`` maps a page's name to its GET requests (one per language);
    ``answers`` maps ``"probe"``, ``"warm-up"`` and ``"run"`` to answer POSTs in the order they must be sent, and
    ``exam_answers`` likewise to exam answer POSTs and ``exam_submits`` to exam submit POSTs (``bench.submits``);
    ``run_attempts``, ``exam_run_attempts`` and ``submit_run_attempts`` hold the ids of the run's attempts (to count
    the answers it saved and the exams it submitted)."""

    pages: dict[str, list[Request]] = field(default_factory=dict)
    answers: dict[str, list[Request]] = field(default_factory=dict)
    exam_answers: dict[str, list[Request]] = field(default_factory=dict)
    exam_submits: dict[str, list[Request]] = field(default_factory=dict)
    run_attempts: list[int] = field(default_factory=list)
    exam_run_attempts: list[int] = field(default_factory=list)
    submit_run_attempts: list[int] = field(default_factory=list)


def _page_requests(name: str, cookie: str, **kwargs) -> list[Request]:
    requests = []
    for group, language in enumerate(LANGUAGES):
        with translation.override(language):
            requests.append(Request(group, "GET", reverse(name, kwargs=kwargs or None), cookie))
    return requests


def _answer(user, quiz: Quiz, count: int | None = None) -> None:
    """Start an attempt of ``user`` at ``quiz`` in English and answer its first ``count`` questions (all when
    None, which finishes it), in the attempt's order, with each question's first choice, through the services a
    learner's POSTs use."""
    attempt = attempt_start(learner=user, quiz=quiz, language="en")
    questions = attempt.arrangement.questions(list(quiz.questions.prefetch_related("choices").order_by("position")))
    for question in questions[:count]:
        answer_submit(attempt=attempt, question=question, choice=question.choices.all()[0], language="en")


def _chosen(question: Question, number: int) -> list[Choice]:
    """What a learner answering POSTs chooses for ``question``, asked as their question ``number``: one of its
    choices in turn, or for a multiple-answer question two of them (the one in turn and the next)."""
    choices = list(question.choices.all())
    if question.kind == QuestionKind.MULTIPLE:
        return [choices[number % len(choices)], choices[(number + 1) % len(choices)]]
    return [choices[number % len(choices)]]


def _quiz_and_guide(user, published: list[Quiz]) -> tuple[Quiz, Guide]:
    """The first of ``published`` that ``user`` has not tried and that a published guide links with other published
    quizzes, and that guide (the first such in the guides' order)."""
    tried = set(Attempt.objects.filter(learner=user).values_list("quiz_id", flat=True))
    crowded = (
        Guide.objects.published()
        .annotate(quiz_count=Count("quizzes", filter=Q(quizzes__published=True)))
        .filter(quiz_count__gt=1)
        .order_by("ordering", "slug")
    )
    for quiz in published:
        guide = None if quiz.pk in tried else crowded.filter(quizzes=quiz).first()
        if guide is not None:
            return quiz, guide
    raise ValueError("No untried quiz of the reading learner shares a published guide with another quiz.")


def _exam_page(user, exams: list[Quiz]) -> tuple[Quiz, int]:
    """Start an exam attempt of ``user`` at the first timed exam of ``exams`` they have not tried and save answers
    to its first half (each question's first choice), through the services an exam's POSTs use; return the exam
    and the number of its next question."""
    tried = set(Attempt.objects.filter(learner=user).values_list("quiz_id", flat=True))
    quiz = next(quiz for quiz in exams if quiz.time_limit is not None and quiz.pk not in tried)
    attempt = attempt_start(learner=user, quiz=quiz, language="en")
    questions = attempt.arrangement.questions(list(quiz.questions.prefetch_related("choices").order_by("position")))
    half = len(questions) // 2
    for question in questions[:half]:
        exam_answer_save(attempt=attempt, question=question, choices=[question.choices.all()[0]], language="en")
    return quiz, half + 1


def _reader_pages(user, published: list[Quiz], exams: list[Quiz]) -> dict[str, list[Request]]:
    """The GET pages of ``user``: home, the results of their latest finished attempt, the quiz page and next
    question of an attempt this starts and half answers at a quiz they had not tried, the page of a guide of
    that quiz (``_quiz_and_guide``), among whose other quizzes this makes sure ``user`` has finished one (the
    first, unless they had), so that its cards show a finished attempt, an unfinished one and quizzes not
    started; and the next question of a timed exam this starts and half answers (``_exam_page``)."""
    finished = Attempt.objects.filter(learner=user).finished().select_related("quiz").order_by("-finished_at").first()
    exam, exam_number = _exam_page(user, exams)
    quiz, guide = _quiz_and_guide(user, published)
    half = quiz.questions.count() // 2
    _answer(user, quiz, half)
    others = list(guide.quizzes.published().exclude(pk=quiz.pk).order_by("pk"))
    if not Attempt.objects.filter(learner=user, quiz__in=others).finished().exists():
        _answer(user, others[0])
    cookie, _token = sessions.cookie(user)
    return {
        "question": _page_requests("quizzes:question", cookie, slug=quiz.slug, number=half + 1),
        "quiz": _page_requests("quizzes:detail", cookie, slug=quiz.slug),
        "results": _page_requests("quizzes:results", cookie, slug=finished.quiz.slug),
        "home": _page_requests("home", cookie),
        "guide": _page_requests("guides:detail", cookie, slug=guide.slug),
        "exam_question": _page_requests("quizzes:question", cookie, slug=exam.slug, number=exam_number),
    }


def _answer_requests(
    learners: list, cookies: list[tuple[str, str]], quizzes: list[Quiz], first_group: int, *, exam: bool = False
) -> tuple[list[Request], list[int]]:
    """Start attempts for each of ``learners`` at ``quizzes`` they have not tried (``ATTEMPTS_PER_LEARNER`` each,
    or one exam attempt when ``exam``) and return ``(POSTs, attempt ids)``: the POSTs in rounds (every learner's
    first question, then every learner's second…), each learner's in the language ``group mod 3`` and their
    session of ``cookies`` (``sessions.cookie``, in the order of ``learners``); groups number the learners from
    ``first_group``. Each attempt takes its quiz's settings, as
    ``quizzes.services.attempt_start`` would (an exam's mode, time limit and deadline too), and a seed of its own
    (its learner's group and round), and asks its questions in the order they give; a multiple-answer question is
    answered with two ``choice`` values (``_chosen``), and an exam's answers press "Next" (``go=next``)."""
    per_learner = 1 if exam else ATTEMPTS_PER_LEARNER
    now = timezone.now()
    slots = []
    for offset, (user, (cookie, token)) in enumerate(zip(learners, cookies, strict=True)):
        group = first_group + offset
        tried = set(Attempt.objects.filter(learner=user).values_list("quiz_id", flat=True))
        fresh = [quiz for quiz in quizzes[(group * 37) % len(quizzes) :] + quizzes if quiz.pk not in tried]
        for round_, quiz in enumerate(fresh[:per_learner]):
            attempt = Attempt(
                learner=user,
                quiz=quiz,
                language="en",
                seed=group * ATTEMPTS_PER_LEARNER + round_,
                shuffle_choices=quiz.shuffle_choices,
                shuffle_questions=quiz.shuffle_questions,
                pass_mark=quiz.pass_mark,
                mode=quiz.mode,
                time_limit=quiz.time_limit,
                deadline=deadline(started_at=now, time_limit=quiz.time_limit) if exam else None,
            )
            slots.append((round_, group, cookie, token, quiz, attempt))
    Attempt.objects.bulk_create([slot[-1] for slot in slots])
    questions: dict[int, list[Question]] = {}
    asked = Question.objects.filter(quiz_id__in={slot[4].pk for slot in slots}).prefetch_related("choices")
    for question in asked.order_by("position"):
        questions.setdefault(question.quiz_id, []).append(question)
    move = "&go=next" if exam else ""
    requests = []
    for round_ in range(per_learner):
        own = [slot[1:] for slot in slots if slot[0] == round_]
        for number in range(1, max(len(questions[slot[3].pk]) for slot in own) + 1):
            for group, cookie, token, quiz, attempt in own:
                if number > len(questions[quiz.pk]):
                    continue
                question = attempt.arrangement.questions(questions[quiz.pk])[number - 1]
                with translation.override(LANGUAGES[group % 3]):
                    path = reverse("quizzes:question", kwargs={"slug": quiz.slug, "number": number})
                chosen = "".join(f"&choice={choice.pk}" for choice in _chosen(question, number))
                requests.append(Request(group, "POST", path, cookie, f"csrfmiddlewaretoken={token}{chosen}{move}"))
    return requests, [slot[-1].pk for slot in slots]


def prepare() -> Load:
    """Write the sessions and attempts the load needs into the default database (a generated data set,
    ``bench.data.build``) and return the requests.

    Raises:
        ValueError: the data set has too few learners (it needs 603), or too few exams for each answering learner
            to have ``bench.submits.EXAMS_PER_LEARNER`` exams under way besides the one it answers.
    """
    users = list(get_user_model().objects.order_by("pk")[: 1 + PROBE_LEARNERS + WARM_UP_LEARNERS + RUN_LEARNERS])
    if len(users) < 1 + PROBE_LEARNERS + WARM_UP_LEARNERS + RUN_LEARNERS:
        raise ValueError("The data set has too few learners for the load.")
    published = list(Quiz.objects.published().order_by("pk"))
    practised = [quiz for quiz in published if quiz.mode == QuizMode.PRACTICE]
    exams = [quiz for quiz in published if quiz.mode == QuizMode.EXAM]
    load = Load(pages=_reader_pages(users[0], practised, exams))
    first = 1
    for name, count in (("probe", PROBE_LEARNERS), ("warm-up", WARM_UP_LEARNERS), ("run", RUN_LEARNERS)):
        learners = users[first : first + count]
        # One session per learner, for their answers, exam answers and submits.
        cookies = [sessions.cookie(user) for user in learners]
        load.answers[name], attempts = _answer_requests(learners, cookies, practised, first)
        load.exam_answers[name], exam_attempts = _answer_requests(learners, cookies, exams, first, exam=True)
        per_learner = submits.EXAMS_PER_LEARNER[name]
        load.exam_submits[name], submit_attempts = submits.submit_requests(learners, cookies, exams, first, per_learner)
        first += count
    load.run_attempts, load.exam_run_attempts, load.submit_run_attempts = attempts, exam_attempts, submit_attempts
    return load
