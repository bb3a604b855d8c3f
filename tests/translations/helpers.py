"""Running the PO commands in tests: ``export`` and ``import_po`` return what a translator's terminal shows."""

from io import StringIO
from pathlib import Path

import polib
from django.core.management import CommandError, call_command

from translations.states import rows


def export(*args: str) -> tuple[polib.POFile, str]:
    """Run ``export_po`` to standard output: the parsed file and what it reported on standard error."""
    out, err = StringIO(), StringIO()
    call_command("export_po", *args, stdout=out, stderr=err)
    return polib.pofile(out.getvalue()), err.getvalue()


def import_po(po: polib.POFile | str, directory: Path, *args: str) -> tuple[str, str | None]:
    """Save ``po`` (a file, or a file's text) in ``directory`` and run ``import_po`` on it: its standard output and
    its ``CommandError``'s message (None when it succeeded)."""
    path = directory / "filled.po"
    if isinstance(po, str):
        path.write_text(po, encoding="utf-8")
    else:
        po.save(str(path))
    out = StringIO()
    try:
        call_command("import_po", str(path), *args, stdout=out)
    except CommandError as error:
        return out.getvalue(), str(error)
    return out.getvalue(), None


def state(instance, field: str, language: str) -> str:
    """The state of ``instance.<field>`` in ``language`` as the grid reads it (from the database): "missing"."""
    (row,) = rows([(type(instance).objects.get(pk=instance.pk), field)], glossary=[])
    return str(row.cells[language].state)
