"""The authoring admin for quizzes, questions, choices and attempts."""

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management import CommandError, call_command
from django.http import HttpRequest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from quizzes.models import Answer, Attempt, Choice, Question, Quiz
from quizzes.services import AUTHORS_GROUP
from tests.factories import (
    PASSWORD,
    admin_form_data,
    answer_quiz,
    make_author,
    make_quiz,
    make_superuser,
    make_user,
)

pytestmark = pytest.mark.django_db

LANGUAGE_CODES = ("en", "fr", "tr")


@pytest.fixture
def author_client(client):
    client.force_login(make_author())
    return client


def management(prefix: str, total: int, initial: int = 0) -> dict:
    return {
        f"{prefix}-TOTAL_FORMS": str(total),
        f"{prefix}-INITIAL_FORMS": str(initial),
        f"{prefix}-MIN_NUM_FORMS": "0",
        f"{prefix}-MAX_NUM_FORMS": "1000",
    }


def translated(prefix: str, field: str, texts: dict) -> dict:
    """``{"questions-0-text_en": …, "questions-0-text_fr": …, …}`` for a form field in every language."""
    return {f"{prefix}{field}_{code}": texts.get(code, "") for code in LANGUAGE_CODES}


def quiz_change_url(quiz: Quiz) -> str:
    return reverse("admin:quizzes_quiz_change", args=[quiz.pk])


def question_change_url(question: Question) -> str:
    return reverse("admin:quizzes_question_change", args=[question.pk])


def errors_of(response) -> list[str]:
    """Every error message the admin page shows: the form's, and each inline's (forms and whole formset)."""
    messages = list(response.context["adminform"].form.non_field_errors())
    for field_errors in response.context["adminform"].form.errors.values():
        messages += field_errors
    for inline in response.context["inline_admin_formsets"]:
        messages += list(inline.formset.non_form_errors())
        for form_errors in inline.formset.errors:
            for field_errors in form_errors.values():
                messages += field_errors
    return messages


# --- Pages and permissions ----------------------------------------------------------------------------------


def admin_page_urls() -> list[str]:
    quiz = make_quiz(questions=2)
    question = quiz.questions.get(position=1)
    attempt = answer_quiz(make_user("page-learner"), quiz, picks=[1])
    return [
        reverse("admin:index"),
        reverse("admin:quizzes_quiz_changelist"),
        reverse("admin:quizzes_quiz_add"),
        quiz_change_url(quiz),
        reverse("admin:quizzes_quiz_statistics", args=[quiz.pk]),
        reverse("admin:quizzes_question_changelist"),
        reverse("admin:quizzes_question_add"),
        question_change_url(question),
        reverse("admin:quizzes_attempt_changelist"),
        reverse("admin:quizzes_attempt_change", args=[attempt.pk]),
    ]


@pytest.mark.parametrize("make_staff", [make_author, make_superuser], ids=["author", "superuser"])
def test_every_quiz_admin_page_loads(client, make_staff):
    urls = admin_page_urls()
    client.force_login(make_staff())
    statuses = {url: client.get(url).status_code for url in urls}
    assert statuses == dict.fromkeys(urls, 200)


def test_authors_group_has_exactly_the_content_permissions():
    codenames = sorted(Group.objects.get(name=AUTHORS_GROUP).permissions.values_list("codename", flat=True))
    assert codenames == [
        "add_choice",
        "add_guide",
        "add_question",
        "add_quiz",
        "change_choice",
        "change_guide",
        "change_question",
        "change_quiz",
        "delete_choice",
        "delete_guide",
        "delete_question",
        "delete_quiz",
        "view_answer",
        "view_attempt",
        "view_choice",
        "view_guide",
        "view_question",
        "view_quiz",
    ]


def test_make_author_gives_staff_status_and_the_authors_group():
    make_user("alice")
    output = StringIO()
    call_command("make_author", "alice", stdout=output)
    alice = get_user_model().objects.get(username="alice")
    assert (alice.is_staff, alice.is_superuser, list(alice.groups.values_list("name", flat=True))) == (
        True,
        False,
        ["Authors"],
    )
    assert output.getvalue() == "“alice” is now an author and can log in at /admin/.\n"


def test_make_author_refuses_an_unknown_account():
    with pytest.raises(CommandError, match="There is no account “bob”"):
        call_command("make_author", "bob")


