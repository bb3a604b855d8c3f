"""Which translated texts belong to a quiz, in the order an author reads them (the translation grid's rows)."""

from django.db.models import Prefetch

from quizzes.models import Choice, Quiz


def quiz_texts(quiz: Quiz) -> list[tuple[object, str]]:
    """The translated texts of ``quiz`` as ``(instance, field)`` pairs, for ``translations.states.rows``.

    Order: the quiz's title and description; each question (by position) with its text, its explanation and its
    choices' texts (by position); then each linked guide (by the guides' ordering) with its title, summary and
    body. Three queries, whatever the quiz's size (questions, their choices, guides).
    """
    questions = quiz.questions.order_by("position").prefetch_related(
        Prefetch("choices", queryset=Choice.objects.order_by("position"))
    )
    texts: list[tuple[object, str]] = [(quiz, "title"), (quiz, "description")]
    for question in questions:
        texts += [(question, "text"), (question, "explanation")]
        texts += [(choice, "text") for choice in question.choices.all()]
    for guide in quiz.guides.order_by("ordering", "slug"):
        texts += [(guide, "title"), (guide, "summary"), (guide, "body")]
    return texts
