"""Quiz cards on the home page and a guide's page: where the visitor (a learner or a guest) stands in each quiz,
read once per list whatever the number of quizzes."""

import uuid

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client

from quizzes.answering import answer_submit
from quizzes.guests import GUEST_SESSION_KEY, guest_id_from
from quizzes.services import attempt_start
from tests.factories import make_guide, make_quiz, make_user
from tests.pages import find, has_class, own_text, url

pytestmark = pytest.mark.django_db

NBSP = "\N{NO-BREAK SPACE}"

# The pages that list quiz cards, by their address in a language; the guide is "path".
PAGES = {
    "home": lambda language: url("home", language),
    "guide": lambda language: url("guides:detail", language, slug="path"),
}


def card_statuses(page: bytes) -> dict[str, str]:
    """``{quiz title: status line}`` for every quiz card of the page (guide cards have no status)."""
    return {
        own_text(find(card, lambda node: node.name == "a")[0]): own_text(find(card, has_class("quiz-standing"))[0])
        for card in find(page, has_class("card"))
        if find(card, has_class("quiz-standing"))
    }


def become_guest(client: Client, quiz) -> uuid.UUID:
    """Start ``quiz`` as a visitor who is not logged in does (the start button), and return the guest's id."""
    client.post(url("quizzes:start", slug=quiz.slug))
    return guest_id_from(client.session[GUEST_SESSION_KEY])


def take(quiz, picks: list[int], *, learner=None, guest: uuid.UUID | None = None) -> None:
    """The learner's (or the guest's) unfinished attempt at ``quiz``, started if need be, answers its next
    questions in position order, picking choice ``picks[i]`` (by position)."""
    attempt = attempt_start(learner=learner or AnonymousUser(), quiz=quiz, language="en", guest=guest)
    answered = attempt.answers.count()
    for position, pick in enumerate(picks, start=answered + 1):
        question = quiz.questions.get(position=position)
        answer_submit(attempt=attempt, question=question, choice=question.choices.get(position=pick))


def quizzes_in_each_state(client: Client, visitor: str):
    """Four quizzes of the guide "path", one per status, taken by ``visitor`` ("learner" or "guest") through
    ``client``: "Fresh" not started; "Halfway" two of eight answered; "Done" finished twice, 8/8 then 5/8;
    "Emptied" one of two answered, then an author removed the other."""
    guide = make_guide(slug="path")
    fresh = make_quiz("fresh", "Fresh", questions=3)
    halfway = make_quiz("halfway", "Halfway", questions=8)
    done = make_quiz("done", "Done", questions=8)
    emptied = make_quiz("emptied", "Emptied", questions=2)
    guide.quizzes.set([fresh, halfway, done, emptied])
    owner = {"learner": make_user()} if visitor == "learner" else {"guest": become_guest(client, halfway)}
    if visitor == "learner":
        client.force_login(owner["learner"])
    take(halfway, [1, 2], **owner)
    take(done, [1] * 8, **owner)
    take(done, [1, 1, 1, 1, 1, 2, 2, 2], **owner)
    take(emptied, [1], **owner)
    emptied.questions.get(position=2).delete()


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("visitor", ["learner", "guest"])
@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "en",
            {
                "Done": "Last score: 5/8",
                "Emptied": "You have answered every question.",
                "Fresh": "Not started",
                "Halfway": "Question 3 of 8",
            },
        ),
        (
            "fr",
            {
                "Done": f"Dernier score{NBSP}: 5/8",
                "Emptied": "Vous avez répondu à toutes les questions.",
                "Fresh": "Pas encore commencé",
                "Halfway": "Question 3 de 8",
            },
        ),
        (
            "tr",
            {
                "Done": "Son puan: 5/8",
                "Emptied": "Tüm soruları cevapladınız.",
                "Fresh": "Başlanmadı",
                "Halfway": "8 sorudan 3. soru",
            },
        ),
    ],
)
def test_each_card_shows_where_the_visitor_stands(client, page, visitor, language, expected):
    quizzes_in_each_state(client, visitor)
    assert card_statuses(client.get(PAGES[page](language)).content) == expected


def test_a_retake_under_way_shows_its_question_not_the_last_score(learner_client, learner):
    quiz = make_quiz(questions=3)
    take(quiz, [1, 1, 1], learner=learner)
    take(quiz, [2], learner=learner)
    assert card_statuses(learner_client.get(url("home")).content) == {"A quiz": "Question 2 of 3"}


@pytest.mark.parametrize("page", PAGES)
def test_cards_never_show_another_learners_or_another_guests_attempts(client, page):
    guide = make_guide(slug="path")
    first, second = make_quiz("first", "First", questions=2), make_quiz("second", "Second", questions=2)
    guide.quizzes.set([first, second])
    other_learner = make_user("other")
    take(first, [1, 1], learner=other_learner)
    take(second, [1], learner=other_learner)
    other_guest = become_guest(Client(), first)
    take(first, [2, 2], guest=other_guest)
    take(second, [1], guest=other_guest)
    page_url = PAGES[page]("en")

    assert card_statuses(client.get(page_url).content) == {"First": "Not started", "Second": "Not started"}
    become_guest(client, second)
    assert card_statuses(client.get(page_url).content) == {"First": "Not started", "Second": "Question 1 of 2"}
    learner_client = Client()
    learner_client.force_login(make_user())
    assert card_statuses(learner_client.get(page_url).content) == {"First": "Not started", "Second": "Not started"}
    learner_client.post(url("quizzes:start", slug="second"))
    assert card_statuses(learner_client.get(page_url).content) == {"First": "Not started", "Second": "Question 1 of 2"}