def test_quiz_slug_is_prepopulated_from_the_english_title(author_client):
    response = author_client.get(reverse("admin:quizzes_quiz_add"))
    (field,) = response.context["adminform"].prepopulated_fields
    assert (field["field"].name, [dependency.name for dependency in field["dependencies"]]) == (
        "slug",
        ["title_en"],
    )


@pytest.mark.parametrize("url_name", ["admin:accounts_user_changelist", "admin:auth_group_changelist"])
def test_author_cannot_manage_users_or_groups(author_client, url_name):
    assert author_client.get(reverse(url_name)).status_code == 403


def test_author_cannot_change_or_delete_an_attempt(author_client):
    quiz = make_quiz(questions=1)
    attempt = answer_quiz(make_user(), quiz, picks=[1])
    response = author_client.post(reverse("admin:quizzes_attempt_delete", args=[attempt.pk]), {"post": "yes"})
    assert response.status_code == 403
    assert Attempt.objects.filter(pk=attempt.pk).exists()


def test_attempt_list_shows_learner_quiz_language_and_score(author_client):
    quiz = make_quiz(title="Caching", questions=2)
    answer_quiz(make_user("ayse"), quiz, picks=[1, 2], language="tr")
    response = author_client.get(reverse("admin:quizzes_attempt_changelist"))
    (attempt,) = response.context["cl"].result_list
    assert (attempt.learner.username, attempt.quiz.title, attempt.language, attempt.score) == (
        "ayse",
        "Caching",
        "tr",
        1,
    )
    assert attempt.finished_at is not None
    assert [header["text"] for header in response.context["result_headers"]] == [
        "learner",
        "quiz",
        "language",
        "score",
        "started",
        "finished",
    ]


def test_quiz_change_page_has_a_tab_per_language_for_question_texts(author_client):
    quiz = make_quiz(questions=1)
    response = author_client.get(quiz_change_url(quiz))
    content = response.content.decode()
    for code in LANGUAGE_CODES:
        assert f'name="questions-0-text_{code}"' in content
        assert f'name="title_{code}"' in content
    assert "vendor/jquery-ui/jquery-ui.min.js" in content
    assert "modeltranslation/js/tabbed_translation_fields.js" in content
    assert reverse("admin:quizzes_quiz_statistics", args=[quiz.pk]) in content
    assert question_change_url(quiz.questions.get()) in content


# --- Writing a quiz in three languages ----------------------------------------------------------------------


TRANSLATIONS = {"en": "English", "fr": "French", "tr": "Türkçe"}


def texts(template: str) -> dict:
    """``texts("Q3")`` → ``{"en": "Q3 (English)", "fr": "Q3 (French)", "tr": "Q3 (Türkçe)"}``."""
    return {code: f"{template} ({language})" for code, language in TRANSLATIONS.items()}


