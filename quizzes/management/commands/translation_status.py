from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext

from quizzes.models import Quiz
from quizzes.translation_rows import quiz_text_rows
from translations.glossary import load_glossary
from translations.states import State
from translations.summary import STATE_LABELS, tally


class Command(BaseCommand):
    help = (
        "Print the translation state of a quiz's texts (those of every quiz when no slug is given), as the "
        "admin's translation grid shows it: per language, the counts of translated, missing, stale and "
        "off-glossary texts, then one line per missing, stale or off-glossary text."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", nargs="?", help="the quiz's slug, as in its address /quizzes/<slug>/")

    def handle(self, *args, slug: str | None, **options):
        quizzes = Quiz.objects.order_by("slug")
        if slug is not None:
            quizzes = quizzes.filter(slug=slug)
            if not quizzes.exists():
                raise CommandError(f"There is no quiz “{slug}”.")
        glossary = load_glossary()
        for number, quiz in enumerate(quizzes):
            if number:
                self.stdout.write("")
            self.write_quiz(quiz, glossary)

    def write_quiz(self, quiz: Quiz, glossary) -> None:
        """The quiz's section: its title and slug, then per language its counts and its texts to look at."""
        texts = quiz_text_rows(quiz, glossary)
        self.stdout.write(f"{quiz.title} ({quiz.slug})")
        for counts in tally(text.row for text in texts):
            self.stdout.write(
                f"{counts.name}: {counts.translated} translated, {counts.missing} missing, {counts.stale} stale, "
                f"{counts.off_glossary} off glossary"
            )
            for text in texts:
                cell = text.row.cells[counts.language]
                if cell.state is State.TRANSLATED and not cell.off_glossary:
                    continue
                line = f"  {text.label}: {STATE_LABELS[cell.state]}"
                if cell.off_glossary:
                    line += "; " + gettext("Off glossary: %(terms)s") % {"terms": ", ".join(cell.off_glossary)}
                self.stdout.write(line)
