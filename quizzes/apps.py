from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class QuizzesConfig(AppConfig):
    name = "quizzes"
    verbose_name = _("Quizzes")

    def ready(self) -> None:
        # Registers the ``folded_contains`` lookup (the admin's search) and SQLite's QUIZSITE_FOLD function.
        import quizsite.search  # noqa: F401
