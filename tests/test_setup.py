import os
import re
import sqlite3
import subprocess
import tomllib
from pathlib import Path

from django.conf import settings
from packaging.specifiers import SpecifierSet
from packaging.version import Version


def test_setup_refuses_python_older_than_3_12_with_a_clear_message(tmp_path):
    """`make` must stop before building anything when only an old Python is available."""
    result = subprocess.run(
        ["make", "-C", str(settings.BASE_DIR), f"VENV={tmp_path / 'venv'}", "PYTHON_CANDIDATES=python3.11", "install"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0
    assert "Quizsite needs Python 3.12 or newer (3.13 recommended); none was found as python3.11." in result.stderr
    assert not (tmp_path / "venv").exists()


def test_development_runs_the_python_of_the_image_which_the_project_allows():
    """pyenv builds .venv with the Python of .python-version: the same minor version as the image's, and one
    that pyproject's requires-python (and so the lock, made for it) allows."""
    root = Path(settings.BASE_DIR)
    wanted = (root / ".python-version").read_text().strip()
    images = re.findall(r"^FROM python:(\d+\.\d+)-slim", (root / "Dockerfile").read_text(), re.MULTILINE)
    requires_python = tomllib.loads((root / "pyproject.toml").read_text())["project"]["requires-python"]
    locked_python = tomllib.loads((root / "uv.lock").read_text())["requires-python"]

    assert images and set(images) == {wanted}
    assert Version(wanted) in SpecifierSet(requires_python)
    assert SpecifierSet(locked_python) == SpecifierSet(requires_python)


def test_make_migrate_explains_a_database_made_before_the_own_user_model(tmp_path):
    """A development database from before ``accounts.User`` cannot be migrated; `make` says what to do."""
    database = tmp_path / "old.sqlite3"
    with sqlite3.connect(database) as connection:
        connection.execute("CREATE TABLE django_migrations (id integer PRIMARY KEY, app text, name text, applied text)")
        connection.execute("INSERT INTO django_migrations (app, name, applied) VALUES ('admin', '0001_initial', '')")
    result = subprocess.run(
        ["make", "-s", "-C", str(settings.BASE_DIR), "migrate"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "DATABASE_URL": f"sqlite:///{database}"},
    )
    assert result.returncode != 0
    assert "InconsistentMigrationHistory" in result.stderr
    assert "this database predates Quizsite's own user model: delete it (rm db.sqlite3)" in result.stderr
