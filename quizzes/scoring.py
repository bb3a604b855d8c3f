"""Where a learner stands in an attempt, written once: the score, the total, the learner's own numbering of the
questions ("Question N of M") and the question they answer next.

Every page, card, service and export asks these functions, over plain values (question ids, answers' verdicts,
counts), whether it read one attempt in depth (``quizzes.progress``), many attempts as counts
(``quizzes.standings``), model instances (``Attempt``) or a data export (``accounts.export``); queries that count
scores in the database take their expression from here too (``score_annotation``, ``score_sql``). A new kind of
score or a new order of answering changes this module only.

The rules (README, "Authoring"):

- an answer is right or wrong as judged when it was given (``Answer.is_correct``), or judged again when an author
  corrected its question's answer key (``quizzes.regrading``); the score is the number of right answers;
- a finished attempt's total is its number of answers, whatever authors add or remove later; an unfinished
  attempt's total is the quiz's current number of questions (answered questions cannot be removed, so it counts
  every answered one);
- learners number questions in the order they meet them: the answered ones in the order answered, then the
  unanswered ones in position order, the order they will be asked in; a finished attempt numbers its answers only.
  An exam, where the learner moves freely (``quizzes.modes``), numbers them in the attempt's order once and for all;
- the next question is the first unanswered one in that order; a finished attempt has none;
- a submitted exam has an answer to every question it asked, empty for those left unanswered, which are wrong: its
  total is its number of questions;
- an attempt passes when its percentage reaches the pass mark it started with (``passed``); a quiz counts as
  completed when an attempt passed it, or was finished when it had no pass mark (``completed``).

The order of the unanswered questions is the attempt's (``quizzes.arrangement``): callers pass ``questions`` in it.
"""

from collections.abc import Iterable, Sequence

from django.db.models import Count, Q


def score(verdicts: Iterable[bool]) -> int:
    """The number of right answers (int) among ``verdicts`` (each answer's ``is_correct``)."""
    return sum(1 for verdict in verdicts if verdict)


def score_annotation(answers: str = "answers") -> Count:
    """``score`` counted by the database, as an annotation of attempts (``AttemptQuerySet.with_score``, the admin's
    score column).

    Args:
        answers: the lookup from the annotated model to its answers.
    """
    return Count(answers, filter=Q(**{f"{answers}__is_correct": True}))


def score_sql(*, answers: str, attempt: str) -> str:
    """``score`` counted by the database in raw SQL (``quizzes.learner_state``): a scalar subquery over the table of
    answers ``answers`` for the attempt row aliased ``attempt`` (both SQL names)."""
    return f"(SELECT COUNT(*) FROM {answers} answer WHERE answer.attempt_id = {attempt}.id AND answer.is_correct)"


def total(*, finished: bool, answered: int, question_count: int) -> int:
    """M in "Question N of M" and in a score "S/M" (int).

    Args:
        finished: whether the attempt is finished.
        answered: its number of answers.
        question_count: the quiz's current number of questions.
    """
    return answered if finished else question_count


def percent(right: int, out_of: int) -> int:
    """``right`` as a whole percentage of ``out_of`` (int, 0-100, rounded half to even as Python's ``round``); 0
    when ``out_of`` is 0."""
    return round(100 * right / out_of) if out_of else 0


def order[Key](
    *, questions: Sequence[Key], answered: Sequence[Key], finished: bool, free: bool = False
) -> tuple[Key, ...]:
    """The questions in the order the learner numbers them: ``order(...)[n - 1]`` is "Question n".

    Args:
        questions: the quiz's current questions (or their keys) in the attempt's order (``quizzes.arrangement``).
        answered: the attempt's answered questions (the same kind of items) in the order answered; each is one of
            ``questions`` unless the attempt is finished (answered questions cannot be removed).
        finished: whether the attempt is finished: then only ``answered`` are numbered.
        free: whether the learner moves freely between the questions (an exam): then they keep the attempt's order
            (``questions``), whatever was answered first.
    """
    done = set(answered)
    if free:
        return tuple(question for question in questions if question in done or not finished)
    if finished:
        return tuple(answered)
    return (*answered, *(question for question in questions if question not in done))


def next_question[Key](*, questions: Sequence[Key], answered: Iterable[Key], finished: bool) -> Key | None:
    """The question the learner answers next: the first of ``questions`` (the attempt's order) not in ``answered``;
    None when the attempt is finished or nothing is left."""
    if finished:
        return None
    done = set(answered)
    return next((question for question in questions if question not in done), None)


def next_number(*, answered: int, question_count: int, finished: bool) -> int | None:
    """N in "Question N of M" for the next question, from counts alone (the cards): the answered questions are
    numbered first, so it is ``answered + 1``; None when finished or when nothing is left."""
    if finished or answered >= question_count:
        return None
    return answered + 1


def passed(right: int, out_of: int, pass_mark: int | None) -> bool | None:
    """Whether a finished attempt with ``right`` right answers out of ``out_of`` passed: its whole percentage
    (``percent``) is at least ``pass_mark`` (a percentage, 1-100); None when there is no pass mark."""
    if pass_mark is None:
        return None
    return percent(right, out_of) >= pass_mark


def completed(*, finished: bool, passed: bool | None) -> bool:
    """Whether an attempt completes its quiz for "My progress", the guide's count and the cards: passed, or finished
    when it had no pass mark (``passed`` is None)."""
    return finished and passed is not False
