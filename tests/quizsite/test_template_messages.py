"""``make messages`` finds every string of the Jinja2 templates, with the msgids the catalogues already have
(``quizsite/management/commands/makemessages.py``)."""

import ast
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.template import engines

from quizsite.management.commands.makemessages import is_django_template, jinja2_templatize

ROOT = Path(settings.BASE_DIR)
JINJA2_TEMPLATES = sorted(
    path
    for directory in (ROOT / "templates", ROOT / "bench" / "ceiling" / "templates")
    for path in directory.rglob("*")
    if path.suffix in (".html", ".txt") and not is_django_template(path)
)


def calls(python: str) -> list[tuple]:
    """``(line, function, *string arguments)`` of every call in ``python``, in order."""
    found = [
        (node.lineno, node.func.id, *(arg.value for arg in node.args if isinstance(arg.value, str)))
        for node in ast.walk(ast.parse(python))
        if isinstance(node, ast.Call)
    ]
    return sorted(found)


def catalogue_msgids(language: str) -> set[tuple]:
    catalogue = polib.pofile(ROOT / "locale" / language / "LC_MESSAGES" / "django.po")
    return {(entry.msgctxt, entry.msgid, entry.msgid_plural or None) for entry in catalogue if not entry.obsolete}


def test_each_kind_of_string_is_written_for_xgettext_on_its_line_with_django_msgids():
    source = (
        '<title>{{ _("Log in") }}</title>\n'
        "<p>{% trans name=user.get_username() %}Signed in as {{ name }}{% endtrans %}</p>\n"
        "{% trans counter=n, total=m %}{{ counter }} of {{ total }}{% pluralize counter %}"
        "{{ counter }} of all {{ total }}{% endtrans %}\n"
        '{{ pgettext("menu", "Open") }} {% trans trimmed minutes=m %}\n  In {{ minutes }}%\n{% endtrans %}\n'
    )
    assert calls(jinja2_templatize(source, engines["jinja2"].env)) == [
        (1, "gettext", "Log in"),
        (2, "gettext", "Signed in as %(name)s"),
        (3, "ngettext", "%(counter)s of %(total)s", "%(counter)s of all %(total)s"),
        (4, "gettext", "In %(minutes)s%%"),
        (4, "pgettext", "menu", "Open"),
    ]


def test_the_admin_templates_are_left_to_django_and_the_pages_to_jinja2():
    assert is_django_template(ROOT / "templates" / "django" / "admin" / "actions.html")
    assert not is_django_template(ROOT / "templates" / "base.html")
    assert ROOT / "templates" / "quizzes" / "question.html" in JINJA2_TEMPLATES
    assert ROOT / "bench" / "ceiling" / "templates" / "ceiling.html" in JINJA2_TEMPLATES


@pytest.mark.parametrize("path", JINJA2_TEMPLATES, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_string_of_a_jinja2_template_is_in_the_catalogues(path):
    """A string `make messages` missed, or one added since it last ran, fails here."""
    found = set()
    for _line, function, *strings in calls(jinja2_templatize(path.read_text(), engines["jinja2"].env)):
        found.add({"gettext": (None, *strings, None), "ngettext": (None, *strings)}.get(function, tuple(strings)))
    for language in ("fr", "tr"):
        assert found - catalogue_msgids(language) == set()
