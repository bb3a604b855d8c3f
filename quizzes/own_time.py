"""A learner's own time limit on a timed exam, as the quiz page says it ("Time limit: 15 minutes (you have 23
minutes)"): the quiz's limit with the learner's accommodation (``quizzes.accommodations``), worked out by the rule
that fixes an attempt's deadline (``quizzes.modes.deadline``), so that the page and the clock never disagree."""

import math
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from quizzes import modes
from quizzes.accommodations import accommodation_for

_START = datetime(2000, 1, 1, tzinfo=UTC)  # any moment: only the length of the time allowed matters


@dataclass(frozen=True)
class OwnTimeLimit:
    """The time a learner with an accommodation has on an exam.

    Attributes:
        minutes: whole minutes, rounded up (23 for 22.5), or None when the accommodation lifts the limit.
    """

    minutes: int | None

    @property
    def unlimited(self) -> bool:
        """The learner has no time limit on this exam."""
        return self.minutes is None


def own_time_limit(*, learner_id: int | None, quiz_id: int, time_limit: int | None) -> OwnTimeLimit | None:
    """Learner ``learner_id``'s own time on quiz ``quiz_id`` whose limit is ``time_limit`` minutes, or None when it
    is everyone's: no limit, a guest (``learner_id`` None), no accommodation, or one that adds nothing. One query
    (``accommodation_for``) for a learner on a timed exam; none otherwise."""
    if time_limit is None or learner_id is None:
        return None
    accommodation = accommodation_for(learner_id=learner_id, quiz_id=quiz_id)
    if accommodation is None:
        return None
    deadline = modes.deadline(
        started_at=_START,
        time_limit=time_limit,
        extra_percent=accommodation.extra_percent,
        unlimited=accommodation.unlimited,
    )
    if deadline is None:
        return OwnTimeLimit(minutes=None)
    minutes = math.ceil((deadline - _START) / timedelta(minutes=1))
    return OwnTimeLimit(minutes=minutes) if minutes != time_limit else None
