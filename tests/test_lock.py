"""The lock agrees with pyproject.toml: every declared dependency is locked at a version its range allows, and
the hashed requirement files that pip installs from (the Makefile, the Dockerfile) pin what uv.lock pins.
After editing pyproject.toml, `make lock` brings them back in line (README, "Development")."""

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
LOCK = tomllib.loads((ROOT / "uv.lock").read_text())
LOCKED = {canonicalize_name(package["name"]): package for package in LOCK["package"]}
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+)", re.MULTILINE)


def declared(group: str | None) -> list[str]:
    """The requirement strings of ``pyproject.toml``: the project's dependencies, or a dependency group's."""
    if group is None:
        return PYPROJECT["project"]["dependencies"]
    return [item for item in PYPROJECT["dependency-groups"][group] if isinstance(item, str)]


def pinned(path: str) -> dict[str, str]:
    """``{normalized name: version}`` of a hashed requirement file that ``make lock`` exported."""
    return {canonicalize_name(name): version for name, version in PIN.findall((ROOT / path).read_text())}


REQUIREMENT_FILES = {None: "requirements/main.txt", "test": "requirements/test.txt"}


@pytest.mark.parametrize(
    ("group", "requirement"),
    [(group, requirement) for group in REQUIREMENT_FILES for requirement in declared(group)],
)
def test_each_dependency_of_pyproject_is_locked_at_a_version_its_range_allows(group, requirement):
    parsed = Requirement(requirement)
    name = canonicalize_name(parsed.name)

    assert name in LOCKED, f"{parsed.name} is not in uv.lock: run `make lock`."
    assert parsed.specifier.contains(Version(LOCKED[name]["version"]), prereleases=True), (
        f"uv.lock has {parsed.name} {LOCKED[name]['version']}, outside {parsed.specifier}: run `make lock`."
    )
    assert pinned(REQUIREMENT_FILES[group]).get(name) == LOCKED[name]["version"]
    for extra in parsed.extras:
        # psycopg[binary] means psycopg-binary: the extra's packages are installed from the lock too.
        extra_packages = LOCKED[name].get("optional-dependencies", {}).get(extra, [])
        for package in extra_packages:
            assert canonicalize_name(package["name"]) in pinned(REQUIREMENT_FILES[group]), (group, package)


def ranges(requirements) -> set[tuple[str, tuple[str, ...], str]]:
    """``(normalized name, extras, specifier)`` of each requirement, comparable whatever the spelling."""
    return {
        (canonicalize_name(item.name), tuple(sorted(item.extras)), str(SpecifierSet(str(item.specifier))))
        for item in requirements
    }


def test_the_lock_records_the_ranges_pyproject_declares_now():
    """uv records the ranges it resolved; a range edited since (even one the old version still meets) differs."""
    metadata = LOCKED["quizsite"]["metadata"]

    def from_lock(items):
        return ranges(
            Requirement(f"{item['name']}[{','.join(item.get('extras', []))}]{item.get('specifier', '')}")
            for item in items
        )

    assert from_lock(metadata["requires-dist"]) == ranges(map(Requirement, declared(None)))
    assert from_lock(metadata["requires-dev"]["test"]) == ranges(map(Requirement, declared("test")))


@pytest.mark.parametrize("path", REQUIREMENT_FILES.values())
def test_requirement_files_pin_exactly_the_versions_of_the_lock_each_with_a_hash(path):
    """pip's ``--require-hashes`` refuses a file where one package has no hash; this says which, earlier."""
    text = (ROOT / path).read_text()
    hashed = re.findall(
        r"^([A-Za-z0-9][A-Za-z0-9._-]*)==[^\\\n]+(?:\\\n\s+--hash=sha256:[0-9a-f]{64})+", text, re.MULTILINE
    )

    assert pinned(path) == {name: LOCKED[name]["version"] for name in pinned(path)}
    assert sorted(map(canonicalize_name, hashed)) == sorted(pinned(path))
