"""An exam (issue 22) taken in a real browser, as the issue's "Done when" says: questions 3, 1 and 8 answered in
that order, answer 1 changed, question 5 flagged for review; the overview says so exactly; the confirmation counts
the 5 questions left unanswered; the results score the final answers (2/8).

With the keyboard alone (Tab, Space, the arrow keys, Enter) on a 320 px phone, as a guest, in English: axe-core
finds nothing, in the light and the dark colour scheme, on a question page (before and after answering), the
overview, the confirmation and the results; no page scrolls sideways; the timed exam's clock counts down, is
announced at its first threshold, sends the answer on screen when the time is up, and stays on screen, covered by
nothing, as the page scrolls; nothing covers what the focus reaches (WCAG 2.4.11). Without JavaScript, in French:
the same exam by plain form posts, the clock saying when the time ends as a time."""

import re
from dataclasses import dataclass, field

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from quizzes.models import Attempt
from quizzes.modes import QuizMode
from tests.e2e.support import NARROWEST, VIEWPORTS, focus_obscured, narrow_page_findings, new_page, screenshot, submit
from tests.factories import make_quiz

pytestmark = pytest.mark.django_db(transaction=True)
MAX_TABS = 40
QUESTIONS = 8
TIME_LIMIT = 30  # minutes
TEXT = {
    "en": {
        "start": "Start the exam",
        "next": "Next",
        "previous": "Previous",
        "overview": "Overview",
        "last next": "Next: overview",
        "flag": "Flag for review",
        "saved": "Your answer is saved. You can change it until you submit the exam.",
        "not answered": "Not answered",
        "question": "Question {number}",
        "answered": "Answered",
        "flagged": "Flagged for review",
        "answered count": "3 of 8 questions answered.",
        "submit": "Submit the exam",
        "unanswered count": "5 questions are not answered: they will score zero.",
        "right": "Right",
        "wrong": "Wrong",
        "ten minutes": "10 minutes left.",
    },
    "fr": {
        "start": "Commencer l’examen",
        "next": "Suivante",
        "previous": "Précédente",
        "overview": "Vue d’ensemble",
        "last next": "Suivant\u00a0: vue d’ensemble",
        "flag": "Marquer pour y revenir",
        "saved": "Votre réponse est enregistrée. Vous pouvez la modifier jusqu’à ce que vous rendiez l’examen.",
        "not answered": "Sans réponse",
        "question": "Question {number}",
        "answered": "Réponse donnée",
        "flagged": "Marquée pour y revenir",
        "answered count": "Vous avez répondu à 3 questions sur 8.",
        "submit": "Rendre l’examen",
        "unanswered count": "5 questions n’ont pas de réponse\u00a0: elles ne rapporteront aucun point.",
        "right": "Exacte",
        "wrong": "Erronée",
        "ends at": "Fin de l’examen\u00a0: {time}",
    },
}
# Choice 1 of each question is right (make_quiz): 3 right, 1 wrong then right, 8 wrong.
FINAL_VERDICTS = ["right", "not answered", "right"] + ["not answered"] * 4 + ["wrong"]
# What would give an answer away before submitting (the practice pages' markers of a verdict).
REVEALING = "#verdict, .feedback, .is-correct, .is-wrong, .explanation, .tag"


@dataclass
class Learner:
    """A learner on ``page`` who moves with the keyboard alone (``keyboard``) or with the mouse, JavaScript off."""

    page: object
    keyboard: bool
    text: dict
    # What the focus reached covered by other content (WCAG 2.4.11), as support.focus_obscured says it.
    obscured: list = field(default_factory=list)

    def focus(self, locator) -> None:
        """Press Tab until ``locator``'s element has the focus; AssertionError after MAX_TABS presses."""
        for _ in range(MAX_TABS):
            self.page.keyboard.press("Tab")
            if locator.evaluate("element => element === document.activeElement"):
                self.obscured.extend(filter(None, [focus_obscured(self.page)]))
                return
        raise AssertionError(f"{MAX_TABS} Tab presses did not reach {locator}")

    def press(self, role: str, name: str) -> None:
        """Follow the link or press the button ``name`` (Tab to it, then Enter), and wait for the page it leads to."""
        locator = self.page.get_by_role(role, name=name, exact=True)
        if not self.keyboard:
            submit(self.page, locator)
            return
        self.focus(locator)
        with self.page.expect_navigation():
            self.page.keyboard.press("Enter")

    def choose(self, position: int) -> None:
        """Pick choice ``position`` (1-based, the order shown) of the question on screen: Tab to the radio group
        (the checked radio, else the first), then the arrow keys, or Space on the first."""
        radios = self.page.get_by_role("radio")
        if not self.keyboard:
            radios.nth(position - 1).check()
            return
        checked = [index for index in range(radios.count()) if radios.nth(index).is_checked()]
        at = checked[0] if checked else 0
        self.focus(radios.nth(at))
        if position - 1 == at and not checked:
            self.page.keyboard.press("Space")
        for _ in range(abs(position - 1 - at)):
            self.page.keyboard.press("ArrowDown" if position - 1 > at else "ArrowUp")
        assert radios.nth(position - 1).is_checked()

    def flag(self) -> None:
        box = self.page.get_by_role("checkbox", name=self.text["flag"], exact=True)
        if self.keyboard:
            self.focus(box)
            self.page.keyboard.press("Space")
        else:
            box.check()
        assert box.is_checked()

    def to_question(self, number: int) -> None:
        """From a question page, by its Overview button and the overview's link to question ``number``."""
        self.press("button", self.text["overview"])
        self.press("link", self.text["question"].format(number=number))