def test_an_author_made_as_the_readme_says_builds_translates_and_publishes_a_quiz_a_learner_takes():
    """The issue's "done when": 8 questions, 4 choices each, explanations, three languages, in the admin."""
    make_user("alice")
    call_command("make_author", "alice", stdout=StringIO())
    author = Client()
    # django-axes, which throttles logins, needs the request that a login comes with.
    assert author.login(request=HttpRequest(), username="alice", password=PASSWORD)

    response = author.post(
        reverse("admin:quizzes_quiz_add"),
        {
            "slug": "turkish-cities",
            "difficulty": "easy",
            **translated("", "title", {"en": "Turkish cities", "fr": "Villes turques", "tr": "Türk şehirleri"}),
            **translated("", "description", texts("Description")),
            **management("questions", 8),
            **{f"questions-{index}-position": str(index + 1) for index in range(8)},
            **{
                key: value
                for index in range(8)
                for key, value in translated(f"questions-{index}-", "text", texts(f"Question {index + 1}")).items()
            },
        },
    )
    assert response.status_code == 302, errors_of(response)
    quiz = Quiz.objects.get(slug="turkish-cities")
    for question in quiz.questions.all():
        number = question.position
        response = author.post(
            question_change_url(question),
            {
                "position": str(number),
                **translated("", "text", texts(f"Question {number}")),
                **translated("", "explanation", texts(f"Explanation {number}")),
                **management("choices", 4),
                **{
                    key: value
                    for index in range(4)
                    for key, value in {
                        f"choices-{index}-position": str(index + 1),
                        **translated(f"choices-{index}-", "text", texts(f"Q{number} choice {index + 1}")),
                    }.items()
                },
                "choices-1-is_correct": "on",
            },
        )
        assert response.status_code == 302, errors_of(response)
        assert response.url == quiz_change_url(quiz)

    data = admin_form_data(author.get(quiz_change_url(quiz)))
    data["published"] = "on"
    response = author.post(quiz_change_url(quiz), data)
    assert response.status_code == 302, errors_of(response)

    quiz = Quiz.objects.get(slug="turkish-cities")
    assert quiz.published is True
    assert (quiz.title_en, quiz.title_fr, quiz.title_tr) == (
        "Turkish cities",
        "Villes turques",
        "Türk şehirleri",
    )
    assert quiz.description_tr == "Description (Türkçe)"
    question = quiz.questions.get(position=8)
    assert [getattr(question, f"{field}_{code}") for field in ("text", "explanation") for code in TRANSLATIONS] == [
        "Question 8 (English)",
        "Question 8 (French)",
        "Question 8 (Türkçe)",
        "Explanation 8 (English)",
        "Explanation 8 (French)",
        "Explanation 8 (Türkçe)",
    ]
    assert list(question.choices.values_list("position", "text_fr", "is_correct")) == [
        (1, "Q8 choice 1 (French)", False),
        (2, "Q8 choice 2 (French)", True),
        (3, "Q8 choice 3 (French)", False),
        (4, "Q8 choice 4 (French)", False),
    ]
    assert Choice.objects.filter(question__quiz=quiz).count() == 32

    learner = Client()
    learner.force_login(make_user("learner"))
    with translation.override("tr"):
        start_url = reverse("quizzes:start", kwargs={"slug": "turkish-cities"})
    response = learner.post(start_url, follow=True)
    assert response.redirect_chain == [("/tr/quizzes/turkish-cities/questions/1/", 302)]
    assert "Question 1 (Türkçe)" in response.content.decode()
    for number in range(1, 9):
        choice = quiz.questions.get(position=number).choices.get(position=2 if number % 2 else 1)
        learner.post(f"/tr/quizzes/turkish-cities/questions/{number}/", {"choice": str(choice.pk)})
    attempt = Attempt.objects.get(learner__username="learner")
    assert (attempt.language, attempt.is_finished, attempt.score) == ("tr", True, 4)


# --- Validation rules ---------------------------------------------------------------------------------------


def question_data(author_client, question: Question) -> dict:
    return admin_form_data(author_client.get(question_change_url(question)))


def assert_refused(response, message: str) -> None:
    assert response.status_code == 200
    assert message in errors_of(response)
    assert escape(message) in response.content.decode()


def test_a_question_with_two_correct_choices_is_refused(author_client):
    quiz = make_quiz(questions=1, published=False)
    question = quiz.questions.get()
    data = question_data(author_client, question)
    data["choices-1-is_correct"] = "on"
    response = author_client.post(question_change_url(question), data)
    assert_refused(response, "Only one choice can be correct, but 2 are marked.")
    assert list(question.choices.filter(is_correct=True).values_list("position", flat=True)) == [1]


def test_a_question_without_a_correct_choice_is_refused(author_client):
    quiz = make_quiz(questions=1, published=False)
    question = quiz.questions.get()
    data = question_data(author_client, question)
    del data["choices-0-is_correct"]
    response = author_client.post(question_change_url(question), data)
    assert_refused(response, "Mark one choice as correct.")
    assert question.choices.get(position=1).is_correct is True


def test_a_question_with_one_choice_is_refused(author_client):
    quiz = make_quiz(questions=1, choices=2, published=False)
    question = quiz.questions.get()
    data = question_data(author_client, question)
    data["choices-1-DELETE"] = "on"
    response = author_client.post(question_change_url(question), data)
    assert_refused(response, "A question needs at least two choices.")
    assert question.choices.count() == 2


def test_a_new_question_needs_two_choices(author_client):
    quiz = make_quiz(questions=0, published=False)
    response = author_client.post(
        reverse("admin:quizzes_question_add"),
        {
            "quiz": str(quiz.pk),
            "position": "1",
            **translated("", "text", {"en": "Alone?"}),
            **translated("", "explanation", {}),
            **management("choices", 1),
            "choices-0-position": "1",
            **translated("choices-0-", "text", {"en": "Yes"}),
            "choices-0-is_correct": "on",
        },
    )
    assert_refused(response, "A question needs at least two choices.")
    assert Question.objects.count() == 0
    assert Choice.objects.count() == 0


