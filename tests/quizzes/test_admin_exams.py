"""The editor's mode and time limit (quizzes/admin/quiz.py, quizzes.rules.check_time_limit) and the attempts'
list showing exams and practice rounds (quizzes/admin/attempt.py)."""

from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse

from quizzes.exams import exam_answer_save, exam_submit
from quizzes.models import Attempt, Quiz
from quizzes.modes import QuizMode
from quizzes.rounds import practice_round_start
from quizzes.services import attempt_start
from tests.factories import admin_form_data, answer_quiz, make_quiz, make_user
from tests.pages import attribute, find, has_class, own_text
from tests.quizzes.admin_forms import errors_of, quiz_change_url
from tests.quizzes.test_admin_errors_at_once import summary_links

pytestmark = pytest.mark.django_db

# The rule's message (quizzes.rules.check_time_limit), the same as quiz files get.
TIME_LIMIT_RULE = "A time limit is for exams only, from 1 to 1440 minutes."


def quiz_data(author_client, quiz: Quiz) -> dict:
    return admin_form_data(author_client.get(quiz_change_url(quiz)))


def mode_of(quiz: Quiz) -> tuple:
    quiz.refresh_from_db()
    return (quiz.mode, quiz.time_limit)


def test_the_mode_and_time_limit_sit_after_the_pass_mark_with_the_modes_as_radio_buttons(author_client):
    response = author_client.get(quiz_change_url(make_quiz(questions=1)))
    fields = [field for fieldset in response.context["adminform"] for line in fieldset for field in line]
    names = [field.field.name for field in fields]
    assert names[names.index("pass_mark") :] == ["pass_mark", "mode", "time_limit"]
    labels = [own_text(label) for label in find(response.content, lambda node: node.name == "label")]
    assert "Practice: the verdict and explanation after each answer" in labels
    assert "Exam: answers can be changed until submitted; verdicts after submitting" in labels


def test_an_exam_with_a_time_limit_is_saved(author_client):
    quiz = make_quiz(questions=1)
    data = quiz_data(author_client, quiz)
    data.update({"mode": "exam", "time_limit": "45"})
    response = author_client.post(quiz_change_url(quiz), data)
    assert response.status_code == 302, errors_of(response)
    assert mode_of(quiz) == ("exam", 45)


def test_an_emptied_time_limit_means_none(author_client):
    quiz = make_quiz(questions=1, mode=QuizMode.EXAM, time_limit=30)
    data = quiz_data(author_client, quiz)
    data["time_limit"] = ""
    author_client.post(quiz_change_url(quiz), data)
    assert mode_of(quiz) == ("exam", None)


def test_a_post_without_the_mode_keeps_the_quizs_mode(author_client):
    """A page opened before modes existed, or a script's post, sends no mode."""
    quiz = make_quiz(questions=1, mode=QuizMode.EXAM, time_limit=30)
    data = quiz_data(author_client, quiz)
    del data["mode"]
    response = author_client.post(quiz_change_url(quiz), data)
    assert response.status_code == 302, errors_of(response)
    assert mode_of(quiz) == ("exam", 30)


@pytest.mark.parametrize(
    ("typed", "error"),
    [
        ("0", TIME_LIMIT_RULE),
        ("1441", TIME_LIMIT_RULE),
        ("-5", TIME_LIMIT_RULE),
        ("99999999999999999999", TIME_LIMIT_RULE),
        ("2.5", "Enter a whole number."),
        ("half", "Enter a whole number."),
    ],
)
def test_a_time_limit_out_of_bounds_is_refused_at_its_field(author_client, typed, error):
    quiz = make_quiz(questions=1, mode=QuizMode.EXAM, time_limit=30)
    data = quiz_data(author_client, quiz)
    data["time_limit"] = typed
    response = author_client.post(quiz_change_url(quiz), data)
    assert response.status_code == 200
    assert errors_of(response) == [error]
    assert summary_links(response) == [("#id_time_limit", f"Time limit (minutes): {error}")]
    assert mode_of(quiz) == ("exam", 30)


def test_a_time_limit_on_a_practice_quiz_is_refused_at_its_field(author_client):
    quiz = make_quiz(questions=1, mode=QuizMode.EXAM, time_limit=30)
    data = quiz_data(author_client, quiz)
    data["mode"] = "practice"
    response = author_client.post(quiz_change_url(quiz), data)
    assert response.status_code == 200
    assert errors_of(response) == [TIME_LIMIT_RULE]
    assert summary_links(response) == [("#id_time_limit", f"Time limit (minutes): {TIME_LIMIT_RULE}")]
    assert mode_of(quiz) == ("exam", 30)