def overview_rows(page) -> list[list[str]]:
    """Each row of the overview: the link's words, the status's and the flag's."""
    return [
        [text.strip() for text in item.locator(".exam-overview-link, .exam-status, .exam-flag").all_inner_texts()]
        for item in page.locator(".exam-overview-item").all()
    ]


def take_the_exam(learner: Learner, quiz_url: str, check=lambda where: None, clock_sends_last: bool = False) -> None:
    """The issue's scenario, from the quiz page to the results; ``check(where)`` runs on each page it names: "question
    unanswered", "question answered", "overview", "confirmation", "results". Asserts what each page says.

    ``clock_sends_last``: question 8's answer is not sent by its button but by the clock's script when the time is
    up (Playwright's clock moved on to the deadline; the server's time is not, so it records the answer)."""
    page, text = learner.page, learner.text
    page.goto(quiz_url)
    learner.press("button", text["start"])
    assert page.url == f"{quiz_url}questions/1/"
    assert page.locator(".exam-answer-status").inner_text() == text["not answered"]
    check("question unanswered")
    learner.to_question(3)
    learner.choose(1)
    learner.press("button", text["next"])
    assert page.url == f"{quiz_url}questions/4/"
    learner.to_question(1)
    learner.choose(2)
    learner.press("button", text["next"])
    learner.press("button", text["previous"])
    assert page.url == f"{quiz_url}questions/1/"
    assert page.get_by_role("radio").nth(1).is_checked()
    assert page.locator(".exam-answer-status").inner_text() == text["saved"]
    assert page.locator(REVEALING).count() == 0
    learner.choose(1)  # the answer changed
    check("question answered")
    learner.to_question(5)
    learner.flag()
    learner.to_question(8)
    learner.choose(3)
    if clock_sends_last:
        with page.expect_navigation():
            page.clock.fast_forward(int(page.locator(".exam-clock").get_attribute("data-seconds-left")) * 1000 + 500)
    else:
        learner.press("button", text["last next"])
    assert page.url == f"{quiz_url}overview/"
    not_answered, flagged = text["not answered"], text["flagged"]
    assert page.locator(".exam-answered-count").inner_text() == text["answered count"]
    assert overview_rows(page) == [
        [text["question"].format(number=number), text["answered"] if number in (1, 3, 8) else not_answered]
        + ([flagged] if number == 5 else [])
        for number in range(1, QUESTIONS + 1)
    ]
    check("overview")
    learner.press("link", text["submit"])
    assert page.url == f"{quiz_url}submit/"
    assert page.locator(".exam-unanswered-count").inner_text() == text["unanswered count"]
    assert page.locator(".exam-unanswered a").all_inner_texts() == [
        text["question"].format(number=number) for number in (2, 4, 5, 6, 7)
    ]
    check("confirmation")
    learner.press("button", text["submit"])
    assert page.url == f"{quiz_url}results/"
    assert page.locator(".score-value").inner_text() == "2/8"
    assert page.locator(".results .result-verdict").all_inner_texts() == [text[verdict] for verdict in FINAL_VERDICTS]
    assert page.locator(".exam-clock").count() == 0
    check("results")