def test_duplicate_choice_positions_are_refused(author_client):
    quiz = make_quiz(questions=1, published=False)
    question = quiz.questions.get()
    data = question_data(author_client, question)
    data["choices-2-position"] = "2"
    response = author_client.post(question_change_url(question), data)
    assert_refused(response, "Two choices have the same position (2); give each choice its own.")
    assert list(question.choices.values_list("position", flat=True)) == [1, 2, 3, 4]


def test_duplicate_question_positions_are_refused(author_client):
    quiz = make_quiz(questions=3, published=False)
    data = admin_form_data(author_client.get(quiz_change_url(quiz)))
    data["questions-2-position"] = "1"
    response = author_client.post(quiz_change_url(quiz), data)
    assert_refused(response, "Two questions have the same position (1); give each question its own.")
    assert list(quiz.questions.values_list("position", "text_en")) == [
        (1, "Question 1"),
        (2, "Question 2"),
        (3, "Question 3"),
    ]


def test_a_question_position_taken_by_another_question_is_refused_on_the_question_page(author_client):
    quiz = make_quiz(questions=2, published=False)
    question = quiz.questions.get(position=2)
    data = question_data(author_client, question)
    data["position"] = "1"
    response = author_client.post(question_change_url(question), data)
    assert_refused(response, "Another question of this quiz is at position 1.")
    assert Question.objects.get(pk=question.pk).position == 2


def test_a_new_question_at_a_taken_position_is_refused(author_client):
    quiz = make_quiz(questions=1, published=False)
    response = author_client.post(
        reverse("admin:quizzes_question_add"),
        {
            "quiz": str(quiz.pk),
            "position": "1",
            **translated("", "text", {"en": "Again?"}),
            **translated("", "explanation", {}),
            **management("choices", 2),
            **{f"choices-{index}-position": str(index + 1) for index in range(2)},
            **translated("choices-0-", "text", {"en": "Yes"}),
            **translated("choices-1-", "text", {"en": "No"}),
            "choices-0-is_correct": "on",
        },
    )
    assert_refused(response, "Question with this Quiz and Position already exists.")
    assert list(quiz.questions.values_list("text_en", flat=True)) == ["Question 1"]


def test_the_quiz_of_an_existing_question_cannot_be_changed(author_client):
    quiz, other = make_quiz(questions=1, published=False), make_quiz(slug="other", questions=0)
    question = quiz.questions.get()
    data = question_data(author_client, question)
    data["quiz"] = str(other.pk)
    response = author_client.post(question_change_url(question), data)
    assert response.status_code == 302
    assert Question.objects.get(pk=question.pk).quiz == quiz


def test_a_position_below_one_is_refused(author_client):
    quiz = make_quiz(questions=2, published=False)
    data = admin_form_data(author_client.get(quiz_change_url(quiz)))
    data["questions-1-position"] = "0"
    response = author_client.post(quiz_change_url(quiz), data)
    assert_refused(response, "Positions start at 1.")
    assert list(quiz.questions.values_list("position", flat=True)) == [1, 2]


def test_a_position_above_the_bound_is_refused(author_client):
    quiz = make_quiz(questions=2, published=False)
    data = admin_form_data(author_client.get(quiz_change_url(quiz)))
    data["questions-1-position"] = "2147483647"
    response = author_client.post(quiz_change_url(quiz), data)
    assert_refused(response, "Ensure this value is less than or equal to 1000.")
    assert list(quiz.questions.values_list("position", flat=True)) == [1, 2]


def test_moving_the_correct_mark_of_an_answered_question_is_refused(author_client):
    quiz = make_quiz(questions=2)
    answer_quiz(make_user(), quiz, picks=[2])
    question = quiz.questions.get(position=1)
    data = question_data(author_client, question)
    del data["choices-0-is_correct"]
    data["choices-1-is_correct"] = "on"
    response = author_client.post(question_change_url(question), data)
    assert_refused(
        response,
        "Learners have already answered this question, so its correct choice cannot change: their scores were "
        "given against it. Add a new question instead, or fix the wording of the choices.",
    )
    assert list(question.choices.filter(is_correct=True).values_list("position", flat=True)) == [1]


