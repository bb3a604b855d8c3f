"""The account page, "download my data" and "delete my account", and a superuser deleting a learner."""

import json
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from pytest_django.asserts import assertInHTML

from accounts.views import RateLimitedFormMixin
from quizzes.models import Answer, Attempt, Question
from quizzes.statistics import quiz_statistics
from tests.factories import PASSWORD, answer_quiz, make_quiz, make_superuser, make_user
from tests.pages import signed_in_as, url

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "heading", "link"),
    [
        ("en", "Your account", "Download my data"),
        ("fr", "Votre compte", "Télécharger mes données"),
        ("tr", "Hesabınız", "Verilerimi indir"),
    ],
)
def test_account_page_shows_username_email_and_the_account_actions(client, language, heading, link):
    client.force_login(make_user("ada", email="ada@example.com"))
    response = client.get(url("account", language))
    page = response.content.decode()
    assertInHTML(f"<h1>{heading}</h1>", page)
    assertInHTML("<dd>ada</dd>", page)
    assert 'value="ada@example.com"' in page
    assert f'href="/{language}/account/export/" download>{link}</a>' in page
    assert f'href="/{language}/accounts/password_change/"' in page
    assert f'href="/{language}/account/delete/"' in page
    assert response["Cache-Control"] == "max-age=0, no-cache, no-store, must-revalidate, private"


def test_header_links_to_the_account_page(client):
    client.force_login(make_user())
    assertInHTML('<a class="menu-item" href="/fr/account/">Votre compte</a>', client.get("/fr/").content.decode())


@pytest.mark.parametrize("path", ["/fr/account/", "/fr/account/export/", "/fr/account/delete/"])
def test_account_pages_need_a_login(client, path):
    response = client.get(path)
    assert response.status_code == 302
    assert response["Location"] == f"/fr/accounts/login/?next={path}"


def test_invalid_email_address_is_refused_with_a_message(client):
    user = make_user("ada", email="ada@example.com")
    client.force_login(user)
    response = client.post(url("account", "fr"), {"email": "not an address", "password": PASSWORD})
    assert response.status_code == 400
    assert "Saisissez une adresse e-mail valide." in response.content.decode()
    user.refresh_from_db()
    assert user.email == "ada@example.com"


def test_export_holds_the_account_and_every_answer_of_every_attempt_exactly(client):
    quiz = make_quiz(slug="parallel", title="Parallel", questions=2)
    quiz.title_fr = "Parallèle"
    quiz.save()
    Question.objects.filter(quiz=quiz, position=1).update(text_fr="Question 1 en français")
    ada = make_user("ada", email="ada@example.com")
    first = answer_quiz(ada, quiz, [1, 2], language="fr")
    second = answer_quiz(ada, quiz, [2], language="en")
    answer_quiz(make_user("bob"), quiz, [1, 1])
    client.force_login(ada)

    response = client.get(url("account_export"))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert response["Content-Disposition"].startswith('attachment; filename="quizsite-data-')
    assert response["Cache-Control"] == "max-age=0, no-cache, no-store, must-revalidate, private"
    data = json.loads(response.content)
    assert data["format"] == 5
    assert data["time_zone"] == "UTC"
    assert data["account"] == {
        "username": "ada",
        "email": "ada@example.com",
        "pending_email": "",
        "time_zone": "",
        "date_joined": ada.date_joined.isoformat(),
        "last_login": get_user_model().objects.get(pk=ada.pk).last_login.isoformat(),
    }

    def answers_of(attempt):
        return [
            {
                "language": a.language,
                "question": a.question_text,
                "kind": "single",
                "choice": a.choice_text,
                "chosen": [a.choice_text],
                "shown": [{"text": text, "right": right, "chosen": chosen} for _pk, text, right, chosen in a.shown],
                "correct": a.is_correct,
                "answered_at": a.answered_at.isoformat(),
            }
            for a in attempt.answers.order_by("answered_at", "pk")
        ]

    assert data["attempts"] == [
        {
            "quiz": {"slug": "parallel", "title": "Parallel"},
            "language": "en",
            "started_at": second.started_at.isoformat(),
            "finished_at": None,
            "closed_at": None,
            "mode": "practice",
            "time_limit": None,
            "deadline": None,
            "practice_round": False,
            "practice_round_of": None,
            "flagged": [],
            "score": 0,
            "answer_count": 1,
            "pass_mark": None,
            "passed": None,
            "answers": answers_of(second),
            "regrades": [],
        },
        {
            "quiz": {"slug": "parallel", "title": "Parallèle"},
            "language": "fr",
            "started_at": first.started_at.isoformat(),
            "finished_at": first.finished_at.isoformat(),
            "closed_at": None,
            "mode": "practice",
            "time_limit": None,
            "deadline": None,
            "practice_round": False,
            "practice_round_of": None,
            "flagged": [],
            "score": 1,
            "answer_count": 2,
            "pass_mark": None,
            "passed": None,
            "answers": answers_of(first),
            "regrades": [],
        },
    ]
    assert [(a["language"], a["question"], a["choice"], a["correct"]) for a in data["attempts"][1]["answers"]] == [
        ("fr", "Question 1 en français", "Q1 choice 1", True),
        ("fr", "Question 2", "Q2 choice 2", False),
    ]


