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
