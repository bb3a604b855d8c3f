"""Template tags for pages that list quizzes: where the visitor stands in each, read once per list.

The home page (``quizsite.views``) and a guide's page (``guides.views``, which never imports ``quizzes``) both
list quiz cards; the templates call ``quiz_standings`` once per list, so neither view reads attempts and no card
makes a query of its own.
"""

from collections.abc import Iterable

from django import template

from quizzes.guests import session_guest
from quizzes.models import Quiz
from quizzes.standings import Standing, learner_standings

register = template.Library()


@register.simple_tag(takes_context=True)
def quiz_standings(context: template.Context, quizzes: Iterable[Quiz]) -> list[tuple[Quiz, Standing]]:
    """Pair each quiz of a list with where the request's learner, or its guest, stands in it.

    Usage: ``{% quiz_standings quizzes as cards %}{% for quiz, standing in cards %}…{% endfor %}``.

    Args:
        context: the template context; it holds the ``request`` (``django.template.context_processors.request``).
        quizzes: the quizzes of the list, in the order shown (a queryset is evaluated here, once).

    Returns:
        ``[(quiz, Standing), …]`` in the order of ``quizzes`` (``quizzes.standings.learner_standings``): at most two
        queries for the whole list, none for a visitor who is neither logged in nor a guest, nor for an empty list.
    """
    request = context["request"]
    quizzes = list(quizzes)
    standings = learner_standings(
        learner=request.user, quiz_ids=[quiz.pk for quiz in quizzes], guest=session_guest(request)
    )
    return [(quiz, standings[quiz.pk]) for quiz in quizzes]
