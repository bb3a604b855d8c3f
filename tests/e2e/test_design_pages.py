"""Issue 11's proof in a real browser, page by page: on every learner page in every state, in English, French and
Turkish, axe-core finds no WCAG 2.2 A/AA violation at 390 and 1280 px (and in dark mode: every page in English,
the answered questions and the results in French and Turkish too), and the run photographs each; at 320 px no
page scrolls sideways, and each page shows its state as the redesign's markup promises. The walk through the pages
is tests/e2e/support.py's."""

import pytest

from tests.e2e.support import (
    LANGUAGES,
    NARROWEST,
    QUESTIONS,
    UI,
    VIEWPORTS,
    WRONG_QUESTIONS,
    DemoQuestion,
    axe_wcag_violations,
    demo_data,
    new_page,
    screenshot,
    size,
    walk,
)

pytestmark = pytest.mark.django_db(transaction=True)
# Checked again with the browser preferring a dark colour scheme in French and Turkish (in English, every state).
DARK_STATES = {("question", "right"), ("question", "wrong"), ("question", "last"), ("results", "default")}
QUIZ_TITLES = {
    "en": "Data parallelism quiz",
    "fr": "Quiz sur le parallélisme des données",
    "tr": "Veri Paralelliği Testi",
}
LANGUAGE_NAMES = ["English", "français", "Türkçe"]
# The quiz page's one primary action in each of its states.
QUIZ_ACTIONS = {"not-started": "start", "resuming": "resume", "finished": "retake"}
# The question each question state of the walk shows.
QUESTION_NUMBERS = {"unanswered": 1, "error": 1, "right": 1, "wrong": 2, "last": QUESTIONS}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_learner_page_in_every_state_passes_axe_fits_320px_and_shows_its_state(browser, live_server, language):
    """One walk per language (the pages' states follow from one another), each state looked at three ways,
    the viewport resized in between (the layout is CSS's alone): at 390 and 1280 px photographed and checked
    by axe-core (at 390 px in dark mode too: every state in English, DARK_STATES in the others); at 320 px
    measured and its markup read."""
    questions = demo_data()[language]
    page = new_page(browser, language, VIEWPORTS[390])
    findings = {"axe-core": [], "320 px wide": [], "the markup": []}
    try:
        for name, state in walk(page, live_server.url, language, questions):
            where = f"{name}, {state}, {language}"
            if language == "en" or (name, state) in DARK_STATES:
                page.emulate_media(color_scheme="dark")
                screenshot(page, name, f"{state}-dark", language, 390)
                findings["axe-core"] += [f"{where}, 390 px, dark: {v}" for v in axe_wcag_violations(page)]
                page.emulate_media(color_scheme="light")
            for width, viewport in VIEWPORTS.items():
                page.set_viewport_size(size(viewport))
                screenshot(page, name, state, language, width)
                findings["axe-core"] += [f"{where}, {width} px: {v}" for v in axe_wcag_violations(page)]
            page.set_viewport_size(size(NARROWEST))
            scroll_width = page.evaluate("document.documentElement.scrollWidth")
            if scroll_width > NARROWEST[0]:
                findings["320 px wide"].append(f"{where}: {scroll_width} px wide, it scrolls sideways")
            findings["the markup"] += [f"{where}: {p}" for p in state_problems(page, name, state, language, questions)]
            page.set_viewport_size(size(VIEWPORTS[390]))
    finally:
        page.context.close()
    report = "".join(f"\n{kind}:\n" + "\n".join(lines) for kind, lines in findings.items() if lines)
    assert not report, report


def state_problems(page, name: str, state: str, language: str, questions: dict[int, DemoQuestion]) -> list[str]:
    """How the page shown in ``page`` departs from the redesign's markup for ``(name, state)`` (see support.walk):
    one sentence per departure, [] when none."""
    ui = UI[language]
    problems = Problems()
    expect = problems.expect
    expect("h1 elements", page.locator("h1").count(), 1)
    expect("header.site-header", page.locator("header.site-header").count(), 1)
    # At 320 px, the narrowest phone, the header keeps one row (53 px): the brand's mark, the links, the menus.
    expect("the header in one row", page.locator("header.site-header").evaluate("h => h.offsetHeight < 60"), True)
    expect("the language menu's toggle", page.locator("details.language-menu > summary").count(), 1)
    languages = page.locator("details.language-menu button").evaluate_all("all => all.map(b => b.textContent.trim())")
    expect("the language menu's buttons", languages, LANGUAGE_NAMES)
    if name == "quiz":
        expect("h1", text(page.locator("h1")), QUIZ_TITLES[language])
        action = ui[QUIZ_ACTIONS[state]]
        expect(f"{action!r} buttons", page.get_by_role("button", name=action, exact=True).count(), 1)
    elif name == "question":
        problems += question_problems(page, state, language, questions)
    elif name == "results":
        card = page.locator(".score-card")
        expect(".score-card h1", card.locator("h1").count(), 1)
        score = ui["score"].format(score=QUESTIONS - len(WRONG_QUESTIONS), total=QUESTIONS)
        expect(".score-value", text(card.locator(".score-value")), score)
        expect(f"{ui['retake']!r} buttons", card.get_by_role("button", name=ui["retake"], exact=True).count(), 1)
        guide = card.get_by_role("link", name=ui["back to guide"], exact=True)
        expect(f"{ui['back to guide']!r} links", guide.count(), 1)
        if guide.count():
            expect("its address", guide.get_attribute("href"), f"/{language}/guides/data-parallelism/")
        # Each answer folds under a summary: its verdict (a ✓ or ✗ drawn before it) and its question.
        summaries = page.locator("ol.results details.result > summary")
        verdicts = summaries.locator(".result-verdict").all_inner_texts()
        wanted = [ui["result wrong" if n in WRONG_QUESTIONS else "result right"] for n in range(1, QUESTIONS + 1)]
        expect("the results' verdicts", [verdict.strip() for verdict in verdicts], wanted)
        texts = summaries.locator(".question-text").all_inner_texts()
        expect("the results' questions", texts, [questions[number].text for number in range(1, QUESTIONS + 1)])
    return problems


