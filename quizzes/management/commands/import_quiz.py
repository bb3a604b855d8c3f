from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from quizzes.content import ContentError, ImportResult, quiz_import, read_quiz_file


def summary(result: ImportResult) -> list[str]:
    """The lines ``import_quiz`` prints after its first: what changed besides the quiz's own fields."""
    lines = [
        f"{label}: {count}."
        for label, count in (
            ("Questions added", result.questions_added),
            ("Questions updated", result.questions_updated),
            ("Questions moved", result.questions_moved),
            ("Questions removed", result.questions_removed),
        )
        if count
    ]
    lines += [f"Created the guide “{slug}”." for slug in result.guides_created]
    lines += [
        f"Updated the guide “{slug}”: every quiz linked to it shows the change." for slug in result.guides_changed
    ]
    return lines


class Command(BaseCommand):
    help = (
        "Create a quiz from a quizsite-quiz JSON file, or update the quiz with the same slug to match it: "
        "questions and choices are matched by key and put in the file's order. Nothing is written when any "
        "value in the file is wrong."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path, help="a quizsite-quiz file, as written by export_quiz")

    def handle(self, *args, file: Path, **options):
        try:
            result = quiz_import(read_quiz_file(file))
        except ContentError as error:
            raise CommandError(f"{file}: {error}") from error
        except OSError as error:
            raise CommandError(f"Cannot read {file}: {error.strerror}.") from error
        if result.created:
            self.stdout.write(self.style.SUCCESS(f"Created the quiz “{result.quiz.slug}” from {file}."))
        elif result.changed:
            self.stdout.write(self.style.SUCCESS(f"Updated the quiz “{result.quiz.slug}” from {file}."))
        else:
            self.stdout.write(f"The quiz “{result.quiz.slug}” already matches {file}; nothing changed.")
        for line in summary(result):
            self.stdout.write(line)
