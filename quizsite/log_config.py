"""The shape of the site's logging configuration, which ``quizsite.settings`` fills in from the environment."""

from django.utils.log import DEFAULT_LOGGING


def stdout_logging(level: str) -> dict:
    """A ``LOGGING`` dict that sends every record to stdout, where the container runtime collects it.

    Errors of requests (500s) are included, which Django's default configuration would only e-mail; runserver's
    request lines keep Django's own format.

    Args:
        level: the level name for the root and ``django`` loggers, e.g. ``"INFO"`` (``DJANGO_LOG_LEVEL``).

    Returns:
        A dict for ``logging.config.dictConfig`` (version 1).
    """
    return {
        "version": 1,
        "disable_existing_loggers": False,
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
        },
    }
