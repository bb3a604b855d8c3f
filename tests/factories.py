"""Small helpers that build test data with sensible defaults: ``make_quiz(questions=8)``."""

from django.contrib.auth import get_user_model

from guides.models import Guide
from quizzes.models import Choice, Question, Quiz

PASSWORD = "correct horse battery staple"


def make_user(username: str = "learner", **fields):
    """A user who can log in with ``PASSWORD``."""
    return get_user_model().objects.create_user(username=username, password=PASSWORD, **fields)


def make_guide(slug: str = "guide", title: str = "A guide", published: bool = True, **fields) -> Guide:
    return Guide.objects.create(slug=slug, title_en=title, published=published, **fields)


def make_quiz(
    slug: str = "quiz",
    title: str = "A quiz",
    questions: int = 3,
    choices: int = 4,
    correct: int = 1,
    published: bool = True,
    **fields,
) -> Quiz:
    """A quiz of ``questions`` questions with ``choices`` choices each; choice ``correct`` (1-based) is right.

    Texts are English only: ``Question 1``, ``Q1 choice 2``, ``Explanation 1``.
    """
    quiz = Quiz.objects.create(slug=slug, title_en=title, published=published, **fields)
    for number in range(1, questions + 1):
        question = Question.objects.create(
            quiz=quiz, position=number, text_en=f"Question {number}", explanation_en=f"Explanation {number}"
        )
        Choice.objects.bulk_create(
            Choice(question=question, position=c, text_en=f"Q{number} choice {c}", is_correct=c == correct)
            for c in range(1, choices + 1)
        )
    return quiz
