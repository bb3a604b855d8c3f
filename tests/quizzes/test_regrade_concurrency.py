"""A regrade while a learner answers the same question, on PostgreSQL: the answer given meanwhile ends judged by the
corrected key (``quizzes.regrading`` locks the attempts under way before reading the answers).

Marked ``postgres``: SQLite serialises whole transactions, so there is no race to test there (see
``tests/conftest.py``)."""

import threading
import time

import pytest
from django.db import connections

import quizzes.answering
from quizzes.answering import answer_submit
from quizzes.models import Answer, Attempt, RegradedAnswer
from quizzes.regrading import answer_key_correct
from quizzes.services import attempt_start
from tests.factories import make_quiz, make_user

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _slow_answers(monkeypatch):
    """Each answer holds its transaction (and its attempt's row lock) open a moment after writing."""
    record = quizzes.answering.answer_record

    def record_then_wait(*args, **kwargs):
        answer = record(*args, **kwargs)
        time.sleep(0.5)
        return answer

    monkeypatch.setattr(quizzes.answering, "answer_record", record_then_wait)


def in_thread(target) -> threading.Thread:
    def run() -> None:
        try:
            target()
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def test_an_answer_given_during_a_regrade_is_judged_by_the_corrected_key():
    quiz = make_quiz(questions=2)
    attempt = attempt_start(learner=make_user(), quiz=quiz, language="en")
    first, second = quiz.questions.order_by("position")
    answer_submit(attempt=attempt, question=first, choice=first.choices.get(position=1))
    chosen = second.choices.get(position=2)  # wrong under the key as it is (choice 1)
    answering = in_thread(lambda: answer_submit(attempt=attempt, question=second, choice=chosen))
    time.sleep(0.2)  # the answer is written, not committed: its transaction holds the attempt's lock
    regrading = in_thread(lambda: answer_key_correct(question=second, right={chosen.pk}, by=None))
    answering.join(timeout=30)
    regrading.join(timeout=30)
    assert Answer.objects.get(attempt=attempt, question=second).is_correct is True
    assert list(RegradedAnswer.objects.values_list("was_correct", "is_correct", "score_before", "score_after")) == [
        (False, True, 1, 2)
    ]
    assert Attempt.objects.with_score().get(pk=attempt.pk).score == 2
