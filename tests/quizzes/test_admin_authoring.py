"""An author writes, reorders and trims a whole quiz on the quiz's admin page, and a learner takes it."""

import json
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from quizzes.models import Attempt, Choice, Question, Quiz
from tests.factories import admin_form_data, answer_quiz, make_quiz, make_user
from tests.quizzes.admin_forms import (
    errors_of,
    management,
    new_question,
    question_change_url,
    quiz_change_url,
    translated,
)

pytestmark = pytest.mark.django_db

DEMO = json.loads((Path(settings.BASE_DIR) / "quizzes" / "demo" / "data-parallelism.json").read_text())["quiz"]


def demo_quiz_data() -> dict:
    """The quiz add form as an author fills it with the demo quiz: 8 questions of 4 choices, three languages."""
    data = {
        "slug": DEMO["slug"],
        "difficulty": DEMO["difficulty"],
        "published": "on",
        **translated("", "title", DEMO["title"]),
        **translated("", "description", DEMO["description"]),
        **management("questions", len(DEMO["questions"])),
    }
    for index, question in enumerate(DEMO["questions"]):
        choices = [(choice["text"], choice["is_correct"]) for choice in question["choices"]]
        data.update(new_question(index, question["text"], choices, explanation=question["explanation"]))
    return data


def stored_texts(quiz: Quiz) -> list[tuple]:
    """Each question's number, texts, explanation and choices, in every language, as stored."""
    return [
        (
            question.position,
            {code: getattr(question, f"text_{code}") or None for code in ("en", "fr", "tr")},
            {code: getattr(question, f"explanation_{code}") or None for code in ("en", "fr", "tr")},
            [
                (choice.position, {code: getattr(choice, f"text_{code}") or None for code in ("en", "fr", "tr")})
                for choice in question.choices.all()
            ],
            [choice.position for choice in question.choices.all() if choice.is_correct],
        )
        for question in quiz.questions.prefetch_related("choices").order_by("position")
    ]


def demo_texts() -> list[tuple]:
    return [
        (
            number,
            question["text"],
            question["explanation"],
            [(place, choice["text"]) for place, choice in enumerate(question["choices"], start=1)],
            [place for place, choice in enumerate(question["choices"], start=1) if choice["is_correct"]],
        )
        for number, question in enumerate(DEMO["questions"], start=1)
    ]


def test_an_author_writes_the_whole_demo_quiz_in_one_post(author_client):
    response = author_client.post(reverse("admin:quizzes_quiz_add"), demo_quiz_data())
    assert response.status_code == 302, errors_of(response)
    quiz = Quiz.objects.get(slug="data-parallelism")
    assert (quiz.published, quiz.title_fr, quiz.difficulty) == (True, DEMO["title"]["fr"], DEMO["difficulty"])
    assert stored_texts(quiz) == demo_texts()
    assert Choice.objects.filter(question__quiz=quiz).count() == 32


def test_an_author_moves_the_last_question_to_the_top_by_its_number(author_client):
    author_client.post(reverse("admin:quizzes_quiz_add"), demo_quiz_data())
    quiz = Quiz.objects.get(slug="data-parallelism")
    data = admin_form_data(author_client.get(quiz_change_url(quiz)))
    data["questions-7-position"] = "1"  # the last question typed as number 1: it goes before the first
    response = author_client.post(quiz_change_url(quiz), data)
    assert response.status_code == 302, errors_of(response)
    expected = [(number, *rest) for number, (_old, *rest) in enumerate([demo_texts()[7], *demo_texts()[:7]], 1)]
    assert stored_texts(quiz) == expected


def test_drag_and_drop_numbers_from_zero_and_saving_numbers_from_one(author_client):
    """django-nested-admin's script numbers the rows 0..N-1 after a drag; the saved questions are 1..N."""
    quiz = make_quiz(questions=3, published=False)
    data = admin_form_data(author_client.get(quiz_change_url(quiz)))
    data.update({"questions-0-position": "2", "questions-1-position": "0", "questions-2-position": "1"})
    response = author_client.post(quiz_change_url(quiz), data)
    assert response.status_code == 302, errors_of(response)
    assert list(quiz.questions.order_by("position").values_list("position", "text_en")) == [
        (1, "Question 2"),
        (2, "Question 3"),
        (3, "Question 1"),
    ]


