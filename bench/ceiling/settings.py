"""The site's settings (``quizsite.settings``, read from the same environment) with the ceiling's URLconf and
its template directory added to the site pages' engine (Jinja2, the first):
``DJANGO_SETTINGS_MODULE=bench.ceiling.settings``."""

from pathlib import Path

from quizsite.settings import *  # noqa: F403 (the site's settings, every one of them)
from quizsite.settings import TEMPLATES

ROOT_URLCONF = "bench.ceiling.urls"
TEMPLATES = [
    {**TEMPLATES[0], "DIRS": [*TEMPLATES[0]["DIRS"], Path(__file__).resolve().parent / "templates"]},
    *TEMPLATES[1:],
]
