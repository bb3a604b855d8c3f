"""Accommodations in the admin (quizzes/admin/accommodation.py): an author gives a learner more time or no time
limit, and the learner's exams under way take the new deadline at once (WCAG 2.2.1, "Timing Adjustable")."""

from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from quizzes.accommodations import Accommodation
from quizzes.exams import Saved, exam_answer_save
from quizzes.models import Attempt
from quizzes.modes import GRACE, QuizMode
from quizzes.services import attempt_start
from tests.factories import make_quiz, make_user
from tests.pages import find, has_class
from tests.quizzes.admin_forms import errors_of
from tests.quizzes.test_admin_exams import text_in

pytestmark = pytest.mark.django_db

START = datetime(2026, 12, 1, 14, 0, tzinfo=UTC)
ADD_URL = reverse("admin:quizzes_accommodation_add")
LIST_URL = reverse("admin:quizzes_accommodation_changelist")


@pytest.fixture(autouse=True)
def now(monkeypatch):
    """The server's clock stands five minutes after ``START``: the exams started then are under way."""
    monkeypatch.setattr(timezone, "now", lambda: START + timedelta(minutes=5))


def timed_exam(slug: str = "exam", minutes: int = 20):
    return make_quiz(slug=slug, title=slug.capitalize(), questions=2, mode=QuizMode.EXAM, time_limit=minutes)


def exam_under_way(learner, quiz) -> Attempt:
    """``learner``'s exam at ``quiz``, started at ``START`` (its deadline from its time limit, no accommodation)."""
    attempt = attempt_start(learner=learner, quiz=quiz, language="en")
    Attempt.objects.filter(pk=attempt.pk).update(
        started_at=START, deadline=START + timedelta(minutes=attempt.time_limit)
    )
    return attempt


def deadline_of(attempt: Attempt):
    attempt.refresh_from_db()
    return attempt.deadline


def form(learner: str = "ada", quiz=None, extra_percent: str = "50", unlimited: bool = False, note: str = "") -> dict:
    data = {"learner": learner, "quiz": "" if quiz is None else str(quiz.pk), "extra_percent": extra_percent}
    data["note"] = note
    if unlimited:
        data["unlimited"] = "on"
    return data


