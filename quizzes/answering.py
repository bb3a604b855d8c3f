"""Answering a question: the attempt's row lock, the rule of which choices an answer takes, and the answer's row,
judged and keeping what the learner saw. Practice answers are final when written (``answer_submit``,
``answer_record``); an exam's are saved until it is submitted (``quizzes.exams``, over the same lock and fields)."""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from quizzes import scoring
from quizzes.arrangement import Arrangement
from quizzes.kinds import chosen_pks, chosen_text, judge
from quizzes.learner_state import AttemptState
from quizzes.localized import ChoiceContent, QuestionContent
from quizzes.models import Answer, Attempt, ContentVersion
from quizzes.modes import QuizMode
from quizzes.snapshots import quiz_content


class AnswerRefused(Exception):
    """An answer that cannot be recorded; ``str(error)`` is a translated message for the learner."""


@dataclass(frozen=True)
class _Locked:
    """An attempt read under its row lock: what ``answer_submit`` and ``attempt_finish_if_complete`` judge."""

    quiz_id: int
    is_finished: bool
    is_closed: bool
    version: str | None
    answered: tuple[int, ...]
    arrangement: Arrangement
    language: str
    mode: str
    deadline: datetime | None
    round_questions: tuple[int, ...]
    flagged: tuple[int, ...]


_VERSION = f"(SELECT token FROM {ContentVersion._meta.db_table} WHERE id = 1)"
_ANSWERED = (
    f"SELECT {_VERSION}, answer.question_id FROM {Attempt._meta.db_table} attempt "
    f"LEFT JOIN {Answer._meta.db_table} answer ON answer.attempt_id = attempt.id "
    "WHERE attempt.id = %s ORDER BY answer.answered_at, answer.id"
)


def _lock(attempt_pk: int) -> _Locked:
    """Lock attempt ``attempt_pk``'s row for the rest of the transaction, then read its answered questions and the
    content version: two statements, the second after the lock is granted, so that it sees every answer committed
    by a concurrent request that held the lock before (one statement would read them as they were when it began).

    Raises:
        Attempt.DoesNotExist: no such attempt (deleted meanwhile: a guest's, by ``clearguests``).
    """
    columns = ("quiz_id", "finished_at", "closed_at", "seed", "shuffle_questions", "shuffle_choices")
    columns += ("language", "mode", "deadline", "round_questions", "flagged")
    quiz_id, finished_at, closed_at, seed, by_questions, by_choices, language, mode, deadline, asked, flagged = (
        Attempt.objects.select_for_update().values_list(*columns).get(pk=attempt_pk)
    )
    with connection.cursor() as cursor:
        cursor.execute(_ANSWERED, [attempt_pk])
        rows = cursor.fetchall()
    answered = tuple(question_id for _version, question_id in rows if question_id is not None)
    arrangement = Arrangement(seed, by_questions, by_choices)
    return _Locked(
        quiz_id,
        finished_at is not None,
        closed_at is not None,
        rows[0][0],
        answered,
        arrangement,
        language,
        mode,
        deadline,
        chosen_pks(asked),
        chosen_pks(flagged),
    )


def _finish(attempt_pk: int) -> None:
    Attempt.objects.filter(pk=attempt_pk).update(finished_at=timezone.now())


@transaction.atomic
def attempt_finish_if_complete(*, attempt: Attempt | AttemptState) -> bool:
    """Finish an unfinished attempt that has no question left to answer.

    Answering the last open question finishes an attempt (``answer_submit``); this covers an author removing
    the only questions a learner had left, which would otherwise leave the attempt open with nothing to answer.

    Args:
        attempt: any attempt (its ``pk`` is read).

    Returns:
        True when this call finished it; False when it was finished or closed already, or still has questions to
        answer, or is an exam (which only its submission finishes: ``quizzes.exams``).
    """
    locked = _lock(attempt.pk)
    if locked.is_finished or locked.is_closed or locked.mode == QuizMode.EXAM:
        return False
    content = quiz_content(locked.quiz_id, locked.version)
    questions = [question.pk for question in content.questions] if content is not None else []
    if locked.round_questions:
        questions = [pk for pk in questions if pk in set(locked.round_questions)]
    if scoring.next_question(questions=questions, answered=locked.answered, finished=False) is not None:
        return False
    _finish(attempt.pk)
    return True