def test_swapping_two_question_positions_saves(author_client):
    quiz = make_quiz(questions=3, published=False)
    data = admin_form_data(author_client.get(quiz_change_url(quiz)))
    data["questions-0-position"], data["questions-1-position"] = "2", "1"
    response = author_client.post(quiz_change_url(quiz), data)
    assert response.status_code == 302, errors_of(response)
    assert list(quiz.questions.order_by("position").values_list("position", "text_en")) == [
        (1, "Question 2"),
        (2, "Question 1"),
        (3, "Question 3"),
    ]


def test_moving_the_correct_mark_and_swapping_choices_saves(author_client):
    quiz = make_quiz(questions=1, published=False)
    question = quiz.questions.get()
    data = question_data(author_client, question)
    data["choices-0-position"], data["choices-3-position"] = "4", "1"
    del data["choices-0-is_correct"]
    data["choices-2-is_correct"] = "on"
    response = author_client.post(question_change_url(question), data)
    assert response.status_code == 302, errors_of(response)
    assert list(question.choices.order_by("position").values_list("position", "text_en", "is_correct")) == [
        (1, "Q1 choice 4", False),
        (2, "Q1 choice 2", False),
        (3, "Q1 choice 3", True),
        (4, "Q1 choice 1", False),
    ]


def test_a_quiz_without_questions_cannot_be_published(author_client):
    quiz = make_quiz(questions=0, published=False)
    data = admin_form_data(author_client.get(quiz_change_url(quiz)))
    data["published"] = "on"
    response = author_client.post(quiz_change_url(quiz), data)
    assert_refused(response, "A quiz needs at least one question before it can be published.")
    assert Quiz.objects.get(pk=quiz.pk).published is False


def test_a_quiz_with_a_question_lacking_a_correct_choice_cannot_be_published(author_client):
    quiz = make_quiz(questions=3, published=False)
    Choice.objects.filter(question__position=2).update(is_correct=False)
    data = admin_form_data(author_client.get(quiz_change_url(quiz)))
    data["published"] = "on"
    response = author_client.post(quiz_change_url(quiz), data)
    assert_refused(
        response,
        "Question 2 has no correct choice yet, so the quiz cannot be published. "
        "Add its choices on the question's page first.",
    )
    assert Quiz.objects.get(pk=quiz.pk).published is False


def test_a_question_added_while_publishing_must_get_its_choices_first(author_client):
    quiz = make_quiz(questions=1, published=False)
    data = admin_form_data(author_client.get(quiz_change_url(quiz)))
    data.update(
        {
            "published": "on",
            "questions-TOTAL_FORMS": "2",
            "questions-1-position": "2",
            **translated("questions-1-", "text", {"en": "New question"}),
        }
    )
    response = author_client.post(quiz_change_url(quiz), data)
    assert_refused(
        response,
        "Question 2 has no correct choice yet, so the quiz cannot be published. "
        "Add its choices on the question's page first.",
    )
    assert quiz.questions.count() == 1


def test_english_question_text_is_required(author_client):
    quiz = make_quiz(questions=1, published=False)
    data = admin_form_data(author_client.get(quiz_change_url(quiz)))
    data["questions-0-text_en"] = ""
    data["questions-0-text_fr"] = "Seulement en français"
    response = author_client.post(quiz_change_url(quiz), data)
    assert_refused(response, "This field is required.")
    assert quiz.questions.get().text_fr is None


# --- Editing content that learners are answering ------------------------------------------------------------


def test_editing_texts_keeps_an_open_attempt_and_its_answers(author_client):
    quiz = make_quiz(questions=2)
    question = quiz.questions.get(position=1)
    attempt = answer_quiz(make_user(), quiz, picks=[1])
    data = question_data(author_client, question)
    data["text_en"] = "Question 1, reworded"
    data["explanation_en"] = "A better explanation"
    data["choices-0-text_en"] = "Q1 choice 1, reworded"
    response = author_client.post(question_change_url(question), data)
    assert response.status_code == 302, errors_of(response)
    attempt.refresh_from_db()
    assert attempt.finished_at is None
    assert attempt.score == 1
    assert attempt.next_question().position == 2
    assert list(attempt.answers.values_list("question__text_en", "choice__text_en", "is_correct")) == [
        ("Question 1, reworded", "Q1 choice 1, reworded", True)
    ]


