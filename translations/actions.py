"""Admin actions on translated content: confirm the stale translations of the objects ticked in a list, one
language at a time.

List actions only: on a change page (Django 6.1's ``ActionLocation.CHANGE_FORM``) the action's "Run" button
comes before "Save", so pressing Enter in a field would run the action (or say "No action selected.") and drop
the author's edits.
"""

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.functional import lazy
from django.utils.translation import gettext, ngettext

from translations.facts import translated_fields, translation_languages
from translations.models import NAMES_IN_SENTENCE
from translations.states import rows
from translations.summary import confirm_stale


def tell_confirmed(model_admin: admin.ModelAdmin, request: HttpRequest, count: int) -> None:
    """Tell the author how many stale translations a confirmation confirmed (a warning when none was stale).

    Args:
        model_admin: the admin that confirmed them (its ``message_user``).
        request: the confirming request.
        count: ``summary.confirm_stale``'s answer.
    """
    if count:
        message = ngettext(
            "%(count)s stale translation confirmed.", "%(count)s stale translations confirmed.", count
        ) % {"count": count}
        model_admin.message_user(request, message, messages.SUCCESS)
    else:
        model_admin.message_user(request, gettext("No stale translation to confirm."), messages.WARNING)


def _description(code: str) -> str:
    # Django formats the description with the model's names ("%(verbose_name)s"): no "%" may be left in it.
    return gettext("Confirm stale %(language)s translations") % {"language": NAMES_IN_SENTENCE[code]}


def confirm_stale_action(code: str):
    """An admin action "Confirm stale French translations" for language ``code``: confirms (``summary.confirm_stale``)
    the stale translations into ``code`` of the chosen objects' own translated fields (``facts.translated_fields``
    of the admin's model; a quiz's questions are not its own fields), then says how many (``tell_confirmed``).

    Offered in the model's list to users who may change it (``permissions=["change"]``). Queries: the objects,
    their ``TranslationSource`` rows, one write per field with a stale translation.
    """

    @admin.action(
        permissions=["change"],
        description=lazy(_description, str)(code),
    )
    def action(model_admin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet) -> None:
        fields = translated_fields(queryset.model)
        # The glossary plays no part in what is stale: an empty one spares its two queries.
        texts = rows(((instance, field) for instance in queryset for field in fields), glossary=[])
        tell_confirmed(model_admin, request, confirm_stale(texts, code))

    action.__name__ = f"confirm_stale_{code}"
    return action


def confirm_stale_actions() -> list:
    """``confirm_stale_action`` for each translation language, in ``settings.LANGUAGES`` order: a ModelAdmin's
    ``actions``."""
    return [confirm_stale_action(code) for code, _name in translation_languages()]
