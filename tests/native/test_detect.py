"""The page walk's rules find what a native reader flags, and leave alone what reads right."""

import pytest

from tests.native.detect import Finding, find_offences


@pytest.mark.parametrize(
    ("html", "rule", "text"),
    [
        ("<h2>Içerik</h2>", "dotless capital I", "Içerik in 'Içerik'"),
        ('<nav class="paginator">8 <span>sorular</span></nav>', "plural after a number", "8 sorular"),
        ("<p>12 denemeler</p>", "plural after a number", "12 denemeler"),
        ('<img alt="Search">', "English", "Search"),
        ('<td class="field-published"><img src="/static/admin/img/icon-yes.svg" alt="True"></td>', "English", "True"),
        ('<div class="readonly"><img src="/static/admin/img/icon-no.svg" alt="False"></div>', "English", "False"),
        ("<p>Quiz_guides object (1)</p>", "English", "Quiz_guides object (1)"),
        ("<p>Select all the questions</p>", "English", "Select all the questions"),
        ("<h1>deniz – Test (2026-05-12 14:03)</h1>", "ISO date", "deniz – Test (2026-05-12 14:03)"),
    ],
)
def test_turkish_offences_are_found(html, rule, text):
    assert find_offences("page", html, "tr") == [Finding("page", rule, text)]


@pytest.mark.parametrize(
    "html",
    [
        "<h2>İçerik</h2><p>8 soru</p><p>12 Mayıs 2026 14:03</p>",
        '<div lang="en"><p>Which of the layers does this GPU hold?</p></div>',
        "<script>var the = 1;</script><textarea>the body</textarea><code>of</code>",
        '<input type="hidden" name="next" value="/the/and/of/">',
    ],
)
def test_what_reads_right_or_is_not_read_is_left_alone(html):
    assert find_offences("page", html, "tr") == []


def test_turkish_rules_leave_french_alone():
    assert find_offences("page", "<p>Il y a 8 questions. Ils répondent.</p>", "fr") == []


def test_allowed_strings_are_not_read():
    assert find_offences("page", "<p>Bienvenue, the admin.</p>", "fr", frozenset({"the admin"})) == []
