"""One guest's requests at once, on PostgreSQL: two starts make one guest and one attempt, two answers one answer.

Marked ``postgres``: SQLite serialises whole transactions, so there is no race to test there (see
``tests/conftest.py`` for how such tests are skipped, deselected or required). Each request holds its work open a
moment, so that the other one runs into it rather than after it.
"""

import threading
import time

import pytest
from django.conf import settings
from django.db import connections
from django.test import Client

import quizzes.answering
import quizzes.guests
from quizzes.models import Answer, Attempt, AttemptQuerySet, Guest
from tests.factories import make_quiz
from tests.pages import url

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def post_at_once(session_key: str, address: str, data: dict | None = None) -> list:
    """POST ``data`` to ``address`` from two clients holding the same session cookie, started together; the two
    responses (or the errors raised)."""
    barrier = threading.Barrier(2)
    responses = [None, None]

    def run(index: int) -> None:
        client = Client()
        client.cookies[settings.SESSION_COOKIE_NAME] = session_key
        try:
            barrier.wait()
            responses[index] = client.post(address, data or {})
        except Exception as error:  # noqa: BLE001 - the test asserts that there is none
            responses[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(index,)) for index in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return responses


def slowed(monkeypatch, module, name: str) -> None:
    """Make ``module.name`` (a function, method or manager method) wait 0.3 s after it runs, inside the caller's
    transaction."""
    original = getattr(module, name)

    def run_then_wait(*args, **kwargs):
        result = original(*args, **kwargs)
        time.sleep(0.3)
        return result

    monkeypatch.setattr(module, name, run_then_wait)


def test_two_first_starts_of_one_guest_make_one_guest_and_one_attempt(client, monkeypatch):
    quiz = make_quiz(questions=3)
    # A visitor with a session but no guest yet (as after a language switch or a failed login).
    session_key = client.session.session_key
    # Both read "no guest" and "no unfinished attempt" before either writes.
    slowed(monkeypatch, quizzes.guests, "session_guest")
    slowed(monkeypatch, AttemptQuerySet, "first")
    responses = post_at_once(session_key, url("quizzes:start", slug=quiz.slug))
    first_question = url("quizzes:question", slug=quiz.slug, number=1)
    assert [(response.status_code, response.url) for response in responses] == [(302, first_question)] * 2
    guest = Guest.objects.get()
    assert guest.session_key == session_key
    assert list(Attempt.objects.values_list("guest", "finished_at")) == [(guest.pk, None)]


def test_two_answers_of_one_guest_to_one_question_make_one_answer(client, monkeypatch):
    quiz = make_quiz(questions=3)
    client.post(url("quizzes:start", slug=quiz.slug))
    slowed(monkeypatch, quizzes.answering.Answer.objects, "create")
    choice = quiz.questions.get(position=1).choices.get(position=2)
    responses = post_at_once(
        client.session.session_key, url("quizzes:question", slug=quiz.slug, number=1), {"choice": choice.pk}
    )
    feedback = url("quizzes:question", slug=quiz.slug, number=1)
    assert [(response.status_code, response.url) for response in responses] == [(302, feedback)] * 2
    assert list(Answer.objects.values_list("question__position", "choice__position")) == [(1, 2)]
