"""The one kind of error a refused quiz file raises."""

from typing import NoReturn


class ContentError(Exception):
    """A ``quizsite-quiz`` file or data that cannot be imported; nothing was written.

    ``str(error)`` names the place at fault, as a JSON line and column or a field path such as
    ``quiz.questions[3].choices[1].text.en`` (list indexes count from 0), followed by what is wrong, in the
    active language.
    """


def refuse(place: str, problem: str) -> NoReturn:
    """Raise ``ContentError("<place>: <problem>")``.

    Args:
        place: a field path (``quiz.questions[2].key``) or ``line L, column C``.
        problem: the translated message.
    """
    raise ContentError(f"{place}: {problem}")
