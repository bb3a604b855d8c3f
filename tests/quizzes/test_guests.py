"""Guests: visitors without an account take quizzes, keep their attempts when they sign up or log in, and an expired
guest's attempts are removed by ``manage.py clearguests``."""

from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation
from pytest_django.asserts import assertContains, assertInHTML

from quizzes.answering import AnswerRefused, answer_submit
from quizzes.guests import GUEST_SESSION_KEY
from quizzes.models import Answer, Attempt, Guest
from tests.factories import PASSWORD, answer_quiz, make_quiz, make_user
from tests.pages import url

pytestmark = pytest.mark.django_db


def question_url(quiz, number: int, language: str = "en") -> str:
    return url("quizzes:question", language, slug=quiz.slug, number=number)


def guest_answers(client: Client, quiz, picks: list[int], language: str = "en"):
    """As a guest on ``client``: start ``quiz`` and answer its first questions, choice ``picks[i]`` (by position)
    for question ``i + 1``. Returns the guest's attempt."""
    response = client.post(url("quizzes:start", language, slug=quiz.slug))
    assert response.status_code == 302
    for number, pick in enumerate(picks, start=1):
        choice = quiz.questions.get(position=number).choices.get(position=pick)
        response = client.post(question_url(quiz, number, language), {"choice": choice.pk})
        assert response.status_code == 302
    return Attempt.objects.filter(guest=client.session[GUEST_SESSION_KEY], quiz=quiz).latest("pk")


def sign_up(client: Client, username: str, language: str = "en", next_url: str = ""):
    return client.post(
        url("signup", language),
        {"username": username, "password1": PASSWORD, "password2": PASSWORD, "next": next_url},
    )


def log_in(client: Client, username: str, language: str = "en", next_url: str = ""):
    return client.post(url("login", language), {"username": username, "password": PASSWORD, "next": next_url})


def messages_of(response) -> list[str]:
    return [str(message) for message in get_messages(response.wsgi_request)]


# --- Taking a quiz as a guest ------------------------------------------------------------------------------------


def test_a_guest_takes_a_quiz_to_the_end_and_sees_the_results_with_an_invitation_to_sign_up(client):
    quiz = make_quiz(questions=2)
    attempt = guest_answers(client, quiz, [1, 2])
    assert (attempt.learner, attempt.score, attempt.is_finished) == (None, 1, True)
    results = client.get(url("quizzes:results", slug=quiz.slug))
    assertInHTML('<span class="score-value">1/2</span>', results.content.decode())
    results_url = url("quizzes:results", slug=quiz.slug)
    assertInHTML(
        '<p class="message info guest-invitation">You took this quiz as a guest: your results are kept in this '
        f'browser only for a while. <a href="{url("signup")}?next={results_url}">Sign up</a> or '
        f'<a href="{url("login")}?next={results_url}">log in</a> to keep them in an account.</p>',
        results.content.decode(),
    )


def test_a_guest_follows_the_learners_rules_first_answer_final_and_in_order(client):
    quiz = make_quiz(questions=3)
    attempt = guest_answers(client, quiz, [2])
    second = quiz.questions.get(position=2).choices.get(position=1)
    third = quiz.questions.get(position=3).choices.get(position=1)
    # A second answer to question 1 changes nothing; question 3 before 2 goes back to question 2.
    first_again = quiz.questions.get(position=1).choices.get(position=1)
    assert client.post(question_url(quiz, 1), {"choice": first_again.pk}).url == question_url(quiz, 1)
    assert client.post(question_url(quiz, 3), {"choice": third.pk}).url == question_url(quiz, 2)
    assert client.post(question_url(quiz, 2), {"choice": second.pk}).url == question_url(quiz, 2)
    assert list(attempt.answers.values_list("question__position", "choice__position")) == [(1, 2), (2, 1)]


