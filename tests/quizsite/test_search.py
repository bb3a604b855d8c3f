"""The folded_contains lookup: case and the dots on i ignored, on the test database's engine."""

import pytest

from guides.models import Guide
from quizsite.search import fold_text
from tests.factories import make_guide

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("term", "found"),
    [
        ("istanbul", ["istanbul"]),
        ("ISTANBUL", ["istanbul"]),
        ("İSTANBUL", ["istanbul"]),
        ("ıstanbul", ["istanbul"]),
        ("ıspanak", ["ispanak"]),
        ("ISPANAK", ["ispanak"]),
        ("şişe", ["sise"]),
        ("ÉLAN", ["sise"]),
        ("100%", ["ispanak"]),
        ("_", []),
        ("Ankara", []),
    ],
)
def test_folded_contains_matches_any_case_of_i(term, found):
    make_guide(slug="istanbul", title="İstanbul rehberi")
    make_guide(slug="ispanak", title="Ispanak 100%")
    make_guide(slug="sise", title="ŞİŞE élan")
    assert list(Guide.objects.filter(title_en__folded_contains=term).values_list("slug", flat=True)) == found


def test_folded_contains_never_matches_a_missing_translation():
    make_guide(slug="g", title="Title", title_tr=None)
    assert list(Guide.objects.filter(title_tr__folded_contains="t")) == []


def test_fold_text_maps_every_i_to_plain_i():
    assert fold_text("İIıi Şehir") == "iiii şehir"
    assert fold_text(None) is None