def messages_of(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def test_saving_an_accommodation_moves_the_deadline_of_the_learners_exam_under_way(author_client):
    quiz = timed_exam()
    attempt = exam_under_way(make_user("ada"), quiz)
    response = author_client.post(ADD_URL, form(quiz=quiz, extra_percent="50", note="Dyslexia"), follow=True)
    assert Accommodation.objects.values_list("learner__username", "quiz__slug", "extra_percent", "note").get() == (
        "ada",
        "exam",
        50,
        "Dyslexia",
    )
    assert deadline_of(attempt) == START + timedelta(minutes=30)
    assert "1 exam under way now has its new deadline." in messages_of(response)


def test_a_learner_given_extra_time_in_the_admin_can_answer_after_the_others_deadline(author_client):
    quiz = timed_exam()
    ada, bob = make_user("ada"), make_user("bob")
    adas, bobs = exam_under_way(ada, quiz), exam_under_way(bob, quiz)
    author_client.post(ADD_URL, form(extra_percent="100"))
    after_others = START + timedelta(minutes=20) + GRACE + timedelta(seconds=1)
    question = quiz.questions.get(position=1)
    choice = question.choices.get(position=1)
    assert exam_answer_save(attempt=adas, question=question, choices=[choice], now=after_others) == Saved.SAVED
    assert exam_answer_save(attempt=bobs, question=question, choices=[choice], now=after_others) == Saved.EXPIRED
    assert list(adas.answers.values_list("chosen", flat=True)) == [str(choice.pk)]
    assert deadline_of(adas) == START + timedelta(minutes=40)
    assert deadline_of(bobs) == START + timedelta(minutes=20)


def test_no_time_limit_lifts_the_deadline(author_client):
    attempt = exam_under_way(make_user("ada"), timed_exam())
    author_client.post(ADD_URL, form(extra_percent="0", unlimited=True))
    assert deadline_of(attempt) is None


def test_changing_and_deleting_an_accommodation_moves_the_deadline_again(author_client):
    quiz = timed_exam()
    attempt = exam_under_way(make_user("ada"), quiz)
    accommodation = Accommodation.objects.create(learner=attempt.learner, extra_percent=50)
    change_url = reverse("admin:quizzes_accommodation_change", args=[accommodation.pk])
    response = author_client.post(change_url, form(extra_percent="25"))
    assert response.status_code == 302, errors_of(response)
    assert deadline_of(attempt) == START + timedelta(minutes=25)
    delete_url = reverse("admin:quizzes_accommodation_delete", args=[accommodation.pk])
    response = author_client.post(delete_url, {"post": "yes"}, follow=True)
    assert not Accommodation.objects.exists()
    assert deadline_of(attempt) == START + timedelta(minutes=20)
    assert "1 exam under way now has its new deadline." in messages_of(response)


def test_giving_an_accommodation_to_another_learner_gives_the_first_their_deadline_back(author_client):
    quiz = timed_exam()
    adas, bobs = exam_under_way(make_user("ada"), quiz), exam_under_way(make_user("bob"), quiz)
    accommodation = Accommodation.objects.create(learner=adas.learner, extra_percent=50)
    Attempt.objects.filter(pk=adas.pk).update(deadline=START + timedelta(minutes=30))
    change_url = reverse("admin:quizzes_accommodation_change", args=[accommodation.pk])
    response = author_client.post(change_url, form(learner="bob", extra_percent="50"), follow=True)
    assert (deadline_of(adas), deadline_of(bobs)) == (START + timedelta(minutes=20), START + timedelta(minutes=30))
    assert "2 exams under way now have their new deadline." in messages_of(response)


def test_deleting_accommodations_from_the_list_moves_their_learners_deadlines(author_client):
    quiz = timed_exam()
    adas, bobs = exam_under_way(make_user("ada"), quiz), exam_under_way(make_user("bob"), quiz)
    for attempt in (adas, bobs):
        Accommodation.objects.create(learner=attempt.learner, unlimited=True)
        Attempt.objects.filter(pk=attempt.pk).update(deadline=None)
    selected = [str(pk) for pk in Accommodation.objects.values_list("pk", flat=True)]
    response = author_client.post(LIST_URL, {"action": "delete_selected", "_selected_action": selected, "post": "yes"})
    assert response.status_code == 302
    assert (deadline_of(adas), deadline_of(bobs)) == (START + timedelta(minutes=20), START + timedelta(minutes=20))


def test_a_submitted_exam_keeps_its_deadline(author_client):
    attempt = exam_under_way(make_user("ada"), timed_exam())
    Attempt.objects.filter(pk=attempt.pk).update(finished_at=START + timedelta(minutes=5))
    author_client.post(ADD_URL, form(extra_percent="50"))
    assert deadline_of(attempt) == START + timedelta(minutes=20)


NOTHING = "Give more time (a percentage above 0), or tick “no time limit”: as it is, nothing would change."
EXTRA_RANGE = "Enter the extra time as a whole percentage from 0 to 1000: 50 gives time and a half, 100 double time."


@pytest.mark.parametrize(
    ("data", "errors"),
    [
        (form(learner="nobody"), ["No account has the username “nobody”. Check its spelling and case."]),
        (form(learner="Ada"), ["No account has the username “Ada”. Check its spelling and case."]),
        (form(learner=""), ["Enter the learner’s username."]),
        (form(extra_percent="1001"), [EXTRA_RANGE]),
        (form(extra_percent="-1"), [EXTRA_RANGE]),
        (form(extra_percent="lots"), [EXTRA_RANGE]),
        (form(extra_percent="99999999999999999999"), [EXTRA_RANGE]),
        (form(extra_percent="0"), [NOTHING]),
    ],
)
def test_a_refused_accommodation_says_why_and_saves_nothing(author_client, data, errors):
    attempt = exam_under_way(make_user("ada"), timed_exam())
    response = author_client.post(ADD_URL, data)
    assert response.status_code == 200
    assert errors_of(response) == errors
    assert not Accommodation.objects.exists()
    assert deadline_of(attempt) == START + timedelta(minutes=20)


def test_a_second_accommodation_for_the_same_learner_and_quiz_is_refused(author_client):
    quiz = timed_exam()
    ada = make_user("ada")
    Accommodation.objects.create(learner=ada, quiz=quiz, extra_percent=25)
    Accommodation.objects.create(learner=ada, extra_percent=25)
    for data, error in (
        (form(quiz=quiz), "ada already has an accommodation for this quiz: change that one instead."),
        (form(), "ada already has an accommodation for all timed exams: change that one instead."),
    ):
        response = author_client.post(ADD_URL, data)
        assert errors_of(response) == [error]
    assert Accommodation.objects.count() == 2


def test_the_change_page_shows_the_learners_username(author_client):
    accommodation = Accommodation.objects.create(learner=make_user("ada"), extra_percent=25)
    response = author_client.get(reverse("admin:quizzes_accommodation_change", args=[accommodation.pk]))
    assert response.context["adminform"].form["learner"].value() == "ada"


def test_the_list_shows_learner_quiz_extra_time_and_note(author_client):
    quiz = timed_exam()
    Accommodation.objects.create(learner=make_user("ada"), quiz=quiz, extra_percent=50, note="Dyslexia")
    Accommodation.objects.create(learner=make_user("bob"), unlimited=True)
    response = author_client.get(LIST_URL)
    columns = ["learner", "applies_to", "extra_time", "note"]
    rows = [
        [text_in(find(row, has_class(f"field-{column}"))[0]) for column in columns]
        for row in find(response.content, lambda node: node.name == "tr")
        if find(row, has_class("field-note"))
    ]
    assert rows == [["ada", "Exam", "50% more", "Dyslexia"], ["bob", "All timed exams", "No time limit", "-"]]


def test_the_quiz_field_offers_only_exams(author_client):
    timed_exam("exam")
    make_quiz(slug="untimed", title="Untimed", mode=QuizMode.EXAM)
    make_quiz(slug="practice", title="Practice")
    response = author_client.get(ADD_URL)
    choices = [label for _value, label in response.context["adminform"].form.fields["quiz"].choices]
    assert choices == ["All timed exams", "Exam", "Untimed"]


@pytest.mark.parametrize(
    ("language", "error"),
    [
        (
            "en",
            "An accommodation is for an exam: choose one of the exams listed, or all timed exams. A practice quiz "
            "has no time limit.",
        ),
        (
            "fr",
            "Un aménagement porte sur un examen\u00a0: choisissez l’un des examens de la liste, ou tous les examens "
            "minutés. Un quiz d’entraînement n’a pas de durée limite.",
        ),
        (
            "tr",
            "Süre düzenlemesi bir sınav içindir: listedeki sınavlardan birini ya da tüm süreli sınavları seçin. "
            "Alıştırma testinin süre sınırı yoktur.",
        ),
    ],
)
def test_an_accommodation_for_a_practice_quiz_is_refused_at_the_quiz(author_client, language, error):
    practice = make_quiz(slug="practice", title="Practice")
    make_user("ada")
    response = author_client.post(ADD_URL, form(quiz=practice), headers={"accept-language": language})
    assert response.status_code == 200
    assert response.context["adminform"].form.errors["quiz"] == [error]
    assert not Accommodation.objects.exists()
