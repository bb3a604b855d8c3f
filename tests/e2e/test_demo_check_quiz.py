"""The second demo quiz ("Data parallelism: check your understanding", issue 21), taken to the end in a real browser
in French and in Turkish: its multiple-answer questions with check boxes, its true-or-false questions in the site's
words, its shuffled choices with "None of the above" pinned last, and its pass mark on the results."""

import json

import pytest
from django.core.management import call_command

from quizzes.content import DEMO_FILES
from tests.e2e.support import VIEWPORTS, axe_wcag_violations, new_page, submit

pytestmark = pytest.mark.django_db(transaction=True)

SLUG = "data-parallelism-check"
TEXT = {
    "fr": {
        "start": "Commencer",
        "check": "Valider",
        "next": "Question suivante",
        "results": "Voir vos résultats",
        "right": "Exact\u00a0!",
        "wrong": "Mauvaise réponse.",
        "true false": ["Vrai", "Faux"],
        "none of the above": "Aucune de ces réponses",
        "progress": "Question {number} de 6",
        "passed": "Réussi",
        "not passed": "Non réussi",
    },
    "tr": {
        "start": "Başla",
        "check": "Kontrol et",
        "next": "Sonraki soru",
        "results": "Sonuçları gör",
        "right": "Bildiniz!",
        "wrong": "Bilemediniz.",
        "true false": ["Doğru", "Yanlış"],
        "none of the above": "Hiçbiri",
        "progress": "6 sorudan {number}. soru",
        "passed": "Geçtiniz",
        "not passed": "Geçemediniz",
    },
}


def demo_questions(language: str) -> dict[str, dict]:
    """The second demo quiz's questions from its file, by their text in ``language``: their kind, the texts of
    their right choices (a true-or-false question's: the site's word for its answer) and of their wrong ones."""
    data = json.loads(DEMO_FILES[1].read_text(encoding="utf-8"))
    words = TEXT[language]["true false"]
    questions = {}
    for question in data["quiz"]["questions"]:
        if question["kind"] == "true_false":
            right, wrong = ([words[0]], [words[1]]) if question["answer"] else ([words[1]], [words[0]])
        else:
            right = [choice["text"][language] for choice in question["choices"] if choice["is_correct"]]
            wrong = [choice["text"][language] for choice in question["choices"] if not choice["is_correct"]]
        questions[question["text"][language]] = {"kind": question["kind"], "right": right, "wrong": wrong}
    return questions


@pytest.mark.parametrize(("language", "wrong_answers"), [("fr", 0), ("tr", 2)])
def test_the_second_demo_quiz_is_taken_to_the_end(browser, live_server, language, wrong_answers):
    """French: every answer right, 6/6, passed. Turkish: the first two answered wrong, 4/6 = 67% under the pass mark
    of 70%, not passed."""
    call_command("load_demo", verbosity=0)
    text, questions = TEXT[language], demo_questions(language)
    page = new_page(browser, language, VIEWPORTS[390])
    problems = []
    try:
        page.goto(f"{live_server.url}/{language}/quizzes/{SLUG}/")
        submit(page, page.get_by_role("button", name=text["start"], exact=True))
        for number in range(1, 7):
            assert page.locator(".progress-label").inner_text() == text["progress"].format(number=number)
            heading = page.locator("h1.question-text").inner_text().strip()
            question = questions[heading]
            shown = [item.strip() for item in page.locator(".choice-card .choice-text").all_inner_texts()]
            answer_right = number > wrong_answers
            if question["kind"] == "multiple":
                assert page.get_by_role("checkbox").count() == len(shown)
                if text["none of the above"] in shown:
                    assert shown[-1] == text["none of the above"]
                picks = question["right"] if answer_right else question["right"][:1] + question["wrong"][:1]
                for pick in picks:
                    page.get_by_role("checkbox", name=pick, exact=True).check()
            else:
                if question["kind"] == "true_false":
                    assert shown == text["true false"]
                pick = question["right"][0] if answer_right else question["wrong"][0]
                page.get_by_role("radio", name=pick, exact=True).check()
            if number == 1:
                problems += axe_wcag_violations(page)
            assert submit(page, page.get_by_role("button", name=text["check"], exact=True)).status == 200
            assert page.locator("#verdict").inner_text() == (text["right"] if answer_right else text["wrong"])
            assert page.locator(".explanation").count() == 1
            link = text["results"] if number == 6 else text["next"]
            submit(page, page.locator(".action-bar").get_by_role("link", name=link, exact=True))
        right = 6 - wrong_answers
        assert page.locator(".score-value").inner_text() == f"{right}/6"
        verdict = text["passed"] if wrong_answers == 0 else text["not passed"]
        assert page.locator(".pass-verdict strong").inner_text().strip() == verdict
        problems += axe_wcag_violations(page)
    finally:
        page.context.close()
    assert problems == []
