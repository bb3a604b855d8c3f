from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext

from guides.models import Guide
from quizzes.item_flags import LanguageGap
from quizzes.models import Question, Quiz
from quizzes.translation_gaps import status_sentence, translation_gaps
from quizzes.translation_rows import QuizText, guide_text_rows, quiz_text_rows
from translations.glossary import load_glossary
from translations.states import State
from translations.summary import STATE_LABELS, tally


class Command(BaseCommand):
    help = (
        "Print the translation state of a quiz's texts (those of every quiz, then of every guide no quiz links, "
        "when no slug is given), as the admin's translation grid shows it: per language, the counts of "
        "translated, missing, stale and off-glossary texts, then one line per missing, stale or off-glossary text; "
        "then one line per question and language whose learners answered it right clearly less often in that "
        "translation than in the other languages (the item analysis's language gap)."
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
        quizzes = list(quizzes)
        gaps = translation_gaps([quiz.pk for quiz in quizzes])  # one query for every quiz
        sections = []
        for quiz in quizzes:
            texts = quiz_text_rows(quiz, glossary)
            sections.append((f"{quiz.title} ({quiz.slug})", texts, self.gap_lines(quiz.title, texts, gaps)))
        if slug is None:
            # A guide no quiz links is in no quiz's section; its texts are translated (and go stale) all the same.
            sections += [
                (
                    gettext("Guide “%(title)s” (%(slug)s), linked to no quiz")
                    % {"title": guide.title, "slug": guide.slug},
                    guide_text_rows(guide, glossary),
                    [],
                )
                for guide in Guide.objects.unlinked()
            ]
        for number, (heading, texts, gap_lines) in enumerate(sections):
            if number:
                self.stdout.write("")
            self.write_section(heading, texts)
            for line in gap_lines:
                self.stdout.write(line)

    @staticmethod
    def gap_lines(title: str, texts: list[QuizText], gaps: dict[int, dict[str, LanguageGap]]) -> list[str]:
        """The language-gap lines (``translation_gaps``) of the questions among a quiz's ``texts``, by position then
        language; ``title`` is the quiz's. No query: the questions are the grid's rows'."""
        questions = {
            text.row.instance.pk: text.row.instance for text in texts if isinstance(text.row.instance, Question)
        }
        flagged = sorted((questions[pk] for pk in gaps if pk in questions), key=lambda question: question.position)
        return [
            status_sentence(question.position, title, gap) for question in flagged for gap in gaps[question.pk].values()
        ]

    def write_section(self, heading: str, texts: list[QuizText]) -> None:
        """A quiz's or a guide's section: its heading, then per language its counts and its texts to look at."""
        self.stdout.write(heading)
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