def test_a_question_moved_down_lands_at_the_number_typed(author_client):
    quiz = make_quiz(questions=4, published=False)
    data = admin_form_data(author_client.get(quiz_change_url(quiz)))
    data["questions-0-position"] = "3"
    response = author_client.post(quiz_change_url(quiz), data)
    assert response.status_code == 302, errors_of(response)
    assert list(quiz.questions.order_by("position").values_list("text_en", flat=True)) == [
        "Question 2",
        "Question 3",
        "Question 1",
        "Question 4",
    ]


def test_removing_a_question_closes_up_the_numbers(author_client):
    quiz = make_quiz(questions=8)
    data = admin_form_data(author_client.get(quiz_change_url(quiz)))
    data["questions-2-DELETE"] = "on"
    response = author_client.post(quiz_change_url(quiz), data)
    assert response.status_code == 302, errors_of(response)
    assert list(quiz.questions.order_by("position").values_list("position", "text_en")) == [
        (1, "Question 1"),
        (2, "Question 2"),
        (3, "Question 4"),
        (4, "Question 5"),
        (5, "Question 6"),
        (6, "Question 7"),
        (7, "Question 8"),
    ]
    learner = make_user()
    attempt = answer_quiz(learner, quiz, picks=[1, 1, 1])
    # The third question a learner meets is the one at address 3.
    assert list(attempt.answers.values_list("question__position", "question__text_en")) == [
        (1, "Question 1"),
        (2, "Question 2"),
        (3, "Question 4"),
    ]


def test_a_question_added_with_a_blank_number_goes_after_the_last(author_client):
    quiz = make_quiz(questions=2)
    data = admin_form_data(author_client.get(quiz_change_url(quiz)))
    data["questions-TOTAL_FORMS"] = "3"
    data.update(new_question(2, {"en": "New?", "fr": "Nouvelle ?"}, [({"en": "Yes"}, True), ({"en": "No"}, False)]))
    response = author_client.post(quiz_change_url(quiz), data)
    assert response.status_code == 302, errors_of(response)
    question = quiz.questions.get(text_en="New?")
    assert (question.position, question.text_fr) == (3, "Nouvelle ?")
    assert list(question.choices.values_list("position", "text_en", "is_correct")) == [
        (1, "Yes", True),
        (2, "No", False),
    ]


def test_a_question_added_with_a_number_goes_there(author_client):
    quiz = make_quiz(questions=2)
    data = admin_form_data(author_client.get(quiz_change_url(quiz)))
    data["questions-TOTAL_FORMS"] = "3"
    data.update(new_question(2, {"en": "First?"}, [({"en": "Yes"}, True), ({"en": "No"}, False)], position="1"))
    response = author_client.post(quiz_change_url(quiz), data)
    assert response.status_code == 302, errors_of(response)
    assert list(quiz.questions.order_by("position").values_list("position", "text_en")) == [
        (1, "First?"),
        (2, "Question 1"),
        (3, "Question 2"),
    ]


def test_moving_the_correct_mark_and_swapping_choices_saves(author_client):
    quiz = make_quiz(questions=1, published=False)
    data = admin_form_data(author_client.get(quiz_change_url(quiz)))
    data["questions-0-choices-0-position"], data["questions-0-choices-3-position"] = "4", "1"
    del data["questions-0-choices-0-is_correct"]
    data["questions-0-choices-2-is_correct"] = "on"
    response = author_client.post(quiz_change_url(quiz), data)
    assert response.status_code == 302, errors_of(response)
    assert list(Choice.objects.order_by("position").values_list("position", "text_en", "is_correct")) == [
        (1, "Q1 choice 4", False),
        (2, "Q1 choice 2", False),
        (3, "Q1 choice 3", True),
        (4, "Q1 choice 1", False),
    ]


def test_the_question_page_still_edits_one_question_and_adds_after_the_last(author_client):
    quiz = make_quiz(questions=2)
    question = quiz.questions.get(position=1)
    data = admin_form_data(author_client.get(question_change_url(question)))
    data["explanation_fr"] = "Parce que."
    data["choices-1-text_tr"] = "İkinci seçenek"
    response = author_client.post(question_change_url(question), data)
    assert response.url == quiz_change_url(quiz)
    question.refresh_from_db()
    assert (question.position, question.explanation_fr, question.choices.get(position=2).text_tr) == (
        1,
        "Parce que.",
        "İkinci seçenek",
    )
    response = author_client.post(
        reverse("admin:quizzes_question_add"),
        {
            "quiz": str(quiz.pk),
            **translated("", "text", {"en": "Third?"}),
            **translated("", "explanation", {}),
            **management("choices", 2),
            **{f"choices-{index}-position": "" for index in range(2)},
            **translated("choices-0-", "text", {"en": "Yes"}),
            **translated("choices-1-", "text", {"en": "No"}),
            "choices-1-is_correct": "on",
        },
    )
    assert response.url == quiz_change_url(quiz), errors_of(response)
    added = quiz.questions.get(text_en="Third?")
    assert (added.position, list(added.choices.values_list("position", "text_en", "is_correct"))) == (
        3,
        [(1, "Yes", False), (2, "No", True)],
    )


