"""Details of issue 11's design that a first trial found wanting, in a real browser: a focused choice is never
hidden under the bar stuck to the bottom (WCAG 2.4.11), buttons keep their contrast while hovered, in light and
dark mode, links that stand alone (and the error summary's, which name their field) are 44 px targets on a phone,
and wrong answers are told from right ones in the progress bar by more than colour."""

import pytest

from tests.e2e.support import QUIZ, UI, VIEWPORTS, answer, axe_wcag_violations, demo_data, new_page, submit

pytestmark = pytest.mark.django_db(transaction=True)

# How much of the focused choice card shows above the action bar, in percent of its height.
FOCUSED_CARD_SHOWN = """() => {
  const card = document.activeElement.closest('.choice-card').getBoundingClientRect();
  const bar = document.querySelector('.action-bar').getBoundingClientRect();
  const shown = Math.max(0, Math.min(card.bottom, bar.top, innerHeight) - Math.max(card.top, 0));
  return Math.round(100 * shown / card.height);
}"""
STANDALONE_LINKS = ".breadcrumb a, .page-link a, .guide-links a, .card h3 a, .guide-progress h2 a, td a"
LINK_HEIGHTS = """selector => [...document.querySelectorAll(selector)]
  .filter(link => link.getBoundingClientRect().height)
  .map(link => [link.textContent.trim().slice(0, 30), Math.round(link.getBoundingClientRect().height)])"""


@pytest.mark.parametrize("viewport", [(640, 400), (320, 568)], ids=["200% zoom", "small phone"])
def test_a_focused_choice_is_never_hidden_under_the_action_bar(browser, live_server, viewport):
    demo_data()
    page = new_page(browser, "tr", viewport)
    try:
        page.goto(f"{live_server.url}/tr/quizzes/{QUIZ}/")
        submit(page, page.get_by_role("button", name=UI["tr"]["start"], exact=True))
        page.get_by_role("radio").first.focus()
        shown = [page.evaluate(FOCUSED_CARD_SHOWN)]
        for _ in range(3):
            page.keyboard.press("ArrowDown")
            shown.append(page.evaluate(FOCUSED_CARD_SHOWN))
    finally:
        page.context.close()
    assert shown == [100, 100, 100, 100]


def contrast_while_hovering(page, locator) -> list[str]:
    """axe-core's color-contrast findings while the pointer is on ``locator``."""
    from axe_playwright_python.sync_playwright import Axe

    locator.hover()
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(Axe().axe_script)
    options = {"runOnly": {"type": "rule", "values": ["color-contrast"]}}
    violations = page.evaluate("options => axe.run(document, options).then(results => results.violations)", options)
    return [" ".join(node["target"]) for violation in violations for node in violation["nodes"]]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_buttons_keep_their_contrast_while_hovered(browser, live_server, scheme):
    questions = demo_data()["en"]
    page = new_page(browser, "en", VIEWPORTS[390], color_scheme=scheme)
    findings = {}
    try:
        page.goto(f"{live_server.url}/en/quizzes/{QUIZ}/")
        start = page.get_by_role("button", name=UI["en"]["start"], exact=True)
        findings["Start"] = contrast_while_hovering(page, start)
        submit(page, start)
        answer(page, "en", questions[1].right)
        next_question = page.locator(".action-bar").get_by_role("link", name=UI["en"]["next"], exact=True)
        findings["Next, right"] = contrast_while_hovering(page, next_question)
        # The right and the wrong segment differ by a pattern, not by colour alone.
        segments = page.locator(".progress-segments .segment")
        assert segments.nth(0).evaluate("s => getComputedStyle(s).backgroundImage") == "none"
        submit(page, next_question)
        answer(page, "en", questions[2].wrong)
        findings["Next, wrong"] = contrast_while_hovering(page, page.locator(".action-bar a"))
        assert "repeating-linear-gradient" in segments.nth(1).evaluate("s => getComputedStyle(s).backgroundImage")
    finally:
        page.context.close()
    assert findings == {"Start": [], "Next, right": [], "Next, wrong": []}


def test_links_that_stand_alone_are_44_px_targets_on_a_phone(browser, live_server):
    questions = demo_data()["fr"]
    page = new_page(browser, "fr", VIEWPORTS[390])
    heights = {}
    try:
        page.goto(f"{live_server.url}/fr/")
        heights["home"] = page.evaluate(LINK_HEIGHTS, STANDALONE_LINKS)
        page.goto(f"{live_server.url}/fr/quizzes/{QUIZ}/")
        submit(page, page.get_by_role("button", name=UI["fr"]["start"], exact=True))
        for number in range(1, len(questions) + 1):
            answer(page, "fr", questions[number].right)
            submit(page, page.locator(".action-bar :is(a, button)").first)
        heights["results"] = page.evaluate(LINK_HEIGHTS, STANDALONE_LINKS)
        page.goto(f"{live_server.url}/fr/quizzes/{QUIZ}/")
        heights["quiz, finished"] = page.evaluate(LINK_HEIGHTS, STANDALONE_LINKS)
    finally:
        page.context.close()
    small = {name: [link for link in links if link[1] < 44] for name, links in heights.items()}
    assert small == {"home": [], "results": [], "quiz, finished": []}
    assert all(heights.values()), heights  # each page had such links to measure


def test_the_error_summary_names_each_field_and_its_links_are_44_px_targets(browser, live_server):
    page = new_page(browser, "fr", (320, 640))
    try:
        page.goto(f"{live_server.url}/fr/accounts/signup/")
        submit(page, page.get_by_role("main").get_by_role("button"))
        links = page.locator(".error-summary a").evaluate_all(
            "all => all.map(link => [link.textContent, link.getBoundingClientRect().height >= 44])"
        )
    finally:
        page.context.close()
    required = "\N{NO-BREAK SPACE}: Ce champ est obligatoire."
    assert links == [
        [f"Nom d’utilisateur{required}", True],
        [f"Mot de passe{required}", True],
        [f"Confirmation du mot de passe{required}", True],
    ]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_csrf_failure_and_405_pages_pass_axe_and_lead_back(browser, live_server, scheme):
    """The CSRF failure: the login form sent after the browser lost its cookies; the 405: a form sent to a page
    that only shows something ("My progress")."""
    page = new_page(browser, "fr", VIEWPORTS[390], color_scheme=scheme)
    try:
        page.goto(f"{live_server.url}/fr/accounts/login/")
        page.context.clear_cookies()
        response = submit(page, page.get_by_role("main").get_by_role("button"))
        csrf = (response.status, page.locator("h1").inner_text(), axe_wcag_violations(page))
        back = page.get_by_role("main").get_by_role("link").get_attribute("href")
        # The login form, with its token, sent to "My progress", which answers GET and HEAD only.
        page.goto(f"{live_server.url}/fr/accounts/login/")
        page.locator("main form").evaluate("form => { form.action = '/fr/progress/'; }")
        response = submit(page, page.get_by_role("main").get_by_role("button"))
        not_allowed = (response.status, page.locator("h1").count(), axe_wcag_violations(page))
    finally:
        page.context.close()
    assert csrf == (403, "Le formulaire n’a pas pu être envoyé", [])
    assert back == "/fr/accounts/login/"
    assert not_allowed == (405, 1, [])
