"""What the deploy tests that read pages after an author's save share: a browser logged in on one gunicorn, a tab
of it on another, the text of a page as read, and an author saving the admin's own forms as a browser does."""

from collections.abc import Callable
from html.parser import HTMLParser
from types import SimpleNamespace
from urllib.parse import urlencode

import psycopg
from psycopg import sql

from tests.deploy.support import PASSWORD, PUBLIC_ORIGIN, Browser, Response, Server
from tests.quizzes.admin_forms import browser_form_data

# A form's fields as a browser sends them: (name, value) pairs in the page's order.
Pairs = list[tuple[str, str]]


def logged_in(server: Server, username: str, login_path: str) -> Browser:
    """A browser logged in as ``username`` through ``login_path`` of ``server``."""
    browser = Browser([server.port])
    response = browser.submit(login_path, {"username": username, "password": PASSWORD})
    assert response.status == 302, f"login of {username}: {response!r}"
    return browser


def tab_on(server: Server, browser: Browser) -> Browser:
    """Another tab of ``browser`` (its cookies as they are now) whose requests all go to ``server``."""
    tab = Browser([server.port], address=browser.address)
    tab.cookies = dict(browser.cookies)
    return tab


class _Text(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def text_of(response: Response) -> str:
    """The text of a page that answered 200, as read: its text nodes with every run of white space one space (so
    that the assertions hold whatever the templates' markup and line breaks)."""
    assert response.status == 200, response
    parser = _Text()
    parser.feed(response.text)
    parser.close()
    return " ".join(" ".join(parser.parts).split())


class Author:
    """An author (``username``, whose password is ``PASSWORD``) logged in to the admin on ``server``, saving admin
    pages as a browser does; ``database_url`` is where the objects' ids are looked up by their slugs."""

    def __init__(self, server: Server, username: str, database_url: str):
        self.browser = logged_in(server, username, "/admin/login/?next=/admin/")
        self.database_url = database_url

    def pk(self, table: str, slug: str) -> int:
        """The id of the row of ``table`` (``"quizzes_quiz"``) whose slug is ``slug``."""
        query = sql.SQL("SELECT id FROM {} WHERE slug = %s").format(sql.Identifier(table))
        with psycopg.connect(self.database_url) as connection:
            return connection.execute(query, [slug]).fetchone()[0]

    def save(self, path: str, form_id: str, change: Callable[[Pairs], Pairs]) -> None:
        """Open the admin page ``path``, pass the (name, value) pairs its form ``form_id`` would send unchanged to
        ``change`` (which returns those to send), and press Save; the admin must accept it (302)."""
        page = self.browser.get(path)
        assert page.status == 200, page
        pairs = change(browser_form_data(SimpleNamespace(content=page.body), form_id=form_id))
        headers = {"Content-Type": "application/x-www-form-urlencoded", "Origin": PUBLIC_ORIGIN}
        saved = self.browser.request("POST", path, body=urlencode(pairs).encode(), headers=headers)
        assert saved.status == 302, f"{path}: {saved!r}\n{saved.text[:3000]}"

    def save_quiz(self, slug: str, change: Callable[[Pairs], Pairs]) -> None:
        """``save`` the admin page of the quiz ``slug``."""
        self.save(f"/admin/quizzes/quiz/{self.pk('quizzes_quiz', slug)}/change/", "quiz_form", change)

    def save_guide(self, slug: str, change: Callable[[Pairs], Pairs]) -> None:
        """``save`` the admin page of the guide ``slug``."""
        self.save(f"/admin/guides/guide/{self.pk('guides_guide', slug)}/change/", "guide_form", change)


def replaced(pairs: Pairs, values: dict[str, str]) -> Pairs:
    """``pairs`` with the value of each field named in ``values`` replaced; every one of them must be there."""
    missing = set(values) - {name for name, _value in pairs}
    assert not missing, f"no such fields: {sorted(missing)}"
    return [(name, values.get(name, value)) for name, value in pairs]


def question_prefix(pairs: Pairs, english: str) -> str:
    """The form prefix (``questions-2-``) of the question whose English text is ``english``."""
    [name] = [name for name, value in pairs if name.endswith("-text_en") and value == english and "choices" not in name]
    return name.removesuffix("text_en")
