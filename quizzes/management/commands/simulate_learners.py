from argparse import ArgumentTypeError

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from quizzes.models import Quiz
from quizzes.simulation import USERNAME, Twist, simulate_learners

#: The demo (``make run``): the "Data parallelism" quiz, whose Turkish question 5 is a machine rendering in which the
#: right answer is unreadable (README, "Authoring"), answered by learners who find it harder in Turkish.
DEMO_QUIZ, DEMO_TWIST = "data-parallelism", Twist(harder=5, harder_in="tr")


def position_language(text: str) -> tuple[int, str]:
    """``"5:tr"`` → ``(5, "tr")``.

    Raises:
        ArgumentTypeError: not a question position and a language code of ``settings.LANGUAGES`` separated by a
            colon.
    """
    position, _colon, language = text.partition(":")
    codes = [code for code, _name in settings.LANGUAGES]
    if not position.isdigit() or language not in codes:
        raise ArgumentTypeError(f"give a question's position and one of {', '.join(codes)}, as 5:tr; not {text!r}")
    return int(position), language


class Command(BaseCommand):
    help = (
        "Simulate learners of known ability (accounts simulated-0001…) each finishing one attempt at a quiz in "
        "English, French and Turkish, optionally with one question made harder in one language and one keyed "
        "wrong, so that its answer statistics show what the item analysis finds (quizzes/simulation.py). "
        "--demo: the demo quiz's statistics, once."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", nargs="?", help="the quiz's slug")
        parser.add_argument("--learners", type=int, default=600, help="how many learners (default 600)")
        parser.add_argument("--seed", type=int, default=23, help="the random seed (same seed, same answers)")
        parser.add_argument("--harder", type=position_language, help="a question made harder in a language: 5:tr")
        parser.add_argument("--wrongly-keyed", type=int, help="the position of a question keyed wrong")
        parser.add_argument(
            "--demo",
            action="store_true",
            help=f"simulate on the demo quiz “{DEMO_QUIZ}” (question 5 harder in Turkish) unless done already",
        )

    def handle(self, *args, slug=None, learners=600, seed=23, harder=None, wrongly_keyed=None, demo=False, **options):
        if demo:
            slug, twist = DEMO_QUIZ, DEMO_TWIST
        elif not slug:
            raise CommandError("Name the quiz by its slug, or give --demo.")
        else:
            twist = Twist(*(harder or (None, "tr")), wrongly_keyed=wrongly_keyed)
        if learners < 1:
            raise CommandError("--learners must be at least 1.")
        quiz = Quiz.objects.filter(slug=slug).first()
        if quiz is None:
            raise CommandError(f"There is no quiz “{slug}”.")
        positions = set(quiz.questions.values_list("position", flat=True))
        for position in (twist.harder, twist.wrongly_keyed):
            if position is not None and position not in positions:
                raise CommandError(f"“{slug}” has no question at position {position}.")
        if demo and quiz.attempts.filter(learner__username=USERNAME.format(1)).exists():
            self.stdout.write(f"Simulated learners have answered “{slug}” already; left unchanged.")
            return
        try:
            count = simulate_learners(quiz, learners=learners, seed=seed, twist=twist)
        except ValueError as refusal:
            raise CommandError(str(refusal)) from refusal
        self.stdout.write(self.style.SUCCESS(f"{count} simulated learners finished an attempt at “{slug}”."))