def question_problems(page, state: str, language: str, questions: dict[int, DemoQuestion]) -> list[str]:
    """How a question page in ``state`` ("unanswered", "error", "right", "wrong", "last") departs from the
    redesign's markup: the question as the h1, the progress, the action bar, the error summary, the verdict."""
    ui = UI[language]
    number = QUESTION_NUMBERS[state]
    question = questions[number]
    problems = Problems()
    expect = problems.expect

    expect("h1.question-text", text(page.locator("h1.question-text")), question.text)
    expect(".progress-label", text(page.locator(".progress-label")), ui["progress"].format(number=number, total=8))
    # Each segment's state: is-right or is-wrong once answered, else is-current or is-todo.
    segments = page.locator("ol.progress-segments > li.segment").evaluate_all(
        "all => all.map(s => ['is-right', 'is-wrong', 'is-current', 'is-todo'].find(c => s.classList.contains(c)))"
    )
    answered = state not in ("unanswered", "error")
    wanted = []
    for position in range(1, QUESTIONS + 1):
        if position < number or (position == number and answered):
            wanted.append("is-wrong" if position in WRONG_QUESTIONS else "is-right")
        else:
            wanted.append("is-current" if position == number else "is-todo")
    expect("the progress segments", segments, wanted)
    focused = page.evaluate("[document.activeElement.id, document.activeElement.className]")
    if not answered:
        legend = page.locator("form.answer-form fieldset#id_choice > legend > h1.question-text")
        expect("the question in the fieldset's legend", legend.count(), 1)
        for pick in (question.right, question.wrong):
            expect(f"radios named {pick.text!r}", page.get_by_role("radio", name=pick.text, exact=True).count(), 1)
        check = page.locator(".action-bar").get_by_role("button", name=ui["check"], exact=True)
        expect(f"{ui['check']!r} buttons in the action bar", check.count(), 1)
    if state == "error":
        summary = page.locator(".error-summary[role=alert]")
        expect(".error-summary[role=alert]", summary.count(), 1)
        expect("the focused element's class", "error-summary" in focused[1].split(), True)
        expect("the title starts with", page.title()[: len(ui["error"])], ui["error"])
        expect(
            "the error summary's link",
            summary.locator("a").first.get_attribute("href") if summary.locator("a").count() else None,
            "#id_choice_0",
        )
    if answered:
        verdict = ui["wrong"] if number in WRONG_QUESTIONS else ui["right"]
        expect("#verdict.feedback", text(page.locator(".action-bar #verdict.feedback")), verdict)
        expect("the focused element's id", focused[0], "verdict")
        expect("the title starts with", page.title()[: len(verdict)], verdict)
        expect("li.is-correct", page.locator("ul.choice-list.answered > li.is-correct").count(), 1)
        expect(
            "li.is-wrong", page.locator("ul.choice-list.answered > li.is-wrong").count(), int(number in WRONG_QUESTIONS)
        )
        expect(".explanation", page.locator(".explanation").count(), 1)
        link = ui["see results"] if number == QUESTIONS else ui["next"]
        expect(f"{link!r} links", page.locator(".action-bar").get_by_role("link", name=link, exact=True).count(), 1)
    return problems


class Problems(list):
    """Sentences saying how a page departs from what was wanted."""

    def expect(self, what: str, found, wanted) -> None:
        """Add ``"<what>: <found>, not <wanted>"`` when ``found != wanted``."""
        if found != wanted:
            self.append(f"{what}: {found!r}, not {wanted!r}")


def text(locator) -> str | None:
    """The text the first element ``locator`` finds shows, None (at once, without waiting) when there is none."""
    return locator.first.inner_text() if locator.count() else None
