"""Two gunicorns (the container's entry point, run natively) sharing one PostgreSQL and one Redis, as
``docker compose up --scale web=2`` runs them: sessions, the sign-up limit's counts and content are the same
whichever of them answers.

Redis is the local server's database ``QUIZSITE_TEST_REDIS_URL`` (tests/deploy/conftest.py), emptied first.
"""

import pytest

from tests.deploy.support import (
    QUIZ_PATH,
    Browser,
    Learner,
    Page,
    Server,
    free_port,
    manage,
    production_env,
    signed_in_as,
)

# Questions 3 and 6 answered wrongly, the others rightly.
WRONG_POSITIONS = {3, 6}
SESSION_KEY_PREFIX = ":1:django.contrib.sessions.cached_db"


@pytest.fixture(scope="module")
def shared_env(make_database, static_root, redis_url) -> dict[str, str]:
    """The production environment of both gunicorns: one new database, one emptied Redis database; sign-ups
    limited to 5 an hour per address, so that the count is seen in a few requests."""
    return production_env(make_database(), static_root, REDIS_URL=redis_url, DJANGO_SIGNUP_RATE="5/h")


@pytest.fixture(scope="module")
def gunicorns(shared_env, tmp_path_factory) -> tuple[Server, Server]:
    """Two gunicorns on the shared database and Redis, the demo quiz loaded."""
    logs = tmp_path_factory.mktemp("shared-cache")
    with Server(shared_env, free_port(), logs / "first.log") as first:
        manage(shared_env, "load_demo")
        with Server(shared_env, free_port(), logs / "second.log") as second:
            yield first, second


def tab_on(server: Server, browser: Browser) -> Browser:
    """Another tab of ``browser`` (its cookies as they are now) whose requests all go to ``server``."""
    tab = Browser([server.port], address=browser.address)
    tab.cookies = dict(browser.cookies)
    return tab


def test_a_learner_alternating_between_two_gunicorns_keeps_the_session_and_gets_the_exact_score(
    gunicorns, redis_database
):
    browser = Browser([server.port for server in gunicorns])
    learner = Learner(browser, "alternating")
    learner.sign_up()
    learner.start()
    for position in range(1, 9):
        learner.answer(position, right=position not in WRONG_POSITIONS)

    assert learner.score() == "6/8"
    assert min(browser.requests_per_port.values()) >= 10, browser.requests_per_port
    assert redis_database.exists(SESSION_KEY_PREFIX + browser.cookies["sessionid"]) == 1


def test_sign_ups_from_one_address_are_counted_across_two_gunicorns_in_redis(gunicorns, redis_database):
    counters_before = set(redis_database.keys("rate:*"))
    statuses = []
    for number in range(6):
        browser = Browser([gunicorns[number % 2].port], address="192.0.2.201")
        fields = {"username": f"counted-{number}", "password1": "correct horse 31 battery"}
        statuses.append(browser.submit("/en/accounts/signup/", {**fields, "password2": fields["password1"]}).status)

    assert statuses == [302, 302, 302, 302, 302, 429]
    [counter] = set(redis_database.keys("rate:*")) - counters_before
    assert redis_database.get(counter) == b"5"  # the accounts created; the refused sixth try leaves it


def test_a_logout_through_one_gunicorn_is_honoured_by_the_other(gunicorns):
    first, second = gunicorns
    browser = Browser([first.port])
    Learner(browser, "leaving").sign_up()
    other_tab = tab_on(second, browser)
    assert signed_in_as(other_tab) == "leaving"

    page = browser.get("/en/")
    response = browser.post("/en/accounts/logout/", {"csrfmiddlewaretoken": Page(page.text).csrf_token})

    assert response.status == 302
    assert signed_in_as(other_tab) is None
    assert signed_in_as(browser) is None


def test_an_authors_edit_saved_in_another_process_shows_at_once_on_both_gunicorns(gunicorns, shared_env):
    """Both gunicorns show the quiz and a question first (so that any cached copy is made), then a save in another
    process (``manage.py shell``, as an import or the admin of a third container would) changes the texts."""
    browser = Browser([gunicorns[0].port])
    reader = Learner(browser, "reader")
    reader.sign_up()
    question = reader.start()
    tabs = [tab_on(server, browser) for server in gunicorns]
    for tab in tabs:
        assert "Data parallelism quiz" in tab.get(QUIZ_PATH).text
        assert "In standard data parallelism, what does each GPU hold?" in tab.get(question).text

    manage(
        shared_env,
        "shell",
        "-c",
        "from quizzes.models import Quiz\n"
        "quiz = Quiz.objects.get(slug='data-parallelism')\n"
        "quiz.title_en = 'Data parallelism, revised'\n"
        "quiz.save()\n"
        "question = quiz.questions.get(text_en__startswith='In standard data parallelism')\n"
        "question.text_en = 'In data parallelism, what does one GPU keep?'\n"
        "question.save()\n",
    )

    for tab in tabs:
        quiz_page, question_page = tab.get(QUIZ_PATH).text, tab.get(question).text
        assert "Data parallelism, revised" in quiz_page
        assert "Data parallelism quiz" not in quiz_page
        assert "In data parallelism, what does one GPU keep?" in question_page
        assert "In standard data parallelism" not in question_page
