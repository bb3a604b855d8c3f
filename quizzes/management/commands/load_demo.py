from django.core.management.base import BaseCommand

from quizzes.content import DEMO_FILE, quiz_create_from_data, read_quiz_file


class Command(BaseCommand):
    help = "Load the demo content (the 'Data parallelism' guide and quiz) when it is absent; never overwrites."

    def handle(self, *args, **options):
        result = quiz_create_from_data(read_quiz_file(DEMO_FILE))
        if result.created:
            self.stdout.write(self.style.SUCCESS(f"Loaded the demo quiz “{result.quiz.slug}”."))
        else:
            self.stdout.write(f"The demo quiz “{result.quiz.slug}” is already there; left unchanged.")
