"""Practising the questions missed (issue 22) in a real browser: from the results of a finished attempt, with the
keyboard alone on a 320 px phone, "Practise the 2 questions you missed" asks exactly those two, each with its verdict,
then the round's page scores the round; axe-core finds nothing on any of these pages (light and dark) and none
scrolls sideways. Once more without JavaScript (plain form posts), in French, a round of that round's one miss."""

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import expect

from quizzes.models import Attempt
from tests.e2e.support import NARROWEST, focus_obscured, narrow_page_findings, new_page, screenshot, submit
from tests.factories import answer_quiz, make_quiz, make_user

pytestmark = pytest.mark.django_db(transaction=True)
MAX_TABS = 30
# Choice 1 of each question is right (make_quiz). The attempt misses questions 2 and 4.
PICKS = [1, 2, 1, 3]


def logged_in_page(browser, live_server, learner, language: str, **options):
    """A 320 px page (``support.new_page``) of a browser logged in as ``learner``; ``options`` go to the context."""
    client = Client()
    client.force_login(learner)
    page = new_page(browser, language, NARROWEST, **options)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}])
    return page


def round_of(attempt) -> int:
    """The primary key of the practice round of ``attempt`` (the one the learner just started)."""
    return Attempt.objects.get(practice_of=attempt).pk


def tab_to(page, locator) -> list[str]:
    """Press Tab until ``locator``'s element has the focus; AssertionError after MAX_TABS presses. Returns what covers
    it then (``support.focus_obscured``), [] when nothing does."""
    for _ in range(MAX_TABS):
        page.keyboard.press("Tab")
        if locator.evaluate("element => element === document.activeElement"):
            return list(filter(None, [focus_obscured(page)]))
    raise AssertionError(f"{MAX_TABS} Tab presses did not reach {locator}")


def press_and_wait(page, key: str) -> None:
    """Press ``key`` on the focused element and wait for the page it leads to."""
    with page.expect_navigation():
        page.keyboard.press(key)


def test_a_learner_practises_the_questions_missed_with_the_keyboard_at_320px_and_axe_finds_nothing(
    browser, live_server
):
    quiz = make_quiz(questions=4)
    learner = make_user("learner")
    attempt = answer_quiz(learner, quiz, PICKS)
    page = logged_in_page(browser, live_server, learner, "en")
    problems = []
    try:
        page.goto(f"{live_server.url}/en/quizzes/{quiz.slug}/results/{attempt.pk}/")
        problems += tab_to(page, page.get_by_role("button", name="Practise the 2 questions you missed", exact=True))
        press_and_wait(page, "Enter")
        round_url = f"{live_server.url}/en/quizzes/{quiz.slug}/practice/{round_of(attempt)}/"
        asked = []
        # Question 2 answered right (choice 1: Space on the first radio), question 4 wrong (choice 2: ArrowDown).
        for number, (key, verdict) in enumerate([("Space", "Right!"), ("ArrowDown", "Wrong answer.")], start=1):
            assert page.url == f"{round_url}questions/{number}/"
            asked.append(page.locator("h1.question-text").inner_text().strip())
            assert page.locator(".round-mark").inner_text() == "Practice round: the questions you missed"
            problems += narrow_page_findings(page, f"round question {number}")
            screenshot(page, "round-question", f"{number}", "en", NARROWEST[0])
            problems += tab_to(page, page.get_by_role("radio").first)
            page.keyboard.press(key)
            problems += tab_to(page, page.get_by_role("button", name="Check", exact=True))
            press_and_wait(page, "Enter")
            expect(page.locator("#verdict")).to_be_focused()
            assert page.locator("#verdict").inner_text() == verdict
            problems += narrow_page_findings(page, f"round question {number} answered")
            page.keyboard.press("Tab")
            link = "Next question" if number == 1 else "See your results"
            expect(page.get_by_role("link", name=link, exact=True)).to_be_focused()
            press_and_wait(page, "Enter")
        assert asked == ["Question 2", "Question 4"]
        assert page.url == round_url
        assert page.locator("h1").inner_text() == "Practice round: the questions you missed"
        assert page.locator(".round-score").inner_text() == "1 of 2 right"
        assert page.locator(".round-note").inner_text() == "A practice round does not count towards the quiz's results."
        assert page.locator(".results .result-verdict").all_inner_texts() == ["Right", "Wrong"]
        expect(page.get_by_role("button", name="Practise the 1 question you missed", exact=True)).to_be_visible()
        problems += narrow_page_findings(page, "round page")
        screenshot(page, "round", "finished", "en", NARROWEST[0])
        # The quiz's own results are the attempt's still: 2/4.
        page.goto(f"{live_server.url}/en/quizzes/{quiz.slug}/results/")
        assert page.locator(".score-value").inner_text() == "2/4"
    finally:
        page.context.close()
    assert problems == []


def test_without_javascript_a_round_of_a_rounds_miss_asks_that_question_alone(browser, live_server):
    quiz = make_quiz(questions=4)
    learner = make_user("learner")
    attempt = answer_quiz(learner, quiz, PICKS)
    page = logged_in_page(browser, live_server, learner, "fr", java_script_enabled=False)
    quiz_url = f"{live_server.url}/fr/quizzes/{quiz.slug}/"
    try:
        page.goto(f"{quiz_url}results/{attempt.pk}/")
        submit(page, page.get_by_role("button", name="Revoir les 2 questions manquées", exact=True))
        first_round = round_of(attempt)
        for number, choice in ((1, "Q2 choice 2"), (2, "Q4 choice 1")):
            assert page.url == f"{quiz_url}practice/{first_round}/questions/{number}/"
            page.get_by_role("radio", name=choice, exact=True).check()
            submit(page, page.get_by_role("button", name="Valider", exact=True))
            link = "Question suivante" if number == 1 else "Voir vos résultats"
            submit(page, page.get_by_role("link", name=link, exact=True))
        assert page.locator(".round-score").inner_text() == "1 bonne réponse sur 2"
        # The round's own miss, question 2, practised again: a round of one question.
        submit(page, page.get_by_role("button", name="Revoir 1 question manquée", exact=True))
        second_round = Attempt.objects.get(practice_of_id=first_round).pk
        assert page.url == f"{quiz_url}practice/{second_round}/questions/1/"
        assert page.locator("h1.question-text").inner_text().strip() == "Question 2"
        assert page.locator(".round-mark").inner_text() == "Entraînement\u00a0: les questions manquées"
        page.get_by_role("radio", name="Q2 choice 1", exact=True).check()
        submit(page, page.get_by_role("button", name="Valider", exact=True))
        assert page.locator("#verdict").inner_text() == "Exact\u00a0!"
        submit(page, page.get_by_role("link", name="Voir vos résultats", exact=True))
        assert page.url == f"{quiz_url}practice/{second_round}/"
        assert page.locator(".round-score").inner_text() == "1 bonne réponse sur 1"
        assert page.locator(".practise-button").count() == 0
    finally:
        page.context.close()
