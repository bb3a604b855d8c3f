"""Each content rule refused through the quiz's page, the question's page and the delete views, with the rule's
message (quizzes/rules.py) as authors read it."""

import pytest
from django.urls import reverse

from quizzes.models import Choice, Question, Quiz
from tests.factories import admin_form_data, answer_quiz, make_quiz, make_user
from tests.quizzes.admin_forms import (
    assert_refused,
    errors_of,
    new_question,
    question_change_url,
    quiz_change_url,
)

pytestmark = pytest.mark.django_db


def quiz_data(author_client, quiz: Quiz) -> dict:
    return admin_form_data(author_client.get(quiz_change_url(quiz)))


def correct_marks(quiz: Quiz) -> list[tuple[int, int]]:
    return list(
        Choice.objects.filter(question__quiz=quiz, is_correct=True).values_list("question__position", "position")
    )


# --- On the quiz's page -------------------------------------------------------------------------------------


def test_two_correct_choices_are_refused(author_client):
    quiz = make_quiz(questions=2, published=False)
    data = quiz_data(author_client, quiz)
    data["questions-1-choices-2-is_correct"] = "on"
    response = author_client.post(quiz_change_url(quiz), data)
    assert_refused(response, "Mark exactly one choice as correct; 2 are marked.")
    assert correct_marks(quiz) == [(1, 1), (2, 1)]


def test_a_question_without_a_correct_choice_is_refused_in_french(author_client):
    quiz = make_quiz(questions=1, published=False)
    data = quiz_data(author_client, quiz)
    del data["questions-0-choices-0-is_correct"]
    response = author_client.post(quiz_change_url(quiz), data, headers={"accept-language": "fr"})
    assert_refused(response, "Marquez exactement un choix comme correct\u00a0; 0 est marqué.")
    assert correct_marks(quiz) == [(1, 1)]


def test_a_question_with_one_choice_is_refused(author_client):
    quiz = make_quiz(questions=1, choices=2, published=False)
    data = quiz_data(author_client, quiz)
    data["questions-0-choices-1-DELETE"] = "on"
    response = author_client.post(quiz_change_url(quiz), data)
    assert_refused(response, "A question needs at least 2 choices; it has 1.")
    assert Choice.objects.count() == 2


def test_a_new_question_without_choices_is_refused(author_client):
    quiz = make_quiz(questions=1, published=False)
    data = quiz_data(author_client, quiz)
    data["questions-TOTAL_FORMS"] = "2"
    data.update(new_question(1, {"en": "Alone?"}, []))
    response = author_client.post(quiz_change_url(quiz), data)
    assert_refused(response, "A question needs at least 2 choices; it has 0.")
    assert list(quiz.questions.values_list("text_en", flat=True)) == ["Question 1"]


def test_moving_the_correct_mark_of_an_answered_question_is_refused(author_client):
    quiz = make_quiz(questions=2)
    answer_quiz(make_user(), quiz, picks=[2])
    data = quiz_data(author_client, quiz)
    del data["questions-0-choices-0-is_correct"]
    data["questions-0-choices-1-is_correct"] = "on"
    data["questions-0-position"] = "5"  # moved too: the message names the number the author sees
    response = author_client.post(quiz_change_url(quiz), data)
    assert_refused(
        response,
        "Learners have already answered question 1, so its correct choice cannot change: their scores were "
        "given against it. Add a new question instead, or fix the wording of the choices.",
    )
    assert correct_marks(quiz) == [(1, 1), (2, 1)]


def test_removing_an_answered_choice_is_refused(author_client):
    quiz = make_quiz(questions=2)
    answer_quiz(make_user(), quiz, picks=[1, 3])
    data = quiz_data(author_client, quiz)
    data["questions-1-choices-2-DELETE"] = "on"
    response = author_client.post(quiz_change_url(quiz), data)
    assert_refused(
        response,
        "Learners have already picked choice 3 of question 2, so it cannot be removed. Change its text instead, "
        "or unpublish the quiz.",
    )
    assert Choice.objects.count() == 8


