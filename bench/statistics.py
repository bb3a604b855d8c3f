"""The statistics page's row (issue 23): an author reads the answer statistics and item analysis of a quiz with
``bench.report.STATISTICS_ATTEMPTS`` finished attempts, in the admin (``admin:quizzes_quiz_statistics``).

The quiz is the demo's "Data parallelism quiz" (eight single-answer questions) with a multiple-answer and a
true-or-false question of the demo's check quiz: ten questions in English, five of them in French and Turkish
too (the others read in English fallback there). Its learners are
``quizzes.simulation``'s, languages in turn, one question made harder in Turkish and one keyed wrong, so that the
page shows flags as a real quiz's would. A second quiz, alike, has ``FEW_ATTEMPTS``: the page's queries there must
be as many (the count does not grow with the attempts).
"""

import copy
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.urls import reverse

from bench import sessions
from bench.report import FEW_ATTEMPTS, STATISTICS_ATTEMPTS
from bench.sessions import Request
from quizzes.content import DEMO_DIRECTORY, DEMO_FILE, quiz_create_from_data, read_quiz_file
from quizzes.models import Quiz
from quizzes.services import author_grant
from quizzes.simulation import Twist, simulate_learners

AUTHOR = "bench-author"
#: The questions of the demo's check quiz added to the demo quiz's eight: one of each other kind.
ADDED = ("what-every-gpu-copies", "same-samples")
#: Question 5 harder for those who read it in Turkish, question 9 keyed wrong.
TWIST = Twist(harder=5, harder_in="tr", wrongly_keyed=9)


@dataclass(frozen=True)
class Statistics:
    """The statistics row's requests: ``page``, the author's GET of the page of the quiz with
    ``STATISTICS_ATTEMPTS`` finished attempts (one request: the admin has no language prefix); ``few``, the same
    page of the quiz with ``FEW_ATTEMPTS``; ``questions``, how many questions each has (int)."""

    page: Request
    few: Request
    questions: int


def _quiz(slug: str) -> Quiz:
    """Create the ten-question quiz ``slug`` from the demo files, through the importer, linked to no guide."""
    data = copy.deepcopy(read_quiz_file(DEMO_FILE))
    check = read_quiz_file(DEMO_DIRECTORY / "data-parallelism-check.json")
    data["guides"] = []
    data["quiz"].update(slug=slug, guides=[])
    data["quiz"]["questions"] += [question for question in check["quiz"]["questions"] if question["key"] in ADDED]
    return quiz_create_from_data(data).quiz


def prepare(attempts: int = STATISTICS_ATTEMPTS, few: int = FEW_ATTEMPTS, seed: int = 23) -> Statistics:
    """Create the two quizzes, their simulated learners' finished attempts (``attempts`` and ``few``, ints;
    ``quizzes.simulation.simulate_learners`` with ``seed``) and a logged-in author (staff, in the "Authors" group:
    ``quizzes.services.author_grant``) in the default database; return the requests.

    Raises:
        quizzes.content.ContentError: the demo files changed so that the quiz cannot be imported.
    """
    quiz, other = _quiz("bench-statistics"), _quiz("bench-statistics-few")
    simulate_learners(quiz, learners=attempts, seed=seed, twist=TWIST)
    simulate_learners(other, learners=few, seed=seed, twist=TWIST)
    author = get_user_model().objects.create(username=AUTHOR, password=make_password(None))
    author_grant(user=author)
    cookie, _token = sessions.cookie(author)

    def page(of: Quiz) -> Request:
        return Request(0, "GET", reverse("admin:quizzes_quiz_statistics", args=[of.pk]), cookie)

    return Statistics(page(quiz), page(other), quiz.questions.count())