def test_deleting_an_answered_choice_in_the_inline_is_refused(author_client):
    quiz = make_quiz(questions=1)
    question = quiz.questions.get()
    answer_quiz(make_user(), quiz, picks=[2])
    data = question_data(author_client, question)
    data["choices-1-DELETE"] = "on"
    response = author_client.post(question_change_url(question), data)
    assert_refused(
        response,
        "Learners have already picked the choice at position 2, so it cannot be deleted. "
        "Change its text instead, or unpublish the quiz.",
    )
    assert question.choices.count() == 4


def test_deleting_an_answered_question_in_the_inline_is_refused(author_client):
    quiz = make_quiz(questions=2)
    answer_quiz(make_user(), quiz, picks=[1])
    data = admin_form_data(author_client.get(quiz_change_url(quiz)))
    data["questions-0-DELETE"] = "on"
    response = author_client.post(quiz_change_url(quiz), data)
    assert_refused(
        response,
        "Learners have already answered the question at position 1, so it cannot be deleted. "
        "Unpublish the quiz instead.",
    )
    assert quiz.questions.count() == 2


def test_deleting_an_answered_question_is_refused_with_a_message(author_client):
    quiz = make_quiz(questions=2)
    question = quiz.questions.get(position=1)
    answer_quiz(make_user(), quiz, picks=[1])
    url = reverse("admin:quizzes_question_delete", args=[question.pk])
    response = author_client.post(url, {"post": "yes"}, follow=True)
    assert response.redirect_chain == [(question_change_url(question), 302)]
    assert [str(message) for message in response.context["messages"]] == [
        "Learners have already answered this question, so it cannot be deleted. Unpublish the quiz instead."
    ]
    assert Question.objects.filter(pk=question.pk).exists()


def test_deleting_an_answered_quiz_is_refused_with_a_message(author_client):
    quiz = make_quiz(questions=1)
    answer_quiz(make_user(), quiz, picks=[1])
    response = author_client.post(reverse("admin:quizzes_quiz_delete", args=[quiz.pk]), {"post": "yes"}, follow=True)
    assert response.redirect_chain == [(quiz_change_url(quiz), 302)]
    assert [str(message) for message in response.context["messages"]] == [
        "Learners have already answered this quiz, so it cannot be deleted. Unpublish it instead."
    ]
    assert Quiz.objects.filter(pk=quiz.pk).exists()


def test_deleting_answered_quizzes_from_the_list_shows_what_protects_them(author_client):
    quiz = make_quiz(questions=1)
    answer_quiz(make_user(), quiz, picks=[1])
    response = author_client.post(
        reverse("admin:quizzes_quiz_changelist"),
        {"action": "delete_selected", "_selected_action": [str(quiz.pk)], "post": "yes"},
    )
    assert response.status_code == 200
    assert response.context["title"] == "Cannot delete quiz"
    assert len(response.context["protected"]) == 1
    assert Quiz.objects.filter(pk=quiz.pk).exists()


def test_an_unanswered_question_can_be_deleted(author_client):
    quiz = make_quiz(questions=2)
    question = quiz.questions.get(position=2)
    response = author_client.post(reverse("admin:quizzes_question_delete", args=[question.pk]), {"post": "yes"})
    assert response.status_code == 302
    assert list(quiz.questions.values_list("position", flat=True)) == [1]


def test_the_only_question_of_a_published_quiz_cannot_be_deleted(author_client):
    quiz = make_quiz(questions=1)
    question = quiz.questions.get()
    response = author_client.post(
        reverse("admin:quizzes_question_delete", args=[question.pk]), {"post": "yes"}, follow=True
    )
    assert [str(message) for message in response.context["messages"]] == [
        "This is the only question of a published quiz. Unpublish the quiz before deleting it."
    ]
    assert quiz.questions.count() == 1


# --- Search and list ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("term", ["istanbul", "ISTANBUL", "İstanbul", "ıstanbul", "İSTANBUL", "Istanbul"])
def test_quiz_search_finds_turkish_titles_whatever_the_case_of_i(author_client, term):
    make_quiz(slug="istanbul", title="Cities", title_tr="İstanbul'un semtleri")
    make_quiz(slug="other", title="Rivers")
    response = author_client.get(reverse("admin:quizzes_quiz_changelist"), {"q": term})
    assert [quiz.slug for quiz in response.context["cl"].result_list] == ["istanbul"]


