"""Imports run one way between the project's packages, read from the source (``ast``) without importing it:
``quizsite``'s shared code builds on no app, guides never build on quizzes, and models never reach views or
admin, whichever module in between they go through."""

import ast
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("quizsite", "accounts", "guides", "quizzes", "translations")
APPS = ("accounts", "guides", "quizzes", "translations")
# The project's wiring, which imports the apps on purpose: the URL configuration, the home page that lists
# guides and quizzes together, and the pages' template environment that offers the apps' template functions
# (quiz cards' standings). Everything else in quizsite is shared code.
QUIZSITE_WIRING = {"quizsite.urls", "quizsite.views", "quizsite.jinja2"}
# The translation facts (the source and fallback language, missing, the fallback rule) have one home,
# translations.facts, which reads only the settings and modeltranslation's registry: shared code (the fallback
# markers' template functions, the language switcher) may read them, as it reads the settings.
SHARED_FACTS = {"translations", "translations.facts"}


def module_names() -> list[str]:
    """Every project module outside migrations, dotted: ``"quizzes.models"``, ``"quizsite.templatetags"``."""
    names = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if "migrations" in parts:
                continue
            names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def module_path(name: str) -> Path:
    """The source file of dotted module ``name``: ``quizzes/models.py``, or a package's ``__init__.py``."""
    base = ROOT.joinpath(*name.split("."))
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


@cache
def direct_imports(name: str) -> frozenset[str]:
    """The project modules that module ``name`` imports anywhere in its body (functions included)."""
    tree = ast.parse(module_path(name).read_text(), filename=str(module_path(name)))
    is_package = module_path(name).name == "__init__.py"
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = name.split(".")[: len(name.split(".")) - node.level + (1 if is_package else 0)]
                base = ".".join([*anchor, node.module] if node.module else anchor)
            else:
                base = node.module
            imported.add(base)
            # ``from quizzes import views`` imports the module quizzes.views.
            imported.update(f"{base}.{alias.name}" for alias in node.names)
    known = set(module_names())
    return frozenset(module for module in imported if module in known)


def reachable_imports(name: str) -> set[str]:
    """The project modules that importing ``name`` imports, directly or through other project modules."""
    seen: set[str] = set()
    pending = list(direct_imports(name))
    while pending:
        module = pending.pop()
        if module not in seen:
            seen.add(module)
            pending.extend(direct_imports(module))
    return seen


def test_the_import_reader_follows_imports_through_other_modules():
    """The checks below would pass vacuously if the reader found nothing: it sees the home page's imports."""
    assert {"guides.models", "quizzes.models", "quizsite.querysets"} <= reachable_imports("quizsite.views")


@pytest.mark.parametrize(
    "module", [name for name in module_names() if name.startswith("quizsite") and name not in QUIZSITE_WIRING]
)
def test_quizsite_shared_code_imports_no_app(module):
    apps = sorted(name for name in reachable_imports(module) - SHARED_FACTS if name.split(".")[0] in APPS)

    assert apps == []


def test_the_shared_translation_facts_import_no_project_module():
    """What lets shared code read them: they build on nothing of the project."""
    assert reachable_imports("translations.facts") == set()


@pytest.mark.parametrize("module", [name for name in module_names() if name.startswith("guides")])
def test_guides_never_import_quizzes(module):
    assert sorted(name for name in reachable_imports(module) if name.startswith("quizzes")) == []


@pytest.mark.parametrize("module", [name for name in module_names() if name.startswith("translations")])
def test_translations_build_on_no_content_app(module):
    """Translation state is generic: the quiz's texts are listed by quizzes, which builds on translations."""
    assert sorted(name for name in reachable_imports(module) if name.split(".")[0] in {"guides", "quizzes"}) == []


@pytest.mark.parametrize("module", [name for name in module_names() if name.endswith(".models")])
def test_models_never_import_views_or_admin(module):
    reached = sorted(name for name in reachable_imports(module) if name.rsplit(".", 1)[-1] in {"views", "admin"})

    assert reached == []


@pytest.mark.parametrize("module", [name for name in module_names() if name.startswith("quizzes")])
def test_quizzes_never_import_accounts(module):
    """The limits that both need (``quizsite.limits``) live in the core app, below both."""
    assert sorted(name for name in reachable_imports(module) if name.startswith("accounts")) == []
