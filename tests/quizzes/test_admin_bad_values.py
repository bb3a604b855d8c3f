"""Bad numbers and forged values on the quiz's admin page: each is a form error on the page that comes back,
with the author's edits still in it, and nothing is saved; forged form counts are refused without building
the forms they ask for."""

import pytest
from django.urls import reverse

from guides.models import Guide
from quizzes.models import Choice, Question, Quiz
from tests.factories import admin_form_data, make_quiz
from tests.quizzes.admin_forms import browser_form_data, errors_of, quiz_change_url

pytestmark = pytest.mark.django_db

EDITED = "An edit the author must not lose"


def rows(quiz: Quiz) -> list[tuple]:
    """The quiz's questions and choices as stored: number, English text, choices (number, text, correct)."""
    return [
        (
            question.position,
            question.text_en,
            [(choice.position, choice.text_en, choice.is_correct) for choice in question.choices.all()],
        )
        for question in quiz.questions.prefetch_related("choices").order_by("position")
    ]


def post_with(client, quiz: Quiz, **values: str):
    """Post the quiz's page as shown, with question 1's English text edited and ``values`` (field names with
    ``__`` for ``-``) set."""
    url = quiz_change_url(quiz)
    data = admin_form_data(client.get(url))
    data["questions-0-text_en"] = EDITED
    data.update({name.replace("__", "-"): value for name, value in values.items()})
    return client.post(url, data)


MANAGEMENT = (
    "ManagementForm data is missing or has been tampered with. Missing fields: {fields}. You may need to file a "
    "bug report if the issue persists."
)
STALE = (
    "This quiz was changed while you were editing it: a question or choice on this page no longer exists. Reload "
    "the page, then make your change again."
)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("questions__0__position", "1.5", "Enter a whole number."),
        ("questions__0__position", "1e3", "Enter a whole number."),
        ("questions__0__position", "abc", "Enter a whole number."),
        ("questions__0__position", "-1", "Ensure this value is greater than or equal to 0."),
        ("questions__0__position", "99999999999999999999", "Ensure this value is less than or equal to 1000."),
        ("questions__1__choices__2__position", "2.5", "Enter a whole number."),
        ("guides", "abc", "“abc” is not a valid value."),
        ("guides", "999999", "Select a valid choice. 999999 is not one of the available choices."),
        ("guides", "99999999999999999999", "“99999999999999999999” is not a valid value."),
    ],
)
def test_a_bad_number_or_id_is_a_form_error_and_the_edits_stay_on_the_page(author_client, field, value, message):
    quiz = make_quiz(questions=2)
    before = rows(quiz)
    response = post_with(author_client, quiz, **{field: value})
    assert response.status_code == 200
    assert errors_of(response) == [message]
    assert ("questions-0-text_en", EDITED) in browser_form_data(response)
    assert rows(quiz) == before


@pytest.mark.parametrize(
    ("field", "value", "first_message"),
    [
        ("questions__TOTAL_FORMS", "abc", MANAGEMENT.format(fields="questions-TOTAL_FORMS")),
        ("questions__INITIAL_FORMS", "abc", MANAGEMENT.format(fields="questions-INITIAL_FORMS")),
        ("questions__INITIAL_FORMS", "50", MANAGEMENT.format(fields="questions-TOTAL_FORMS, questions-INITIAL_FORMS")),
        (
            "questions__1__choices__INITIAL_FORMS",
            "9",
            MANAGEMENT.format(fields="questions-1-choices-TOTAL_FORMS, questions-1-choices-INITIAL_FORMS"),
        ),
        ("questions__1__choices__TOTAL_FORMS", "abc", MANAGEMENT.format(fields="questions-1-choices-TOTAL_FORMS")),
        (
            "questions__1__choices__TOTAL_FORMS",
            "-5",
            MANAGEMENT.format(fields="questions-1-choices-TOTAL_FORMS, questions-1-choices-INITIAL_FORMS"),
        ),
        ("questions__0__choices__1__id", "abc", STALE),
        ("questions__0__choices__1__id", "999999", STALE),
        ("questions__1__id", "x", STALE),
    ],
)
def test_a_forged_count_or_id_is_refused_and_nothing_is_saved(author_client, field, value, first_message):
    quiz = make_quiz(questions=2)
    before = rows(quiz)
    response = post_with(author_client, quiz, **{field: value})
    assert response.status_code == 200
    assert errors_of(response)[0] == first_message
    assert rows(quiz) == before


