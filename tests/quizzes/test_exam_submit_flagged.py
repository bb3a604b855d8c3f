"""The confirmation before an exam is submitted (templates/quizzes/exam_submit.html) names the questions flagged for
review, each a link to its page, so that a learner does not submit forgetting them."""

import pytest

from tests.pages import attribute, find, has_class, own_text, texts_of, url
from tests.quizzes.test_exam_pages import choice_pk, exam_quiz, question_url, save

pytestmark = pytest.mark.django_db


def flagged_links(page: bytes) -> list[tuple[str, str]]:
    """The text and address of each link in the confirmation's list of questions flagged for review."""
    (listing,) = find(page, has_class("exam-flagged"))
    return [(own_text(link), attribute(link, "href")) for link in find(listing, lambda node: node.name == "a")]


def test_the_confirmation_names_the_questions_flagged_for_review(client):
    quiz = exam_quiz(questions=6)
    client.post(url("quizzes:start", slug=quiz.slug))
    save(client, quiz, 3, choice=1, flagged=True)
    save(client, quiz, 5, flagged=True)
    save(client, quiz, 1, choice=2)
    page = client.get(url("quizzes:submit", slug=quiz.slug)).content
    assert texts_of(page, "exam-flagged-count") == ["2 questions are flagged for review:"]
    (listing,) = find(page, has_class("exam-flagged"))
    assert attribute(listing, "aria-label") == "Questions flagged for review"
    assert flagged_links(page) == [("Question 3", question_url(quiz, 3)), ("Question 5", question_url(quiz, 5))]


def test_no_flagged_list_once_the_flags_are_taken_off(client):
    quiz = exam_quiz(questions=2)
    client.post(url("quizzes:start", slug=quiz.slug))
    save(client, quiz, 2, flagged=True)
    save(client, quiz, 2, flagged=False)
    page = client.get(url("quizzes:submit", slug=quiz.slug)).content
    assert (texts_of(page, "exam-flagged-count"), find(page, has_class("exam-flagged"))) == ([], [])


@pytest.mark.parametrize(
    ("language", "count", "link", "label"),
    [
        ("en", "1 question is flagged for review:", "Question 1", "Questions flagged for review"),
        (
            "fr",
            "1 question est marquée pour y revenir\u00a0:",
            "Question 1",
            "Questions marquées pour y revenir",
        ),
        ("tr", "1 soru sonra bakmak için işaretlendi:", "1. soru", "Sonra bakmak için işaretlenen sorular"),
    ],
)
def test_the_flagged_questions_in_each_language(client, language, count, link, label):
    quiz = exam_quiz(questions=2)
    client.post(url("quizzes:start", language, slug=quiz.slug))
    client.post(
        url("quizzes:question", language, slug=quiz.slug, number=1),
        {"choice": choice_pk(quiz, 1, 1), "flagged": "on", "go": "next"},
    )
    page = client.get(url("quizzes:submit", language, slug=quiz.slug)).content
    assert texts_of(page, "exam-flagged-count") == [count]
    assert attribute(find(page, has_class("exam-flagged"))[0], "aria-label") == label
    assert flagged_links(page) == [(link, url("quizzes:question", language, slug=quiz.slug, number=1))]


def test_three_flagged_in_french_and_turkish(client):
    quiz = exam_quiz(questions=3)
    client.post(url("quizzes:start", "fr", slug=quiz.slug))
    for number in (1, 2, 3):
        client.post(url("quizzes:question", "fr", slug=quiz.slug, number=number), {"flagged": "on", "go": "next"})
    french = client.get(url("quizzes:submit", "fr", slug=quiz.slug)).content
    turkish = client.get(url("quizzes:submit", "tr", slug=quiz.slug)).content
    assert texts_of(french, "exam-flagged-count") == ["3 questions sont marquées pour y revenir\u00a0:"]
    assert texts_of(turkish, "exam-flagged-count") == ["3 soru sonra bakmak için işaretlendi:"]
