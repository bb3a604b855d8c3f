from django.core.management.base import BaseCommand

from quizzes.content import DEMO_FILES, quiz_create_from_data, read_quiz_file
from translations.glossary import load_demo_terms


class Command(BaseCommand):
    help = (
        "Load the demo content (the 'Data parallelism' guide, its three quizzes, the glossary's terms) when it is "
        "absent; never overwrites."
    )

    def handle(self, *args, **options):
        for path in DEMO_FILES:
            result = quiz_create_from_data(read_quiz_file(path))
            if result.created:
                self.stdout.write(self.style.SUCCESS(f"Loaded the demo quiz “{result.quiz.slug}”."))
            else:
                self.stdout.write(f"The demo quiz “{result.quiz.slug}” is already there; left unchanged.")
        terms = load_demo_terms()
        if terms.added:
            self.stdout.write(self.style.SUCCESS(f"Added the glossary terms {quoted(terms.added)}."))
        if terms.kept:
            self.stdout.write(f"The glossary terms {quoted(terms.kept)} are already there; left unchanged.")


def quoted(terms: list[str]) -> str:
    """``“gradient”, “layer”``: terms for the command's report."""
    return ", ".join(f"“{term}”" for term in terms)
