"""The benchmark's data set and load (``make bench``) keep their promised shape, so the benchmark cannot rot
unnoticed. Counts and rows only; how fast the site serves them is the benchmark's to print, not a test's."""

from http.cookies import SimpleCookie

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Count, F, Q
from django.test import Client

from bench import data, load, queries
from guides.models import Guide
from quizzes.models import Answer, Attempt, Choice, Question, Quiz
from tests.pages import find, has_class, texts_of

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]

# The learners after the reading learner (learner00001) answer to count the POST's queries (bench.load).
PROBE_LEARNERS = ["learner00002", "learner00003"]


def _index_definitions(table: str) -> set[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_get_indexdef(indexrelid) FROM pg_index WHERE indrelid = %s::regclass", [table])
        indexes = {row[0] for row in cursor.fetchall()}
        cursor.execute("SELECT pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = %s::regclass", [table])
        return indexes | {row[0] for row in cursor.fetchall()}


@pytest.fixture
def small_set() -> data.Counts:
    return data.build(data.SMALL)


def test_small_data_set_has_the_promised_counts(small_set):
    assert small_set == data.Counts(
        guides=20, quizzes=200, questions=2_000, choices=8_000, learners=1_000, attempts=10_000, answers=101_055
    )
    assert (Guide.objects.count(), Quiz.objects.count(), Answer.objects.count()) == (20, 200, 101_055)
    assert Attempt.objects.finished().count() == 10_000
    assert set(Attempt.objects.values("learner").annotate(n=Count("id")).values_list("n", flat=True)) == {10}


def test_every_quiz_has_8_to_12_questions_of_4_choices_one_correct(small_set):
    sizes = Quiz.objects.annotate(n=Count("questions")).values_list("n", flat=True)
    assert sorted(set(sizes)) == [8, 9, 10, 11, 12]
    choices = Question.objects.annotate(n=Count("choices"), right=Count("choices", filter=Q(choices__is_correct=True)))
    assert set(choices.values_list("n", "right")) == {(4, 1)}


def test_part_of_the_content_is_untranslated(small_set):
    assert Quiz.objects.filter(title_fr__isnull=True).count() == 50
    assert Quiz.objects.filter(title_tr__isnull=True).count() == 66
    # Every fourth quiz untranslated into French (50 quizzes, 500 questions), and the first question of every
    # seventh quiz among the others (21).
    assert Question.objects.filter(text_fr__isnull=True).count() == 521
    assert Quiz.objects.filter(published=False).count() == 10
    assert Choice.objects.filter(text_fr__isnull=False, text_tr__isnull=False).exists()


def test_each_attempt_answers_every_question_of_its_published_quiz_as_judged(small_set):
    attempts = Attempt.objects.annotate(
        answered=Count("answers", distinct=True), asked=Count("quiz__questions", distinct=True)
    )
    assert not attempts.exclude(answered=F("asked")).exists()
    assert not Attempt.objects.filter(quiz__published=False).exists()
    assert not Answer.objects.exclude(question__quiz=F("attempt__quiz")).exists()
    assert not Answer.objects.exclude(choice__question=F("question")).exists()
    assert not Answer.objects.exclude(is_correct=F("choice__is_correct")).exists()
    # Right unless (attempt number + position) is a multiple of 3: two answers in three.
    assert Answer.objects.filter(is_correct=True).count() == 67_371


def test_constraints_indexes_and_sequences_survive_the_load(db):
    before = {table: _index_definitions(table) for table in data.COLUMNS}
    data.build(data.SMALL)
    assert {table: _index_definitions(table) for table in data.COLUMNS} == before
    assert Quiz.objects.create(slug="after-the-load", title_en="After").pk == 201
    assert get_user_model().objects.get(pk=1).check_password(data.PASSWORD)


def test_prepared_requests_reach_their_pages_and_an_answer_is_saved(small_set):
    prepared = load.prepare()
    for page, requests in prepared.pages.items():
        assert [request.path.split("/")[1] for request in requests] == ["en", "fr", "tr"], page
        assert queries.count(requests[0]) > 0
    # Two learners' first questions.
    first, second = prepared.answers["probe"][:2]
    assert queries.count(second, warm_up=first, status=302) > 0
    saved = Answer.objects.filter(attempt__finished_at__isnull=True, attempt__learner__username__in=PROBE_LEARNERS)
    assert list(saved.values_list("question__position", flat=True)) == [1, 1]
    assert len(prepared.answers["run"]) == sum(
        Question.objects.filter(quiz__attempts__pk=attempt).count() for attempt in prepared.run_attempts
    )


def test_the_reading_learners_guide_page_shows_one_quiz_finished_one_begun_and_twelve_not_started(small_set):
    prepared = load.prepare()
    paths = [request.path for request in prepared.pages["guide"]]
    assert paths == ["/en/guides/guide-0003/", "/fr/guides/guide-0003/", "/tr/guides/guide-0003/"]
    # The quiz of the question page is the guide's first: quiz 2 (quiz 1 is one the reader finished before).
    assert prepared.pages["quiz"][0].path == "/en/quizzes/quiz-00002/"
    client = Client(SERVER_NAME="127.0.0.1", HTTP_X_FORWARDED_PROTO="https")
    client.cookies = SimpleCookie(prepared.pages["guide"][0].cookie)
    page = client.get(paths[0], secure=True).content

    assert len(find(page, has_class("card"))) == 14
    standings = texts_of(page, "quiz-standing")
    assert (standings.count("Not started"), len(standings)) == (12, 14)
    assert sorted(standing for standing in standings if standing != "Not started") == [
        "Last score: 2/9",
        "Question 6 of 10",
    ]
