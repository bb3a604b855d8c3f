"""On a 390 × 844 phone, in a real browser (issue 21): once a question is answered, the explanation's first line is
on screen, above the verdict bar stuck to the bottom, as the page loads; so Next is not tapped before the
explanation has been seen. With JavaScript and without, and axe-core finds nothing on the answered page."""

import pytest
from playwright.sync_api import expect

from tests.e2e.support import (
    QUESTIONS,
    QUIZ,
    UI,
    VIEWPORTS,
    WRONG_QUESTIONS,
    answer,
    axe_wcag_violations,
    demo_data,
    new_page,
    submit,
)
from tests.factories import make_quiz

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = VIEWPORTS[390]
# The box of the explanation's first line of text and the action bar's, as the page is scrolled now.
FIRST_LINE_AND_BAR = """() => {
  const range = document.createRange();
  range.selectNodeContents(document.querySelector('#explanation-text'));
  const line = [...range.getClientRects()].find(rect => rect.width > 0 && rect.height > 0);
  const bar = document.querySelector('.action-bar').getBoundingClientRect();
  return {line: line && {top: line.top, bottom: line.bottom}, bar: {top: bar.top, bottom: bar.bottom}};
}"""


def hidden_first_line(page, where: str) -> list[str]:
    """[] when the explanation's first line lies wholly on screen above the action bar, and the bar (the verdict)
    is on screen too; else one sentence saying where each is."""
    boxes = page.evaluate(FIRST_LINE_AND_BAR)
    line, bar = boxes["line"], boxes["bar"]
    _width, height = PHONE
    if line and line["top"] >= 0 and line["bottom"] <= bar["top"] and bar["bottom"] <= height:
        return []
    return [f"{where}: the explanation's first line at {line}, the verdict bar at {bar} ({height} px high)"]


@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_explanation_starts_on_screen_above_the_verdict_bar(browser, live_server, language, javascript):
    questions = demo_data()[language]
    ui = UI[language]
    page = new_page(browser, language, PHONE, java_script_enabled=javascript)
    problems = []
    try:
        page.goto(f"{live_server.url}/{language}/quizzes/{QUIZ}/")
        submit(page, page.get_by_role("button", name=ui["start"], exact=True))
        for number in range(1, QUESTIONS + 1):
            question = questions[number]
            wrong = number in WRONG_QUESTIONS
            assert answer(page, language, question.wrong if wrong else question.right).status == 200
            assert page.locator("#verdict").inner_text() == (ui["wrong"] if wrong else ui["right"])
            problems += hidden_first_line(page, f"question {number}")
            if number == 1:
                # The verdict still takes the focus as the page loads (autofocus, no script needed; the browser
                # applies it at its next rendering, so waited for).
                expect(page.locator("#verdict")).to_be_focused()
                # axe-core runs on timers that a page without JavaScript never fires: checked with it on.
                problems += axe_wcag_violations(page) if javascript else []
            link = ui["see results"] if number == QUESTIONS else ui["next"]
            submit(page, page.locator(".action-bar").get_by_role("link", name=link, exact=True))
    finally:
        page.context.close()
    assert problems == [], f"{language}, 390×844:\n" + "\n".join(problems)


# A question of 990 characters, as the tester's: alone it fills a phone's screen.
LONG_QUESTION = ("A long statement that sets the scene of the question in many words. " * 15)[:989] + "?"


@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
def test_after_a_long_question_the_explanation_still_starts_on_screen(browser, live_server, javascript):
    """The answered question scrolls in a box of its own (no script needed), so the explanation's start is on
    screen above the verdict bar, which has the focus."""
    assert len(LONG_QUESTION) == 990
    quiz = make_quiz(questions=2)
    quiz.questions.filter(position=1).update(text_en=LONG_QUESTION)
    quiz.save()
    page = new_page(browser, "en", PHONE, java_script_enabled=javascript)
    try:
        page.goto(f"{live_server.url}/en/quizzes/{quiz.slug}/")
        submit(page, page.get_by_role("button", name="Start", exact=True))
        page.get_by_role("radio", name="Q1 choice 2", exact=True).check()
        assert submit(page, page.get_by_role("button", name="Check", exact=True)).status == 200
        assert page.locator("#verdict").inner_text() == "Wrong answer."
        expect(page.locator("#verdict")).to_be_focused()
        problems = hidden_first_line(page, "a question of 990 characters")
        problems += axe_wcag_violations(page) if javascript else []
    finally:
        page.context.close()
    assert problems == []