@transaction.atomic
def answer_submit(
    *, attempt, question, choice=None, choices: Sequence = (), language: str | None = None
) -> tuple[Answer, bool]:
    """Record the learner's (or the guest's) answer to ``question``; the first answer is final.

    One short transaction over the quiz's snapshot (``quizzes.snapshots``): the attempt's row lock, its answers
    and the content version, the new answer, and the attempt's end when this answers its last open question. The
    answer keeps the language it was given in and the question's and the choice's texts as the learner saw them:
    in that language, or in English where that translation is missing (the fallback rule, as on the question page).

    Args:
        attempt: the learner's or the guest's unfinished attempt (an ``Attempt``, or anything with its ``pk``).
        question: a question of the attempt's quiz (a ``Question`` or the snapshot's ``QuestionContent``); must be
            the attempt's next question.
        choice: one of ``question``'s choices (a ``Choice`` or a ``ChoiceContent``), for a question answered with one.
        choices: the choices chosen (the same kinds of objects), for a multiple-answer question; ``choice`` and
            ``choices`` together make one set.
        language: the code of the language the question was shown in (one of ``settings.LANGUAGES``), e.g.
            ``"fr"``; the attempt's language when left out. A learner may switch language mid-attempt.

    Returns:
        ``(answer, created)``: ``created`` is False when the question was already answered, in which case the
        earlier answer is returned unchanged.

    Raises:
        AnswerRefused: no choice, or several for a question that takes one, or a choice that does not belong to
            the question (``answer_choices``); the question is not part of the quiz, it
            is not the attempt's next question (questions are answered in order), or the attempt was closed
            meanwhile (``quizzes.guests.guest_attempts_join``).
    """
    locked = _lock(attempt.pk)
    language = language or getattr(attempt, "language", None) or Attempt.objects.get(pk=attempt.pk).language
    content = quiz_content(locked.quiz_id, locked.version, language)
    shown = content.questions_by_pk.get(question.pk) if content is not None else None
    if shown is None:
        raise AnswerRefused(_("This question is not part of this quiz."))
    picked = answer_choices(shown, [item.pk for item in (*([choice] if choice is not None else []), *choices)])
    if shown.pk in locked.answered:
        return Answer.objects.get(attempt_id=attempt.pk, question_id=shown.pk), False
    if locked.is_finished:
        raise AnswerRefused(_("This attempt is already finished."))
    if locked.is_closed:
        raise AnswerRefused(_("This attempt was closed: another attempt at this quiz goes on in your account."))
    if locked.mode == QuizMode.EXAM:
        raise AnswerRefused(_("This attempt is an exam: its answers are saved until it is submitted."))
    questions = locked.arrangement.questions(content.questions)
    if locked.round_questions:
        questions = [question for question in questions if question.pk in set(locked.round_questions)]
    return answer_record(
        attempt_pk=attempt.pk,
        questions=questions,
        answered=locked.answered,
        question=shown,
        chosen=picked,
        shown=locked.arrangement.choices(shown),
        language=language,
    ), True


