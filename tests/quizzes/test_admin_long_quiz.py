"""A long quiz saves in one go on its admin page: 60 questions of 4 choices, every text in three languages,
posted as a browser posts the page; the page at the editor's limits fits the request bounds of the settings."""

import re
from urllib.parse import urlencode

import pytest
from django.conf import settings
from django.urls import reverse

from quizzes.kinds import QuestionKind
from quizzes.models import Choice, Question, Quiz
from quizzes.rules import MAX_CHOICES, MAX_QUESTIONS
from tests.factories import make_quiz
from tests.quizzes.admin_forms import (
    LANGUAGE_CODES,
    browser_form_data,
    errors_of,
    management,
    new_question,
    post_as_browser,
    quiz_change_url,
    translated,
)

pytestmark = pytest.mark.django_db

TEXT_FIELD = re.compile(r"^questions-(\d+)-(?:(text|explanation)|choices-(\d+)-text)_(en|fr|tr)$")


def rewritten(pairs: list[tuple[str, str]], write) -> list[tuple[str, str]]:
    """``pairs`` with every stored question's and choice's text (not the blank rows') replaced by
    ``write(question, field, choice, language)``; indexes count from 0."""
    stored = {name for name, value in pairs if name.endswith("-id") and value}
    result = []
    for name, value in pairs:
        match = TEXT_FIELD.match(name)
        if match:
            question, choice = int(match[1]), None if match[3] is None else int(match[3])
            row = f"questions-{question}-" + ("" if choice is None else f"choices-{choice}-")
            if f"{row}id" in stored:
                value = write(question, match[2] or "choice", choice, match[4])
        result.append((name, value))
    return result


def french_text(question: int, field: str, choice: int | None, language: str) -> str:
    """A text as an author writes it, with accents and a Turkish dotless i: "Q12 choice 3 (fr) — réponse ı"."""
    place = f"Q{question + 1}" + ("" if choice is None else f" choice {choice + 1}")
    return f"{place} {field} ({language}) — réponse déjà vue, doğru ı"


def test_a_quiz_of_60_questions_with_4_choices_saves_in_one_go_in_every_language(author_client):
    quiz = make_quiz(questions=60, choices=4)
    url = quiz_change_url(quiz)
    pairs = rewritten(browser_form_data(author_client.get(url)), french_text)
    body = urlencode(pairs).encode()
    assert len(pairs) > 1_000  # Django's default limit refused this page with a 400
    response = post_as_browser(author_client, url, pairs)
    assert response.status_code == 302, errors_of(response)
    assert Question.objects.filter(quiz=quiz).count() == 60
    assert Choice.objects.filter(question__quiz=quiz).count() == 240
    questions = list(quiz.questions.prefetch_related("choices").order_by("position"))
    assert [question.position for question in questions] == list(range(1, 61))
    for index, question in enumerate(questions):
        for code in LANGUAGE_CODES:
            assert getattr(question, f"text_{code}") == french_text(index, "text", None, code)
            assert getattr(question, f"explanation_{code}") == french_text(index, "explanation", None, code)
            assert [getattr(choice, f"text_{code}") for choice in question.choices.all()] == [
                french_text(index, "choice", number, code) for number in range(4)
            ]
        assert [choice.is_correct for choice in question.choices.all()] == [True, False, False, False]
    print(f"60 questions x 4 choices: {len(pairs)} fields, {len(body)} bytes URL-encoded")


def test_a_new_quiz_of_60_questions_is_written_in_one_post(author_client):
    data = {
        "slug": "long",
        "difficulty": "medium",
        **translated("", "title", {"en": "Long", "fr": "Long", "tr": "Uzun"}),
    }
    data.update(management("questions", 60))
    for index in range(60):
        texts = {code: f"Question {index + 1} ({code})" for code in LANGUAGE_CODES}
        choices = [
            ({code: f"Choice {number} ({code})" for code in LANGUAGE_CODES}, number == 2) for number in range(1, 5)
        ]
        data.update(new_question(index, texts, choices, explanation=texts))
    response = author_client.post(
        reverse("admin:quizzes_quiz_add"), urlencode(data), content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 302, errors_of(response)
    quiz = Quiz.objects.get(slug="long")
    assert quiz.questions.count() == 60
    assert Choice.objects.filter(question__quiz=quiz, is_correct=True).count() == 60
    assert Choice.objects.filter(question__quiz=quiz).count() == 240
    assert quiz.questions.get(position=60).text_tr == "Question 60 (tr)"


def test_the_page_at_the_editors_limits_fits_the_request_limits(author_client):
    """The most questions and choices, every text at its limit in 4-byte characters, every check box a browser
    sends only when ticked ticked (multiple-answer questions with all but one choice right, every choice pinned):
    the fields a browser sends, and their bytes URL-encoded, stay within DATA_UPLOAD_MAX_NUMBER_FIELDS and
    …_MEMORY_SIZE."""
    quiz = make_quiz(questions=MAX_QUESTIONS, choices=MAX_CHOICES)
    quiz.questions.update(kind=QuestionKind.MULTIPLE)
    Choice.objects.filter(question__quiz=quiz).update(pinned=True)
    Choice.objects.filter(question__quiz=quiz, position__lt=MAX_CHOICES).update(is_correct=True)
    pairs = browser_form_data(author_client.get(quiz_change_url(quiz)))
    limits = {
        "text": Question._meta.get_field("text").max_length,
        "explanation": Question._meta.get_field("explanation").max_length,
        "choice": Choice._meta.get_field("text").max_length,
    }
    longest = rewritten(pairs, lambda question, field, choice, language: "😀" * limits[field])
    quiz_texts = {f"{field}_{code}": field for field in ("title", "description") for code in LANGUAGE_CODES}
    longest = [
        (name, "😀" * Quiz._meta.get_field(quiz_texts[name]).max_length if name in quiz_texts else value)
        for name, value in longest
    ]
    size = len(urlencode(longest).encode())
    print(f"{MAX_QUESTIONS} x {MAX_CHOICES}: {len(pairs)} fields, {size} bytes at the text limits")
    assert len(pairs) <= settings.DATA_UPLOAD_MAX_NUMBER_FIELDS
    assert size <= settings.DATA_UPLOAD_MAX_MEMORY_SIZE
