"""A partly translated question in a real browser (Turkish): its English choices, explanation and answer carry their
badges (tests/quizzes/test_fallback_markers.py pins the markup), and the pages still pass axe-core and fit 320 px."""

import pytest

from quizzes.models import Choice, Question
from tests.e2e.support import NARROWEST, UI, VIEWPORTS, axe_wcag_violations, new_page, screenshot, size, submit
from tests.factories import make_guide, make_quiz

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_partly_translated_question_and_its_results_pass_axe_and_fit_320px(browser, live_server):
    quiz = make_quiz(questions=1, title_tr="Test", description="About data parallelism")
    Question.objects.filter(quiz=quiz).update(text_tr="Soru 1")
    Choice.objects.filter(question__quiz=quiz, position=1).update(text_tr="S1 seçenek 1")
    make_guide(title="Data parallelism").quizzes.add(quiz)
    ui = UI["tr"]
    page = new_page(browser, "tr", VIEWPORTS[390])
    findings = []

    def look(state: str) -> None:
        for width, viewport in VIEWPORTS.items():
            page.set_viewport_size(size(viewport))
            screenshot(page, "partial", state, "tr", width)
            findings.extend(f"{state}, {width} px: {violation}" for violation in axe_wcag_violations(page))
        page.set_viewport_size(size(NARROWEST))
        if page.evaluate("document.documentElement.scrollWidth") > NARROWEST[0]:
            findings.append(f"{state}: scrolls sideways at 320 px")

    try:
        page.goto(f"{live_server.url}/tr/quizzes/{quiz.slug}/")
        page.get_by_text("1 soruyu göster").click()
        look("quiz")
        submit(page, page.get_by_role("button", name=ui["start"], exact=True))
        assert page.locator(".choice-card .untranslated-marker").count() == 3
        look("question")
        page.get_by_role("radio", name="Q1 choice 2", exact=True).check()
        submit(page, page.get_by_role("button", name=ui["check"], exact=True))
        assert page.locator(".untranslated-marker").count() == 4
        look("answered")
        submit(page, page.get_by_role("link", name=ui["see results"], exact=True))
        page.locator(".result > summary").click()
        assert page.locator(".result-body .untranslated-marker").count() == 2
        look("results")
    finally:
        page.context.close()
    assert findings == []