def test_delete_page_asks_for_the_password(client):
    client.force_login(make_user("ada"))
    page = client.get(url("account_delete", "tr")).content.decode()
    assertInHTML("<h1>Hesabınızı silin</h1>", page)
    assert 'type="password" name="password"' in page


def test_wrong_password_deletes_nothing(client):
    ada = make_user("ada")
    answer_quiz(ada, make_quiz(), [1, 1, 1])
    client.force_login(ada)
    response = client.post(url("account_delete", "fr"), {"password": "wrong"})
    assert response.status_code == 400
    assert "Ce n’est pas votre mot de passe." in response.content.decode()
    assert get_user_model().objects.filter(username="ada").exists()
    assert Answer.objects.filter(attempt__learner=ada).count() == 3


def test_deleting_the_account_removes_its_attempts_and_answers_logs_out_and_says_so(client):
    quiz = make_quiz()
    ada = make_user("ada")
    answer_quiz(ada, quiz, [1, 1, 1])
    answer_quiz(ada, quiz, [2])
    bob = make_user("bob")
    answer_quiz(bob, quiz, [1, 2, 1])
    client.force_login(ada)

    response = client.post(url("account_delete", "fr"), {"password": PASSWORD}, follow=True)

    assert response.redirect_chain == [("/fr/", 302)]
    assert "Votre compte et votre historique de quiz ont été supprimés." in response.content.decode()
    assert signed_in_as(response.content) is None
    assert not get_user_model().objects.filter(username="ada").exists()
    assert not Attempt.objects.filter(learner_id=ada.pk).exists()
    assert Answer.objects.filter(attempt__learner_id=ada.pk).count() == 0
    assert Answer.objects.filter(attempt__learner=bob).count() == 3


def test_superuser_deletes_a_learner_who_took_a_quiz_and_statistics_lose_their_answers(client):
    quiz = make_quiz(questions=1)
    ada = make_user("ada")
    answer_quiz(ada, quiz, [1])
    answer_quiz(make_user("bob"), quiz, [2])
    client.force_login(make_superuser())

    confirm = client.get(reverse("admin:accounts_user_delete", args=[ada.pk]))
    assert confirm.status_code == 200
    response = client.post(reverse("admin:accounts_user_delete", args=[ada.pk]), {"post": "yes"})

    assert response.status_code == 302
    assert not get_user_model().objects.filter(pk=ada.pk).exists()
    (question,) = quiz_statistics(quiz)
    assert (question.answered, question.correct) == (1, 0)


