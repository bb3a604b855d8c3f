"""For pages that list quizzes: where the visitor stands in each, read once per list.

The home page and a guide's page (``quizsite.views``) both list quiz cards (``quizzes.catalogue.QuizCard``); their
templates call ``quiz_standings(quizzes)`` (a Jinja2 global, ``quizsite.jinja2``) once per list, so neither view
reads attempts and no card makes a query of its own.
"""

from collections.abc import Iterable

from django.http import HttpRequest

from quizzes.catalogue import QuizCard
from quizzes.guests import session_guest
from quizzes.standings import Standing, learner_standings


def learner_quiz_standings(request: HttpRequest, quizzes: Iterable[QuizCard]) -> list[tuple[QuizCard, Standing]]:
    """Pair each quiz of a list with where the request's learner, or its guest, stands in it.

    Usage (Jinja2): ``{% for quiz, standing in quiz_standings(quizzes) %}…{% endfor %}``.

    Args:
        request: the page's request (its user and session).
        quizzes: the cards of the list (``QuizCard``: ``pk`` and ``question_count``), in the order shown.

    Returns:
        ``[(quiz, Standing), …]`` in the order of ``quizzes`` (``quizzes.standings.learner_standings``): one query
        for the whole list, none for a visitor who is neither logged in nor a guest, nor for an empty list.
    """
    quizzes = list(quizzes)
    standings = learner_standings(
        learner=request.user,
        quiz_ids=[quiz.pk for quiz in quizzes],
        guest=session_guest(request),
        question_counts={quiz.pk: quiz.question_count for quiz in quizzes},
    )
    return [(quiz, standings[quiz.pk]) for quiz in quizzes]
