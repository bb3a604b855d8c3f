"""A finished attempt as its results page shows it: two queries over the quiz's content snapshot."""

import uuid
from dataclasses import dataclass

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser

from quizzes.kinds import chosen_pks
from quizzes.learner_state import AttemptSummary, results_state
from quizzes.localized import ChoiceContent, QuestionContent, QuizContent
from quizzes.models import Answer
from quizzes.progress import owner_ids
from quizzes.snapshots import quiz_content


@dataclass(frozen=True, slots=True)
class ResultAnswer:
    """One answer of a finished attempt: the ``question`` and ``choice`` as the quiz's content has them now (in
    the page's language), and what the answer recorded when given: ``is_correct``, its ``language`` and the
    ``question_text`` and ``choice_text`` the learner read then (``Answer``); the question's ``correct_choice``, and
    whether everything the answer's review shows (the question's text and explanation, the choice and the correct
    choice) is shown in English, so that one marker stands for it all (``in_english``: the marking rule of
    ``quizsite.templatetags.translation_status``)."""

    question: QuestionContent
    choice: ChoiceContent | None
    chosen: tuple[int, ...]
    shown: tuple
    is_correct: bool
    language: str
    question_text: str
    choice_text: str
    correct_choice: ChoiceContent | None
    in_english: bool


@dataclass(frozen=True)
class Results:
    """What the results page shows: the ``quiz``; the ``attempt`` shown (None when the visitor finished none) with
    its ``answers`` in the order given; the ``others`` of the visitor's finished attempts, newest first; whether they
    have an attempt under way (``has_unfinished``)."""

    quiz: QuizContent
    attempt: AttemptSummary | None
    answers: tuple[ResultAnswer, ...]
    others: tuple[AttemptSummary, ...]
    has_unfinished: bool


def read_results(
    learner: AbstractBaseUser | AnonymousUser, slug: str, *, pk: int | None = None, guest: uuid.UUID | None = None
) -> Results | None:
    """Read the results of the visitor's finished attempt ``pk`` at quiz ``slug`` (their latest when None).

    Args:
        learner: the request's user; a visitor who is not logged in has attempts only as ``guest``.
        slug: the quiz's slug.
        pk: one of the visitor's finished attempts at the quiz, or None for the latest.
        guest: the session's guest id (``quizzes.guests.session_guest``).

    Returns:
        ``Results``, or None when the visitor may not read them: no quiz ``slug`` that they may see (published,
        or any for staff) or finished an attempt at (results stay readable after the quiz is unpublished), or
        ``pk`` is not one of their finished attempts at it. Two queries (``results_state`` and the attempt's
        answers; one without a finished attempt), and two more when the quiz's snapshot is not held.
    """
    state = results_state(slug=slug, **owner_ids(learner, guest))
    if state is None or not (state.published or learner.is_staff or state.finished):
        return None
    content = quiz_content(state.quiz_pk, state.version)
    if content is None:
        return None
    if pk is None:
        attempt = state.finished[0] if state.finished else None
    else:
        attempt = next((finished for finished in state.finished if finished.pk == pk), None)
        if attempt is None:
            return None
    answers = ()
    if attempt is not None:
        rows = Answer.objects.filter(attempt_id=attempt.pk).order_by("answered_at", "pk")
        fields = ("question_id", "chosen", "shown", "is_correct", "language", "question_text", "choice_text")
        answers = tuple(_answer(content, *row) for row in rows.values_list(*fields))
    others = tuple(finished for finished in state.finished if attempt is None or finished.pk != attempt.pk)
    return Results(content, attempt, answers, others, state.has_unfinished)


def _answer(content: QuizContent, question_id: int, chosen: str, shown: list, *recorded) -> ResultAnswer:
    """An answer over the quiz's content: answered questions and chosen choices cannot be deleted (``Answer``'s
    foreign keys and ``quizzes.rules.check_removable`` protect them), so the content holds them."""
    question = content.questions_by_pk[question_id]
    pks = chosen_pks(chosen)
    choice, correct = question.choice(pks[0]) if pks else None, question.correct_choice()
    marks = [(name in question.in_english) for name in ("text", "explanation") if getattr(question, name)]
    marks += [("text" in item.in_english) for item in (choice, correct) if item is not None and item.text]
    return ResultAnswer(question, choice, pks, tuple(map(tuple, shown)), *recorded, correct, bool(marks) and all(marks))
