"""What the design tests (issue 11) share: the demo data, the texts a learner reads in each language, a walk through
every learner page in every state, axe-core's WCAG findings, and the screenshots the run writes.

The pages' markup is the one issue 11's redesign promises (``h1.question-text``, ``.action-bar``, ``#verdict``,
``ol.progress-segments``, ``.error-summary``, ``.score-card``...); the texts are the translation catalogues' own
(locale/*/LC_MESSAGES/django.po), written out here so that a test fails when what a learner reads changes.
"""

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from quizzes.content import DEMO_FILE, quiz_create_from_data, read_quiz_file
from tests.factories import PASSWORD, answer_quiz, make_user

ROOT = Path(__file__).resolve().parents[2]
# Git-ignored (/test-results/): every page in every state, <page>-<state>-<language>-<width>.png.
SCREENSHOTS = ROOT / "test-results" / "screenshots"
# The README's four pictures; rewritten only when README_SCREENSHOTS_ENV is "1" (`make screenshots`).
README_SCREENSHOTS = ROOT / "docs" / "screenshots"
README_SCREENSHOTS_ENV = "QUIZSITE_README_SCREENSHOTS"
README_SCREENSHOT_MAX_BYTES = 120_000
# (page, state) -> the README picture's name, taken in English.
README_STATES = {("quiz", "not-started"): "quiz", ("question", "right"): "question-answered"}

LANGUAGES = ("en", "fr", "tr")
# A phone and a laptop: width -> (width, height).
VIEWPORTS = {390: (390, 844), 1280: (1280, 800)}
NARROWEST = (320, 640)
QUIZ = "data-parallelism"
QUESTIONS = 8
# Issue 11 asks for WCAG 2.2 AA. With these tags axe-core runs every rule its default run has but the
# best-practice ones (and the obsolete duplicate-id rules): axe.getRules() of axe-core 4.12, checked.
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
# The questions the walk answers wrong (the others, right): its score is 7/8.
WRONG_QUESTIONS = {2}

UI = {
    "en": {
        "start": "Start",
        "resume": "Resume",
        "retake": "Retake",
        "check": "Check",
        "right": "Right!",
        "wrong": "Wrong answer.",
        "next": "Next question",
        "see results": "See your results",
        "error": "Error:",
        "progress": "Question {number} of {total}",
        "language": "English",
        "result right": "Right",
        "result wrong": "Wrong",
        "back to guide": "Back to the guide",
        "score": "{score}/{total}",
    },
    "fr": {
        "start": "Commencer",
        "resume": "Reprendre",
        "retake": "Recommencer",
        "check": "Valider",
        "right": "Exact\u00a0!",
        "wrong": "Mauvaise réponse.",
        "next": "Question suivante",
        "see results": "Voir vos résultats",
        "error": "Erreur\u00a0:",
        "progress": "Question {number} de {total}",
        "language": "français",
        "result right": "Exacte",
        "result wrong": "Erronée",
        "back to guide": "Retour au guide",
        "score": "{score}/{total}",
    },
    "tr": {
        "start": "Başla",
        "resume": "Devam et",
        "retake": "Yeniden çöz",
        "check": "Kontrol et",
        "right": "Bildiniz!",
        "wrong": "Bilemediniz.",
        "next": "Sonraki soru",
        "see results": "Sonuçları gör",
        "error": "Hata:",
        "progress": "{total} sorudan {number}. soru",
        "language": "Türkçe",
        "result right": "Bildiniz",
        "result wrong": "Bilemediniz",
        "back to guide": "Rehbere dön",
        "score": "{score}/{total}",
    },
}


@dataclass(frozen=True)
class Pick:
    """A choice of one question as a learner meets it: ``text`` as the page shows it, ``index`` its place (0-based)."""

    text: str
    index: int


@dataclass(frozen=True)
class DemoQuestion:
    """A demo question as the page shows it in one language: its text, its right choice and its first wrong one."""

    text: str
    right: Pick
    wrong: Pick


# Per language, per question position (1-8): the questions of the demo quiz.
Demo = dict[str, dict[int, DemoQuestion]]


def shown(instance, field: str, language: str) -> str:
    """``instance.<field>`` as a page in ``language`` shows it: its translation, or the English text without one."""
    return getattr(instance, f"{field}_{language}") or getattr(instance, f"{field}_en")


