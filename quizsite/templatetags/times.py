"""The one way a page writes a time: ``{{ attempt.finished_at|local_time }}`` (see ``quizsite.timezones``)."""

from datetime import datetime

from django import template

from quizsite.timezones import format_moment

register = template.Library()


@register.filter
def local_time(moment: datetime | None, format_name: str = "DATETIME_FORMAT") -> str:
    """``moment`` in the page's time zone and language, followed by its zone unless the learner chose it
    ("01 Aralık 2026 19:30 UTC", or "01 Aralık 2026 22:30" for a learner who chose Europe/Istanbul)."""
    return format_moment(moment, format_name)
