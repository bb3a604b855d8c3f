"""What authors do to a quiz while learners take it, and readers of parsed pages (no regexes over HTML)."""

from collections.abc import Callable

from django.test.html import Element, parse_html

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


def find(page: bytes | str | Element, predicate: Callable[[Element], bool]) -> list[Element]:
    """Every element of ``page`` (a response's content, or an element) for which ``predicate(element)`` is true,
    in document order."""
    root = page if isinstance(page, Element) else parse_html(page.decode() if isinstance(page, bytes) else page)
    found = []

    def walk(node):
        if isinstance(node, Element):
            if predicate(node):
                found.append(node)
            for child in node.children:
                walk(child)

    walk(root)
    return found


def attribute(element: Element, name: str) -> str | None:
    return dict(element.attributes).get(name)


def own_text(element: Element) -> str:
    """The text directly inside ``element``, not inside its child elements."""
    return " ".join(str(child) for child in element.children if not isinstance(child, Element)).strip()


def texts_of(page: bytes, css_class: str) -> list[str]:
    """The text of every element of ``css_class`` in the page, in document order."""
    return [own_text(node) for node in find(page, lambda node: css_class in (attribute(node, "class") or "").split())]


def form_buttons(page: bytes, action: str) -> list[str]:
    """The labels of the buttons of every form in the page that posts to ``action``."""
    forms = find(page, lambda node: node.name == "form" and attribute(node, "action") == action)
    assert all(attribute(form, "method") == "post" for form in forms)
    return [own_text(button) for form in forms for button in find(form, lambda node: node.name == "button")]