def test_a_guest_resumes_at_the_right_question_on_the_quiz_page(client):
    quiz = make_quiz(questions=4)
    guest_answers(client, quiz, [1, 1])
    page = client.get(url("quizzes:detail", slug=quiz.slug)).content.decode()
    assert "Question 3 of 4" in page
    assert client.post(url("quizzes:start", slug=quiz.slug)).url == question_url(quiz, 3)


def test_one_guest_per_session_and_nothing_stored_for_a_visitor_who_only_reads(client):
    quiz, other = make_quiz(questions=2), make_quiz(slug="other", questions=2)
    client.get(url("quizzes:detail", slug=quiz.slug))
    client.get(url("home"))
    assert Guest.objects.count() == 0
    guest_answers(client, quiz, [1])
    guest_answers(client, other, [1])
    guest = Guest.objects.get()
    assert guest.session_key == client.session.session_key
    assert client.session[GUEST_SESSION_KEY] == str(guest.pk)
    assert set(Attempt.objects.values_list("guest", flat=True)) == {guest.pk}


def test_a_guests_attempts_are_never_shown_to_another_visitor_or_learner(client, learner):
    quiz = make_quiz(questions=2)
    attempt = guest_answers(client, quiz, [1, 1])
    stranger, other_learner = Client(), Client()
    other_learner.force_login(learner)
    for visitor in (stranger, other_learner):
        assert visitor.get(url("quizzes:results", slug=quiz.slug)).url == url("quizzes:detail", slug=quiz.slug)
        assert visitor.get(url("quizzes:attempt_results", slug=quiz.slug, pk=attempt.pk)).status_code == 404
        page = visitor.get(url("quizzes:detail", slug=quiz.slug)).content.decode()
        assert "Your last score" not in page
        assert visitor.get(question_url(quiz, 1)).url == url("quizzes:detail", slug=quiz.slug)


def test_a_session_naming_a_guest_that_is_gone_starts_afresh(client):
    quiz = make_quiz(questions=2)
    guest_answers(client, quiz, [1])
    Guest.objects.all().delete()
    assert client.get(url("quizzes:detail", slug=quiz.slug)).status_code == 200
    assert client.post(url("quizzes:start", slug=quiz.slug)).url == question_url(quiz, 1)
    assert Attempt.objects.get().answers.count() == 0


def test_a_session_holding_something_else_than_a_guest_id_is_no_guest(client):
    quiz = make_quiz(questions=2)
    session = client.session
    session[GUEST_SESSION_KEY] = "not-a-uuid"
    session.save()
    assert client.get(url("quizzes:detail", slug=quiz.slug)).status_code == 200
    assert client.post(url("quizzes:start", slug=quiz.slug)).url == question_url(quiz, 1)
    assert Guest.objects.count() == 1


# --- Keeping them: signing up or logging in ---------------------------------------------------------------------


def test_a_guest_answers_three_questions_signs_up_and_resumes_at_question_4(client):
    quiz = make_quiz(questions=5)
    attempt = guest_answers(client, quiz, [1, 2, 1], language="fr")
    key_before = client.session.session_key
    response = sign_up(client, "zeynep", "fr", next_url=url("quizzes:detail", "fr", slug=quiz.slug))
    assert response.url == url("quizzes:detail", "fr", slug=quiz.slug)
    assert client.session.session_key != key_before
    attempt.refresh_from_db()
    assert (attempt.learner.username, attempt.guest, attempt.closed_at) == ("zeynep", None, None)
    assert list(attempt.answers.values_list("question__position", flat=True)) == [1, 2, 3]
    assert Guest.objects.count() == 0
    assert GUEST_SESSION_KEY not in client.session
    page = client.get(url("quizzes:detail", "fr", slug=quiz.slug)).content.decode()
    assert "Question 4 de 5" in page
    assert client.post(url("quizzes:start", "fr", slug=quiz.slug)).url == question_url(quiz, 4, "fr")


