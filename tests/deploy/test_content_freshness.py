"""What an author saves is what every process serves, at once: two gunicorns (each the container's entry point,
run natively with debug off, one worker process each) on one PostgreSQL and one Redis (a redis-server of this
module's own), as ``docker compose up --scale web=2`` runs them.

Each test has a quiz of its own (a copy of the demo quiz), which a learner has begun (questions 1 and 2 answered,
so question 3 is theirs to answer) and whose quiz page, question page and guide page both gunicorns have served
first, in English and French, so that a process that keeps content in memory holds that quiz's. Then an author,
logged in to the admin on the first gunicorn, saves a change with the admin's own form (every field a browser
sends, as the page holds them, with the change typed in), and the very next request, to the second gunicorn,
shows the change: no sleep, no retry.
"""

import copy
import json

import pytest

from tests.deploy.admin_saves import Author, logged_in, question_prefix, replaced, tab_on, text_of
from tests.deploy.support import DEMO_FILE, PASSWORD, Page, Server, free_port, manage, production_env

AUTHOR = "author"
LEARNER = "learner"
# The demo quiz's third question and the English texts that the tests change.
THIRD_QUESTION = "What memory limit remains in plain data parallelism?"
QUIZ_TITLE = "Data parallelism quiz"
# Each test's quiz (a copy of the demo quiz under this slug); the guide test's links a guide of its own.
SLUGS = ("edited", "translated", "grown", "unpublished", "guided")
OWN_GUIDE = {"slug": "guide-of-guided", "title": "Guide before the edit"}


def quiz_files(directory) -> list:
    """The demo quiz file copied once per slug of ``SLUGS`` into ``directory``; the copy ``guided`` links
    ``OWN_GUIDE`` instead of the demo's guide. Returns the files' paths."""
    demo = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    paths = []
    for slug in SLUGS:
        content = copy.deepcopy(demo)
        content["quiz"]["slug"] = slug
        if slug == "guided":
            guide = {**content["guides"][0], "slug": OWN_GUIDE["slug"]}
            guide["title"] = {"en": OWN_GUIDE["title"], "fr": None, "tr": None}
            content["guides"] = [guide]
            content["quiz"]["guides"] = [OWN_GUIDE["slug"]]
        path = directory / f"{slug}.json"
        path.write_text(json.dumps(content), encoding="utf-8")
        paths.append(path)
    return paths


@pytest.fixture(scope="module")
def fresh_env(make_database, static_root, redis_server) -> dict[str, str]:
    """Production settings on a new database and the module's Redis; one worker per gunicorn, so that the process
    that served the warm-up is the one that serves the read after the save."""
    return production_env(make_database(), static_root, REDIS_URL=redis_server.url, GUNICORN_WORKERS="1")


@pytest.fixture(scope="module")
def gunicorns(fresh_env, tmp_path_factory) -> tuple[Server, Server]:
    """Two gunicorns (A, where the author saves; B, where the change is read) on the module's database and Redis,
    with the quizzes of ``SLUGS`` imported, an author and a learner."""
    directory = tmp_path_factory.mktemp("freshness")
    with Server(fresh_env, free_port(), directory / "a.log") as first:
        setup = [
            "from django.contrib.auth import get_user_model",
            "from quizzes.content import quiz_import, read_quiz_file",
            "from quizzes.services import author_grant",
            *(f"quiz_import(read_quiz_file({str(path)!r}))" for path in quiz_files(directory)),
            f"get_user_model().objects.create_user({LEARNER!r}, password={PASSWORD!r})",
            f"author_grant(user=get_user_model().objects.create_user({AUTHOR!r}, password={PASSWORD!r}))",
        ]
        manage(fresh_env, "shell", "-c", "\n".join(setup))
        with Server(fresh_env, free_port(), directory / "b.log") as second:
            yield first, second


class Reader:
    """The learner's tabs on A and B at the quiz ``slug``, which this begins on A (questions 1 and 2 answered)."""

    def __init__(self, gunicorns: tuple[Server, Server], slug: str):
        browser = logged_in(gunicorns[0], LEARNER, "/en/accounts/login/")
        self.slug = slug
        self.a, self.b = (tab_on(server, browser) for server in gunicorns)
        started = self.a.submit(self.quiz_path(), {}, action=f"{self.quiz_path()}start/")
        assert (started.status, started.headers["Location"]) == (302, self.question_path())
        for number in (1, 2):
            path = self.question_path(number=number)
            response = self.a.get(path)
            assert response.status == 200, response
            page = Page(response.text)
            choice = next(iter(page.choices().values()))
            answered = self.a.post(path, {"csrfmiddlewaretoken": page.csrf_token, "choice": choice})
            assert answered.status == 302, answered

    def quiz_path(self, language: str = "en") -> str:
        return f"/{language}/quizzes/{self.slug}/"

    def question_path(self, language: str = "en", number: int = 1) -> str:
        return f"{self.quiz_path(language)}questions/{number}/"

    def warm_up(self, guide_slug: str = "data-parallelism") -> None:
        """Both gunicorns serve the quiz page and question 3 in English and French, and the quiz's guide page."""
        for tab in (self.a, self.b):
            assert QUIZ_TITLE in text_of(tab.get(self.quiz_path()))
            assert THIRD_QUESTION in text_of(tab.get(self.question_path(number=3)))
            text_of(tab.get(self.quiz_path("fr")))
            text_of(tab.get(self.question_path("fr", 3)))
            text_of(tab.get(f"/en/guides/{guide_slug}/"))


