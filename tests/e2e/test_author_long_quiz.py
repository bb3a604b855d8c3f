"""A long quiz in a real browser: a French author saves a quiz of 60 questions with 4 choices in one go (the
form Chromium sends: every language's fields and the hidden "Add another" templates), and, with JavaScript off,
a question number typed as 1.5 comes back as an error with the author's edit still on the page."""

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from quizzes.models import Choice, Question
from tests.factories import make_author, make_quiz

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

EDIT = "Quelle opération collective moyenne les gradients\u00a0?"


@pytest.fixture
def long_quiz_page(browser, live_server, authors_group):
    """``open(javascript)``: a French author's browser on the change page of a quiz of 60 questions of 4 choices;
    returns ``(quiz, page)``, the page's console errors in ``page.problems``."""
    client = Client()
    client.force_login(make_author("camille"))
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    quiz = make_quiz(questions=60, choices=4)
    contexts = []

    def open_page(javascript: bool = True):
        context = browser.new_context(
            viewport={"width": 1280, "height": 900}, locale="fr-FR", java_script_enabled=javascript
        )
        contexts.append(context)
        context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}])
        page = context.new_page()
        page.set_default_timeout(60_000)  # the page of 60 questions takes seconds to build and to save
        page.problems = []
        page.on("console", lambda message: page.problems.append(message.text) if message.type == "error" else None)
        page.on("pageerror", lambda error: page.problems.append(str(error)))
        page.goto(live_server.url + reverse("admin:quizzes_quiz_change", args=[quiz.pk]))
        return quiz, page

    yield open_page
    for context in contexts:
        context.close()


def test_a_quiz_of_60_questions_saves_in_one_go_from_the_browser(long_quiz_page, live_server):
    quiz, page = long_quiz_page()
    page.locator('a[href="#tab_id_questions-59-text_fr"]').click()
    page.locator("#id_questions-59-text_fr").fill(EDIT)
    page.locator('a[href="#tab_id_questions-0-choices-3-text_tr"]').click()
    page.locator("#id_questions-0-choices-3-text_tr").fill("Toplama")
    with page.expect_navigation():
        page.locator("input[name=_save]").click()

    assert page.url == live_server.url + reverse("admin:quizzes_quiz_changelist")
    assert Question.objects.get(quiz=quiz, position=60).text_fr == EDIT
    assert Choice.objects.get(question__quiz=quiz, question__position=1, position=4).text_tr == "Toplama"
    assert (Question.objects.filter(quiz=quiz).count(), Choice.objects.filter(question__quiz=quiz).count()) == (
        60,
        240,
    )
    assert page.problems == []


def test_without_javascript_a_number_typed_as_1_5_is_an_error_and_the_edit_stays(long_quiz_page):
    quiz, page = long_quiz_page(javascript=False)
    page.locator("#id_questions-59-text_fr").fill(EDIT)
    page.locator("#id_questions-59-position").fill("1.5")
    with page.expect_navigation() as navigation:
        page.locator("input[name=_save]").click()

    assert navigation.value.status == 200
    assert page.locator("#id_questions-59-position_error").inner_text() == "Saisissez un nombre entier."
    assert page.locator("#id_questions-59-text_fr").input_value() == EDIT
    assert page.locator("#id_questions-59-position").input_value() == "1.5"
    assert Question.objects.get(quiz=quiz, position=60).text_fr is None
