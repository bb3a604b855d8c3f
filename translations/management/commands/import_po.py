from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from translations.po import PoError, language_name
from translations.po_import import ImportResult, po_import, read_po


def report(result: ImportResult) -> list[str]:
    """The lines ``import_po`` prints: the counts, then one line per refused entry (its context and why)."""
    counts = (
        f"{language_name(result.language)}: {len(result.written)} written, {len(result.confirmed)} confirmed, "
        f"{result.unchanged} unchanged, {result.empty} skipped (empty), {result.fuzzy} skipped (fuzzy), "
        f"{len(result.refused)} refused."
    )
    return [counts] + [
        f"Refused {refusal.context or '(no context)'}: {refusal.reason.removesuffix('.')}."
        for refusal in result.refused
    ]


class Command(BaseCommand):
    help = (
        "Read a PO file written by export_po and filled by a translator: write its translated entries that are "
        "neither empty nor fuzzy, refuse those whose English changed since the export (or whose object, field or "
        "value is wrong), and report. The valid entries are written even when some are refused; the command then "
        "fails (exit status 1) so that a script notices: export again for the refused ones."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "file", type=Path, help="a PO file written by export_po; its Language header names the language"
        )
        parser.add_argument("--dry-run", action="store_true", help="check the file and report, write nothing")

    def handle(self, *args, file: Path, dry_run: bool, **options):
        try:
            result = po_import(read_po(file), dry_run=dry_run)
        except PoError as error:
            raise CommandError(str(error)) from error
        lines = report(result)
        if dry_run:
            lines[0] = f"Dry run, nothing written. {lines[0]}"
        for line in lines:
            self.stdout.write(line)
        if result.refused:
            written = "would be written" if dry_run else "written"
            raise CommandError(f"{len(result.refused)} refused (see above), {len(result.written)} {written}.")