def test_finished_guest_attempts_join_the_accounts_history(client):
    quiz = make_quiz(questions=2)
    learner = make_user("ayse")
    earlier = answer_quiz(learner, quiz, [1, 1])
    guest_attempt = guest_answers(client, quiz, [2, 2])
    response = log_in(client, "ayse")
    assert messages_of(response) == []
    assert set(learner.attempts.values_list("pk", flat=True)) == {earlier.pk, guest_attempt.pk}
    results = client.get(url("quizzes:results", slug=quiz.slug)).content.decode()
    assertInHTML('<span class="score-value">0/2</span>', results)
    assert client.get(url("quizzes:attempt_results", slug=quiz.slug, pk=earlier.pk)).status_code == 200


def test_a_guests_finished_attempt_joins_the_history_and_the_accounts_unfinished_one_goes_on(client):
    quiz = make_quiz(questions=3, title="Data parallelism")
    learner = make_user("ayse")
    account_attempt = answer_quiz(learner, quiz, [1])
    guest_attempt = guest_answers(client, quiz, [1, 2, 1])
    response = log_in(client, "ayse")
    assert messages_of(response) == [
        "“Data parallelism”: the attempt you finished as a guest joins your results, and your account's unfinished "
        "attempt goes on where you left it (1 answer given)."
    ]
    account_attempt.refresh_from_db()
    guest_attempt.refresh_from_db()
    assert (account_attempt.learner, account_attempt.is_closed, account_attempt.is_finished) == (learner, False, False)
    assert (guest_attempt.learner, guest_attempt.is_finished, guest_attempt.is_closed) == (learner, True, False)
    # Both kept: the quiz page resumes the account's attempt, and the guest's score is in the results.
    page = client.get(url("quizzes:detail", slug=quiz.slug)).content.decode()
    assert "Question 2 of 3" in page
    assert client.post(url("quizzes:start", slug=quiz.slug)).url == question_url(quiz, 2)
    results = client.get(url("quizzes:results", slug=quiz.slug)).content.decode()
    assertInHTML('<span class="score-value">2/3</span>', results)


@pytest.mark.parametrize(
    ("guest_picks", "account_picks", "kept", "message"),
    [
        (
            [1, 1, 1],
            [1],
            "guest",
            "“Data parallelism”: you go on from the attempt you started as a guest, which was further along "
            "(3 answers given); the unfinished attempt your account had is closed.",
        ),
        (
            [1],
            [1, 1],
            "account",
            "“Data parallelism”: you go on from your account's attempt (2 answers given); the one you started as a "
            "guest, which was not further along, is closed.",
        ),
        (
            [1],
            [2],
            "account",
            "“Data parallelism”: you go on from your account's attempt (1 answer given); the one you started as a "
            "guest, which was not further along, is closed.",
        ),
    ],
)
def test_two_unfinished_attempts_keep_the_one_further_along_and_close_the_other(
    client, guest_picks, account_picks, kept, message
):
    quiz = make_quiz(questions=5, title="Data parallelism")
    learner = make_user("ayse")
    account_attempt = answer_quiz(learner, quiz, account_picks)
    guest_attempt = guest_answers(client, quiz, guest_picks)
    response = log_in(client, "ayse")
    assert messages_of(response) == [message]
    kept_attempt, closed_attempt = (
        (guest_attempt, account_attempt) if kept == "guest" else (account_attempt, guest_attempt)
    )
    kept_attempt.refresh_from_db()
    closed_attempt.refresh_from_db()
    assert (kept_attempt.learner, kept_attempt.closed_at) == (learner, None)
    assert (closed_attempt.learner, closed_attempt.is_closed) == (learner, True)
    # Both keep their answers; the learner resumes the kept attempt.
    assert Answer.objects.filter(attempt=closed_attempt).count() == len(
        guest_picks if kept == "account" else account_picks
    )
    next_number = kept_attempt.answers.count() + 1
    assert client.post(url("quizzes:start", slug=quiz.slug)).url == question_url(quiz, next_number)


