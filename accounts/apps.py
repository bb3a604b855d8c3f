from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Accounts")

    def ready(self) -> None:
        # Connects the receivers that keep the record of whose sessions are whose in step with logins and deleted
        # accounts (django-axes' failure records are kept by quizsite.login_limits).
        from accounts import sessions  # noqa: F401
