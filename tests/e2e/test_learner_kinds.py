"""A quiz of every kind (issue 21) taken in a real browser: the multiple-answer question with the keyboard alone and
without JavaScript, its check boxes and "Select all that apply", right only for the exact set and every choice's
verdict in words; the true-or-false question in the site's words; passed or not on the results; axe-core finds
nothing."""

import pytest
from playwright.sync_api import expect

from tests.e2e.support import VIEWPORTS, axe_wcag_violations, new_page, screenshot, submit
from tests.factories import make_kinds_quiz

pytestmark = pytest.mark.django_db(transaction=True)
MAX_TABS = 30
TEXT = {
    "en": {
        "start": "Start",
        "check": "Check",
        "next": "Next question",
        "results": "See your results",
        "right": "Right!",
        "wrong": "Wrong answer.",
        "select all": "Select all that apply.",
        "true false": ["True", "False"],
        "questions": {
            "q1": "Which is a prime number?",
            "q2": "Which are even?",
            "q3": "Zero is an even number.",
        },
        "none of the above": "None of the above",
        "words": {
            (True, True): "Correct answer · You chose it",
            (True, False): "Correct answer · You did not choose it",
            (False, True): "Not to be chosen · You chose it",
            (False, False): "Not to be chosen · You did not choose it",
        },
        "passed": "Passed",
        "not passed": "Not passed",
        "pass mark": "Pass mark: 60%",
    },
    "fr": {
        "start": "Commencer",
        "check": "Valider",
        "next": "Question suivante",
        "results": "Voir vos résultats",
        "right": "Exact\u00a0!",
        "wrong": "Mauvaise réponse.",
        "select all": "Cochez toutes les bonnes réponses.",
        "true false": ["Vrai", "Faux"],
        "questions": {
            "q1": "Lequel est un nombre premier ?",
            "q2": "Lesquels sont pairs ?",
            "q3": "Zéro est un nombre pair.",
        },
        "none of the above": "Aucune de ces réponses",
        "words": {
            (True, True): "Bonne réponse · Vous l’avez cochée",
            (True, False): "Bonne réponse · Vous ne l’avez pas cochée",
            (False, True): "À ne pas cocher · Vous l’avez cochée",
            (False, False): "À ne pas cocher · Vous ne l’avez pas cochée",
        },
        "passed": "Réussi",
        "not passed": "Non réussi",
        "pass mark": "Seuil de réussite\u00a0: 60\u00a0%",
    },
    "tr": {
        "start": "Başla",
        "check": "Kontrol et",
        "next": "Sonraki soru",
        "results": "Sonuçları gör",
        "right": "Bildiniz!",
        "wrong": "Bilemediniz.",
        "select all": "Uygun olanların tümünü seçin.",
        "true false": ["Doğru", "Yanlış"],
        "questions": {"q1": "Hangisi asal sayıdır?", "q2": "Hangileri çifttir?", "q3": "Sıfır bir çift sayıdır."},
        "none of the above": "Hiçbiri",
        "words": {
            (True, True): "Doğru cevap · Seçtiniz",
            (True, False): "Doğru cevap · Seçmediniz",
            (False, True): "Seçilmemeliydi · Seçtiniz",
            (False, False): "Seçilmemeliydi · Seçmediniz",
        },
        "passed": "Geçtiniz",
        "not passed": "Geçemediniz",
        "pass mark": "Geçme notu: %60",
    },
}
EVEN = {"2", "8"}


def which(page, language: str) -> str:
    """The key of the question on screen (q1, q2, q3), by its text."""
    heading = page.locator("h1.question-text").inner_text().strip()
    return next(key for key, text in TEXT[language]["questions"].items() if text == heading)


def shown_texts(page) -> list[str]:
    return [text.strip() for text in page.locator(".choice-card .choice-text").all_inner_texts()]


def axe_light_and_dark(page, where: str) -> list[str]:
    """axe-core's WCAG findings on the page as shown now, in the light and the dark colour scheme."""
    found = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        found += [f"{where} ({scheme}): {line}" for line in axe_wcag_violations(page)]
    page.emulate_media(color_scheme="light")
    return found


def tab_to(page, locator) -> None:
    """Press Tab until ``locator``'s element has the focus; AssertionError after MAX_TABS presses."""
    for _ in range(MAX_TABS):
        page.keyboard.press("Tab")
        if locator.evaluate("element => element === document.activeElement"):
            return
    raise AssertionError(f"{MAX_TABS} Tab presses did not reach {locator}")


