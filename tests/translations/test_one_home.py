"""Each translation fact has one home, ``translations/facts.py``: the copies it replaced (the source language read
from the settings in four modules, "missing" tested as ``in (None, "")`` or ``.strip()`` in five, the fallback rule
in a template-tag module, lists of translated fields written out) must not come back."""

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APPS = ("accounts", "guides", "quizzes", "quizsite", "translations")
HOME = Path("translations/facts.py")


def sources() -> dict[Path, str]:
    """The project's Python modules (migrations aside: they are history), by path from the repository's root."""
    found = {}
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            relative = path.relative_to(ROOT)
            if "migrations" not in relative.parts:
                found[relative] = path.read_text(encoding="utf-8")
    return found


@pytest.mark.parametrize(
    ("pattern", "allowed"),
    [
        (r"MODELTRANSLATION_DEFAULT_LANGUAGE|MODELTRANSLATION_FALLBACK_LANGUAGES", {"quizsite/settings.py"}),
        (r"get_options_for_model", set()),
        (r"^(SOURCE_LANGUAGE|FALLBACK_LANGUAGE|LANGUAGE_CODES|TARGET_LANGUAGES)\b.*=", set()),
        (r"""^\s*\w*(EMPTY|MISSING)\w*\s*=\s*\(None, ""\)""", set()),
        (r"""\b(text|own|english|fallback)\b\s+(not )?in (\(None, ""\)|_?EMPTY|_?MISSING)""", set()),
        (r"""\(\w+ or ""\)\.strip\(\)""", set()),
        (r"""NullIf\(""", set()),
    ],
)
def test_a_fact_is_worked_out_only_in_translations_facts(pattern, allowed):
    places = [
        f"{path}:{number}"
        for path, text in sources().items()
        if path != HOME and str(path) not in allowed
        for number, line in enumerate(text.splitlines(), start=1)
        if re.search(pattern, line)
    ]
    assert places == []


@pytest.mark.parametrize("name", ["fingerprint", "is_missing", "is_stale", "translated_fields", "has_source"])
def test_a_fact_function_is_defined_once(name):
    """Module-level functions only: an admin column may be named like a fact (``GuideAdmin.translated_fields``)."""
    defined = [
        str(path)
        for path, text in sources().items()
        for node in ast.parse(text).body
        if isinstance(node, ast.FunctionDef) and node.name == name
    ]
    assert defined == ([] if name == "has_source" else [str(HOME)])


def test_models_take_the_fallback_rule_from_translations_not_from_a_template_tag_module():
    for path, text in sources().items():
        if path.parts[-2] != "templatetags":
            assert "templatetags.translation_status import falls_back" not in text, path


def test_the_translations_app_builds_on_no_content_app():
    """Its facts come from modeltranslation's registry, not from ``quizzes`` or ``guides`` (which build on it)."""
    imports = [
        f"{path}:{number}"
        for path, text in sources().items()
        if path.parts[0] == "translations"
        for number, line in enumerate(text.splitlines(), start=1)
        if re.match(r"\s*(from|import) (quizzes|guides)\b", line)
    ]
    assert imports == []
