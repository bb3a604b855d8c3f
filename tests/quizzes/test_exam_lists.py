"""An exam under way as the lists show it: the quiz cards and "My progress" say how many questions it answered,
never which comes next (it has no order of answering) nor anything of its score."""

import pytest
from django.test import Client

from quizzes.exams import exam_answer_save
from quizzes.modes import QuizMode
from quizzes.services import attempt_start
from tests.factories import make_quiz, make_user
from tests.pages import find, has_class, own_text, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def client_with_exam_under_way():
    quiz = make_quiz(title="An exam", questions=8, mode=QuizMode.EXAM)
    learner = make_user()
    attempt = attempt_start(learner=learner, quiz=quiz, language="en")
    for position in (3, 7):
        question = quiz.questions.get(position=position)
        exam_answer_save(attempt=attempt, question=question, choices=[question.choices.get(position=2)])
    client = Client()
    client.force_login(learner)
    return client


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "Exam under way: 2 of 8 questions answered"),
        ("fr", "Examen en cours\N{NO-BREAK SPACE}: 2 questions sur 8 répondues"),
        ("tr", "Sınav sürüyor: 8 sorudan 2 tanesi cevaplandı"),
    ],
)
def test_the_home_card_says_how_many_questions_the_exam_answered(client_with_exam_under_way, language, expected):
    page = client_with_exam_under_way.get(url("home", language)).content
    assert [own_text(node) for node in find(page, has_class("quiz-standing"))] == [expected]


def test_my_progress_says_how_many_and_offers_to_resume_the_exam(client_with_exam_under_way):
    page = client_with_exam_under_way.get(url("progress")).content
    assert [own_text(node) for node in find(page, has_class("status"))] == ["Exam under way: 2 of 8 questions answered"]
    buttons = [own_text(node) for node in find(page, lambda node: node.name == "button")]
    assert "Resume the exam" in buttons
    assert "Question 3 of 8" not in page.decode()