def test_changing_the_email_address_needs_the_password(client):
    user = make_user("ada", email="ada@example.com")
    client.force_login(user)
    for data in ({"email": "thief@example.com"}, {"email": "thief@example.com", "password": "guess"}):
        response = client.post(url("account", "fr"), data)
        assert response.status_code == 400
    assert "Ce n’est pas votre mot de passe." in response.content.decode()
    user.refresh_from_db()
    assert user.email == "ada@example.com"


@pytest.mark.parametrize(
    ("name", "field", "refused"),
    [("account_delete", "password", 400), ("account", "password", 400), ("password_change", "old_password", 200)],
)
def test_wrong_passwords_on_account_forms_count_toward_the_login_lock(client, name, field, refused):
    """A stolen session cannot guess the password at speed: the sixth wrong one locks, then even the right one."""
    user = make_user("ada", email="ada@example.com")
    client.force_login(user)
    data = {"email": "ada@example.com", "new_password1": "x long new one 8", "new_password2": "x long new one 8"}

    statuses = [client.post(url(name, "tr"), {**data, field: "wrong"}).status_code for _ in range(6)]
    locked = client.post(url(name, "tr"), {**data, field: PASSWORD})

    assert statuses == [refused] * 5 + [429]
    assert locked.status_code == 429
    assertInHTML(
        '<p class="throttled-reason">Bu hesap için çok fazla hatalı parola girildi; parola isteyen işlemler bir '
        "süreliğine durduruldu.</p>",
        locked.content.decode(),
    )
    assertInHTML('<p class="throttled-retry">Lütfen 15 dakika sonra yeniden deneyin.</p>', locked.content.decode())
    assertInHTML(
        '<p class="throttled-way-on"><a href="/tr/accounts/password_reset/">Parolanızı mı unuttunuz?</a></p>',
        locked.content.decode(),
    )
    assert get_user_model().objects.filter(username="ada").exists()
    user.refresh_from_db()
    assert user.check_password(PASSWORD)


def test_export_holds_the_failed_logins_kept_under_the_username(client):
    """Wrong passwords typed for the account since its last login (by anyone) are kept, and exported."""
    ada = make_user("ada")
    client.force_login(ada)
    for _ in range(2):
        Client().post(url("login"), {"username": "ada", "password": "wrong"}, REMOTE_ADDR="198.51.100.4")

    data = json.loads(client.get(url("account_export")).content)

    assert [(f["failures"], f["ip_address"], f["user_agent"]) for f in data["failed_logins"]] == [
        (2, "198.51.100.4", "<unknown>")
    ]


def test_a_username_taken_by_a_concurrent_sign_up_gets_the_form_message_not_an_error(client):
    """Two sign-ups with one username at once: the form checked before the other request saved it."""

    def concurrent_sign_up_meanwhile(view, *, count):
        if count:  # called in form_valid, after the form's own check that the username is free
            get_user_model().objects.create_user("ada", password=PASSWORD)
        return None

    data = {"username": "ada", "password1": "a long passphrase 9", "password2": "a long passphrase 9"}
    with mock.patch.object(RateLimitedFormMixin, "refused_by_rate_limit", concurrent_sign_up_meanwhile):
        response = client.post(url("signup", "fr"), data)

    assert response.status_code == 200
    assert "Un utilisateur avec ce nom existe déjà." in response.content.decode()
    assert get_user_model().objects.filter(username="ada").count() == 1


def test_a_refused_password_opens_the_page_with_the_focus_on_the_error_summary_not_the_field(client):
    """The summary (templates/includes/error_summary.html) links to the field; tests/accounts/test_form_errors.py."""
    client.force_login(make_user("ada"))
    response = client.post(url("account_delete"), {"password": "wrong"})
    page = response.content.decode()
    assert page.count("autofocus") == 1
    assert '<div class="error-summary" role="alert" tabindex="-1" autofocus' in page
    assert "autofocus" not in client.get(url("account_delete")).content.decode()
