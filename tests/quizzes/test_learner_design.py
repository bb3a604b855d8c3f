"""What the learner pages' design says without a browser: one h1 in every state, the verdict first in the title,
the progress bar's segments, the results' score card (score, percentage, message, Retake, Back to the guide).

The browser tests (tests/e2e) check the same pages for focus, layout and axe-core."""

import pytest
from django.test import Client

from quizzes.models import Question
from quizzes.progress import learner_progress
from tests.factories import answer_quiz, make_guide, make_quiz, make_user
from tests.pages import attribute, elements, find, has_class, own_text, url

pytestmark = pytest.mark.django_db

NBSP = "\N{NO-BREAK SPACE}"


def question_url(quiz, number: int, language: str = "en") -> str:
    return url("quizzes:question", language, slug=quiz.slug, number=number)


def pick(client: Client, quiz, number: int, position: int, language: str = "en"):
    """Answer question ``number`` with the choice at ``position``."""
    choice = quiz.questions.get(position=number).choices.get(position=position)
    return client.post(question_url(quiz, number, language), {"choice": choice.pk})


def headings_1(page: bytes) -> list[str]:
    """The text of every <h1> of the page."""
    return [own_text(node) for node in elements(page, "h1")]


def title(page: bytes) -> str:
    (node,) = elements(page, "title")
    return own_text(node)


def test_every_learner_page_has_one_h1_in_every_state(client, learner):
    quiz = make_quiz(questions=2, correct=1)
    make_guide().quizzes.add(quiz)
    pages = {"home": url("home"), "guide": url("guides:detail", slug="guide"), "not started": quiz.get_absolute_url()}
    pages.update({"login": url("login"), "sign-up": url("signup"), "missing": "/en/no-such-page/"})
    client.post(url("quizzes:start", slug=quiz.slug))
    pages["unanswered"] = question_url(quiz, 1)
    found = {name: headings_1(client.get(address).content) for name, address in pages.items()}
    found["no choice sent"] = headings_1(client.post(question_url(quiz, 1), {}).content)
    pick(client, quiz, 1, 1)
    found["answered"] = headings_1(client.get(question_url(quiz, 1)).content)
    found["resuming"] = headings_1(client.get(quiz.get_absolute_url()).content)
    pick(client, quiz, 2, 2)
    found["results"] = headings_1(client.get(url("quizzes:results", slug=quiz.slug)).content)
    found["finished"] = headings_1(client.get(quiz.get_absolute_url()).content)
    client.force_login(learner)
    for name in ("progress", "account"):
        found[name] = headings_1(client.get(url(name)).content)
    assert found == {
        "home": ["Learn with guides, check yourself with quizzes"],
        "guide": ["A guide"],
        "not started": ["A quiz"],
        "login": ["Log in"],
        "sign-up": ["Sign up"],
        "missing": ["Page not found"],
        "unanswered": ["Question 1"],
        "no choice sent": ["Question 1"],
        "answered": ["Question 1"],
        "resuming": ["A quiz"],
        "results": ["Your results"],
        "finished": ["A quiz"],
        "progress": ["My progress"],
        "account": ["Your account"],
    }


def test_the_unanswered_question_is_the_h1_inside_the_legend_of_its_choices(client):
    quiz = make_quiz(questions=2)
    client.post(url("quizzes:start", slug=quiz.slug))
    page = client.get(question_url(quiz, 1)).content
    (fieldset,) = elements(page, "fieldset")
    assert attribute(fieldset, "id") == "id_choice"
    (legend,) = elements(fieldset, "legend")
    assert [own_text(node) for node in elements(legend, "h1")] == ["Question 1"]
    assert len(find(fieldset, lambda node: attribute(node, "type") == "radio")) == 4


@pytest.mark.parametrize(
    ("language", "right", "wrong"),
    [
        ("en", "Right! · Question 1 of 2 · A quiz · Quizsite", "Wrong answer. · Question 2 of 2 · A quiz · Quizsite"),
        (
            "fr",
            f"Exact{NBSP}! · Question 1 de 2 · A quiz · Quizsite",
            "Mauvaise réponse. · Question 2 de 2 · A quiz · Quizsite",
        ),
        (
            "tr",
            "Bildiniz! · 2 sorudan 1. soru · A quiz · Quizsite",
            "Bilemediniz. · 2 sorudan 2. soru · A quiz · Quizsite",
        ),
    ],
)
def test_an_answered_question_title_starts_with_the_verdict(client, language, right, wrong):
    quiz = make_quiz(questions=2, correct=1)
    client.post(url("quizzes:start", language, slug=quiz.slug))
    pick(client, quiz, 1, 1, language)
    pick(client, quiz, 2, 3, language)
    assert title(client.get(question_url(quiz, 1, language)).content) == right
    assert title(client.get(question_url(quiz, 2, language)).content) == wrong
    # The verdict takes the focus as the page loads, and the explanation describes it.
    page = client.get(question_url(quiz, 2, language)).content
    (verdict,) = find(page, lambda node: attribute(node, "id") == "verdict")
    assert (attribute(verdict, "tabindex"), attribute(verdict, "aria-describedby")) == ("-1", "explanation-text")
    assert "autofocus" in dict(verdict.attributes)


