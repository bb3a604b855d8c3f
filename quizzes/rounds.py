"""Practice rounds: "Practise the N questions you missed", from the results of any finished attempt.

A practice round is an ``Attempt`` row with ``practice_of`` set (the attempt whose results it came from) and
``round_questions`` (the questions that attempt missed), taken in practice mode, with a verdict after each answer.
It is not an attempt at the quiz: the quiz's results, pass, answer statistics and "My progress" completion leave it
out (``AttemptQuerySet.of_quiz``; the raw queries of ``quizzes.learner_state`` say ``practice_of_id IS NULL``); it
is kept in the learner's history and data export, marked as a practice round. An owner has at most one round under
way per quiz (a unique constraint); starting another from other results closes the one under way.
"""

import uuid
from collections.abc import Iterable

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from quizzes.kinds import chosen_text
from quizzes.models import Answer, Attempt
from quizzes.modes import QuizMode
from quizzes.summaries import AttemptSummary


class NothingToPractise(Exception):
    """The attempt has no missed question (a perfect score), or is not the visitor's finished attempt."""


def missed_questions(attempt_pk: int) -> list[int]:
    """The questions finished attempt ``attempt_pk`` answered wrongly or left unanswered (primary keys, in the order
    answered): what its practice round asks. One query."""
    answers = Answer.objects.filter(attempt_id=attempt_pk, is_correct=False).order_by("answered_at", "pk")
    return list(answers.values_list("question_id", flat=True))


def missed_count(verdicts: Iterable[bool]) -> int:
    """How many questions a finished attempt missed, from its answers' verdicts (``Answer.is_correct``, as read for
    its results): the N of "Practise the N questions you missed", by the rule of ``missed_questions`` (a wrong
    answer, or an exam's question left unanswered), without a query of its own."""
    return sum(1 for is_correct in verdicts if not is_correct)


@transaction.atomic
def practice_round_start(
    *, learner: AbstractBaseUser | AnonymousUser, attempt_pk: int, guest: uuid.UUID | None = None
) -> Attempt:
    """Start a practice round of the questions that the visitor's finished attempt ``attempt_pk`` missed, or return
    the round of it already under way.

    Args:
        learner: the request's user; when logged in, the round is theirs.
        attempt_pk: one of the visitor's finished attempts, or practice rounds, not closed.
        guest: the session's guest id, for a visitor who is not logged in (``quizzes.guests.session_guest``).

    Returns:
        The round (an unfinished ``Attempt`` in practice mode, with a seed of its own; choices shuffled as the
        practised attempt's were, questions in the quiz's order). A round of another attempt at the same quiz that was
        under way is closed (``Attempt.closed_at``): it keeps its answers.

    Raises:
        NothingToPractise: no such finished attempt of the visitor's, or it missed nothing.
    """
    owner = {"learner": learner} if learner.is_authenticated else {"guest_id": guest}
    if not learner.is_authenticated and guest is None:
        raise NothingToPractise("A practice round needs a logged-in learner or a guest.")
    source = Attempt.objects.filter(pk=attempt_pk, finished_at__isnull=False, closed_at__isnull=True, **owner).first()
    if source is None:
        raise NothingToPractise(f"No finished attempt {attempt_pk} of this visitor.")
    missed = missed_questions(source.pk)
    if not missed:
        raise NothingToPractise(f"Attempt {attempt_pk} missed no question.")
    rounds = Attempt.objects.unfinished().filter(quiz_id=source.quiz_id, practice_of__isnull=False, **owner)
    under_way = rounds.select_for_update().first()
    if under_way is not None:
        if under_way.practice_of_id == source.pk:
            return under_way
        rounds.filter(pk=under_way.pk).update(closed_at=timezone.now())
    try:
        with transaction.atomic():
            return Attempt.objects.create(
                quiz_id=source.quiz_id,
                language=source.language,
                mode=QuizMode.PRACTICE,
                shuffle_choices=source.shuffle_choices,
                practice_of=source,
                round_questions=chosen_text(missed),
                **owner,
            )
    except IntegrityError:
        # A concurrent request started a round meanwhile: it goes on.
        return rounds.get()


def practice_rounds(*, learner_id: int, quiz_ids: list[int]) -> dict[int, tuple[AttemptSummary, ...]]:
    """The learner's practice rounds at the quizzes ``quiz_ids``, without closed ones, as "My progress" lists them
    apart from the attempts: ``{quiz id: rounds}``, each round an ``AttemptSummary`` (its score and total are those of
    its own questions), the one under way first, then newest finished first. One query, none without quizzes."""
    if not quiz_ids:
        return {}
    rounds = (
        Attempt.objects.filter(learner_id=learner_id, quiz_id__in=quiz_ids, practice_of__isnull=False)
        .not_closed()
        .with_score()
        .order_by(F("finished_at").desc(nulls_first=True), "-pk")
        .values_list("pk", "quiz_id", "finished_at", "correct_count", "answer_count")
    )
    by_quiz: dict[int, list[AttemptSummary]] = {}
    for row in rounds:
        by_quiz.setdefault(row[1], []).append(AttemptSummary(*row))
    return {quiz_id: tuple(summaries) for quiz_id, summaries in by_quiz.items()}
