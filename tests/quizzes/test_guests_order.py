"""A guest's attempt at a shuffled quiz keeps its own order of questions and choices when the guest signs up or logs
in: the attempt moves into the account with its seed (``quizzes.guests.guest_attempts_join``), so the question
pages and the results show what the guest saw."""

import re

import pytest
from django.test import Client

from quizzes.models import Attempt
from tests.factories import make_quiz, make_user
from tests.pages import url
from tests.quizzes.test_guests import log_in, sign_up

pytestmark = pytest.mark.django_db

QUESTIONS, CHOICES = 4, 6
# Every choice's text (``make_quiz``'s "Q<question> choice <choice>"), by question.
TEXTS = {q: [f"Q{q} choice {c}" for c in range(1, CHOICES + 1)] for q in range(1, QUESTIONS + 1)}


def shown(page: bytes) -> list[tuple[int, list[int]]]:
    """The questions whose choices ``page`` shows, each with its choices' numbers in the order they appear."""
    text = page.decode()
    found = []
    for question, texts in TEXTS.items():
        where = {number: text.find(choice) for number, choice in enumerate(texts, start=1)}
        if all(index >= 0 for index in where.values()):
            found.append((min(where.values()), question, sorted(where, key=where.get)))
    return [(question, order) for _start, question, order in sorted(found)]


def question_pages(client: Client, quiz, numbers) -> list[tuple[int, list[int]]]:
    """The question and its choices' order on each of the question pages ``numbers`` (the learner's numbering)."""
    return [shown(client.get(url("quizzes:question", slug=quiz.slug, number=number)).content)[0] for number in numbers]


def answer_first_shown(client: Client, quiz, number: int, order: tuple[int, list[int]]) -> None:
    """Answer question page ``number`` with the choice shown first (``order`` as ``question_pages`` read it)."""
    question, choices = order
    choice = quiz.questions.get(position=question).choices.get(position=choices[0])
    response = client.post(url("quizzes:question", slug=quiz.slug, number=number), {"choice": choice.pk})
    assert response.status_code == 302


@pytest.fixture
def quiz():
    return make_quiz(questions=QUESTIONS, choices=CHOICES, shuffle_choices=True, shuffle_questions=True)


@pytest.mark.parametrize("joins", ["sign up", "log in"])
def test_a_guests_shuffled_attempt_shows_the_same_order_after_joining_an_account(client, quiz, joins):
    """The guest answers questions 1 and 2 and opens question 3 (a question opens once the ones before it are
    answered); after joining, questions 1 and 2 (with their feedback) and 3 show what the guest saw, and the
    results show all four in the order the attempt asked them."""
    client.post(url("quizzes:start", slug=quiz.slug))
    seen = []
    for number in (1, 2, 3):
        seen += question_pages(client, quiz, [number])
        if number < 3:
            answer_first_shown(client, quiz, number, seen[-1])
    # Shuffled: not the author's order (a chance of 1 in 24 × 720³ that a shuffle gives it).
    assert seen != [(q, list(range(1, CHOICES + 1))) for q in (1, 2, 3)]
    attempt = Attempt.objects.get()
    seed = attempt.seed
    if joins == "sign up":
        sign_up(client, "zeynep")
    else:
        make_user("zeynep")
        log_in(client, "zeynep")
    attempt.refresh_from_db()
    assert (attempt.learner.username, attempt.guest, attempt.seed) == ("zeynep", None, seed)
    assert question_pages(client, quiz, [1, 2, 3]) == seen
    answer_first_shown(client, quiz, 3, seen[2])
    seen += question_pages(client, quiz, [4])
    answer_first_shown(client, quiz, 4, seen[3])
    assert sorted(question for question, _order in seen) == list(range(1, QUESTIONS + 1))
    # The results list the answers in the order the attempt asked them (a single-answer question's review shows the
    # answer and the right one, not every choice: a multiple-answer one's lists them in its order, see
    # tests/quizzes/test_learner_kinds.py).
    results = client.get(url("quizzes:results", slug=quiz.slug)).content.decode()
    asked = re.findall(r'<span class="question-text">Question (\d)</span>', results)
    assert [int(number) for number in asked] == [question for question, _order in seen]