def test_removing_an_answered_question_is_refused(author_client):
    quiz = make_quiz(questions=3)
    answer_quiz(make_user(), quiz, picks=[1, 1])
    data = quiz_data(author_client, quiz)
    data["questions-1-DELETE"] = "on"
    data["questions-2-DELETE"] = "on"  # not answered: would go, but the save is refused as a whole
    response = author_client.post(quiz_change_url(quiz), data)
    assert_refused(
        response, "Learners have already answered question 2, so it cannot be removed. Unpublish the quiz instead."
    )
    assert list(quiz.questions.values_list("position", flat=True)) == [1, 2, 3]


def test_a_quiz_without_questions_cannot_be_published(author_client):
    quiz = make_quiz(questions=0, published=False)
    data = quiz_data(author_client, quiz)
    data["published"] = "on"
    response = author_client.post(quiz_change_url(quiz), data)
    assert_refused(response, "A published quiz needs at least one question. Add one, or unpublish the quiz.")
    assert Quiz.objects.get(pk=quiz.pk).published is False


def test_removing_every_question_of_a_published_quiz_is_refused(author_client):
    quiz = make_quiz(questions=2)
    data = quiz_data(author_client, quiz)
    data["questions-0-DELETE"] = data["questions-1-DELETE"] = "on"
    response = author_client.post(quiz_change_url(quiz), data)
    assert_refused(response, "A published quiz needs at least one question. Add one, or unpublish the quiz.")
    assert quiz.questions.count() == 2


def test_english_question_text_is_required(author_client):
    quiz = make_quiz(questions=1, published=False)
    data = quiz_data(author_client, quiz)
    data["questions-0-text_en"] = ""
    data["questions-0-text_fr"] = "Seulement en français"
    response = author_client.post(quiz_change_url(quiz), data)
    assert errors_of(response) == ["This field is required."]
    assert quiz.questions.get().text_fr is None


def test_a_position_above_the_bound_is_refused(author_client):
    quiz = make_quiz(questions=2, published=False)
    data = quiz_data(author_client, quiz)
    data["questions-1-position"] = "2147483647"
    response = author_client.post(quiz_change_url(quiz), data)
    assert errors_of(response) == ["Ensure this value is less than or equal to 1000."]
    assert list(quiz.questions.values_list("position", flat=True)) == [1, 2]


def test_a_question_of_another_quiz_cannot_be_slipped_in(author_client):
    quiz, other = make_quiz(questions=1, published=False), make_quiz(slug="other", questions=1, published=False)
    data = quiz_data(author_client, quiz)
    data["questions-0-id"] = str(other.questions.get().pk)
    response = author_client.post(quiz_change_url(quiz), data)
    assert errors_of(response)[:2] == [
        "This quiz was changed while you were editing it: a question or choice on this page no longer exists. "
        "Reload the page, then make your change again.",
        "Select a valid choice. That choice is not one of the available choices.",  # on the hidden id
    ]
    assert sorted(Question.objects.values_list("quiz__slug", "position")) == [("other", 1), ("quiz", 1)]


# --- On the question's page ---------------------------------------------------------------------------------


def test_the_question_page_refuses_two_correct_choices(author_client):
    question = make_quiz(questions=1, published=False).questions.get()
    data = admin_form_data(author_client.get(question_change_url(question)))
    data["choices-3-is_correct"] = "on"
    response = author_client.post(question_change_url(question), data)
    assert_refused(response, "Mark exactly one choice as correct; 2 are marked.")
    assert list(question.choices.filter(is_correct=True).values_list("position", flat=True)) == [1]


def test_the_question_page_refuses_removing_an_answered_choice(author_client):
    quiz = make_quiz(questions=1)
    answer_quiz(make_user(), quiz, picks=[2])
    question = quiz.questions.get()
    data = admin_form_data(author_client.get(question_change_url(question)))
    data["choices-1-DELETE"] = "on"
    response = author_client.post(question_change_url(question), data)
    assert_refused(
        response,
        "Learners have already picked choice 2 of question 1, so it cannot be removed. Change its text instead, "
        "or unpublish the quiz.",
    )
    assert question.choices.count() == 4


# --- The delete views ---------------------------------------------------------------------------------------


