"""With JavaScript off, in a real browser, a learner switches language with the header's menu (a <details>) and
takes the whole demo quiz to its results, which print with every explanation (issue 11)."""

import pytest

from tests.e2e.support import QUESTIONS, QUIZ, UI, VIEWPORTS, WRONG_QUESTIONS, answer, demo_data, new_page, submit

pytestmark = pytest.mark.django_db(transaction=True)


def switch_language(page, language: str) -> None:
    """Open the header's language menu and pick ``language`` (by the name the menu gives it)."""
    menu = page.locator("header.site-header details.language-menu")
    menu.locator("summary").click()
    assert menu.get_attribute("open") is not None
    submit(page, menu.get_by_role("button", name=UI[language]["language"], exact=True))


def test_without_javascript_a_learner_switches_language_and_takes_the_whole_quiz(browser, live_server):
    demo = demo_data()
    page = new_page(browser, "en", VIEWPORTS[390], java_script_enabled=False)
    try:
        page.goto(f"{live_server.url}/en/quizzes/{QUIZ}/")
        switch_language(page, "fr")
        assert page.url == f"{live_server.url}/fr/quizzes/{QUIZ}/"
        assert page.locator("h1").inner_text() == "Quiz sur le parallélisme des données"
        submit(page, page.get_by_role("button", name=UI["fr"]["start"], exact=True))
        language = "fr"
        for number in range(1, QUESTIONS + 1):
            if number == 4:
                # Half way, Turkish: the same question, its page in Turkish.
                switch_language(page, "tr")
                language = "tr"
                assert page.url == f"{live_server.url}/tr/quizzes/{QUIZ}/questions/4/"
            ui = UI[language]
            assert page.locator(".progress-label").inner_text() == ui["progress"].format(number=number, total=QUESTIONS)
            if number == 1:
                # Sent with no choice: the form again, its error summary first.
                assert submit(page, page.get_by_role("button", name=ui["check"], exact=True)).status == 400
                assert page.locator(".error-summary a").get_attribute("href") == "#id_choice_0"
            question = demo[language][number]
            wrong = number in WRONG_QUESTIONS
            assert answer(page, language, question.wrong if wrong else question.right).status == 200
            assert page.locator("#verdict").inner_text() == (ui["wrong"] if wrong else ui["right"])
            link = ui["see results"] if number == QUESTIONS else ui["next"]
            submit(page, page.locator(".action-bar").get_by_role("link", name=link, exact=True))
        assert page.url == f"{live_server.url}/tr/quizzes/{QUIZ}/results/"
        assert page.locator(".score-value").inner_text() == f"{QUESTIONS - len(WRONG_QUESTIONS)}/{QUESTIONS}"
        # A result opens to its answer without a script: question 2's shows the correct answer.
        result = page.locator("ol.results details.result").nth(1)
        result.locator("summary").click()
        assert result.get_attribute("open") is not None
        assert demo["tr"][2].right.text in result.inner_text()
        # Printed, every result shows its answer and explanation, open or not, without the header or the buttons.
        page.emulate_media(media="print")
        assert (
            page.locator(".result-body").evaluate_all("all => all.map(body => body.checkVisibility())")
            == [True] * QUESTIONS
        )
        assert page.locator("header.site-header").is_visible() is False
        assert page.locator(".score-card .actions").is_visible() is False
    finally:
        page.context.close()
