from django.core.management.base import BaseCommand

from quizzes.exams import exams_expired_submit


class Command(BaseCommand):
    help = (
        "Submit every timed exam whose time ran out (its deadline and the grace for the network have passed), with "
        "the answers it had, as the learner's next visit would. Meant for cron (every few minutes); safe to run at "
        "any time and repeatedly."
    )

    def handle(self, *args, **options):
        submitted = exams_expired_submit()
        if options["verbosity"] >= 1:
            self.stdout.write(f"Submitted {submitted} exam(s) whose time ran out.")
