"""The data export of answers to questions of every kind: the kind, the choices chosen as shown and every choice in
the order shown (format 3)."""

import json

import pytest

from quizzes.models import Question
from tests.factories import make_quiz, make_user
from tests.pages import url
from tests.quizzes.test_guests_order import shown
from tests.quizzes.test_statistics import answer, kinds_quiz

pytestmark = pytest.mark.django_db


def exported(client, learner) -> dict:
    client.force_login(learner)
    return json.loads(client.get(url("account_export")).content)


def test_every_answer_says_its_kind_what_was_chosen_and_every_choice_in_the_order_shown(client):
    """A French attempt at ``kinds_quiz`` (choices in the author's order, a pass mark of 60 %): a single answer
    right, a multiple answer with one choice too many, a true-or-false answer right, in the site's French word."""
    quiz = kinds_quiz(pass_mark=60)
    ada = make_user("ada")
    answer(ada, quiz, [[2], [1, 2, 3], [1]], language="fr")
    (attempt,) = exported(client, ada)["attempts"]
    assert (attempt["score"], attempt["answer_count"], attempt["pass_mark"], attempt["passed"]) == (2, 3, 60, True)
    assert [{key: value for key, value in item.items() if key != "answered_at"} for item in attempt["answers"]] == [
        {
            "language": "fr",
            "question": "Question 1",
            "kind": "single",
            "choice": "Q1 choice 2",
            "chosen": ["Q1 choice 2"],
            "shown": [
                {"text": "Q1 choice 1", "right": False, "chosen": False},
                {"text": "Q1 choice 2", "right": True, "chosen": True},
                {"text": "Q1 choice 3", "right": False, "chosen": False},
                {"text": "Q1 choice 4", "right": False, "chosen": False},
            ],
            "correct": True,
        },
        {
            "language": "fr",
            "question": "Question 2",
            "kind": "multiple",
            "choice": "Q2 choice 1; Q2 choice 2; Q2 choice 3",
            "chosen": ["Q2 choice 1", "Q2 choice 2", "Q2 choice 3"],
            "shown": [
                {"text": "Q2 choice 1", "right": True, "chosen": True},
                {"text": "Q2 choice 2", "right": False, "chosen": True},
                {"text": "Q2 choice 3", "right": True, "chosen": True},
                {"text": "Q2 choice 4", "right": False, "chosen": False},
            ],
            "correct": False,
        },
        {
            "language": "fr",
            "question": "Question 3",
            "kind": "true_false",
            "choice": "Vrai",
            "chosen": ["Vrai"],
            "shown": [
                {"text": "Vrai", "right": True, "chosen": True},
                {"text": "Faux", "right": False, "chosen": False},
            ],
            "correct": True,
        },
    ]


def test_an_unfinished_attempt_has_not_passed_or_failed_yet(client):
    quiz = kinds_quiz(pass_mark=60)
    ada = make_user("ada")
    answer(ada, quiz, [[2]])
    (attempt,) = exported(client, ada)["attempts"]
    assert (attempt["pass_mark"], attempt["passed"], attempt["finished_at"]) == (60, None, None)


def test_a_shuffled_attempt_exports_its_choices_in_the_order_its_pages_showed_them(client):
    quiz = make_quiz(questions=3, choices=6, shuffle_choices=True, shuffle_questions=True)
    ada = make_user("ada")
    client.force_login(ada)
    client.post(url("quizzes:start", slug=quiz.slug))
    seen = []
    for number in range(1, 4):
        (page,) = shown(client.get(url("quizzes:question", slug=quiz.slug, number=number)).content)
        seen.append(page)
        question, order = page
        choice = quiz.questions.get(position=question).choices.get(position=order[-1])
        client.post(url("quizzes:question", slug=quiz.slug, number=number), {"choice": choice.pk})
    (attempt,) = exported(client, ada)["attempts"]
    assert [
        (int(item["question"].split()[1]), [int(choice["text"].split()[-1]) for choice in item["shown"]])
        for item in attempt["answers"]
    ] == seen
    assert [item["chosen"] for item in attempt["answers"]] == [
        [f"Q{question} choice {order[-1]}"] for question, order in seen
    ]


def test_an_answer_keeps_the_kind_its_question_had_when_answered(client):
    """An author later makes the multiple-answer question a single-answer one: the export still says the answer was
    to a multiple-answer question, as the results page still lists its every choice."""
    quiz = kinds_quiz(pass_mark=60)
    ada = make_user("ada")
    answer(ada, quiz, [[2], [1, 3], [1]])
    Question.objects.filter(quiz=quiz, position=2).update(kind="single")
    (attempt,) = exported(client, ada)["attempts"]
    assert [item["kind"] for item in attempt["answers"]] == ["single", "multiple", "true_false"]
    results = client.get(url("quizzes:results", slug=quiz.slug)).content.decode()
    assert results.count('<ol class="shown-choices" type="A">') == 1
