from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TranslationsConfig(AppConfig):
    """Translation state and the glossary. Connects ``tracking``'s receivers to every model registered with
    modeltranslation, once all apps are loaded (``translation.py`` modules are read by then)."""

    name = "translations"
    verbose_name = _("Translations")

    def ready(self) -> None:
        from translations import tracking

        tracking.connect()
