"""``manage.py simulate_learners``: what it refuses, and that the demo is simulated once."""

from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from quizzes.content import DEMO_FILES, quiz_create_from_data, read_quiz_file
from quizzes.models import Attempt
from tests.factories import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def quiz():
    return quiz_create_from_data(read_quiz_file(DEMO_FILES[0])).quiz


def simulate(*arguments) -> str:
    out = StringIO()
    call_command("simulate_learners", *arguments, stdout=out)
    return out.getvalue()


def test_the_demo_is_simulated_once(quiz):
    assert simulate("--demo") == "600 simulated learners finished an attempt at “data-parallelism”.\n"
    assert simulate("--demo") == "Simulated learners have answered “data-parallelism” already; left unchanged.\n"
    assert Attempt.objects.filter(quiz=quiz).count() == 600


def test_a_second_run_is_refused_unless_it_replaces_the_first(quiz):
    simulate("data-parallelism", "--learners", "12")
    with pytest.raises(CommandError, match=r"^Simulated learners have attempts at this quiz already: --replace"):
        simulate("data-parallelism", "--learners", "5")
    assert simulate("data-parallelism", "--learners", "5", "--replace").splitlines() == [
        "Deleted 12 earlier simulated attempt(s) at “data-parallelism”.",
        "5 simulated learners finished an attempt at “data-parallelism”.",
    ]
    assert Attempt.objects.filter(quiz=quiz).count() == 5


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["nope"], "There is no quiz “nope”."),
        ([], "Name the quiz by its slug, or give --demo."),
        (["data-parallelism", "--learners", "0"], "--learners must be at least 1."),
        (["data-parallelism", "--wrongly-keyed", "12"], "“data-parallelism” has no question at position 12."),
        (["data-parallelism", "--harder", "9:tr"], "“data-parallelism” has no question at position 9."),
        (
            ["--demo", "data-parallelism"],
            "--demo simulates its own quiz and question: give no slug, --harder, --wrongly-keyed or --replace.",
        ),
    ],
)
def test_bad_arguments_are_refused_with_a_message(quiz, arguments, message):
    with pytest.raises(CommandError, match=f"^{message}"):
        simulate(*arguments)
    assert not Attempt.objects.exists()


def test_an_account_of_someone_named_like_a_simulated_learner_is_never_used(quiz):
    make_user("simulated-0002")  # signed up on the site: a usable password
    with pytest.raises(CommandError, match="belongs to someone"):
        simulate("data-parallelism", "--learners", "3")
    assert not Attempt.objects.exists()
