"""The order an attempt shows a quiz's questions and each question's choices in, fixed for that attempt.

A quiz that shuffles (``Quiz.shuffle_questions``, ``Quiz.shuffle_choices``) gives each attempt its own order: the
attempt keeps a random ``seed`` and the quiz's settings as they were when it started (``Attempt``), and its order
follows from them alone. So a reload, a resume on another device, a guest who signs up (the attempt moves to the
account with its seed) and the results all show the same order, and no order is stored per page.

Each item is ranked by a hash of the seed and its primary key rather than by shuffling the list: an item that an
author adds meanwhile takes a place of its own and leaves the others' order as it was. Pinned choices
(``Choice.pinned``: "None of the above") keep their index in the author's order; the others fill the remaining
places in the attempt's order. Finished answers keep the order they were shown in anyway (``Answer.shown``).
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

_MASK = (1 << 64) - 1


def _rank(seed: int, pk: int) -> int:
    """A 64-bit number that orders item ``pk`` within the attempt of ``seed``: SplitMix64's finaliser over both, the
    same in every process and on every Python version (unlike ``hash``)."""
    value = (seed * 0x9E3779B97F4A7C15 + pk * 0xBF58476D1CE4E5B9 + 1) & _MASK
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & _MASK
    return value ^ (value >> 31)


def shuffled[Item](items: Sequence[Item], *, seed: int, pinned: Callable[[Item], bool] = lambda item: False) -> tuple:
    """``items`` (each with a ``pk``) in the order of the attempt of ``seed``; the ``pinned`` ones keep their index.

    Args:
        items: in the author's order (position order).
        seed: the attempt's seed (``Attempt.seed``).
        pinned: tells the items that stay where the author put them.
    """
    free = iter(sorted((item for item in items if not pinned(item)), key=lambda item: _rank(seed, item.pk)))
    return tuple(item if pinned(item) else next(free) for item in items)


@dataclass(frozen=True, slots=True)
class Arrangement:
    """How one attempt orders its quiz: its ``seed`` (int) and whether it shuffles its questions and its choices
    (the quiz's settings when the attempt started). ``Arrangement()`` is the author's order."""

    seed: int = 0
    shuffle_questions: bool = False
    shuffle_choices: bool = False

    def questions[Question](self, questions: Sequence[Question]) -> tuple[Question, ...]:
        """``questions`` (in position order, each with a ``pk``) in the order this attempt asks the unanswered ones."""
        return shuffled(questions, seed=self.seed) if self.shuffle_questions else tuple(questions)

    def choices(self, question) -> tuple:
        """The choices of ``question`` (anything with ``choices`` in position order, each with ``pk`` and ``pinned``)
        in the order this attempt shows them; pinned choices keep their place."""
        if not self.shuffle_choices:
            return tuple(question.choices)
        return shuffled(question.choices, seed=self.seed, pinned=lambda choice: choice.pinned)


#: The author's order: attempts that started before quizzes could shuffle, and pages without an attempt.
AUTHORS_ORDER = Arrangement()