def messages_of(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def test_deleting_an_answered_question_is_refused_with_the_rules_message(author_client):
    quiz = make_quiz(questions=2)
    question = quiz.questions.get(position=2)
    answer_quiz(make_user(), quiz, picks=[1, 1])
    url = reverse("admin:quizzes_question_delete", args=[question.pk])
    response = author_client.post(url, {"post": "yes"}, follow=True)
    assert response.redirect_chain == [(question_change_url(question), 302)]
    assert messages_of(response) == [
        "Learners have already answered question 2, so it cannot be removed. Unpublish the quiz instead."
    ]
    assert Question.objects.filter(pk=question.pk).exists()


def test_deleting_the_only_question_of_a_published_quiz_is_refused_in_french(author_client):
    question = make_quiz(questions=1).questions.get()
    url = reverse("admin:quizzes_question_delete", args=[question.pk])
    response = author_client.post(url, {"post": "yes"}, follow=True, headers={"accept-language": "fr"})
    assert messages_of(response) == [
        "Un quiz publié doit avoir au moins une question. Ajoutez-en une, ou dépubliez le quiz."
    ]
    assert Question.objects.filter(pk=question.pk).exists()


def test_deleting_a_question_that_leaves_an_incomplete_published_quiz_is_refused(author_client):
    quiz = make_quiz(questions=3)
    Choice.objects.filter(question__position=3).update(is_correct=False)  # left so by an older version
    question = quiz.questions.get(position=1)
    response = author_client.post(
        reverse("admin:quizzes_question_delete", args=[question.pk]), {"post": "yes"}, follow=True
    )
    assert messages_of(response) == [
        "Question 3 has no correct choice, so the quiz cannot be published. Mark one, or unpublish the quiz."
    ]
    assert quiz.questions.count() == 3


def test_deleting_an_unanswered_question_closes_up_the_numbers(author_client):
    quiz = make_quiz(questions=3)
    question = quiz.questions.get(position=2)
    response = author_client.post(reverse("admin:quizzes_question_delete", args=[question.pk]), {"post": "yes"})
    assert (response.status_code, response["Location"]) == (302, quiz_change_url(quiz))  # back to the quiz
    assert list(quiz.questions.order_by("position").values_list("position", "text_en")) == [
        (1, "Question 1"),
        (2, "Question 3"),
    ]


def test_deleting_an_answered_quiz_is_refused_with_the_rules_message(author_client):
    quiz = make_quiz(questions=2)
    answer_quiz(make_user(), quiz, picks=[1, 2])
    response = author_client.post(reverse("admin:quizzes_quiz_delete", args=[quiz.pk]), {"post": "yes"}, follow=True)
    assert response.redirect_chain == [(quiz_change_url(quiz), 302)]
    assert messages_of(response) == [
        "Learners have already answered questions 1, 2, so they cannot be removed. Unpublish the quiz instead."
    ]
    assert Quiz.objects.filter(pk=quiz.pk).exists()


def test_deleting_answered_quizzes_from_the_list_is_refused_quiz_by_quiz(author_client):
    answered = make_quiz(title="Caching", questions=1)
    answer_quiz(make_user(), answered, picks=[1])
    unanswered = make_quiz(slug="other", questions=1)
    url = reverse("admin:quizzes_quiz_changelist")
    selected = {"action": "delete_selected", "_selected_action": [str(answered.pk), str(unanswered.pk)]}
    response = author_client.post(url, {**selected, "post": "yes"}, follow=True)
    assert response.redirect_chain == [(url, 302)]
    assert messages_of(response) == [
        "“Caching”: Learners have already answered question 1, so it cannot be removed. Unpublish the quiz instead."
    ]
    assert Quiz.objects.count() == 2


def test_deleting_unanswered_quizzes_from_the_list_asks_then_deletes(author_client):
    quiz = make_quiz(questions=2)
    url = reverse("admin:quizzes_quiz_changelist")
    selected = {"action": "delete_selected", "_selected_action": [str(quiz.pk)]}
    response = author_client.post(url, selected)
    assert response.context["title"] == "Delete multiple objects"
    response = author_client.post(url, {**selected, "post": "yes"})
    assert response.status_code == 302
    assert Quiz.objects.count() == 0
