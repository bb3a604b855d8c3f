"""How a time is labelled with its zone (``quizsite.timezones``), outside any page."""

import zoneinfo
from datetime import UTC, datetime

import pytest
from django.utils import translation

from quizsite import timezones

MOMENT = datetime(2026, 7, 1, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("zone", "label"),
    [
        ("UTC", "UTC"),
        ("Europe/London", "UTC+1"),  # summer time
        ("Europe/Istanbul", "UTC+3"),
        ("Asia/Kolkata", "UTC+5:30"),
        ("Asia/Kathmandu", "UTC+5:45"),
        ("America/New_York", "UTC\u22124"),
        ("America/St_Johns", "UTC\u22122:30"),
    ],
)
def test_a_zone_is_labelled_by_its_offset_at_that_moment(zone, label):
    assert timezones.zone_label(MOMENT.astimezone(zoneinfo.ZoneInfo(zone))) == label


def test_a_time_is_labelled_unless_the_zone_is_the_learners_choice():
    zone = zoneinfo.ZoneInfo("Europe/Istanbul")
    with translation.override("tr"):
        timezones.activate(zone, chosen=False)
        try:
            assert timezones.format_moment(MOMENT) == "01 Temmuz 2026 15:00\u00a0UTC+3"
            timezones.activate(zone, chosen=True)
            assert timezones.format_moment(MOMENT) == "01 Temmuz 2026 15:00"
        finally:
            timezones.deactivate()
        assert timezones.format_moment(MOMENT) == "01 Temmuz 2026 12:00\u00a0UTC"
        assert timezones.format_moment(None) == ""


@pytest.mark.parametrize("name", ["", None, "localtime", "Factory", "../etc/passwd", "Europe/", "europe/istanbul"])
def test_only_real_zone_names_are_zones(name):
    assert timezones.zone_or_none(name) is None
