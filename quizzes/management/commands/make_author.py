from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from quizzes.services import author_grant


class Command(BaseCommand):
    help = (
        "Make an existing account an author: staff status (may log in to /admin/) and membership of the "
        "Authors group (may write and translate guides and quizzes, and view attempts)."
    )

    def add_arguments(self, parser):
        parser.add_argument("username", help="the account's username")

    def handle(self, *args, username: str, **options):
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"There is no account “{username}”; create it first (sign up on the site).")
        author_grant(user=user)
        self.stdout.write(self.style.SUCCESS(f"“{username}” is now an author and can log in at /admin/."))
