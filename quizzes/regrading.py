"""Correcting the answer key of a question that learners answered, and judging their answers again (Moodle's
"regrade"): the one write that may move the right choices of an answered question. A plain save still refuses it
(``quizzes.rules.check_correct_choices_kept``), so that no key moves by accident; this action says what it does
and keeps the history (``quizzes.regrades``).

What a regrade judges again: every answer to the question, whoever gave it and whenever (README, "Authoring"):

- finished attempts, the point of it: their scores, passes and results follow the corrected key;
- attempts under way, practice or exam, so that their later score is right too (an exam's answers saved so far;
  answers given after the regrade are judged by the new key, ``quizzes.answering``);
- guests' attempts, whose results say right and wrong as learners' do, and who may sign up and keep them;
- practice rounds (``quizzes.rounds``), whose page shows verdicts: a round is judged by the same key as the quiz.

The answers' verdicts are what the statistics and the item analysis read (``Answer.is_correct``), so they use the
corrected key from the commit on; the new key bumps the content version (``quizzes.versions``, by the database's
triggers on choices), so no process serves the old key from a snapshot. Scores are counted from the answers, never
cached: nothing else to forget.
"""

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from quizzes import scoring
from quizzes.exams import exams_expired_submit
from quizzes.kinds import chosen_pks, chosen_text, judge
from quizzes.models import Answer, Attempt, Choice, Question, Regrade, RegradedAnswer
from quizzes.rules import RuleBroken, check_choices

#: Rows written per statement when many answers are judged again (a quiz with thousands of attempts).
BATCH = 500


def check_new_key(*, question: Question, choices: list[Choice], right: set[int]) -> None:
    """Refuse a new answer key that the question's kind does not allow, names choices not of the question, or
    leaves the key as it is. No query.

    Args:
        question: the question (its ``kind`` and ``position`` are read).
        choices: all of its choices, as stored.
        right: the primary keys of the choices that are to be right (ints).

    Raises:
        RuleBroken: ``quizzes.rules.check_choices``'s message for the kind (exactly one right; at least one and
        not all for a multiple-answer question); a choice that is not one of the question's; an unchanged key.
    """
    if not right <= {choice.pk for choice in choices}:
        raise RuleBroken(gettext("Choose the right answers among this question’s choices."))
    check_choices(choice_count=len(choices), correct_count=len(right), kind=question.kind)
    if right == {choice.pk for choice in choices if choice.is_correct}:
        raise RuleBroken(
            gettext("This is already the answer key of question %(number)s: choose the answers that are right.")
            % {"number": question.position}
        )


def check_key_was_shown(*, choices: list[Choice], right: set[int], answers: list[Answer]) -> None:
    """Refuse a new key naming a choice that some learners who answered were never shown (added to the question
    after they answered): their answers cannot be judged by a choice they could not pick, and their results could
    not show it. Answers given before ``Answer.shown`` existed (``[]``) are not asked. No query.

    Raises:
        RuleBroken: naming the first such choice by its position.
    """
    unseen = [
        choice
        for choice in choices
        if choice.pk in right
        and any(answer.shown and choice.pk not in {row[0] for row in answer.shown} for answer in answers)
    ]
    if unseen:
        raise RuleBroken(
            gettext(
                "Choice %(choice)s was added after learners answered this question: they never saw it, so their "
                "answers cannot be judged by it."
            )
            % {"choice": unseen[0].position}
        )


@transaction.atomic
def answer_key_correct(*, question: Question, right: set[int], by: AbstractBaseUser | None) -> Regrade:
    """Correct ``question``'s answer key to the choices ``right`` and judge every answer to it again, in one
    transaction: nothing is saved when anything is refused or fails.

    Locks the question's row (``FOR NO KEY UPDATE``, which answers being written, holding their attempt's lock and
    referencing the question, do not wait for), then every attempt under way at its quiz, in one order: an answer
    being given now (``quizzes.answering``, ``quizzes.exams``, under its attempt's lock) is either committed first
    and judged again here, or judged by the new key after the commit. Exams whose time ran out are submitted first
    (``exams_expired_submit``), so that they count as finished.

    Args:
        question: a saved question.
        right: the primary keys of the choices that are right from now on (ints).
        by: the author who corrects it (kept in the history), or None.

    Returns:
        The ``Regrade`` written, with one ``RegradedAnswer`` per answer judged again (``regrade.answers``): each
        answer's verdict before and after, and for an attempt finished by then, its score before and after.
        Each answer's ``is_correct`` and the right flags it kept of the choices as shown (``Answer.shown``) follow
        the new key; its choices and texts stay as they were.

    Raises:
        RuleBroken: the new key is refused (``check_new_key``, ``check_key_was_shown``).
        Question.DoesNotExist: the question was deleted meanwhile.
    """
    exams_expired_submit(quiz_id=question.quiz_id)
    question = Question.objects.select_for_update(no_key=True).get(pk=question.pk)
    list(Attempt.objects.unfinished().filter(quiz_id=question.quiz_id).select_for_update().order_by("pk").values("pk"))
    choices = list(Choice.objects.filter(question=question).order_by("position"))
    right = set(right)
    check_new_key(question=question, choices=choices, right=right)
    answers = list(Answer.objects.filter(question=question).only("pk", "attempt_id", "chosen", "shown", "is_correct"))
    check_key_was_shown(choices=choices, right=right, answers=answers)
    before = {choice.pk for choice in choices if choice.is_correct}
    Choice.objects.filter(question=question, is_correct=True).exclude(pk__in=right).update(is_correct=False)
    Choice.objects.filter(question=question, is_correct=False, pk__in=right).update(is_correct=True)
    regrade = Regrade.objects.create(
        question=question, by=by, right_before=chosen_text(before), right_after=chosen_text(right)
    )
    # Each answering attempt's score before (a subquery of its ids, whatever their number).
    answered = Attempt.objects.filter(pk__in=Answer.objects.filter(question=question).values("attempt_id"))
    counts = answered.with_score().values("pk", "finished_at", "correct_count", "answer_count")
    scores = {row["pk"]: row for row in counts}
    rows = []
    for answer in answers:
        was_correct = answer.is_correct
        answer.is_correct = judge(right=right, chosen=chosen_pks(answer.chosen))
        answer.shown = [[pk, text, pk in right, chosen] for pk, text, _right, chosen in answer.shown]
        attempt = scores[answer.attempt_id]
        finished, score = attempt["finished_at"] is not None, attempt["correct_count"]
        out_of = scoring.total(finished=True, answered=attempt["answer_count"], question_count=0)
        rows.append(
            RegradedAnswer(
                regrade=regrade,
                answer=answer,
                attempt_id=answer.attempt_id,
                was_correct=was_correct,
                is_correct=answer.is_correct,
                score_before=score if finished else None,
                score_after=score - was_correct + answer.is_correct if finished else None,
                out_of=out_of if finished else None,
            )
        )
    Answer.objects.bulk_update(answers, ["is_correct", "shown"], batch_size=BATCH)
    RegradedAnswer.objects.bulk_create(rows, batch_size=BATCH)
    return regrade
