"""An exam's clock as its pages show it (``templates/quizzes/exam_clock.html``): the deadline as a time in the
page's zone, which needs no JavaScript, and what ``static/js/exam_clock.js`` counts down from.

The server keeps the time (``quizzes.modes``): the page says when the time ends, and the script only counts the
seconds the server gave it, from the moment the page arrived, so that a browser's clock set wrong changes nothing.
"""

from dataclasses import dataclass
from datetime import UTC, datetime

from django.utils import formats, timezone

from quizsite.timezones import format_moment
from quizzes.modes import GRACE

#: The moments, in seconds before the deadline, at which a screen reader hears how much time is left (WCAG 2.2.1:
#: warned before the time ends, not told every second). The time's end is announced too.
THRESHOLDS = (600, 300, 60)


@dataclass(frozen=True)
class ExamClock:
    """What the clock of an exam under way shows.

    Attributes:
        deadline: when the exam ends (aware ``datetime``).
        text: the deadline in the page's zone and language: its time alone on the same day ("2:35 p.m. UTC"),
            else its date and time.
        seconds_left: whole seconds from ``now`` to the deadline; negative once it passed.
        grace: ``quizzes.modes.GRACE`` in seconds: after the deadline and this, the server closes the exam.
    """

    deadline: datetime
    text: str
    seconds_left: int
    grace: int = int(GRACE.total_seconds())

    @property
    def iso(self) -> str:
        """The deadline in UTC for a ``<time datetime>``: "2026-12-01T14:35:00Z"."""
        return self.deadline.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")

    @property
    def thresholds(self) -> tuple[int, ...]:
        """The ``THRESHOLDS`` still ahead (those passed already are not announced late)."""
        return tuple(threshold for threshold in THRESHOLDS if threshold < self.seconds_left)


def with_minutes(format_name: str) -> str:
    """The active language's format ``format_name`` (e.g. "TIME_FORMAT") with its hours always followed by minutes:
    Django's "P" ("8 a.m.", "noon") becomes "g:i a" ("8:00 a.m.", "12:00 p.m."), so that a deadline minutes away
    is never read as a whole hour; formats without "P" (French, Turkish: "H:i") are unchanged."""
    return formats.get_format(format_name).replace("P", "g:i a")


def exam_clock(attempt, now: datetime | None = None) -> ExamClock | None:
    """The clock of ``attempt`` (an ``AttemptState`` or ``Attempt``), or None when it has none: not an exam, no
    time limit (or none for this learner: an accommodation), or submitted already.

    Args:
        attempt: the attempt the page shows, or None.
        now: the moment of the page (aware ``datetime``); the server's clock when None.
    """
    if attempt is None or attempt.deadline is None or attempt.finished_at is not None:
        return None
    now = now or timezone.now()
    local, today = timezone.localtime(attempt.deadline), timezone.localtime(now)
    text = format_moment(
        attempt.deadline, with_minutes("TIME_FORMAT" if local.date() == today.date() else "DATETIME_FORMAT")
    )
    return ExamClock(deadline=attempt.deadline, text=text, seconds_left=int((attempt.deadline - now).total_seconds()))
