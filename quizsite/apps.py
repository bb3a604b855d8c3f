from django.apps import AppConfig


class QuizsiteConfig(AppConfig):
    """The project's own app: the home page, the template tags and admin pieces that guides and quizzes share.

    Its shared modules (``admin``, ``querysets``, ``search``, ``templatetags``) import no other app of the project,
    so guides and quizzes can both build on them (``tests/test_imports.py`` checks the directions).
    """

    name = "quizsite"
    verbose_name = "Quizsite"

    def ready(self) -> None:
        # Registers the ``folded_contains`` lookup (the admin's search) and SQLite's QUIZSITE_FOLD function, once.
        import quizsite.search  # noqa: F401
        from quizsite.links import name_link_models

        name_link_models()
