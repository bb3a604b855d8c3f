from axes.apps import AppConfig as AxesAppConfig
from django.apps import AppConfig
from django.contrib.admin import apps as admin_apps
from django.utils.translation import gettext_lazy as _


class QuizsiteConfig(AppConfig):
    """The project's own app: the home page, the template tags and admin pieces that guides and quizzes share, and
    the site-wide limits that accounts and quizzes share.

    Its shared modules (``admin``, ``querysets``, ``search``, ``templatetags``, ``limits``, ``login_limits``) import
    no other app of the project, so the apps can all build on them (``tests/test_imports.py`` checks the
    directions).
    """

    name = "quizsite"
    verbose_name = "Quizsite"
    default = True  # this module also holds AdminConfig and AxesConfig, below

    def ready(self) -> None:
        # login_limits connects the receivers that keep django-axes' failure records in step with logins and
        # deleted accounts; search registers the ``folded_contains`` lookup (the admin's search) and SQLite's
        # QUIZSITE_FOLD function, once.
        import quizsite.login_limits  # noqa: F401
        import quizsite.search  # noqa: F401
        from quizsite.admin_icons import translate_boolean_icons
        from quizsite.links import name_link_models

        name_link_models()
        translate_boolean_icons()  # the admin's yes/no icons say "Oui", "Evet" (see quizsite/admin_icons.py)


class AdminConfig(admin_apps.AdminConfig):
    """Django's admin with the site's own ``admin.site`` (``quizsite.admin_site.AdminSite``), whose "Change
    password" page counts a wrong old password as a failed login."""

    default = False
    default_site = "quizsite.admin_site.AdminSite"


class AxesConfig(AxesAppConfig):
    """django-axes (the log-in throttling, see "Throttling" in the settings) under a name that says what it is, in
    every language: its own is the library's name, "Axes", shown untranslated as an admin section."""

    default = False
    verbose_name = _("Log-in protection")
