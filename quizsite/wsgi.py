"""WSGI entry point for gunicorn; the settings decide the rest (``quizsite/settings.py``, debug included)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "quizsite.settings")

application = get_wsgi_application()
