"""The answer statistics of exams: each answer counts as it was when the exam was submitted, once; an exam under way
counts nothing; a question left unanswered is not an answer, and is counted apart; practice rounds never count."""

import pytest
from pytest_django.asserts import assertContains

from quizzes.answering import answer_submit
from quizzes.exams import exam_answer_save, exam_submit
from quizzes.models import Quiz
from quizzes.modes import QuizMode
from quizzes.rounds import practice_round_start
from quizzes.services import attempt_start
from quizzes.statistics import quiz_statistics
from tests.factories import make_quiz, make_user
from tests.pages import texts_of
from tests.quizzes.test_statistics import statistics_page, summary

pytestmark = pytest.mark.django_db


def exam_answers(learner, quiz: Quiz, picks: list[tuple[int, int]], submit: bool = True):
    """``learner``'s exam attempt at ``quiz``: saves the choice at position ``choice`` for question ``position``,
    for each ``(position, choice)`` of ``picks`` in turn (a later pick for a question replaces the earlier one), then
    submits unless told not to."""
    attempt = attempt_start(learner=learner, quiz=quiz, language="en")
    for position, choice in picks:
        question = quiz.questions.get(position=position)
        exam_answer_save(attempt=attempt, question=question, choices=[question.choices.get(position=choice)])
    if submit:
        exam_submit(attempt=attempt)
    return attempt


def rows(quiz: Quiz) -> list[tuple]:
    """Per question: position, answers, correct, left unanswered, and how often each choice was chosen."""
    return [
        (row.question.position, row.answered, row.correct, row.unanswered, [item.chosen for item in row.choices])
        for row in quiz_statistics(quiz)
    ]


@pytest.fixture
def exam(db) -> Quiz:
    """An exam of 3 questions of 4 choices, choice 1 right."""
    return make_quiz(questions=3, mode=QuizMode.EXAM, time_limit=20)


def test_an_exam_answer_changed_before_submitting_counts_once_as_its_final_value(exam):
    exam_answers(make_user("ada"), exam, [(1, 2), (1, 3), (1, 1), (2, 4), (3, 1)])
    assert rows(exam) == [
        (1, 1, 1, 0, [1, 0, 0, 0]),
        (2, 1, 0, 0, [0, 0, 0, 1]),
        (3, 1, 1, 0, [1, 0, 0, 0]),
    ]


def test_an_exam_under_way_counts_nothing_until_it_is_submitted(exam):
    attempt = exam_answers(make_user("ada"), exam, [(1, 1), (2, 1), (3, 2)], submit=False)
    assert rows(exam) == [(position, 0, 0, 0, [0, 0, 0, 0]) for position in (1, 2, 3)]
    exam_submit(attempt=attempt)
    assert rows(exam) == [
        (1, 1, 1, 0, [1, 0, 0, 0]),
        (2, 1, 1, 0, [1, 0, 0, 0]),
        (3, 1, 0, 0, [0, 1, 0, 0]),
    ]


def test_questions_left_unanswered_are_counted_apart_not_as_answers(exam):
    exam_answers(make_user("ada"), exam, [(1, 1)])
    exam_answers(make_user("bob"), exam, [(1, 2), (3, 1)])
    exam_answers(make_user("cem"), exam, [])
    assert rows(exam) == [
        (1, 2, 1, 1, [1, 1, 0, 0]),
        (2, 0, 0, 3, [0, 0, 0, 0]),
        (3, 1, 1, 2, [1, 0, 0, 0]),
    ]


def test_practice_rounds_of_missed_questions_do_not_count(exam):
    ada = make_user("ada")
    attempt = exam_answers(ada, exam, [(1, 2), (2, 1)])
    practice = practice_round_start(learner=ada, attempt_pk=attempt.pk)
    for position in (1, 3):
        question = exam.questions.get(position=position)
        answer_submit(attempt=practice, question=question, choices=[question.choices.get(position=1)])
    practice.refresh_from_db()
    assert practice.is_finished
    assert rows(exam) == [
        (1, 1, 0, 0, [0, 1, 0, 0]),
        (2, 1, 1, 0, [1, 0, 0, 0]),
        (3, 0, 0, 1, [0, 0, 0, 0]),
    ]


def test_the_statistics_of_an_exam_cost_three_queries_however_many_takers(exam, django_assert_num_queries):
    for number in range(6):
        exam_answers(make_user(f"learner{number}"), exam, [(1, number % 4 + 1), (2, 1)][: number % 3])
    exam_answers(make_user("late"), exam, [(1, 1)], submit=False)
    with django_assert_num_queries(3):
        statistics = quiz_statistics(exam)
    assert [(row.answered, row.unanswered) for row in statistics] == [(4, 2), (2, 4), (0, 6)]


def test_the_page_says_how_many_exam_takers_left_each_question_unanswered(author_client, exam):
    exam_answers(make_user("ada"), exam, [(1, 1)])
    exam_answers(make_user("bob"), exam, [(1, 2), (3, 1)])
    response = statistics_page(author_client, exam)
    assert [row[:3] for row in summary(response)] == [(1, 2, 1), (2, 0, 0), (3, 1, 1)]
    assert texts_of(response.content, "unanswered") == [
        "2 exam takers left it unanswered.",
        "1 exam taker left it unanswered.",
    ]
    assert texts_of(response.content, "exam-note") == [
        "An exam's answers count once it is submitted, as they were then; a question left unanswered is not an "
        "answer, and is counted apart."
    ]
    assertContains(response, "Nobody has answered this question yet.", count=1)


def test_a_practice_quiz_has_no_exam_note(author_client):
    quiz = make_quiz(questions=1)
    assert texts_of(statistics_page(author_client, quiz).content, "exam-note") == []


@pytest.mark.parametrize(
    ("language", "lines", "note"),
    [
        (
            "fr",
            ["2 candidats l’ont laissée sans réponse.", "1 candidat l’a laissée sans réponse."],
            "Les réponses d’un examen comptent une fois celui-ci rendu, telles qu’elles étaient alors\u00a0; une "
            "question laissée sans réponse n’est pas une réponse et se compte à part.",
        ),
        (
            "tr",
            ["2 sınav katılımcısı bu soruyu boş bıraktı.", "1 sınav katılımcısı bu soruyu boş bıraktı."],
            "Bir sınavın cevapları, sınav teslim edildiğinde oldukları hâliyle sayılır; boş bırakılan soru cevap "
            "sayılmaz, ayrıca sayılır.",
        ),
    ],
)
def test_the_unanswered_lines_read_in_the_admins_language(author_client, exam, language, lines, note):
    exam_answers(make_user("ada"), exam, [(1, 1)])
    exam_answers(make_user("bob"), exam, [(1, 2), (3, 1)])
    response = statistics_page(author_client, exam, language)
    assert texts_of(response.content, "unanswered") == lines
    assert texts_of(response.content, "exam-note") == [note]
