from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from quizzes.content import ContentError, guides_changed_by, quiz_check, quiz_import, read_quiz_file


class Command(BaseCommand):
    help = (
        "Create a quiz from a quizsite-quiz JSON file, or update the quiz with the same slug to match it. "
        "Nothing is written when any value in the file is wrong."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path, help="a quizsite-quiz file, as written by export_quiz")

    def handle(self, *args, file: Path, **options):
        try:
            data = read_quiz_file(file)
            changed_guides = guides_changed_by(quiz_check(data))
            quiz, created = quiz_import(data)
        except ContentError as error:
            raise CommandError(f"{file}: {error}") from error
        except OSError as error:
            raise CommandError(f"Cannot read {file}: {error.strerror}.") from error
        verb = "Created" if created else "Imported"
        self.stdout.write(self.style.SUCCESS(f"{verb} the quiz “{quiz.slug}” from {file}."))
        for slug in changed_guides:
            self.stdout.write(f"Updated the guide “{slug}”: every quiz linked to it shows the change.")
