"""The shape of the site's logging configuration, which ``quizsite.settings`` fills in from the environment."""

import logging

from django.utils.log import DEFAULT_LOGGING


class OneLineWarning(logging.Filter):
    """Turn a record into one ``WARNING`` line: its level lowered, its traceback left out.

    For a refusal that any client can cause and that the site answers properly (a 400 page): an ERROR with a
    traceback for each would flood the log and hide the real errors, while one line still shows who knocks.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        record.levelno, record.levelname = logging.WARNING, logging.getLevelName(logging.WARNING)
        record.exc_info = record.exc_text = record.stack_info = None
        return True


def stdout_logging(level: str) -> dict:
    """A ``LOGGING`` dict that sends every record to stdout, where the container runtime collects it.

    Errors of requests (500s) are included, which Django's default configuration would only e-mail; runserver's
    request lines keep Django's own format. A request for a host outside ``ALLOWED_HOSTS`` (``DisallowedHost``,
    which Django logs as an ERROR with a traceback) is one warning line (``OneLineWarning``): scanners send
    such requests all day.

    Args:
        level: the level name for the root and ``django`` loggers, e.g. ``"INFO"`` (``DJANGO_LOG_LEVEL``).

    Returns:
        A dict for ``logging.config.dictConfig`` (version 1).
    """
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"one_line_warning": {"()": OneLineWarning}},
        "formatters": {
            "plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"},
            "django.server": DEFAULT_LOGGING["formatters"]["django.server"],
        },
        "handlers": {
            "stdout": {"class": "logging.StreamHandler", "stream": "ext://sys.stdout", "formatter": "plain"},
            "django.server": DEFAULT_LOGGING["handlers"]["django.server"],
        },
        "root": {"handlers": ["stdout"], "level": level},
        "loggers": {
            "django": {"handlers": ["stdout"], "level": level, "propagate": False},
            "django.server": DEFAULT_LOGGING["loggers"]["django.server"],
            # One line per request: Django marks the 400 as logged, so django.request adds no "Bad Request".
            "django.security.DisallowedHost": {"filters": ["one_line_warning"]},
        },
    }