def test_the_time_limit_error_is_in_french_and_turkish(author_client):
    quiz = make_quiz(questions=1)
    data = quiz_data(author_client, quiz)
    data["time_limit"] = "20"
    french = author_client.post(quiz_change_url(quiz), data, headers={"accept-language": "fr"})
    turkish = author_client.post(quiz_change_url(quiz), data, headers={"accept-language": "tr"})
    assert errors_of(french) == ["Une limite de temps est réservée aux examens, de 1 à 1440\N{NO-BREAK SPACE}minutes."]
    assert errors_of(turkish) == ["Süre sınırı yalnızca sınavlar içindir, 1 ile 1440 dakika arasında olur."]


# --- The attempts' list -------------------------------------------------------------------------------------------


def test_the_attempts_list_shows_the_mode_the_deadline_the_flags_and_marks_practice_rounds(author_client):
    exam = make_quiz(slug="exam", title="Exam", questions=3, mode=QuizMode.EXAM, time_limit=30)
    practice = make_quiz(slug="drill", title="Drill", questions=2)
    learner = make_user("ada")
    timed = attempt_start(learner=learner, quiz=exam, language="en")
    start = datetime(2026, 12, 1, 14, 5, tzinfo=UTC)
    flagged = ",".join(str(pk) for pk in exam.questions.filter(position__in=[1, 3]).values_list("pk", flat=True))
    deadline = start + timedelta(minutes=30)
    Attempt.objects.filter(pk=timed.pk).update(started_at=start, deadline=deadline, flagged=flagged)
    finished = answer_quiz(learner, practice, [2, 1])
    practice_round_start(learner=learner, attempt_pk=finished.pk)
    response = author_client.get(reverse("admin:quizzes_attempt_changelist"))
    columns = ["quiz", "taken_as", "deadline_at", "flagged_count"]
    rows = sorted(
        [text_in(find(row, has_class(f"field-{column}"))[0]) for column in columns]
        for row in find(response.content, lambda node: node.name == "tr" and node.attributes == [])
        if find(row, has_class("field-quiz"))
    )
    assert rows == [
        ["Drill", "Practice", "-", "0"],
        ["Drill", f"Practice round of attempt {finished.pk}", "-", "0"],
        ["Exam", "Exam", "Dec. 1, 2026, 2:35 p.m.\u00a0UTC", "2"],
    ]
    (link,) = find(find(response.content, has_class("field-taken_as"))[0], lambda node: node.name == "a")
    assert attribute(link, "href") == reverse("admin:quizzes_attempt_change", args=[finished.pk])


def text_in(element) -> str:
    """All the text inside ``element``, its children's too, as read (parsing drops the spaces around a child)."""
    parts = (str(child) if isinstance(child, str) else text_in(child) for child in element.children)
    return " ".join(part for part in parts if part).strip()


def test_an_exam_under_way_has_no_score_in_the_attempts_list_until_submitted(author_client):
    """Its running count is no score (answers may still change): the admin's empty value, "-", then the score."""
    exam = make_quiz(slug="exam", title="Exam", questions=3, mode=QuizMode.EXAM)
    practice = make_quiz(slug="drill", title="Drill", questions=2)
    learner = make_user("ada")
    attempt = attempt_start(learner=learner, quiz=exam, language="en")
    for position in (1, 2):
        question = exam.questions.get(position=position)
        exam_answer_save(attempt=attempt, question=question, choices=[question.choices.get(position=1)])
    answer_quiz(make_user("bob"), practice, [1, 2])  # a practice quiz under way shows its score as it goes
    Attempt.objects.filter(quiz=practice).update(finished_at=None)

    def scores() -> list[list[str]]:
        response = author_client.get(reverse("admin:quizzes_attempt_changelist"))
        return sorted(
            [text_in(find(row, has_class(f"field-{column}"))[0]) for column in ("quiz", "score")]
            for row in find(response.content, lambda node: node.name == "tr" and node.attributes == [])
            if find(row, has_class("field-quiz"))
        )

    assert scores() == [["Drill", "1"], ["Exam", "-"]]
    exam_submit(attempt=attempt)
    assert scores() == [["Drill", "1"], ["Exam", "2"]]