def test_the_message_is_in_the_language_of_the_login_page(client):
    quiz = make_quiz(questions=3, title="Veri paralelliği")
    answer_quiz(make_user("ayse"), quiz, [1, 1])
    guest_answers(client, quiz, [1], language="tr")
    response = log_in(client, "ayse", language="tr")
    with translation.override("tr"):
        assert messages_of(response) == [
            "“Veri paralelliği”: hesabınızdaki denemeden devam ediyorsunuz (2 cevap verildi); misafir olarak "
            "başlattığınız deneme daha ileride olmadığı için kapatıldı."
        ]


def test_a_closed_attempt_takes_no_more_answers(client):
    quiz = make_quiz(questions=3)
    learner = make_user("ayse")
    answer_quiz(learner, quiz, [1, 1])
    guest_attempt = guest_answers(client, quiz, [1])
    log_in(client, "ayse")
    guest_attempt.refresh_from_db()
    question = quiz.questions.get(position=2)
    with pytest.raises(AnswerRefused, match="This attempt was closed"):
        answer_submit(attempt=guest_attempt, question=question, choice=question.choices.first())
    assert guest_attempt.answers.count() == 1


def test_after_logging_out_the_visitor_is_a_new_guest_without_the_accounts_attempts(client):
    quiz = make_quiz(questions=3)
    guest_answers(client, quiz, [1])
    sign_up(client, "zeynep")
    client.post(url("logout"))
    page = client.get(url("quizzes:detail", slug=quiz.slug)).content.decode()
    assert "Question 2 of 3" not in page
    assert client.post(url("quizzes:start", slug=quiz.slug)).url == question_url(quiz, 1)
    assert Attempt.objects.filter(guest__isnull=False).count() == 1
    assert Attempt.objects.filter(learner__username="zeynep").count() == 1


# --- Housekeeping: clearguests ------------------------------------------------------------------------------------


def test_clearguests_removes_only_the_attempts_of_guests_whose_session_expired(client, capsys):
    quiz = make_quiz(questions=2)
    live, expired, gone = Client(), Client(), Client()
    live_attempt = guest_answers(live, quiz, [1])
    guest_answers(expired, quiz, [1, 1])
    guest_answers(gone, quiz, [2])
    learner_attempt = answer_quiz(make_user(), quiz, [1])
    # Through the session store, so that the session's copy in the cache (cached_db) expires or goes too.
    expired_session = expired.session
    expired_session.set_expiry(-1)
    expired_session.save()
    gone.session.delete()

    call_command("clearguests")

    assert capsys.readouterr().out == "Deleted 2 expired guest(s) and their 2 attempt(s).\n"
    assert set(Attempt.objects.values_list("pk", flat=True)) == {live_attempt.pk, learner_attempt.pk}
    assert set(Answer.objects.values_list("attempt", flat=True)) == {live_attempt.pk, learner_attempt.pk}
    assert Guest.objects.get().session_key == live.session.session_key
    # The live guest goes on; running it again deletes nothing.
    assert live.post(url("quizzes:start", slug=quiz.slug)).url == question_url(quiz, 2)
    call_command("clearguests", verbosity=0)
    assert Attempt.objects.count() == 2


def test_a_guests_answer_keeps_the_session_alive_from_then_on(client, settings):
    quiz = make_quiz(questions=2)
    guest_answers(client, quiz, [])
    key = client.session.session_key
    Session.objects.filter(session_key=key).update(expire_date=timezone.now() + timedelta(seconds=5))
    guest_answers(client, quiz, [1])
    expires = Session.objects.get(session_key=key).expire_date
    assert expires > timezone.now() + timedelta(seconds=settings.SESSION_COOKIE_AGE - 60)


# --- Statistics: guests' answers are not counted until the guest signs up --------------------------------------------


