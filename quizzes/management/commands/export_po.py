from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from quizzes.models import Quiz
from quizzes.translation_rows import all_text_places, quiz_text_places
from translations.glossary import load_glossary
from translations.po import PoError, catalog, context_of, language_checked, language_name
from translations.states import rows


class Command(BaseCommand):
    help = (
        "Write the texts that are missing or stale in one language, of one quiz (with its guides) or of every "
        "quiz and guide, to a gettext PO file for translators: msgid is the English, msgctxt is "
        "model.field.id, stale translations come flagged fuzzy. Read the filled file back with import_po."
    )

    def add_arguments(self, parser):
        parser.add_argument("--language", required=True, help="the translation language's code: fr or tr")
        parser.add_argument("--quiz", metavar="SLUG", help="only this quiz and its guides (default: everything)")
        parser.add_argument(
            "-o", "--output", metavar="FILE", help="write to this file; standard output when absent or “-”"
        )

    def handle(self, *args, language: str, quiz: str | None, output: str | None, **options):
        try:
            language = language_checked(language)
        except PoError as error:
            raise CommandError(str(error)) from error
        if quiz is None:
            places = all_text_places()
        else:
            found = Quiz.objects.filter(slug=quiz).first()
            if found is None:
                raise CommandError(f"There is no quiz “{quiz}”.")
            places = quiz_text_places(found)
        glossary = load_glossary()
        po = catalog(
            rows([(instance, field) for instance, field, _place in places], glossary=glossary),
            language,
            glossary=glossary,
            places={context_of(instance, field): place for instance, field, place in places},
        )
        if output in (None, "-"):
            self.stdout.write(str(po))
            target = "standard output"
        else:
            try:
                Path(output).write_text(str(po) + "\n", encoding="utf-8")
            except OSError as error:
                raise CommandError(f"Cannot write {output}: {error.strerror}.") from error
            target = output
        stale = sum(1 for entry in po if entry.fuzzy)
        self.stderr.write(
            f"Wrote {len(po)} {language_name(language)} {'entry' if len(po) == 1 else 'entries'} to {target}: "
            f"{len(po) - stale} missing, {stale} stale (fuzzy)."
        )
