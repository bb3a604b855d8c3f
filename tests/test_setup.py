import os
import sqlite3
import subprocess
from pathlib import Path

from django.conf import settings


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


def test_python_version_file_asks_for_3_13():
    assert (Path(settings.BASE_DIR) / ".python-version").read_text().strip() == "3.13"


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
