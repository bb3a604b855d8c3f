"""Writes of an exam (``quizzes.modes``): saving, changing or clearing an answer and a flag while it is under way,
and submitting it, by the learner or because its time ran out.

Every write takes the attempt's row lock first (``quizzes.answering._lock``), as practice answers do, so that two
tabs, a double submit and a deadline passing meanwhile are judged one after the other.
"""

from collections.abc import Sequence
from datetime import datetime
from enum import StrEnum

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from quizzes.answering import AnswerRefused, _lock, _Locked, answer_choices, answer_fields
from quizzes.kinds import chosen_text
from quizzes.models import Answer, Attempt
from quizzes.modes import GRACE, QuizMode, is_expired
from quizzes.snapshots import quiz_content


class Saved(StrEnum):
    """What ``exam_answer_save`` did."""

    #: The answer (or its change, or its clearing) and the flag are recorded.
    SAVED = "saved"
    #: The attempt was submitted already (by another tab, or a double submit): nothing changed.
    SUBMITTED = "submitted"
    #: The time ran out: nothing of this request was recorded, and the attempt is now submitted as it stood.
    EXPIRED = "expired"


@transaction.atomic
def exam_answer_save(
    *,
    attempt,
    question,
    choices: Sequence | None = (),
    language: str | None = None,
    flagged: bool | None = None,
    now: datetime | None = None,
) -> Saved:
    """Record the learner's answer to ``question`` of their exam ``attempt``, replacing any earlier one, and whether
    they flag the question for review; nothing is judged aloud until the attempt is submitted.

    Args:
        attempt: the exam attempt (an ``Attempt``, an ``AttemptState``, anything with its ``pk``).
        question: one of the quiz's questions (a ``Question`` or a ``QuestionContent``).
        choices: the choices chosen (``Choice`` or ``ChoiceContent``; one for a question that takes one); empty
            clears the answer (the question is unanswered again); None leaves the answer as it is (only the flag
            changes).
        language: the code of the language the question was shown in; the attempt's language when None.
        flagged: flag (True) or unflag (False) the question for review; None leaves the flag as it is.
        now: the moment the request arrived (aware ``datetime``); the server's clock when None.

    Returns:
        ``Saved``: recorded, or nothing recorded because the attempt was submitted already or its time ran out (in
        which case it is submitted now, with the answers it had: ``exam_submit``).

    Raises:
        AnswerRefused: the attempt is not an exam, or was closed; the question is not part of the quiz; the
            choices are not the question's, or several for a question that takes one (``answer_choices``).
    """
    now = now or timezone.now()
    locked = _lock(attempt.pk)
    if locked.mode != QuizMode.EXAM:
        raise AnswerRefused(_("This attempt is not an exam."))
    if locked.is_closed:
        raise AnswerRefused(_("This attempt was closed: another attempt at this quiz goes on in your account."))
    if locked.is_finished:
        return Saved.SUBMITTED
    if is_expired(locked.deadline, now):
        _submit(attempt.pk, locked, now)
        return Saved.EXPIRED
    language = language or locked.language
    content = quiz_content(locked.quiz_id, locked.version, language)
    shown = content.questions_by_pk.get(question.pk) if content is not None else None
    if shown is None:
        raise AnswerRefused(_("This question is not part of this quiz."))
    pks = None if choices is None else [choice.pk for choice in choices]
    answers = Answer.objects.filter(attempt_id=attempt.pk, question_id=shown.pk)
    if pks is None:
        pass
    elif not pks:
        answers.delete()
    else:
        fields = answer_fields(
            question=shown,
            chosen=answer_choices(shown, pks),
            shown=locked.arrangement.choices(shown),
            language=language,
        )
        if shown.pk in locked.answered:
            answers.update(**fields, answered_at=now)
        else:
            Answer.objects.create(attempt_id=attempt.pk, **fields)
    if flagged is not None and flagged != (shown.pk in locked.flagged):
        marked = set(locked.flagged) ^ {shown.pk}
        Attempt.objects.filter(pk=attempt.pk).update(flagged=chosen_text(marked))
    return Saved.SAVED


@transaction.atomic
def exam_submit(*, attempt, now: datetime | None = None) -> bool:
    """Submit the exam ``attempt``: each question it has not answered gets an empty answer, which is wrong, and the
    attempt is finished, so its results show every verdict and explanation. Also how an exam whose time ran out is
    closed (then it finishes at its deadline and grace, after every answer it took).

    Args:
        attempt: the exam attempt (anything with its ``pk``).
        now: the moment of submission (aware ``datetime``); the server's clock when None.

    Returns:
        True when this call submitted it; False when it was finished or closed already (a double submit, another
        tab, the housekeeping command first).

    Raises:
        AnswerRefused: the attempt is not an exam.
        Attempt.DoesNotExist: no such attempt.
    """
    locked = _lock(attempt.pk)
    if locked.mode != QuizMode.EXAM:
        raise AnswerRefused(_("This attempt is not an exam."))
    if locked.is_finished or locked.is_closed:
        return False
    _submit(attempt.pk, locked, now or timezone.now())
    return True


def _submit(attempt_pk: int, locked: _Locked, now: datetime) -> None:
    """Give the locked attempt's unanswered questions their empty answers and finish it (at its deadline and grace
    when its time ran out, else at ``now``)."""
    content = quiz_content(locked.quiz_id, locked.version, locked.language)
    questions = locked.arrangement.questions(content.questions) if content is not None else ()
    answered = set(locked.answered)
    Answer.objects.bulk_create(
        Answer(
            attempt_id=attempt_pk,
            **answer_fields(
                question=question, chosen=(), shown=locked.arrangement.choices(question), language=locked.language
            ),
        )
        for question in questions
        if question.pk not in answered
    )
    # An exam whose time ran out ends when its grace did: after every answer it took, which the grace allows.
    finished_at = locked.deadline + GRACE if is_expired(locked.deadline, now) else now
    Attempt.objects.filter(pk=attempt_pk).update(finished_at=finished_at)


def exams_expired_submit(*, now: datetime | None = None, quiz_id: int | None = None) -> int:
    """Submit every exam under way whose time ran out (``quizzes.modes.is_expired``), each in its own transaction:
    ``manage.py submitexams``, for the learners who never came back, and the admin's pages that show attempts or
    count their answers, so that they never show an exam over as under way. One query when none ran out.

    Args:
        now: the moment (aware ``datetime``); the server's clock when None.
        quiz_id: only the exams at this quiz; every quiz's when None.

    Returns:
        How many attempts were submitted (int).
    """
    now = now or timezone.now()
    expired = Attempt.objects.unfinished().filter(mode=QuizMode.EXAM, deadline__lt=now - GRACE)
    if quiz_id is not None:
        expired = expired.filter(quiz_id=quiz_id)
    return sum(exam_submit(attempt=attempt, now=now) for attempt in expired.only("pk").iterator())