def demo_data() -> Demo:
    """Load the demo guide and quiz (as ``manage.py load_demo`` does) and a learner, "learner" (password
    ``tests.factories.PASSWORD``), who finished the quiz once, so that "My progress" has something to show.

    Returns the demo quiz's questions in each language, the English text standing in for a missing translation.
    """
    quiz = quiz_create_from_data(read_quiz_file(DEMO_FILE)).quiz
    answer_quiz(make_user("learner"), quiz, [1] * QUESTIONS)
    demo = {language: {} for language in LANGUAGES}
    for question in quiz.questions.prefetch_related("choices").order_by("position"):
        choices = sorted(question.choices.all(), key=lambda choice: choice.position)
        right = next(index for index, choice in enumerate(choices) if choice.is_correct)
        wrong = next(index for index, choice in enumerate(choices) if not choice.is_correct)
        for language in LANGUAGES:
            demo[language][question.position] = DemoQuestion(
                shown(question, "text", language),
                Pick(shown(choices[right], "text", language), right),
                Pick(shown(choices[wrong], "text", language), wrong),
            )
    return demo


def size(viewport: tuple[int, int]) -> dict[str, int]:
    """``(width, height)`` as Playwright takes it: ``{"width": width, "height": height}``."""
    width, height = viewport
    return {"width": width, "height": height}


def new_page(browser, language: str, viewport: tuple[int, int], **options):
    """A page in a fresh browser context (no cookies) whose browser asks for ``language``; ``options`` go to
    ``browser.new_context`` (``java_script_enabled``, ``color_scheme``). Close it with ``page.context.close()``."""
    context = browser.new_context(viewport=size(viewport), locale=language, **options)
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def admin_page(browser, base_url: str, username: str, language: str, viewport: tuple[int, int] = (1280, 900)):
    """A page (``new_page``) logged in to the admin as ``username`` (password ``PASSWORD``), and the list its
    console errors go to: ``(page, problems)``. Close it with ``page.context.close()``."""
    page = new_page(browser, language, viewport)
    problems = []
    page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    # The browser asks for /favicon.ico on its own; that answer is not the page's.
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))
    page.goto(base_url + "/admin/login/")
    page.locator("#id_username").fill(username)
    page.locator("#id_password").fill(PASSWORD)
    page.locator("input[type=submit]").click()
    page.wait_for_url(f"{base_url}/admin/")
    return page, problems


def submit(page, locator):
    """Click ``locator`` (a submit button or a link) and wait for the page it leads to; returns its Response."""
    with page.expect_navigation() as navigation:
        locator.click()
    return navigation.value


def answer(page, language: str, pick: Pick):
    """On an unanswered question page: pick ``pick`` and press Check; returns the answered page's Response."""
    page.get_by_role("radio", name=pick.text, exact=True).check()
    return submit(page, page.get_by_role("button", name=UI[language]["check"], exact=True))


def walk(page, base_url: str, language: str, questions: dict[int, DemoQuestion]) -> Iterator[tuple[str, str]]:
    """Take ``page`` through every learner page in every state, in ``language``: as a guest the home page, the
    guide, the quiz page (not started), question 1 (unanswered, sent with no choice, answered right), question 2
    (answered wrong), the quiz page (resuming), questions 3-8 (the last answered), the results, the quiz page
    (finished), the 404 page, the login and sign-up pages; then logged in as "learner", "My progress" and the
    account page. Yields ``(page name, state)`` each time the page shows one, e.g. ``("question", "error")``.

    Raises AssertionError when a page answers with an unexpected status.
    """
    ui = UI[language]
    prefix = f"{base_url}/{language}"
    quiz_url = f"{prefix}/quizzes/{QUIZ}/"

    def visit(url: str, status: int = 200) -> None:
        response = page.goto(url)
        assert response.status == status, f"{url}: status {response.status}"

    def answer_question(number: int) -> None:
        question = questions[number]
        response = answer(page, language, question.wrong if number in WRONG_QUESTIONS else question.right)
        assert response.status == 200, f"question {number} ({language}): status {response.status}"

    visit(f"{prefix}/")
    yield "home", "default"
    visit(f"{prefix}/guides/{QUIZ}/")
    yield "guide", "default"
    visit(quiz_url)
    yield "quiz", "not-started"
    submit(page, page.get_by_role("button", name=ui["start"], exact=True))
    yield "question", "unanswered"
    response = submit(page, page.get_by_role("button", name=ui["check"], exact=True))
    assert response.status == 400, f"a question sent with no choice ({language}): status {response.status}"
    yield "question", "error"
    answer_question(1)
    yield "question", "right"
    submit(page, page.get_by_role("link", name=ui["next"], exact=True))
    answer_question(2)
    yield "question", "wrong"
    visit(quiz_url)
    yield "quiz", "resuming"
    submit(page, page.get_by_role("button", name=ui["resume"], exact=True))
    for number in range(3, QUESTIONS + 1):
        answer_question(number)
        if number < QUESTIONS:
            submit(page, page.get_by_role("link", name=ui["next"], exact=True))
    yield "question", "last"
    submit(page, page.get_by_role("link", name=ui["see results"], exact=True))
    yield "results", "default"
    visit(quiz_url)
    yield "quiz", "finished"
    visit(f"{prefix}/no-such-page/", status=404)
    yield "not-found", "default"
    visit(f"{prefix}/accounts/signup/")
    yield "signup", "default"
    visit(f"{prefix}/accounts/login/")
    yield "login", "default"
    page.locator("#id_username").fill("learner")
    page.locator("#id_password").fill(PASSWORD)
    with page.expect_navigation():
        page.locator("#id_password").press("Enter")
    visit(f"{prefix}/progress/")
    yield "progress", "with-data"
    visit(f"{prefix}/account/")
    yield "account", "default"


