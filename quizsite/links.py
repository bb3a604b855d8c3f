"""Names for the rows that link two objects through a many-to-many field (a quiz and its guides, a group and its
permissions, a user and their groups).

Django creates these "through" models itself and names them in English when it imports them: the admin shows
"Quiz-guide relationship: Quiz_guides object (1)" on delete pages and "Quiz_guides object (1)" on the rows of
the guide's quiz links, whatever the language. ``name_link_models`` (``QuizsiteConfig.ready``) gives each such
model a translated name, its two columns their models' names, and its rows the names of the two objects they
link; the database is untouched (these names are not in migrations).
"""

from django.apps import apps
from django.db import models
from django.db.models.options import Options
from django.utils.functional import lazy
from django.utils.translation import ngettext


def _link_name(source: Options, target: Options, count: int) -> str:
    # Read when shown, in the active language: "quiz–guide link", "lien quiz–guide", "test–rehber bağlantısı".
    names = {"source": source.verbose_name, "target": target.verbose_name}
    return ngettext("%(source)s–%(target)s link", "%(source)s–%(target)s links", count) % names


def _link_str(link: models.Model) -> str:
    """A link row's name: the two objects it links, "Data parallelism quiz – Data parallelism"."""
    source, target = (field for field in link._meta.fields if field.is_relation)
    return f"{getattr(link, source.name)} – {getattr(link, target.name)}"


def name_link_models() -> None:
    """Name every auto-created many-to-many model and its two columns in the active language, and its rows by
    the objects they link (see the module's docstring). Call once, when the apps are ready."""
    link_name = lazy(_link_name, str)
    for model in apps.get_models(include_auto_created=True):
        if not model._meta.auto_created:
            continue
        source, target = (field for field in model._meta.fields if field.is_relation)
        model._meta.verbose_name = link_name(source.related_model._meta, target.related_model._meta, 1)
        model._meta.verbose_name_plural = link_name(source.related_model._meta, target.related_model._meta, 2)
        for field in (source, target):
            field.verbose_name = field.related_model._meta.verbose_name
        model.__str__ = _link_str