@pytest.fixture(scope="module")
def author(gunicorns, fresh_env) -> Author:
    return Author(gunicorns[0], AUTHOR, fresh_env["DATABASE_URL"])


def test_a_new_title_and_question_text_saved_on_one_gunicorn_are_served_at_once_by_the_other(gunicorns, author):
    reader = Reader(gunicorns, "edited")
    reader.warm_up()

    def edit(pairs):
        prefix = question_prefix(pairs, THIRD_QUESTION)
        return replaced(pairs, {"title_en": "Data parallelism, revised", f"{prefix}text_en": "What limit is left?"})

    author.save_quiz("edited", edit)

    quiz_page = text_of(reader.b.get(reader.quiz_path()))
    question_page = text_of(reader.b.get(reader.question_path(number=3)))
    assert "Data parallelism, revised" in quiz_page
    assert "What limit is left?" in quiz_page  # the question to answer next, and the preview of every question
    assert "What limit is left?" in question_page
    assert (QUIZ_TITLE in quiz_page, THIRD_QUESTION in quiz_page, THIRD_QUESTION in question_page) == (
        False,
        False,
        False,
    )


def french_note(untranslated: int, total: int) -> str:
    """The French quiz page's count of the questions not yet translated (for more than one)."""
    return f"{untranslated} questions sur {total} ne sont pas encore traduites en français."


FRENCH_THIRD_QUESTION = "Quelle limite de mémoire reste-t-il au parallélisme de données simple ?"
NOT_TRANSLATED = "Pas encore traduit : affiché en anglais"


def test_a_translation_saved_on_one_gunicorn_is_served_at_once_by_the_other(gunicorns, author):
    reader = Reader(gunicorns, "translated")
    reader.warm_up()
    assert french_note(5, 8) in text_of(reader.b.get(reader.quiz_path("fr")))
    assert NOT_TRANSLATED in text_of(reader.b.get(reader.question_path("fr", 3)))

    def translate(pairs):
        prefix = question_prefix(pairs, THIRD_QUESTION)
        french = {f"{prefix}text_fr": FRENCH_THIRD_QUESTION, f"{prefix}explanation_fr": "Chaque GPU garde tout."}
        french.update({f"{prefix}choices-{index}-text_fr": f"Réponse {index + 1}" for index in range(4)})
        return replaced(pairs, french)

    author.save_quiz("translated", translate)

    quiz_page = text_of(reader.b.get(reader.quiz_path("fr")))
    question_page = text_of(reader.b.get(reader.question_path("fr", 3)))
    assert french_note(4, 8) in quiz_page
    assert FRENCH_THIRD_QUESTION in question_page
    assert [f"Réponse {number}" in question_page for number in range(1, 5)] == [True] * 4
    assert (THIRD_QUESTION in question_page, NOT_TRANSLATED in question_page) == (False, False)


def test_a_question_added_on_one_gunicorn_is_counted_at_once_by_the_other(gunicorns, author):
    reader = Reader(gunicorns, "grown")
    reader.warm_up()

    def add(pairs):
        # The blank question the page offers (its last, after the eight), with four choices, the first right.
        new = "questions-8-"
        fields = {f"{new}text_en": "Which question was added last?"}
        fields.update({f"{new}choices-{index}-text_en": f"Choice {index + 1}" for index in range(4)})
        return [*replaced(pairs, fields), (f"{new}choices-0-is_correct", "on")]

    author.save_quiz("grown", add)

    quiz_page = text_of(reader.b.get(reader.quiz_path()))
    assert "Medium level 9 questions" in quiz_page  # the quiz's facts: its level and number of questions
    assert "Question 3 of 9" in quiz_page
    assert "Show all 9 questions" in quiz_page
    assert "Which question was added last?" in quiz_page
    assert french_note(6, 9) in text_of(reader.b.get(reader.quiz_path("fr")))


def test_a_quiz_unpublished_on_one_gunicorn_is_gone_at_once_from_the_other(gunicorns, author):
    reader = Reader(gunicorns, "unpublished")
    reader.warm_up()

    author.save_quiz("unpublished", lambda pairs: [(name, value) for name, value in pairs if name != "published"])

    statuses = [reader.b.get(path).status for path in (reader.quiz_path(), reader.quiz_path("fr"))]
    assert statuses == [404, 404]
    guide_page = reader.b.get("/en/guides/data-parallelism/")
    assert guide_page.status == 200
    assert "/en/quizzes/unpublished/" not in guide_page.text  # its card's link
    assert "/en/quizzes/edited/" in guide_page.text  # another quiz's card


def test_a_guide_renamed_on_one_gunicorn_is_served_at_once_by_the_other(gunicorns, author):
    reader = Reader(gunicorns, "guided")
    reader.warm_up(OWN_GUIDE["slug"])
    guide_path = f"/en/guides/{OWN_GUIDE['slug']}/"
    assert OWN_GUIDE["title"] in text_of(reader.b.get(reader.quiz_path()))

    author.save_guide(OWN_GUIDE["slug"], lambda pairs: replaced(pairs, {"title_en": "Guide after the edit"}))

    quiz_page = text_of(reader.b.get(reader.quiz_path()))
    guide_page = text_of(reader.b.get(guide_path))
    assert "Related guide paths Guide after the edit" in quiz_page
    assert "Guide Guide after the edit" in guide_page  # the page's eyebrow, then its title
    assert (OWN_GUIDE["title"] in quiz_page, OWN_GUIDE["title"] in guide_page) == (False, False)
