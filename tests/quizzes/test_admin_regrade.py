"""The admin's "Correct the answer key and regrade" page (``quizzes.admin.regrade``) and the history it leaves on
each attempt's page; a plain save still refuses to move the key."""

import pytest
from django.contrib.auth.models import Permission
from django.contrib.messages import get_messages
from django.urls import reverse

from quizzes.answering import answer_submit
from quizzes.kinds import QuestionKind, true_false_rows
from quizzes.models import Attempt, Choice, Question, Regrade
from quizzes.services import attempt_start
from tests.factories import admin_form_data, answer_quiz, make_author, make_quiz, make_user
from tests.pages import elements, find, has_class, texts_of
from tests.quizzes.admin_forms import assert_refused, quiz_change_url

pytestmark = pytest.mark.django_db


def regrade_url(quiz, question) -> str:
    return reverse("admin:quizzes_quiz_regrade", args=[quiz.pk, question.pk])


def choice_pk(question: Question, position: int) -> str:
    return str(question.choices.get(position=position).pk)


@pytest.fixture
def answered():
    """Question 2 of 2 keyed on choice 1 and answered by three learners: choice 2 (1 of 2), choice 1 (2 of 2),
    choice 3 (1 of 2)."""
    quiz = make_quiz(questions=2)
    for name, pick in (("gains", 2), ("loses", 1), ("stays", 3)):
        answer_quiz(make_user(name), quiz, picks=[1, pick])
    return quiz, quiz.questions.get(position=2)


def scores() -> dict[str, int]:
    attempts = Attempt.objects.with_score().select_related("learner")
    return {attempt.learner.username: attempt.score for attempt in attempts}


def test_the_page_shows_the_current_key_the_form_and_what_will_happen(author_client, answered):
    quiz, question = answered
    response = author_client.get(regrade_url(quiz, question))
    assert response.status_code == 200
    radios = [node for node in elements(response.content, "input") if dict(node.attributes).get("type") == "radio"]
    assert [(dict(radio.attributes)["value"], "checked" in dict(radio.attributes)) for radio in radios] == [
        (choice_pk(question, position), position == 1) for position in range(1, 5)
    ]
    assert texts_of(response.content, "regrade-effect") == [
        "Correcting the key judges 3 answers to this question again (3 in finished attempts) and changes the scores "
        "that follow from them."
    ]
    rows = find(find(response.content, has_class("current-key"))[0], lambda node: node.name == "tr")
    assert len(rows) == 5  # the heading and the four choices


def test_regrading_moves_the_key_rescores_and_goes_to_the_statistics_saying_so(author_client, answered):
    quiz, question = answered
    response = author_client.post(regrade_url(quiz, question), {"right": choice_pk(question, 2)})
    assert response.status_code == 302
    assert response.url == reverse("admin:quizzes_quiz_statistics", args=[quiz.pk]) + "#question-2"
    assert [str(message) for message in get_messages(response.wsgi_request)] == [
        "Question 2 was regraded: the verdict changed for 2 of its 3 answers."
    ]
    assert scores() == {"gains": 2, "loses": 1, "stays": 1}
    assert list(Choice.objects.filter(question=question, is_correct=True).values_list("position", flat=True)) == [2]
    assert Regrade.objects.get().by.username == "author"


def test_an_unchanged_key_is_refused_on_the_form(author_client, answered):
    quiz, question = answered
    response = author_client.post(regrade_url(quiz, question), {"right": choice_pk(question, 1)})
    assert response.status_code == 400
    assert response.context["form"].errors["right"] == [
        "This is already the answer key of question 2: choose the answers that are right."
    ]
    assert (Regrade.objects.count(), scores()) == (0, {"gains": 1, "loses": 2, "stays": 1})


def test_no_choice_or_a_choice_of_another_question_is_refused(author_client, answered):
    quiz, question = answered
    response = author_client.post(regrade_url(quiz, question), {})
    assert response.context["form"].errors["right"] == ["Mark exactly one choice as correct; 0 are marked."]
    other = quiz.questions.get(position=1)
    response = author_client.post(regrade_url(quiz, question), {"right": choice_pk(other, 2)})
    assert response.status_code == 400
    assert len(response.context["form"].errors["right"]) == 1  # not one of the choices offered
    assert Regrade.objects.count() == 0


@pytest.fixture
def several():
    """A multiple-answer question (choices 1 and 2 right of 4), answered with choices 1 and 3."""
    quiz = make_quiz(questions=1)
    question = quiz.questions.get()
    Question.objects.filter(pk=question.pk).update(kind=QuestionKind.MULTIPLE)
    Choice.objects.filter(question=question, position=2).update(is_correct=True)
    attempt = attempt_start(learner=make_user("learner"), quiz=quiz, language="en")
    answer_submit(attempt=attempt, question=question, choices=list(question.choices.filter(position__in=[1, 3])))
    return quiz, Question.objects.get(pk=question.pk)