def test_a_learner_takes_a_quiz_of_every_kind_with_the_keyboard_and_axe_finds_nothing(browser, live_server):
    make_kinds_quiz()
    text = TEXT["en"]
    page = new_page(browser, "en", VIEWPORTS[390])
    problems = []
    try:
        page.goto(f"{live_server.url}/en/quizzes/kinds/")
        tab_to(page, page.get_by_role("button", name=text["start"], exact=True))
        with page.expect_navigation():
            page.keyboard.press("Enter")
        for number in range(1, 4):
            key = which(page, "en")
            shown = shown_texts(page)
            if key == "q2":
                # Check boxes named by their text, in a group that says "Select all that apply".
                assert page.locator("legend .select-hint").inner_text() == text["select all"]
                assert page.get_by_role("checkbox").count() == 4
                problems += axe_light_and_dark(page, "q2 unanswered")
                screenshot(page, "question", "multiple", "en", 390)
                # Tab goes from box to box; Space ticks the right ones.
                for choice in shown:
                    box = page.get_by_role("checkbox", name=choice, exact=True)
                    tab_to(page, box)
                    if choice in EVEN:
                        page.keyboard.press("Space")
                assert [page.get_by_role("checkbox", name=choice, exact=True).is_checked() for choice in shown] == [
                    choice in EVEN for choice in shown
                ]
            else:
                if key == "q3":
                    assert shown == text["true false"]
                if key == "q1":
                    assert shown[3] == text["none of the above"]  # pinned last
                pick = {"q1": "7", "q3": "True"}[key]
                tab_to(page, page.get_by_role("radio").first)
                for _ in range(shown.index(pick)):
                    page.keyboard.press("ArrowDown")
                if shown.index(pick) == 0:
                    page.keyboard.press("Space")
                assert page.get_by_role("radio", name=pick, exact=True).is_checked()
            tab_to(page, page.get_by_role("button", name=text["check"], exact=True))
            with page.expect_navigation():
                page.keyboard.press("Enter")
            expect(page.locator("#verdict")).to_be_focused()
            assert page.locator("#verdict").inner_text() == text["right"]
            if key == "q2":
                tags = [tag.strip() for tag in page.locator(".choice-card .tag").all_inner_texts()]
                assert tags == [text["words"][choice in EVEN, choice in EVEN] for choice in shown]
                problems += axe_light_and_dark(page, "q2 answered")
                screenshot(page, "question", "multiple-answered", "en", 390)
            page.keyboard.press("Tab")
            link = text["results"] if number == 3 else text["next"]
            expect(page.get_by_role("link", name=link, exact=True)).to_be_focused()
            with page.expect_navigation():
                page.keyboard.press("Enter")
        assert page.locator(".pass-verdict strong").inner_text().strip() == text["passed"]
        assert page.locator(".pass-mark").inner_text() == text["pass mark"]
        page.locator("details.result", has_text=text["questions"]["q2"]).locator("summary").click()
        problems += axe_light_and_dark(page, "results")
        screenshot(page, "results", "kinds", "en", 390)
    finally:
        page.context.close()
    assert problems == []


@pytest.mark.parametrize("language", ["fr", "tr"])
def test_without_javascript_a_multiple_answer_is_right_only_for_the_exact_set(browser, live_server, language):
    """One box too many on the multiple-answer question: wrong, and every choice says why; True/False in the
    page's language; the results say not passed (1/3 < 60%), each choice's words there too."""
    make_kinds_quiz()
    text = TEXT[language]
    page = new_page(browser, language, VIEWPORTS[390], java_script_enabled=False)
    chosen = {"2", "8", "9"}
    try:
        page.goto(f"{live_server.url}/{language}/quizzes/kinds/")
        submit(page, page.get_by_role("button", name=text["start"], exact=True))
        order = []
        for number in range(1, 4):
            key = which(page, language)
            shown = shown_texts(page)
            if key == "q2":
                order = shown
                assert page.locator("legend .select-hint").inner_text() == text["select all"]
                # Sent with no box ticked: asked again, nothing recorded.
                assert submit(page, page.get_by_role("button", name=text["check"], exact=True)).status == 400
                for choice in chosen:
                    page.get_by_role("checkbox", name=choice, exact=True).check()
            elif key == "q3":
                assert shown == text["true false"]
                page.get_by_role("radio", name=text["true false"][0], exact=True).check()
            else:
                page.get_by_role("radio", name="4", exact=True).check()
            assert submit(page, page.get_by_role("button", name=text["check"], exact=True)).status == 200
            verdict = text["right"] if key == "q3" else text["wrong"]
            assert page.locator("#verdict").inner_text() == verdict
            if key == "q2":
                tags = [tag.strip() for tag in page.locator(".choice-card .tag").all_inner_texts()]
                assert tags == [text["words"][choice in EVEN, choice in chosen] for choice in shown]
            link = text["results"] if number == 3 else text["next"]
            submit(page, page.locator(".action-bar").get_by_role("link", name=link, exact=True))
        assert page.locator(".pass-verdict strong").inner_text().strip() == text["not passed"]
        assert page.locator(".pass-mark").inner_text() == text["pass mark"]
        review = page.locator("details.result", has_text=text["questions"]["q2"])
        review.locator("summary").click()
        items = [item.strip() for item in review.locator(".shown-choices .tag").all_inner_texts()]
        assert items == [text["words"][choice in EVEN, choice in chosen] for choice in order]
    finally:
        page.context.close()
