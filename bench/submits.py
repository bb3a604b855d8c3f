"""The exam submit POSTs of the load (``bench.load``): each submits a different exam attempt under way.

A submit sent again to a submitted exam only redirects to its results, so each answering learner gets several exam
attempts under way (``EXAMS_PER_LEARNER``), at exams they had not tried, each with the first half of its questions
answered (in the attempt's order, each question's first choice as shown), and one POST of the exam's confirmation
page (``/<lang>/quizzes/<slug>/submit/``) per attempt: ``quizzes.exams.exam_submit`` then gives the other half
empty answers and finishes the attempt, as a class handing in an exam would. The attempts and their answers are
written in bulk (one insert, one ``COPY``), not through a service call each, as ``quizzes.services.attempt_start``
and ``quizzes.exams.exam_answer_save`` would have written them (``quizzes.answering.answer_fields``).
"""

from django.db import connection
from django.db.models import JSONField
from django.urls import reverse
from django.utils import timezone, translation

from bench.bulk import copy_rows
from bench.content import LANGUAGES
from bench.sessions import Request
from quizzes.answering import answer_fields
from quizzes.catalogue import current_version
from quizzes.models import Answer, Attempt, Quiz
from quizzes.modes import deadline
from quizzes.snapshots import quiz_content

#: Exam attempts under way per learner, one submit POST each: the probe's two learners one each (one POST warms up,
#: the other is counted), the warm-up's a few, the run's enough that a run's rounds (5 s each, every round its own
#: third of the learners) do not outrun them at up to 800 POSTs a second: 500 learners, 12,000 attempts.
EXAMS_PER_LEARNER = {"probe": 1, "warm-up": 8, "run": 24}


def _attempts(learners: list, exams: list[Quiz], first_group: int, per_learner: int) -> list[tuple[int, Attempt]]:
    """``(group, attempt)`` for ``per_learner`` new exam attempts (unsaved) of each of ``learners`` (group
    ``first_group`` onwards) at exams of ``exams`` they have not tried, starting at an exam of their own, with the
    exam's settings, time limit and deadline from now, and a seed of their own. In rounds: every learner's first
    attempt, then every learner's second…

    Raises:
        ValueError: a learner has fewer than ``per_learner`` exams left untried.
    """
    now = timezone.now()
    tried: dict[int, set[int]] = {}
    for learner_id, quiz_id in Attempt.objects.filter(learner__in=learners).values_list("learner_id", "quiz_id"):
        tried.setdefault(learner_id, set()).add(quiz_id)
    rounds: list[list[tuple[int, Attempt]]] = [[] for _ in range(per_learner)]
    for offset, user in enumerate(learners):
        group = first_group + offset
        fresh = [quiz for quiz in exams[(group * 13) % len(exams) :] + exams if quiz.pk not in tried.get(user.pk, ())]
        fresh = list(dict.fromkeys(fresh))[:per_learner]
        if len(fresh) < per_learner:
            raise ValueError(f"{user} has {len(fresh)} exams left untried, not {per_learner}.")
        for number, quiz in enumerate(fresh):
            attempt = Attempt(
                learner=user,
                quiz=quiz,
                language="en",
                seed=group * per_learner + number,
                shuffle_choices=quiz.shuffle_choices,
                shuffle_questions=quiz.shuffle_questions,
                pass_mark=quiz.pass_mark,
                mode=quiz.mode,
                time_limit=quiz.time_limit,
                deadline=deadline(started_at=now, time_limit=quiz.time_limit),
            )
            rounds[number].append((group, attempt))
    return [slot for slots in rounds for slot in slots]


def _half_answered(attempts: list[Attempt]) -> list[dict]:
    """The saved answers of ``attempts`` (saved, English), as ``{column: value}``: to the first half of each one's
    questions in its order, each its first choice as the attempt shows it, as ``quizzes.exams.exam_answer_save``
    would record them (``answer_fields``)."""
    version, now = current_version(), timezone.now()
    answers = []
    for attempt in attempts:
        content = quiz_content(attempt.quiz_id, version, "en")
        questions = attempt.arrangement.questions(content.questions)
        for question in questions[: len(questions) // 2]:
            shown = attempt.arrangement.choices(question)
            fields = answer_fields(question=question, chosen=shown[:1], shown=shown, language="en")
            answers.append({"attempt_id": attempt.pk, "answered_at": now, **fields})
    return answers


def _copy_answers(answers: list[dict]) -> None:
    """Write ``answers`` (``{column: value}``, every one with the same columns, each the column of an ``Answer``
    field) with one ``COPY``: seconds faster than ``bulk_create`` for the tens of thousands the load saves."""
    fields = [Answer._meta.get_field(column.removesuffix("_id")) for column in answers[0]]
    # psycopg writes the other values as they are; a JSON field's goes through the field's adapter.
    json = {field.attname: field for field in fields if isinstance(field, JSONField)}
    rows = (
        [json[name].get_db_prep_save(value, connection) if name in json else value for name, value in answer.items()]
        for answer in answers
    )
    connection.ensure_connection()
    with connection.connection.cursor() as cursor:
        copy_rows(cursor, Answer._meta.db_table, ", ".join(field.column for field in fields), rows)


def submit_requests(
    learners: list, cookies: list[tuple[str, str]], exams: list[Quiz], first_group: int, per_learner: int
) -> tuple[list[Request], list[int]]:
    """Start ``per_learner`` exam attempts for each of ``learners`` (``User``-s, groups numbered from
    ``first_group``) at ``exams`` (published exam quizzes) they have not tried, save answers to half of each one's
    questions, and return ``(POSTs, attempt ids)``: one submit POST per attempt, in the same order (every
    learner's first exam, then every learner's second…), each in its learner's language, ``group mod 3``, and
    session, of ``cookies`` (``sessions.cookie``, in the order of ``learners``).

    Raises:
        ValueError: a learner has fewer than ``per_learner`` exams left untried.
    """
    slots = _attempts(learners, exams, first_group, per_learner)
    Attempt.objects.bulk_create([attempt for _group, attempt in slots])
    _copy_answers(_half_answered([attempt for _group, attempt in slots]))
    requests = []
    for group, attempt in slots:
        cookie, token = cookies[group - first_group]
        with translation.override(LANGUAGES[group % 3]):
            path = reverse("quizzes:submit", kwargs={"slug": attempt.quiz.slug})
        requests.append(Request(group, "POST", path, cookie, f"csrfmiddlewaretoken={token}"))
    return requests, [attempt.pk for _group, attempt in slots]