def answer_choices(question: QuestionContent, pks: Sequence[int]) -> tuple[ChoiceContent, ...]:
    """The choices of ``question`` that a learner chose, by primary key: the rule of how many a question takes.

    Args:
        question: the question answered, from the quiz's snapshot.
        pks: the chosen choices' primary keys (ints), as sent.

    Returns:
        The chosen choices, in the question's position order.

    Raises:
        AnswerRefused: none chosen; more than one for a single-answer or true-or-false question; a choice that
            is not one of the question's.
    """
    if not pks:
        raise AnswerRefused(_("Please choose an answer."))
    if len(set(pks)) > 1 and not question.is_multiple:
        raise AnswerRefused(_("Please choose only one answer."))
    if any(question.choice(pk) is None for pk in pks):
        raise AnswerRefused(_("Please choose one of this question's answers."))
    return tuple(choice for choice in question.choices if choice.pk in set(pks))


def answer_record(
    *,
    attempt_pk: int,
    questions: Sequence[QuestionContent],
    answered: Sequence[int],
    question: QuestionContent,
    chosen: Sequence[ChoiceContent],
    shown: Sequence[ChoiceContent],
    language: str,
) -> Answer:
    """Write the answer ``chosen`` to ``question`` of the unfinished attempt ``attempt_pk``, and finish the attempt
    when that was its last open question: the rule shared by ``answer_submit`` and the question page, which both
    hold the attempt's row lock and read its answers after taking it.

    The answer is judged all or nothing (``quizzes.kinds.judge``) and keeps what the learner saw: the texts, and
    every choice in the order shown with whether it was right and chosen (``Answer.shown``).

    Args:
        attempt_pk: the attempt, unfinished and not closed (the caller checked, under the lock).
        questions: the quiz's questions in the attempt's order (``quizzes.arrangement``), from its snapshot in
            ``language``.
        answered: the ids of the questions the attempt answered, read under the lock.
        question: the question answered (one of ``questions``).
        chosen: the choices chosen (``answer_choices``: one, or several for a multiple-answer question).
        shown: all of ``question``'s choices in the order the attempt showed them.
        language: the code of the language the question was shown in; its texts are kept as shown.

    Raises:
        AnswerRefused: ``question`` is not the attempt's next question (questions are answered in order).
    """
    order = [item.pk for item in questions]
    if scoring.next_question(questions=order, answered=answered, finished=False) != question.pk:
        raise AnswerRefused(_("Please answer the questions in order."))
    answer = Answer.objects.create(
        attempt_id=attempt_pk, **answer_fields(question=question, chosen=chosen, shown=shown, language=language)
    )
    if scoring.next_question(questions=order, answered=(*answered, question.pk), finished=False) is None:
        _finish(attempt_pk)
    return answer


def answer_fields(
    *, question: QuestionContent, chosen: Sequence[ChoiceContent], shown: Sequence[ChoiceContent], language: str
) -> dict:
    """The fields of an ``Answer`` that gives ``chosen`` to ``question``, judged all or nothing
    (``quizzes.kinds.judge``), keeping the texts and every choice as shown: the one place answers are written from
    (``answer_record``; an exam's answers and their empty ones for questions left unanswered, ``quizzes.exams``).

    Args:
        question: the question answered, from the quiz's snapshot in ``language``.
        chosen: the choices chosen; empty for an exam question left unanswered (then no choice, an empty
            ``chosen``, and wrong).
        shown: all of ``question``'s choices in the order the attempt showed them.
        language: the code of the language the question was shown in.

    Returns:
        ``{field name: value}`` for ``Answer.objects.create`` or ``update`` (without ``attempt``).
    """
    picked = {choice.pk for choice in chosen}
    in_order = [choice for choice in shown if choice.pk in picked]
    return {
        "question_id": question.pk,
        "choice_id": None if question.is_multiple or not in_order else in_order[0].pk,
        "kind": question.kind,
        "chosen": chosen_text(picked),
        "shown": [[choice.pk, choice.text, choice.is_correct, choice.pk in picked] for choice in shown],
        "is_correct": bool(picked) and judge(right=question.right_pks, chosen=picked),
        "language": language,
        "in_fallback": question.asked_in_english,
        "question_text": question.text,
        "choice_text": "; ".join(choice.text for choice in in_order),
    }