def test_a_learner_takes_the_quiz_the_author_wrote_in_turkish(author_client, client):
    author_client.post(reverse("admin:quizzes_quiz_add"), demo_quiz_data())
    author_client.logout()
    learner = make_user("ayse")
    client.force_login(learner)
    response = client.post("/tr/quizzes/data-parallelism/start/", follow=True)
    assert response.redirect_chain[-1] == ("/tr/quizzes/data-parallelism/questions/1/", 302)
    quiz = Quiz.objects.get(slug="data-parallelism")
    for question in quiz.questions.order_by("position"):
        choice = question.choices.get(is_correct=True)
        client.post(f"/tr/quizzes/data-parallelism/questions/{question.position}/", {"choice": str(choice.pk)})
    attempt = Attempt.objects.get(learner=learner)
    assert (attempt.language, attempt.is_finished, attempt.score) == ("tr", True, 8)
    assert Question.objects.filter(quiz=quiz).count() == 8


def test_editing_answered_texts_on_the_quiz_page_keeps_an_open_attempt_and_its_answers(author_client):
    quiz = make_quiz(questions=2)
    attempt = answer_quiz(make_user(), quiz, picks=[1])
    data = admin_form_data(author_client.get(quiz_change_url(quiz)))
    data["questions-0-text_en"] = "Question 1, reworded"
    data["questions-0-explanation_en"] = "A better explanation"
    data["questions-0-choices-0-text_en"] = "Q1 choice 1, reworded"
    response = author_client.post(quiz_change_url(quiz), data)
    assert response.status_code == 302, errors_of(response)
    attempt.refresh_from_db()
    assert (attempt.finished_at, attempt.score, attempt.next_question().position) == (None, 1, 2)
    assert list(attempt.answers.values_list("question__text_en", "choice__text_en", "is_correct")) == [
        ("Question 1, reworded", "Q1 choice 1, reworded", True)
    ]


def test_without_javascript_the_page_offers_a_blank_question_and_a_blank_choice_to_fill_in(author_client):
    quiz = make_quiz(questions=2, choices=2)
    response = author_client.get(quiz_change_url(quiz))
    questions = response.context["inline_admin_formsets"][0].formset
    assert [form.instance.position for form in questions.forms] == [1, 2, None]
    assert [len(form.nested_formsets[0].forms) for form in questions.forms] == [3, 3, 4]
    # The author fills in the blank rows as the page offers them: the counts the page sends include them.
    data = admin_form_data(response)
    data.update({"questions-TOTAL_FORMS": "3", "questions-0-choices-TOTAL_FORMS": "3"})
    data.update(management("questions-2-choices", 4))
    data.update({"questions-0-choices-2-text_en": "Q1 choice 3"})
    data.update({"questions-2-text_en": "Third?", "questions-2-choices-0-text_en": "Yes"})
    data.update({"questions-2-choices-0-is_correct": "on", "questions-2-choices-1-text_en": "No"})
    response = author_client.post(quiz_change_url(quiz), data)
    assert response.status_code == 302, errors_of(response)
    assert list(quiz.questions.get(position=1).choices.values_list("position", "text_en")) == [
        (1, "Q1 choice 1"),
        (2, "Q1 choice 2"),
        (3, "Q1 choice 3"),
    ]
    third = quiz.questions.get(position=3)
    assert (third.text_en, list(third.choices.values_list("text_en", "is_correct"))) == (
        "Third?",
        [("Yes", True), ("No", False)],
    )


def test_a_page_left_open_while_a_question_was_removed_says_to_reload(author_client):
    quiz = make_quiz(questions=3)
    data = admin_form_data(author_client.get(quiz_change_url(quiz)))
    quiz.questions.get(position=2).delete()  # another author, or an import, meanwhile
    data["questions-2-text_en"] = "Question 3, edited"
    response = author_client.post(quiz_change_url(quiz), data, headers={"accept-language": "fr"})
    assert response.status_code == 200
    assert errors_of(response)[0] == (
        "Ce quiz a été modifié pendant que vous le modifiiez\u00a0: une question ou un choix de cette page n’existe "
        "plus. Rechargez la page, puis refaites votre modification."
    )
    assert quiz.questions.get(position=3).text_en == "Question 3"
