"""A learner without a mouse takes the whole demo quiz with the keyboard alone (Tab, arrows, Space, Enter), in a
real browser, and always sees where the focus is (issue 11)."""

import pytest
from playwright.sync_api import expect

from tests.e2e.support import QUESTIONS, QUIZ, UI, VIEWPORTS, WRONG_QUESTIONS, demo_data, new_page

pytestmark = pytest.mark.django_db(transaction=True)
# How many Tab presses may lead from the top of a page to its main action.
MAX_TABS = 30
# The focused element, its outline or shadow, and whether it is drawn at all.
FOCUS_STYLE = """() => {
  const element = document.activeElement;
  const style = getComputedStyle(element);
  const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
  const name = (element.labels && element.labels.length ? element.labels[0] : element).textContent;
  return {
    element: `${element.tagName.toLowerCase()}${element.id ? '#' + element.id : ''} "${name.trim().slice(0, 40)}"`,
    style: `outline: ${style.outlineStyle} ${style.outlineWidth}; box-shadow: ${style.boxShadow}`,
    shown: outline || style.boxShadow !== 'none',
  };
}"""


def is_focused(locator) -> bool:
    """Whether the element ``locator`` finds has the focus."""
    return locator.evaluate("element => element === document.activeElement")


class Keyboard:
    """Drives ``page`` with the keyboard only, noting each element Tab reaches whose focus is not drawn."""

    def __init__(self, page):
        self.page = page
        self.unseen_focus: list[str] = []

    def tab(self) -> None:
        """Press Tab; note the element it reaches when neither an outline nor a shadow shows its focus."""
        self.page.keyboard.press("Tab")
        focus = self.page.evaluate(FOCUS_STYLE)
        if not focus["shown"]:
            self.unseen_focus.append(f"{self.page.url}: {focus['element']} ({focus['style']})")

    def tab_to(self, locator) -> None:
        """Press Tab until the element ``locator`` finds has the focus; AssertionError after MAX_TABS presses."""
        for _ in range(MAX_TABS):
            self.tab()
            if is_focused(locator):
                return
        raise AssertionError(f"{MAX_TABS} Tab presses did not reach {locator} on {self.page.url}")

    def press_and_load(self, key: str):
        """Press ``key`` and wait for the page it leads to; returns its Response."""
        with self.page.expect_navigation() as navigation:
            self.page.keyboard.press(key)
        return navigation.value


def test_a_learner_takes_the_whole_quiz_with_the_keyboard_and_always_sees_the_focus(browser, live_server):
    questions = demo_data()["en"]
    ui = UI["en"]
    page = new_page(browser, "en", VIEWPORTS[390])
    keyboard = Keyboard(page)
    try:
        page.goto(f"{live_server.url}/en/quizzes/{QUIZ}/")
        keyboard.tab_to(page.get_by_role("button", name=ui["start"], exact=True))
        keyboard.press_and_load("Enter")
        for number in range(1, QUESTIONS + 1):
            assert page.locator(".progress-label").inner_text() == f"Question {number} of {QUESTIONS}"
            question = questions[number]
            pick = question.wrong if number in WRONG_QUESTIONS else question.right
            radio = page.get_by_role("radio", name=pick.text, exact=True)
            # Into the group (its first radio, none picked yet), then the arrows move and pick; Space picks the first.
            # The choices come in the attempt's order (the demo quiz shuffles them): the pick's place is the page's.
            shown = [text.strip() for text in page.locator(".choice-card label").all_inner_texts()]
            keyboard.tab_to(page.get_by_role("radio").first)
            for _ in range(shown.index(pick.text)):
                page.keyboard.press("ArrowDown")
            if shown.index(pick.text) == 0:
                page.keyboard.press("Space")
            assert radio.is_checked(), f"question {number}: {pick.text!r} not picked"
            keyboard.tab()
            assert is_focused(page.get_by_role("button", name=ui["check"], exact=True)), f"question {number}"
            assert keyboard.press_and_load("Enter").status == 200
            # The verdict has the focus as the answered page loads; the next step is one Tab away.
            verdict = ui["wrong"] if number in WRONG_QUESTIONS else ui["right"]
            # (The browser applies autofocus at its next rendering, which a busy machine may delay: waited for.)
            expect(page.locator("#verdict")).to_be_focused()
            assert page.evaluate("document.activeElement.textContent.trim()") == verdict
            keyboard.tab()
            link = ui["see results"] if number == QUESTIONS else ui["next"]
            assert is_focused(page.get_by_role("link", name=link, exact=True)), f"question {number}"
            keyboard.press_and_load("Enter")
        assert page.url == f"{live_server.url}/en/quizzes/{QUIZ}/results/"
        assert page.locator(".score-value").inner_text() == f"{QUESTIONS - len(WRONG_QUESTIONS)}/{QUESTIONS}"
    finally:
        page.context.close()
    assert keyboard.unseen_focus == [], "Focus not drawn:\n" + "\n".join(keyboard.unseen_focus)