def test_statistics_leave_guests_out_until_they_sign_up(author_client):
    quiz = make_quiz(questions=1)
    answer_quiz(make_user(), quiz, [1])
    guest = Client()
    guest_answers(guest, quiz, [2])
    statistics_url = reverse("admin:quizzes_quiz_statistics", args=[quiz.pk])
    page = author_client.get(statistics_url)
    assertContains(page, "1 attempt so far, finished or not.")
    assertContains(page, "1 answer, 1 correct (100%)")
    assertContains(
        page,
        "Only learners with an account are counted. Guests' answers count once the guest signs up or logs in; "
        "until then they are deleted when the guest's session expires.",
    )
    sign_up(guest, "zeynep")
    page = author_client.get(statistics_url)
    assertContains(page, "2 attempts so far, finished or not.")
    assertContains(page, "2 answers, 1 correct (50%)")


# --- New guests per client address are limited ---------------------------------------------------------------------


def test_new_guests_past_the_limit_are_asked_to_log_in_while_existing_guests_and_learners_go_on(settings, learner):
    settings.FORM_RATES = {**settings.FORM_RATES, "guest": "2/h"}
    quiz, other = make_quiz(questions=2), make_quiz(slug="other", questions=2)
    first, second, third, member = Client(), Client(), Client(), Client()
    member.force_login(learner)
    statuses = [visitor.post(url("quizzes:start", "fr", slug=quiz.slug)).status_code for visitor in (first, second)]

    refused = third.post(url("quizzes:start", "fr", slug=quiz.slug))

    assert statuses == [302, 302]
    assert refused.status_code == 429
    assertInHTML(
        '<p class="throttled-reason">Trop de quiz ont été commencés sans compte depuis votre réseau.</p>',
        refused.content.decode(),
    )
    assert 1 <= int(refused["Retry-After"]) <= 3600
    quiz_url = url("quizzes:detail", "fr", slug=quiz.slug)
    assertInHTML("<h1>Trop de quiz commencés sans compte</h1>", refused.content.decode())
    assertInHTML(
        f'<p class="throttled-way-on"><a href="{url("login", "fr")}?next={quiz_url}">Connectez-vous</a> ou '
        f'<a href="{url("signup", "fr")}?next={quiz_url}">inscrivez-vous</a>, puis recommencez le quiz.</p>',
        refused.content.decode(),
    )
    assert Guest.objects.count() == 2
    assert first.post(url("quizzes:start", slug=other.slug)).status_code == 302
    assert member.post(url("quizzes:start", slug=quiz.slug)).status_code == 302
    assert Attempt.objects.count() == 4


# --- Forms from tabs left open --------------------------------------------------------------------------------


def test_a_logout_form_sent_by_a_guest_leaves_their_attempts_alone(client):
    quiz = make_quiz(questions=3)
    guest_answers(client, quiz, [1, 1])
    response = client.post(url("logout"))
    assert response.status_code == 302
    assert client.post(url("quizzes:start", slug=quiz.slug)).url == question_url(quiz, 3)


def test_a_second_answer_says_the_first_stands(client):
    quiz = make_quiz(questions=3)
    guest_answers(client, quiz, [2])
    again = quiz.questions.get(position=1).choices.get(position=1)
    response = client.post(question_url(quiz, 1), {"choice": again.pk}, follow=True)
    assert messages_of(response) == ["You had already answered this question: your first answer stands."]
    assert list(Answer.objects.values_list("choice__position", flat=True)) == [2]


def test_an_answer_sent_without_an_attempt_under_way_says_it_was_not_saved(client):
    quiz = make_quiz(questions=3)
    choice = quiz.questions.get(position=1).choices.get(position=1)
    response = client.post(question_url(quiz, 1, "fr"), {"choice": choice.pk}, follow=True)
    assert response.redirect_chain == [(url("quizzes:detail", "fr", slug=quiz.slug), 302)]
    with translation.override("fr"):
        assert messages_of(response) == [
            "Votre réponse n’a pas été enregistrée\u00a0: vous n’avez pas de tentative en cours pour ce quiz."
        ]
    assert Attempt.objects.count() == 0