def test_a_multiple_answer_question_takes_check_boxes(author_client, several):
    quiz, question = several
    response = author_client.get(regrade_url(quiz, question))
    boxes = [node for node in elements(response.content, "input") if dict(node.attributes).get("type") == "checkbox"]
    assert ["checked" in dict(box.attributes) for box in boxes] == [True, True, False, False]
    response = author_client.post(
        regrade_url(quiz, question), {"right": [choice_pk(question, 1), choice_pk(question, 3)]}
    )
    assert response.status_code == 302
    assert scores() == {"learner": 1}


@pytest.mark.parametrize(
    ("positions", "message"),
    [
        (
            [1, 2, 3, 4],
            "Not every choice can be correct: leave at least one unmarked, or learners could tick them all "
            "without reading.",
        ),
        ([], "Mark at least one choice as correct: a question with several right answers needs one."),
    ],
)
def test_a_multiple_answer_key_of_all_or_none_is_refused(author_client, several, positions, message):
    quiz, question = several
    response = author_client.post(regrade_url(quiz, question), {"right": [choice_pk(question, p) for p in positions]})
    assert response.context["form"].errors["right"] == [message]
    assert list(Choice.objects.filter(is_correct=True).values_list("position", flat=True)) == [1, 2]


def test_a_true_or_false_question_is_flipped(author_client):
    quiz = make_quiz(questions=1)
    question = quiz.questions.get()
    Question.objects.filter(pk=question.pk).update(kind=QuestionKind.TRUE_FALSE)
    question.choices.all().delete()
    Choice.objects.bulk_create(Choice(question=question, **row) for row in true_false_rows(is_true=True))
    answer_quiz(make_user("learner"), quiz, picks=[2])  # "False"
    response = author_client.get(regrade_url(quiz, question))
    labels = [str(choice[1]) for choice in response.context["form"].fields["right"].choices]
    assert labels == ["True", "False"]
    author_client.post(regrade_url(quiz, question), {"right": choice_pk(question, 2)})
    assert scores() == {"learner": 1}


def test_a_plain_save_still_refuses_to_move_the_key(author_client, answered):
    quiz, question = answered
    author_client.post(regrade_url(quiz, question), {"right": choice_pk(question, 2)})
    data = admin_form_data(author_client.get(quiz_change_url(quiz)))
    del data["questions-1-choices-1-is_correct"]
    data["questions-1-choices-0-is_correct"] = "on"
    response = author_client.post(quiz_change_url(quiz), data)
    assert_refused(
        response,
        "Learners have already answered question 2, so its correct choice cannot change: their scores were "
        "given against it. Add a new question instead, or fix the wording of the choices.",
    )
    assert list(Choice.objects.filter(question=question, is_correct=True).values_list("position", flat=True)) == [2]


@pytest.mark.parametrize("missing", ["change_quiz", "view_attempt"])
def test_without_changing_quizzes_or_viewing_attempts_the_page_is_forbidden(client, answered, missing):
    quiz, question = answered
    user = make_user("staff", is_staff=True)
    wanted = {"view_quiz", "change_quiz", "view_attempt"} - {missing}
    user.user_permissions.add(*Permission.objects.filter(content_type__app_label="quizzes", codename__in=wanted))
    client.force_login(user)
    assert client.get(regrade_url(quiz, question)).status_code == 403
    assert client.post(regrade_url(quiz, question), {"right": choice_pk(question, 2)}).status_code == 403
    assert Regrade.objects.count() == 0


def test_a_question_of_another_quiz_is_not_found(author_client, answered):
    quiz, question = answered
    other = make_quiz(slug="other", questions=1)
    assert author_client.get(regrade_url(other, question)).status_code == 404
    assert author_client.get(reverse("admin:quizzes_quiz_regrade", args=[quiz.pk, 999_999])).status_code == 404
    assert author_client.get(reverse("admin:quizzes_quiz_regrade", args=[999_999, question.pk])).status_code == 404


@pytest.mark.parametrize("method", ["put", "delete", "patch"])
def test_other_methods_are_not_allowed(author_client, answered, method):
    quiz, question = answered
    assert getattr(author_client, method)(regrade_url(quiz, question)).status_code == 405
    assert Regrade.objects.count() == 0


def test_the_attempts_page_shows_its_regrades(client, answered):
    quiz, question = answered
    author = make_author("editor")
    client.force_login(author)
    client.post(regrade_url(quiz, question), {"right": choice_pk(question, 2)})
    attempt = Attempt.objects.get(learner__username="gains")
    response = client.get(reverse("admin:quizzes_attempt_change", args=[attempt.pk]))
    formsets = response.context["inline_admin_formsets"]
    history = formsets[1]
    rows = [[str(field.contents()) for fieldset in form for line in fieldset for field in line] for form in history]
    assert len(rows) == 1
    assert rows[0][0] == "2. Question 2"
    assert rows[0][2:] == ["editor", "Wrong → Right", "1/2 → 2/2"]
    untouched = make_quiz(slug="untouched", questions=1)
    other = answer_quiz(make_user("other"), untouched, picks=[1])
    response = client.get(reverse("admin:quizzes_attempt_change", args=[other.pk]))
    assert len(response.context["inline_admin_formsets"]) == 1  # its answers only
