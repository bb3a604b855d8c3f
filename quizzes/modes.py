"""How a quiz is taken, written once: practice (a verdict after each answer) or exam (answers held back until the
learner submits), and the rules of an exam's time limit.

Practice is what every quiz did before modes existed: each answer is final when sent, and its verdict and
explanation follow at once. In an exam the learner moves freely between the questions, may change or clear an
answer and flag a question for review until they submit; nothing says right or wrong until then; a question left
unanswered scores zero (``quizzes.exams.exam_submit`` records it as an empty answer, so that a submitted exam's
total is its number of questions, as ``quizzes.scoring.total`` counts it).

An exam may have a time limit (``Quiz.time_limit``, minutes). The server keeps it: an attempt's deadline is fixed
when it starts (``deadline``), moved only by an accommodation an author grants (``quizzes.accommodations``: more
time, or none, as WCAG 2.2.1 "Timing Adjustable" asks); an answer that arrives more than ``GRACE`` after it is not
recorded, and the attempt is submitted with what it had (``is_expired``).
"""

from datetime import datetime, timedelta

from django.db import models
from django.utils.translation import gettext_lazy as _

#: How long after its deadline an exam still takes an answer: the time a form sent just before the deadline may
#: spend on the network. Past it, the attempt is over (``is_expired``).
GRACE = timedelta(seconds=10)

#: The longest time limit an author may set, in minutes (a day); the database's constraint says the same.
MAX_TIME_LIMIT = 24 * 60


class QuizMode(models.TextChoices):
    """How a quiz is taken (``Quiz.mode``; each attempt keeps the mode it started with, ``Attempt.mode``)."""

    PRACTICE = "practice", _("Practice: the verdict and explanation after each answer")
    EXAM = "exam", _("Exam: answers can be changed until submitted; verdicts after submitting")


def deadline(*, started_at: datetime, time_limit: int | None, extra_percent: int = 0, unlimited: bool = False):
    """When an exam attempt started at ``started_at`` must be submitted, or None when it has no time limit.

    Args:
        started_at: the attempt's start (aware ``datetime``).
        time_limit: the quiz's time limit in minutes when the attempt started (``Quiz.time_limit``), or None.
        extra_percent: extra time granted to this learner, in percent of the limit (50: time and a half), from an
            accommodation (``quizzes.accommodations``); 0 without one.
        unlimited: the learner's accommodation lifts the limit.

    Returns:
        An aware ``datetime``, or None.
    """
    if time_limit is None or unlimited:
        return None
    return started_at + timedelta(minutes=time_limit) * (100 + extra_percent) / 100


def is_expired(deadline_at: datetime | None, now: datetime) -> bool:
    """Whether an exam attempt with deadline ``deadline_at`` (None: no limit) is over at ``now``: its deadline and
    the network's ``GRACE`` have passed. An expired attempt takes no more answers and is submitted as it stands."""
    return deadline_at is not None and now > deadline_at + GRACE