def test_a_forged_question_count_of_100000_is_refused_without_building_100000_forms(author_client):
    quiz = make_quiz(questions=2)
    before = rows(quiz)
    response = post_with(author_client, quiz, questions__TOTAL_FORMS="100000")
    assert response.status_code == 200
    assert errors_of(response)[0] == "A quiz has at most 100 questions."
    questions = response.context["inline_admin_formsets"][0].formset
    assert len(questions.forms) == 100
    assert rows(quiz) == before


def test_a_forged_choice_count_of_100000_is_refused_without_building_100000_forms(author_client):
    quiz = make_quiz(questions=2)
    before = rows(quiz)
    response = post_with(author_client, quiz, questions__0__choices__TOTAL_FORMS="100000")
    assert response.status_code == 200
    assert errors_of(response) == ["A question has at most 6 choices."]
    choices = response.context["inline_admin_formsets"][0].formset.forms[0].nested_formsets[0]
    assert len(choices.forms) == 6
    assert ("questions-0-text_en", EDITED) in browser_form_data(response)
    assert rows(quiz) == before


def test_a_seventh_choice_is_refused_with_the_limit(author_client):
    quiz = make_quiz(questions=1, choices=6)
    url = quiz_change_url(quiz)
    data = admin_form_data(author_client.get(url))
    data.update({"questions-0-choices-TOTAL_FORMS": "7", "questions-0-choices-6-text_en": "Seventh"})
    response = author_client.post(url, data)
    assert response.status_code == 200
    assert errors_of(response) == ["A question has at most 6 choices."]
    assert Choice.objects.filter(question__quiz=quiz).count() == 6


def test_the_page_of_a_quiz_at_100_questions_offers_no_blank_question(author_client):
    quiz = make_quiz(questions=100, choices=2)
    response = author_client.get(quiz_change_url(quiz))
    questions = response.context["inline_admin_formsets"][0].formset
    assert (len(questions.forms), questions.max_num, questions.absolute_max) == (100, 100, 100)
    assert Question.objects.filter(quiz=quiz).count() == 100


def test_more_than_ten_guides_are_refused(author_client):
    quiz = make_quiz(questions=1)
    guides = [Guide.objects.create(slug=f"guide-{number}", title_en=f"Guide {number}") for number in range(11)]
    url = quiz_change_url(quiz)
    data = admin_form_data(author_client.get(url))
    data["guides"] = [str(guide.pk) for guide in guides]
    response = author_client.post(url, data)
    assert response.status_code == 200
    assert errors_of(response) == ["A quiz links at most 10 guides; 11 are selected."]
    assert list(quiz.guides.all()) == []
    data["guides"] = data["guides"][:10]
    assert author_client.post(url, data).status_code == 302
    assert quiz.guides.count() == 10


def test_a_new_quiz_with_a_bad_number_comes_back_with_everything_typed(author_client):
    data = {
        "slug": "typed",
        "difficulty": "medium",
        "title_en": "Typed",
        "questions-TOTAL_FORMS": "1",
        "questions-INITIAL_FORMS": "0",
        "questions-0-position": "1,5",
        "questions-0-text_en": EDITED,
        "questions-0-choices-TOTAL_FORMS": "2",
        "questions-0-choices-INITIAL_FORMS": "0",
        "questions-0-choices-0-text_en": "Yes",
        "questions-0-choices-0-is_correct": "on",
        "questions-0-choices-1-text_en": "No",
    }
    response = author_client.post(reverse("admin:quizzes_quiz_add"), data)
    assert response.status_code == 200
    assert errors_of(response) == ["Enter a whole number."]
    page = browser_form_data(response)
    assert ("questions-0-text_en", EDITED) in page
    assert ("questions-0-position", "1,5") in page
    assert not Quiz.objects.filter(slug="typed").exists()
