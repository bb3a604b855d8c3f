"""The data export of answers to questions of every kind: the kind, the choices chosen as shown and every choice in
the order shown (format 3); of exams, their unanswered questions and practice rounds, with no verdict of an exam
under way (format 4)."""

import json

import pytest

from accounts.export import learner_data
from quizzes.answering import answer_submit
from quizzes.exams import exam_answer_save, exam_submit
from quizzes.models import Attempt, Question
from quizzes.modes import QuizMode
from quizzes.rounds import practice_round_start
from quizzes.services import attempt_start
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


def exam_quiz(**fields):
    """An exam of 3 single-answer questions (choice 1 right), choices in the author's order, 15 minutes."""
    return make_quiz(questions=3, mode=QuizMode.EXAM, time_limit=15, **fields)


def exam_save(attempt, quiz, position: int, choice: int | None = None, flagged: bool | None = None) -> None:
    question = quiz.questions.get(position=position)
    choices = [] if choice is None else [question.choices.get(position=choice)]
    exam_answer_save(attempt=attempt, question=question, choices=choices, flagged=flagged)


def test_an_exam_under_way_exports_what_was_chosen_and_flagged_but_no_verdict(client):
    """Question 2 answered wrong then changed to right, question 3 flagged and unanswered: neither the score nor a
    verdict nor a right choice shows before the learner submits."""
    quiz = exam_quiz()
    ada = make_user("ada")
    attempt = attempt_start(learner=ada, quiz=quiz, language="en")
    exam_save(attempt, quiz, 2, choice=2)
    exam_save(attempt, quiz, 2, choice=1)
    exam_save(attempt, quiz, 3, flagged=True)
    attempt.refresh_from_db()
    (exported_attempt,) = exported(client, ada)["attempts"]
    assert {key: value for key, value in exported_attempt.items() if key != "answers"} == {
        "quiz": {"slug": "quiz", "title": "A quiz"},
        "language": "en",
        "started_at": attempt.started_at.isoformat(),
        "finished_at": None,
        "closed_at": None,
        "mode": "exam",
        "time_limit": 15,
        "deadline": attempt.deadline.isoformat(),
        "practice_round": False,
        "practice_round_of": None,
        "flagged": ["Question 3"],
        "score": None,
        "answer_count": 1,
        "pass_mark": None,
        "passed": None,
        "regrades": [],
    }
    answers = exported_attempt["answers"]
    assert [{key: value for key, value in item.items() if key != "answered_at"} for item in answers] == [
        {
            "language": "en",
            "question": "Question 2",
            "kind": "single",
            "choice": "Q2 choice 1",
            "chosen": ["Q2 choice 1"],
            "shown": [
                {"text": "Q2 choice 1", "chosen": True},
                {"text": "Q2 choice 2", "chosen": False},
                {"text": "Q2 choice 3", "chosen": False},
                {"text": "Q2 choice 4", "chosen": False},
            ],
        }
    ]


def test_a_submitted_exam_exports_every_verdict_and_its_unanswered_questions_as_answered_with_nothing(client):
    quiz = exam_quiz(pass_mark=50)
    ada = make_user("ada")
    attempt = attempt_start(learner=ada, quiz=quiz, language="en")
    exam_save(attempt, quiz, 3, choice=1)
    exam_save(attempt, quiz, 1, choice=2, flagged=True)
    exam_submit(attempt=attempt)
    (exported_attempt,) = exported(client, ada)["attempts"]
    assert [exported_attempt[key] for key in ("mode", "flagged", "score", "answer_count", "pass_mark", "passed")] == [
        "exam",
        ["Question 1"],
        1,
        3,
        50,
        False,
    ]
    assert [
        (item["question"], item["choice"], item["chosen"], item["correct"], [c["right"] for c in item["shown"]])
        for item in exported_attempt["answers"]
    ] == [
        ("Question 3", "Q3 choice 1", ["Q3 choice 1"], True, [True, False, False, False]),
        ("Question 1", "Q1 choice 2", ["Q1 choice 2"], False, [True, False, False, False]),
        ("Question 2", None, [], False, [True, False, False, False]),
    ]
    assert [choice["chosen"] for choice in exported_attempt["answers"][2]["shown"]] == [False] * 4


def test_a_practice_round_says_so_and_names_the_attempt_it_practises(client):
    quiz = make_quiz(questions=3)
    ada = make_user("ada")
    answer(ada, quiz, [[1], [2], [1]])
    first = Attempt.objects.get()
    practice = practice_round_start(learner=ada, attempt_pk=first.pk)
    practice_answer = practice.quiz.questions.get(position=2)
    answer_submit(attempt=practice, question=practice_answer, choices=[practice_answer.choices.get(position=1)])
    practice.refresh_from_db()
    rounds, attempts = exported(client, ada)["attempts"]
    assert [rounds[key] for key in ("mode", "practice_round", "practice_round_of", "score", "answer_count")] == [
        "practice",
        True,
        first.started_at.isoformat(),
        1,
        1,
    ]
    assert [attempts[key] for key in ("practice_round", "practice_round_of", "score")] == [False, None, 2]


def test_flagged_questions_cost_one_query_for_all_attempts(django_assert_num_queries):
    """Three queries without flags (pinned with the page in tests/query_budget), one more with flags in two exams."""
    ada = make_user("ada")
    for slug in ("first", "second"):
        quiz = exam_quiz(slug=slug)
        attempt = attempt_start(learner=ada, quiz=quiz, language="fr" if slug == "first" else "en")
        exam_save(attempt, quiz, 1, flagged=True)
        exam_save(attempt, quiz, 2, flagged=True)
    Question.objects.filter(quiz__slug="first", position=1).update(text_fr="Question 1 en français")
    with django_assert_num_queries(4):
        data = learner_data(ada)
    assert [attempt["flagged"] for attempt in data["attempts"]] == [
        ["Question 1", "Question 2"],
        ["Question 1 en français", "Question 2"],
    ]