def clock_in_view(page) -> str:
    """Whether the clock is on screen and on top at its centre: "" if so, else what is wrong."""
    return page.evaluate(
        """() => {
        const clock = document.querySelector(".exam-clock");
        const box = clock.getBoundingClientRect();
        if (box.top < 0 || box.bottom > window.innerHeight) return `off screen (${box.top}..${box.bottom})`;
        const found = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return clock.contains(found) ? "" : `covered by ${found ? found.outerHTML.slice(0, 80) : "nothing"}`;
    }"""
    )


def test_an_exam_with_the_keyboard_alone_at_320px_passes_axe_and_keeps_its_clock_in_view(browser, live_server):
    quiz = make_quiz(slug="exam", questions=QUESTIONS, mode=QuizMode.EXAM, time_limit=TIME_LIMIT)
    page = new_page(browser, "en", NARROWEST)
    page.clock.install()
    problems = []

    def check(where: str) -> None:
        problems.extend(narrow_page_findings(page, where))
        screenshot(page, "exam", where.replace(" ", "-"), "en", NARROWEST[0])
        if where == "question unanswered":
            clock_checks(page)
        if where != "results":
            problems.extend(clock_covered(page, where))

    learner = Learner(page, keyboard=True, text=TEXT["en"])
    try:
        take_the_exam(learner, f"{live_server.url}/en/quizzes/{quiz.slug}/", check, clock_sends_last=True)
    finally:
        page.context.close()
    assert problems + [f"focus obscured: {line}" for line in learner.obscured] == []


def clock_checks(page) -> None:
    """The clock of a question page just started (a 30-minute exam) with JavaScript: the deadline as a time and the
    countdown, hidden from screen readers, which hear "10 minutes left." once that moment comes."""
    # The deadline as a time (its words: the test without JavaScript), the same moment as the attempt's.
    deadline = Attempt.objects.get().deadline
    assert page.locator(".exam-clock-deadline").inner_text().startswith("Time ends at ")
    assert page.locator(".exam-clock time").get_attribute("datetime") == f"{deadline:%Y-%m-%dT%H:%M:%SZ}"
    countdown = page.locator(".exam-clock-countdown")
    expect(countdown).to_be_visible()
    assert countdown.get_attribute("aria-hidden") == "true"
    assert re.fullmatch(r"Time left: (30:00|29:[0-5]\d)", countdown.inner_text()), countdown.inner_text()
    announcer = page.locator(".exam-clock [aria-live=polite]")
    assert announcer.inner_text() == ""
    seconds_left = int(page.locator(".exam-clock").get_attribute("data-seconds-left"))
    page.clock.fast_forward((seconds_left - 600) * 1000)
    expect(announcer).to_have_text(TEXT["en"]["ten minutes"])
    assert re.fullmatch(r"Time left: (10:00|9:[0-5]\d)", countdown.inner_text()), countdown.inner_text()


def clock_covered(page, where: str) -> list[str]:
    """Whether the clock of the page is off screen or covered, at the top of the page and scrolled to its end
    (when the page is taller than the screen); [] when it is on screen and on top both times."""
    found = []
    for scrolled in (False, True):
        if scrolled:
            page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
            if page.evaluate("window.scrollY") == 0:
                continue
        if wrong := clock_in_view(page):
            found.append(f"{where}, the clock ({'scrolled' if scrolled else 'top'}): {wrong}")
    page.evaluate("window.scrollTo(0, 0)")
    return found


def test_an_exam_without_javascript_in_french_says_when_its_time_ends(browser, live_server):
    quiz = make_quiz(slug="exam", questions=QUESTIONS, mode=QuizMode.EXAM, time_limit=TIME_LIMIT)
    page = new_page(browser, "fr", VIEWPORTS[390], java_script_enabled=False)
    text = TEXT["fr"]

    def check(where: str) -> None:
        if where != "question unanswered":
            return
        deadline = timezone.localtime(Attempt.objects.get().deadline)
        time = f"{deadline:%H:%M}\u00a0UTC"
        if deadline.date() != timezone.localdate():
            time = f"{deadline.day} {FRENCH_MONTHS[deadline.month - 1]} {deadline.year} {time}"
        assert page.locator(".exam-clock-deadline").inner_text() == text["ends at"].format(time=time)
        assert page.locator(".exam-clock time").get_attribute("datetime") == f"{deadline:%Y-%m-%dT%H:%M:%SZ}"
        expect(page.locator(".exam-clock-countdown")).to_be_hidden()

    try:
        take_the_exam(Learner(page, keyboard=False, text=text), f"{live_server.url}/fr/quizzes/{quiz.slug}/", check)
    finally:
        page.context.close()


FRENCH_MONTHS = ("janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre")
FRENCH_MONTHS += ("novembre", "décembre")