@pytest.mark.parametrize("term", ["ışık", "IŞIK", "işik", "Işık"])
def test_quiz_search_finds_question_text_in_any_language(author_client, term):
    quiz = make_quiz(slug="light", title="Light")
    Question.objects.filter(quiz=quiz, position=2).update(text_tr="Işık ne kadar hızlıdır?")
    make_quiz(slug="sound", title="Sound")
    response = author_client.get(reverse("admin:quizzes_quiz_changelist"), {"q": term})
    assert [quiz.slug for quiz in response.context["cl"].result_list] == ["light"]


def test_question_search_finds_dotted_capital_i_from_lower_case(author_client):
    quiz = make_quiz(slug="q", questions=2)
    Question.objects.filter(quiz=quiz, position=1).update(text_tr="İZMİR nerede?")
    response = author_client.get(reverse("admin:quizzes_question_changelist"), {"q": "izmir"})
    assert [question.position for question in response.context["cl"].result_list] == [1]


def test_quiz_list_shows_difficulty_guides_question_count_and_published(author_client):
    from tests.factories import make_guide

    quiz = make_quiz(slug="q", title="Caching", questions=8, difficulty="hard", published=False)
    quiz.guides.add(make_guide(slug="memory", title="Memory"), make_guide(slug="cpu", title="CPU"))
    response = author_client.get(reverse("admin:quizzes_quiz_changelist"))
    (row,) = response.context["cl"].result_list
    admin = response.context["cl"].model_admin
    assert (row.title, row.difficulty, admin.guide_titles(row), admin.question_count(row), row.published) == (
        "Caching",
        "hard",
        "CPU, Memory",
        8,
        False,
    )


def test_quiz_list_filters_by_difficulty_published_and_guide(author_client):
    from tests.factories import make_guide

    guide = make_guide(slug="g")
    make_quiz(slug="easy-draft", difficulty="easy", published=False).guides.add(guide)
    make_quiz(slug="easy-live", difficulty="easy")
    make_quiz(slug="hard-live", difficulty="hard")
    url = reverse("admin:quizzes_quiz_changelist")

    def slugs(**params):
        return sorted(quiz.slug for quiz in author_client.get(url, params).context["cl"].result_list)

    assert slugs(difficulty__exact="easy") == ["easy-draft", "easy-live"]
    assert slugs(published__exact="1") == ["easy-live", "hard-live"]
    assert slugs(guides__id__exact=str(guide.pk)) == ["easy-draft"]


# --- Statistics ---------------------------------------------------------------------------------------------


def test_statistics_count_answers_correct_share_and_picks_exactly(author_client):
    quiz = make_quiz(questions=2, choices=3)
    answer_quiz(make_user("one"), quiz, picks=[1, 2])
    answer_quiz(make_user("two"), quiz, picks=[1, 1])
    answer_quiz(make_user("three"), quiz, picks=[3])
    make_quiz(slug="other", questions=2)  # answers elsewhere do not count
    answer_quiz(make_user("four"), Quiz.objects.get(slug="other"), picks=[1, 1])
    response = author_client.get(reverse("admin:quizzes_quiz_statistics", args=[quiz.pk]))
    summary = [
        (
            row["question"].position,
            row["answered"],
            row["correct"],
            row["percent_correct"],
            [(item["choice"].position, item["picked"], item["percent"]) for item in row["choices"]],
        )
        for row in response.context["rows"]
    ]
    assert summary == [
        (1, 3, 2, 67, [(1, 2, 67), (2, 0, 0), (3, 1, 33)]),
        (2, 2, 1, 50, [(1, 1, 50), (2, 1, 50), (3, 0, 0)]),
    ]
    content = response.content.decode()
    assert "3 attempts so far" in content
    assert "3 answers, 2 correct (67%)" in content
    assert "2 answers, 1 correct (50%)" in content


def test_statistics_of_an_unanswered_quiz_say_so(author_client):
    quiz = make_quiz(questions=1)
    response = author_client.get(reverse("admin:quizzes_quiz_statistics", args=[quiz.pk]))
    assert response.context["rows"][0]["answered"] == 0
    assert response.context["rows"][0]["percent_correct"] is None
    assert "Nobody has answered this question yet." in response.content.decode()


def test_statistics_need_permission_to_view_attempts(client):
    quiz = make_quiz(questions=1)
    client.force_login(make_user("staff", is_staff=True))
    response = client.get(reverse("admin:quizzes_quiz_statistics", args=[quiz.pk]))
    assert response.status_code == 403
    assert Answer.objects.count() == 0
