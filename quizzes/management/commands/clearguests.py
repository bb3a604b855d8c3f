from django.core.management.base import BaseCommand

from quizzes.guests import guests_expired_delete


class Command(BaseCommand):
    help = (
        "Delete the attempts of guests (visitors without an account) whose session has expired, with their "
        "answers. Like Django's clearsessions, it is meant for cron (daily is enough), deletes only what no "
        "visitor can reach any more, and may run at any time, repeatedly, or beside clearsessions in any order."
    )

    def handle(self, *args, **options):
        guests, attempts = guests_expired_delete()
        if options["verbosity"] >= 1:
            self.stdout.write(f"Deleted {guests} expired guest(s) and their {attempts} attempt(s).")
