"""One thumb on a 390 px phone, in a real browser (issue 11): on every question, the Check button, then the verdict
and the way on, show without scrolling; every target a thumb aims at in the header, the choices, the action bar
and the results is at least 44 px tall and wide."""

import pytest

from tests.e2e.support import (
    LANGUAGES,
    QUESTIONS,
    QUIZ,
    UI,
    VIEWPORTS,
    WRONG_QUESTIONS,
    answer,
    demo_data,
    new_page,
    submit,
)

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = VIEWPORTS[390]
MIN_TARGET = 44
HEADER = "header.site-header :is(a, button, summary)"
CHOICES = "form.answer-form fieldset label"
ACTION_BAR = ".action-bar :is(a, button)"
RESULTS_ACTIONS = ".score-card .actions :is(a, button), ol.results summary"
# Each shown element ``selector`` finds that is smaller than ``minimum`` px either way, with its size.
SMALL_TARGETS = """([selector, minimum]) => [...document.querySelectorAll(selector)].flatMap(element => {
  const box = element.getBoundingClientRect();
  if (!box.width || !box.height || getComputedStyle(element).visibility === 'hidden') return [];
  if (box.width >= minimum && box.height >= minimum) return [];
  const name = element.textContent.trim().replace(/\\s+/g, ' ').slice(0, 40);
  return [`${element.tagName.toLowerCase()} "${name}": ${Math.round(box.width)}×${Math.round(box.height)} px`];
})"""


def outside_viewport(page, locator, name: str) -> list[str]:
    """[] when the element ``locator`` finds lies wholly within the viewport as the page is scrolled now;
    else one sentence saying where it is."""
    if not locator.count():
        return [f"{name}: missing"]
    box = locator.first.bounding_box()
    width, height = PHONE
    if (
        box
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= width
        and box["y"] + box["height"] <= height
    ):
        return []
    return [f"{name}: at {box}, outside the {width}×{height} viewport"]


def small_targets(page, selector: str) -> list[str]:
    """The shown elements ``selector`` finds that are smaller than MIN_TARGET either way, with their size."""
    return page.evaluate(SMALL_TARGETS, [selector, MIN_TARGET])


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_learner_answers_every_question_with_one_thumb_without_scrolling(browser, live_server, language):
    questions = demo_data()[language]
    ui = UI[language]
    page = new_page(browser, language, PHONE)
    out_of_reach, small = [], []
    try:
        page.goto(f"{live_server.url}/{language}/quizzes/{QUIZ}/")
        small += small_targets(page, HEADER)
        submit(page, page.get_by_role("button", name=ui["start"], exact=True))
        small += small_targets(page, f"{HEADER}, {CHOICES}, {ACTION_BAR}")
        for number in range(1, QUESTIONS + 1):
            question = questions[number]
            pick = question.wrong if number in WRONG_QUESTIONS else question.right
            page.get_by_role("radio", name=pick.text, exact=True).check()
            page.evaluate("window.scrollTo(0, 0)")
            check = page.get_by_role("button", name=ui["check"], exact=True)
            out_of_reach += [f"question {number}, {text}" for text in outside_viewport(page, check, ui["check"])]
            answer(page, language, pick)
            link = ui["see results"] if number == QUESTIONS else ui["next"]
            for locator, name in (
                (page.locator("#verdict"), "the verdict"),
                (page.get_by_role("link", name=link), link),
            ):
                out_of_reach += [
                    f"question {number}, answered: {text}" for text in outside_viewport(page, locator, name)
                ]
            if number == 1:
                small += small_targets(page, ACTION_BAR)
            submit(page, page.locator(".action-bar").get_by_role("link", name=link, exact=True))
        small += small_targets(page, RESULTS_ACTIONS)
        page.locator("details.language-menu > summary").click()
        small += small_targets(page, HEADER)
    finally:
        page.context.close()
    problems = out_of_reach + [f"smaller than {MIN_TARGET} px: {target}" for target in sorted(set(small))]
    assert problems == [], f"{language}, 390×844:\n" + "\n".join(problems)
