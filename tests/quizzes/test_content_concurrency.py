"""Two imports of one quiz at once, on PostgreSQL: its row locks and unique constraints under real concurrency.

Marked ``postgres``: SQLite serialises whole transactions, so there is no race to test there (see
``tests/conftest.py`` for how such tests are skipped, deselected or required).
"""

import threading
import time

import pytest
from django.db import connections

import quizzes.content.importer
from quizzes.content import DEMO_FILE, ImportResult, quiz_export, quiz_import, read_quiz_file
from quizzes.models import Choice, Question, Quiz

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _slow_writes(monkeypatch):
    """Each import holds its transaction open a moment after writing, so the other one runs into it."""
    save_questions = quizzes.content.importer._save_questions

    def save_then_wait(*args, **kwargs):
        counts = save_questions(*args, **kwargs)
        time.sleep(0.3)
        return counts

    monkeypatch.setattr(quizzes.content.importer, "_save_questions", save_then_wait)


def import_at_once(*files: dict) -> list[tuple[float, ImportResult | Exception]]:
    """Import ``files`` from one thread each, started together; each thread's (finish time, result or error)."""
    barrier = threading.Barrier(len(files))
    outcomes = [None] * len(files)

    def run(index: int, data: dict) -> None:
        try:
            barrier.wait()
            result = quiz_import(data)
        except Exception as error:  # noqa: BLE001 - the test asserts that there is none
            result = error
        finally:
            connections.close_all()
        outcomes[index] = (time.monotonic(), result)

    threads = [threading.Thread(target=run, args=(index, data)) for index, data in enumerate(files)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes


def test_two_imports_creating_the_same_quiz_make_it_once():
    data = read_quiz_file(DEMO_FILE)
    outcomes = import_at_once(data, read_quiz_file(DEMO_FILE))
    results = sorted((result for _finished, result in outcomes), key=lambda result: not result.created)
    quiz = Quiz.objects.get()
    assert results == [
        ImportResult(
            quiz=quiz,
            created=True,
            changed=True,
            guides_created=("data-parallelism",),
            questions_added=8,
        ),
        ImportResult(quiz=quiz, created=False, changed=False),
    ]
    assert (Question.objects.count(), Choice.objects.count()) == (8, 32)
    assert quiz_export(quiz) == data


def test_two_imports_changing_the_same_quiz_run_one_after_the_other():
    quiz_import(read_quiz_file(DEMO_FILE))
    retitled, reordered = read_quiz_file(DEMO_FILE), read_quiz_file(DEMO_FILE)
    retitled["quiz"]["title"]["tr"] = "Veri paralelliği"
    del retitled["quiz"]["questions"][7]
    reordered["quiz"]["questions"].reverse()
    reordered["quiz"]["questions"].append(reordered["quiz"]["questions"][0] | {"key": "a-new-question"})

    outcomes = import_at_once(retitled, reordered)

    assert [result.changed for _finished, result in outcomes] == [True, True]
    last = retitled if outcomes[0][0] > outcomes[1][0] else reordered
    quiz = Quiz.objects.get()
    assert quiz_export(quiz) == last
    assert list(quiz.questions.order_by("position").values_list("position", flat=True)) == list(
        range(1, len(last["quiz"]["questions"]) + 1)
    )
