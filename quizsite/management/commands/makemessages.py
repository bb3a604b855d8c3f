"""``manage.py makemessages`` that reads the site's Jinja2 templates too (``make messages``).

Django's ``makemessages`` turns each template into Python that ``xgettext`` reads with Django's ``templatize``,
which only knows Django's template language. Here a template is read by the engine that renders it: the admin's
templates (under a Django engine's directories, ``templates/django/``) by ``templatize`` as before, every other
``.html`` and ``.txt`` (the site's pages, the e-mails, the benchmark's ceiling page) by Jinja2's own extraction
(``jinja2.ext.i18n``), written as ``gettext("…")``, ``ngettext("…", "…", n)``, ``pgettext("…", "…")`` calls on the
template's own line numbers. The msgids are those the pages ask for at run time: ``{% trans name=… %}…{{ name }}…
{% endtrans %}`` is ``…%(name)s…``, as Django's ``{% blocktranslate %}`` was.
"""

from pathlib import Path

from django.core.management.commands import makemessages
from django.template import engines
from django.template.backends.django import DjangoTemplates
from django.utils.functional import cached_property
from jinja2 import Environment


def jinja2_templatize(source: str, env: Environment) -> str:
    """Python source that ``xgettext --language=Python`` reads the same msgids from as ``env`` extracts from the
    Jinja2 template ``source``, each call on the template's line.

    Args:
        source: a Jinja2 template's text.
        env: an environment with ``jinja2.ext.i18n`` (the site's: ``quizsite.jinja2.environment``).

    Returns:
        One line of Python per line of ``source``; only calls with a constant msgid (and context) are written.

    Raises:
        jinja2.TemplateSyntaxError: ``source`` is not a template ``env`` can read.
    """
    lines = [""] * (source.count("\n") + 1)
    for lineno, function, message in env.extract_translations(source):
        strings = message if isinstance(message, tuple) else (message,)
        if function in ("_", "gettext"):
            call = f"gettext({strings[0]!r})" if strings[0] is not None else None
        elif function == "ngettext" and None not in strings[:2]:
            call = f"ngettext({strings[0]!r}, {strings[1]!r}, 0)"
        elif function == "pgettext" and None not in strings[:2]:
            call = f"pgettext({strings[0]!r}, {strings[1]!r})"
        elif function == "npgettext" and None not in strings[:3]:
            call = f"npgettext({strings[0]!r}, {strings[1]!r}, {strings[2]!r}, 0)"
        else:
            call = None
        if call is not None:
            lines[lineno - 1] += f"{call}; "
    return "\n".join(lines) + "\n"


def is_django_template(path: Path) -> bool:
    """Tell whether the template at ``path`` is rendered by a Django engine (the admin's), not by Jinja2: it lies
    under one of the directories of a ``DjangoTemplates`` engine of ``settings.TEMPLATES`` (apps' included)."""
    path = path.resolve()
    for engine in engines.all():
        if isinstance(engine, DjangoTemplates) and any(
            path.is_relative_to(Path(directory).resolve()) for directory in engine.template_dirs
        ):
            return True
    return False


class BuildFile(makemessages.BuildFile):
    """A file to extract from; a Jinja2 template is turned into Python by ``jinja2_templatize``."""

    @cached_property
    def is_jinja2(self) -> bool:
        return self.is_templatized and not is_django_template(Path(self.path))

    def preprocess(self):
        if not self.is_jinja2:
            return super().preprocess()
        source = Path(self.path).read_text(encoding="utf-8")
        Path(self.work_path).write_text(jinja2_templatize(source, engines["jinja2"].env), encoding="utf-8")


class Command(makemessages.Command):
    build_file_class = BuildFile
