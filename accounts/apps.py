from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Accounts")

    def ready(self) -> None:
        # Connects the receivers that keep django-axes' failure records, and the record of whose sessions are
        # whose, in step with logins and deleted accounts.
        from accounts import sessions, throttling  # noqa: F401