@pytest.mark.parametrize(
    ("language", "expected"),
    [("en", "Error: Question 1 of 2 · A quiz · Quizsite"), ("tr", "Hata: 2 sorudan 1. soru · A quiz · Quizsite")],
)
def test_an_answer_sent_without_a_choice_says_error_in_the_title_and_links_the_summary_to_the_choices(
    client, language, expected
):
    quiz = make_quiz(questions=2)
    client.post(url("quizzes:start", language, slug=quiz.slug))
    response = client.post(question_url(quiz, 1, language), {})
    assert response.status_code == 400
    assert title(response.content) == expected
    (summary,) = find(response.content, has_class("error-summary"))
    assert [attribute(link, "href") for link in elements(summary, "a")] == ["#id_choice_0"]
    (fieldset,) = elements(response.content, "fieldset")
    assert attribute(fieldset, "aria-describedby") == "id_choice_error"
    assert len(find(response.content, lambda node: attribute(node, "id") == "id_choice_error")) == 1


def test_segments_follow_the_learners_order_and_results(learner):
    quiz = make_quiz(questions=4, correct=1)
    answer_quiz(learner, quiz, [1, 2])
    progress = learner_progress(learner=learner, quiz=quiz)
    third = Question.objects.get(quiz=quiz, position=3)
    assert progress.segments(current=third) == ("right", "wrong", "current", "todo")
    assert progress.segments() == ("right", "wrong", "todo", "todo")


def score_card(client: Client, quiz, language: str) -> dict:
    page = client.get(url("quizzes:results", language, slug=quiz.slug)).content
    (card,) = find(page, has_class("score-card"))
    links = [(own_text(link), attribute(link, "href")) for link in elements(card, "a") if has_class("button")(link)]
    return {
        "score": [own_text(node) for node in find(card, has_class("score-value"))],
        "percent": [own_text(node) for node in find(card, has_class("score-percent"))],
        "message": [own_text(node) for node in find(card, has_class("score-message"))],
        "buttons": [own_text(node) for node in elements(card, "button")],
        "links": links,
    }


@pytest.mark.parametrize(
    ("language", "picks", "score", "percent", "message"),
    [
        ("en", [1, 1, 1, 1], "4/4", "100%", "A perfect score. Well done!"),
        ("en", [1, 1, 1, 2], "3/4", "75%", "Good effort. The explanations below cover the ones you missed."),
        (
            "fr",
            [1, 2, 2, 2],
            "1/4",
            f"25{NBSP}%",
            f"Continuez{NBSP}: lisez les explications ci-dessous, puis réessayez.",
        ),
        ("tr", [1, 1, 1, 2], "3/4", "%75", "İyi bir deneme. Aşağıdaki açıklamalar, kaçırdığınız soruları anlatıyor."),
    ],
)
def test_results_open_on_a_score_card(client, language, picks, score, percent, message):
    quiz = make_quiz(questions=4, correct=1)
    make_guide().quizzes.add(quiz)
    learner = make_user()
    answer_quiz(learner, quiz, picks)
    client.force_login(learner)
    card = score_card(client, quiz, language)
    assert (card["score"], card["percent"], card["message"]) == ([score], [percent], [message])


def test_the_score_card_offers_retake_and_back_to_the_guide(client, learner):
    quiz = make_quiz(questions=1)
    make_guide().quizzes.add(quiz)
    answer_quiz(learner, quiz, [1])
    client.force_login(learner)
    card = score_card(client, quiz, "fr")
    assert card["buttons"] == ["Recommencer"]
    assert card["links"] == [("Retour au guide", url("guides:detail", "fr", slug="guide"))]


def test_results_of_a_quiz_in_no_guide_lead_back_to_the_quiz(client, learner):
    quiz = make_quiz(questions=1)
    make_guide(published=False).quizzes.add(quiz)
    answer_quiz(learner, quiz, [1])
    client.force_login(learner)
    card = score_card(client, quiz, "en")
    assert card["buttons"] == ["Retake"]
    assert card["links"] == [("Back to the quiz", quiz.get_absolute_url())]


def test_score_percent_rounds_to_a_whole_number(learner):
    quiz = make_quiz(questions=3, correct=1)
    attempt = answer_quiz(learner, quiz, [1, 2, 2])
    assert attempt.score_percent == 33
    attempt = answer_quiz(learner, make_quiz(slug="other", questions=3), [1, 1, 2])
    assert attempt.score_percent == 67
