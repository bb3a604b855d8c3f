"""An admin history entry's message in the admin's language, the names of the changed fields included.

Django stores what a change did as JSON naming the changed fields by their form labels in English ("Text [en]",
"Difficulty", ``construct_change_message`` writes them untranslated) and ``LogEntry.get_change_message`` then
looks each label up as a msgid, which no catalogue has: a French or Turkish history read "Modification de Text [en]
et Difficulty". ``change_message`` finds the model field each label was made from and shows that field's label
in the active language ("Texte [en]", "Metin [en]"); a label no field gives stays as Django would show it.
"""

import json
from functools import cache

from django import template
from django.apps import apps
from django.contrib.admin.models import LogEntry
from django.db import models
from django.utils import translation
from django.utils.text import capfirst, get_text_list
from django.utils.translation import gettext

register = template.Library()


@cache
def _fields_by_english_label() -> dict[str, models.Field]:
    """Every installed model's fields by the form label Django stores for them: ``capfirst(verbose_name)`` in
    English. Read once; labels shared by several fields ("Title") translate the same way."""
    fields = {}
    with translation.override(None):
        for model in apps.get_models():
            for field in model._meta.get_fields():
                if getattr(field, "verbose_name", None):
                    fields.setdefault(str(capfirst(field.verbose_name)), field)
    return fields


def field_label(english: str) -> str:
    """The label a field stored as ``english`` ("Text [en]") has in the active language ("Metin [en]")."""
    field = _fields_by_english_label().get(english)
    return str(capfirst(field.verbose_name)) if field is not None else gettext(english)


@register.filter
def change_message(entry: LogEntry) -> str:
    """``entry.get_change_message()`` with the changed fields named in the active language (the module's reason).

    Args:
        entry: an admin ``LogEntry``; one whose message is not Django's JSON is shown as Django shows it.
    """
    try:
        parts = json.loads(entry.change_message) if entry.change_message.startswith("[") else None
    except json.JSONDecodeError:
        parts = None
    if not parts:
        return entry.get_change_message()
    messages = []
    for part in parts:
        if "changed" in part:
            changed = part["changed"]
            fields = get_text_list([field_label(name) for name in changed["fields"]], gettext("and"))
            if "name" in changed:
                message = gettext("Changed {fields} for {name} “{object}”.").format(
                    fields=fields, name=gettext(changed["name"]), object=changed["object"]
                )
            else:
                message = gettext("Changed {fields}.").format(fields=fields)
            messages.append(message)
        else:
            # Added and deleted rows name no field: Django's own wording, one part at a time.
            messages.append(LogEntry(change_message=json.dumps([part])).get_change_message())
    return " ".join(messages) or gettext("No fields changed.")
