from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from quizzes.content import quiz_dump, quiz_export
from quizzes.models import Quiz


class Command(BaseCommand):
    help = (
        "Write a quiz with its questions, choices, explanations, guides and every translation as a "
        "quizsite-quiz JSON file (UTF-8), to standard output or to the file given with -o."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the quiz's slug, as in its address /quizzes/<slug>/")
        parser.add_argument("-o", "--output", type=Path, help="write to this file instead of standard output")

    def handle(self, *args, slug: str, output: Path | None, **options):
        quiz = Quiz.objects.filter(slug=slug).first()
        if quiz is None:
            raise CommandError(f"There is no quiz “{slug}”.")
        text = quiz_dump(quiz_export(quiz))
        if output is None:
            self.stdout.write(text, ending="")
            return
        try:
            output.write_text(text, encoding="utf-8")
        except OSError as error:
            raise CommandError(f"Cannot write {output}: {error.strerror}.") from error
        self.stderr.write(f"Wrote the quiz “{slug}” to {output}.")
