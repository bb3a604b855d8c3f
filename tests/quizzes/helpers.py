"""What authors do to a quiz while learners take it (the readers of parsed pages are in ``tests/pages.py``)."""

from quizzes.models import Choice, Question


def add_question(quiz, position: int, text: str = "Added question") -> Question:
    """What an author does in the admin: a new question with a correct choice."""
    question = Question.objects.create(quiz=quiz, position=position, text_en=text, explanation_en="Added explanation")
    Choice.objects.create(question=question, position=1, text_en="Added right", is_correct=True)
    Choice.objects.create(question=question, position=2, text_en="Added wrong")
    return question


def swap_positions(quiz, first: int, second: int) -> None:
    """Exchange two questions' positions, through a free one, as the admin's reordering save does."""
    quiz.questions.filter(position=first).update(position=999)
    quiz.questions.filter(position=second).update(position=first)
    quiz.questions.filter(position=999).update(position=second)