def axe_wcag_violations(page) -> list[str]:
    """axe-core's WCAG 2.0/2.1/2.2 A and AA findings on the page as shown now, of any impact: one line per rule,
    ``"rule-id (impact): help: selector (what is wrong with it); ..."``, [] when none.

    axe-core is the one inside the axe-playwright-python package (no download at run time), injected once per
    document: a page looked at several times (two widths, dark mode) runs it again without injecting it again.
    """
    from axe_playwright_python.sync_playwright import Axe

    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(Axe().axe_script)
    options = {"runOnly": {"type": "tag", "values": WCAG_TAGS}, "resultTypes": ["violations"]}
    violations = page.evaluate("options => axe.run(document, options).then(results => results.violations)", options)
    return [
        f"{violation['id']} ({violation['impact']}): {violation['help']}: "
        + "; ".join(f"{' '.join(node['target'])} ({axe_node_message(node)})" for node in violation["nodes"])
        for violation in violations
    ]


def axe_node_message(node: dict) -> str:
    """What axe-core says about one element it faults, e.g. "Element has insufficient color contrast of 3.1
    (foreground color: #5b6575, background color: #e9edf3, ...)"; its first check's message."""
    checks = node["any"] + node["all"] + node["none"]
    return checks[0]["message"] if checks else ""


def screenshot(page, name: str, state: str, language: str, width: int) -> None:
    """Write the whole page as shown now to test-results/screenshots/<name>-<state>-<language>-<width>.png; and
    the README's pictures (README_STATES, in English) to docs/screenshots/ when QUIZSITE_README_SCREENSHOTS=1:
    JPEG, the viewport only (a desktop one is its top 800 px), at most README_SCREENSHOT_MAX_BYTES each.

    Raises AssertionError when a README picture is larger than that.
    """
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"{name}-{state}-{language}-{width}.png", full_page=True)
    readme_name = README_STATES.get((name, state))
    if readme_name and language == "en" and os.environ.get(README_SCREENSHOTS_ENV) == "1":
        README_SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = README_SCREENSHOTS / f"{readme_name}-{'phone' if width < 600 else 'desktop'}.jpg"
        page.screenshot(path=path, type="jpeg", quality=70)
        size = path.stat().st_size
        assert size <= README_SCREENSHOT_MAX_BYTES, f"{path.name}: {size} bytes"


def narrow_page_findings(page, where: str) -> list[str]:
    """What is wrong with the page as shown now on a phone of NARROWEST's width: axe-core's WCAG findings
    (``axe_wcag_violations``) in the light and the dark colour scheme, and a page wider than the screen; one
    ``"<where> (<scheme>): ..."`` line each, [] when nothing is."""
    found = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        found += [f"{where} ({scheme}): {line}" for line in axe_wcag_violations(page)]
    page.emulate_media(color_scheme="light")
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > NARROWEST[0]:
        found.append(f"{where}: {width} px wide, it scrolls sideways")
    return found


def focus_obscured(page) -> str:
    """Whether other content covers the centre of the element that has the focus (WCAG 2.4.11, Focus Not Obscured:
    a sticky bar over what Tab reached): "" when not, else "<address>: <element> under <what covers it>" (the
    markup's first 60 characters). A check box or radio button covered by its own label is not obscured."""
    return page.evaluate(
        """() => {
        const focused = document.activeElement;
        const box = focused.getBoundingClientRect();
        const found = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        const labels = [...(focused.labels || [])];
        if (found && (focused.contains(found) || labels.some(label => label.contains(found)))) return "";
        const cover = found ? found.outerHTML.slice(0, 60) : "nothing";
        return `${location.pathname}: ${focused.outerHTML.slice(0, 60)} under ${cover}`;
    }"""
    )
