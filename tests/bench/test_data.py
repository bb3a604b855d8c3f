"""The benchmark's data set and load (``make bench``) keep their promised shape, so the benchmark cannot rot
unnoticed. Counts and rows only; how fast the site serves them is the benchmark's to print, not a test's."""

from collections import Counter
from datetime import timedelta
from http.cookies import SimpleCookie
from types import SimpleNamespace

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Count, Exists, F, OuterRef, Q
from django.test import Client
from django.utils import timezone

from bench import content, data, load, queries
from guides.models import Guide
from quizzes.kinds import QuestionKind, chosen_pks
from quizzes.models import Answer, Attempt, Choice, Question, Quiz
from quizzes.snapshots import quiz_content
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
        guides=20, quizzes=200, questions=2_000, choices=7_500, learners=1_000, attempts=10_000, answers=101_055
    )
    assert (Guide.objects.count(), Quiz.objects.count(), Answer.objects.count()) == (20, 200, 101_055)
    assert Attempt.objects.finished().count() == 10_000
    assert set(Attempt.objects.values("learner").annotate(n=Count("id")).values_list("n", flat=True)) == {10}


def test_every_quiz_has_8_to_12_questions_of_every_kind(small_set):
    sizes = Quiz.objects.annotate(n=Count("questions")).values_list("n", flat=True)
    assert sorted(set(sizes)) == [8, 9, 10, 11, 12]
    choices = Question.objects.annotate(n=Count("choices"), right=Count("choices", filter=Q(choices__is_correct=True)))
    assert set(choices.values_list("kind", "n", "right")) == {
        (QuestionKind.SINGLE, 4, 1),
        (QuestionKind.MULTIPLE, 4, 2),
        (QuestionKind.TRUE_FALSE, 2, 1),
    }
    kinds = Question.objects.values("kind").annotate(n=Count("pk")).order_by("kind")
    assert {row["kind"]: row["n"] for row in kinds} == {"multiple": 500, "single": 1_250, "true_false": 250}
    # The site's own two choices: keys, no text, pinned; True right in half of them.
    true_false = Choice.objects.filter(question__kind=QuestionKind.TRUE_FALSE)
    assert set(true_false.values_list("position", "key", "text_en", "pinned")) == {
        (1, "true", "", True),
        (2, "false", "", True),
    }
    assert true_false.filter(key="true", is_correct=True).count() == 125
    # Every fifth question of 4 choices pins its last.
    assert set(
        Choice.objects.filter(pinned=True, question__kind=QuestionKind.SINGLE).values_list("position", flat=True)
    ) == {4}
    assert Choice.objects.filter(pinned=True).exclude(question__kind=QuestionKind.TRUE_FALSE).count() == 350


def test_quizzes_shuffle_and_a_third_have_a_pass_mark(small_set):
    assert Quiz.objects.filter(shuffle_choices=False).count() == 20
    assert Quiz.objects.filter(shuffle_questions=True).count() == 100
    assert set(Quiz.objects.values_list("pass_mark", flat=True)) == {None, 70}
    assert Quiz.objects.filter(pass_mark=70).count() == 66
    # Each attempt started with its quiz's settings.
    assert not Attempt.objects.exclude(
        shuffle_choices=F("quiz__shuffle_choices"), shuffle_questions=F("quiz__shuffle_questions")
    ).exists()
    assert Attempt.objects.filter(pass_mark=70).count() == Attempt.objects.filter(quiz__pass_mark=70).count() > 0


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
    assert not Answer.objects.filter(choice__isnull=False).exclude(choice__question=F("question")).exists()
    # A multiple-answer question's answers name no single choice; the others' name the one chosen.
    assert not Answer.objects.filter(question__kind=QuestionKind.MULTIPLE, choice__isnull=False).exists()
    assert not Answer.objects.exclude(question__kind=QuestionKind.MULTIPLE).filter(choice__isnull=True).exists()
    right: dict[int, set[int]] = {}
    for question, choice in Choice.objects.filter(is_correct=True).values_list("question_id", "pk"):
        right.setdefault(question, set()).add(choice)
    judged = Answer.objects.values_list("question_id", "chosen", "is_correct", "choice_id")
    assert all(
        (set(chosen_pks(chosen)) == right[question]) == correct and (choice is None or chosen == str(choice))
        for question, chosen, correct, choice in judged
    )
    # Right unless (attempt number + position) is a multiple of 3: two answers in three.
    assert Answer.objects.filter(is_correct=True).count() == 67_371
    # A wrong answer to a multiple-answer question chose one of its two right choices only.
    wrong = Answer.objects.filter(question__kind=QuestionKind.MULTIPLE, is_correct=False)
    assert all(len(chosen_pks(chosen)) == 1 for chosen in wrong.values_list("chosen", flat=True))


def test_answers_read_in_english_fallback_are_marked_as_the_site_marks_them(small_set):
    """``Answer.in_fallback`` as ``quizzes.answering`` writes it: the question's text and its choices' all shown in
    English (``QuestionContent.asked_in_english``), in the attempt's language; never a true-or-false question, whose
    choices are the site's words."""
    marked = Counter()
    for quiz, language in Attempt.objects.values_list("quiz_id", "language").distinct():
        content = quiz_content(quiz, None, language)
        answers = Answer.objects.filter(attempt__quiz_id=quiz, attempt__language=language)
        for question, in_fallback in answers.values_list("question_id", "in_fallback"):
            assert in_fallback == content.questions_by_pk[question].asked_in_english, (quiz, language, question)
            marked[language, in_fallback] += 1
    assert marked[("en", True)] == 0
    assert marked[("fr", True)] > 0 and marked[("tr", True)] > 0
    assert not Answer.objects.filter(in_fallback=True, question__kind=QuestionKind.TRUE_FALSE).exists()


def test_each_answer_keeps_its_choices_in_the_order_its_attempt_showed_them(small_set):
    """As the site would have shown them: the attempt's arrangement of the question's choices (pinned ones in place),
    each with whether it is right and whether it was chosen; and the attempt answered its questions in its own
    order. Quiz 2 shuffles both, quiz 3 its choices only, quiz 5 neither."""
    quizzes = [2, 3, 5]
    questions = Question.objects.filter(quiz_id__in=quizzes).prefetch_related("choices").order_by("position")
    attempts = Attempt.objects.filter(quiz_id__in=quizzes).prefetch_related("answers")
    assert {(attempt.quiz_id, attempt.shuffle_questions, attempt.shuffle_choices) for attempt in attempts} == {
        (2, True, True),
        (3, False, True),
        (5, False, False),
    }
    orders = set()
    for attempt in attempts:
        own = [question for question in questions if question.quiz_id == attempt.quiz_id]
        answers = list(attempt.answers.all())
        assert [answer.question_id for answer in answers] == [q.pk for q in attempt.arrangement.questions(own)]
        for answer, question in zip(answers, attempt.arrangement.questions(own), strict=True):
            shown = attempt.arrangement.choices(SimpleNamespace(choices=list(question.choices.all())))
            chosen = set(chosen_pks(answer.chosen))
            assert [item[0] for item in answer.shown] == [choice.pk for choice in shown]
            assert [item[2:] for item in answer.shown] == [[choice.is_correct, choice.pk in chosen] for choice in shown]
            assert answer.choice_text == "; ".join(item[1] for item in answer.shown if item[3])
            authors = list(question.choices.all())
            assert all(shown[index] == choice for index, choice in enumerate(authors) if choice.pinned)
        orders.add((attempt.quiz_id, tuple(answer.question_id for answer in answers)))
    # The attempts of quiz 2 were asked in more than one order; those of quizzes 3 and 5 in the author's.
    assert len({order for quiz, order in orders if quiz == 2}) > 1
    assert len({order for quiz, order in orders if quiz in (3, 5)}) == 2


def test_true_or_false_answers_keep_the_sites_words_in_the_attempts_language(small_set):
    shown = {
        language: Answer.objects.filter(language=language, question__kind=QuestionKind.TRUE_FALSE).first().shown
        for language in ("en", "fr", "tr")
    }
    assert {language: [item[1] for item in items] for language, items in shown.items()} == {
        "en": ["True", "False"],
        "fr": ["Vrai", "Faux"],
        "tr": ["Doğru", "Yanlış"],
    }


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
    saved = Answer.objects.filter(
        attempt__mode="practice", attempt__finished_at__isnull=True, attempt__learner__username__in=PROBE_LEARNERS
    )
    # Each learner's first question in their attempt's order.
    assert [answer.question_id for answer in saved.select_related("attempt")] == [
        answer.attempt.arrangement.questions(list(Question.objects.filter(quiz=answer.attempt.quiz_id)))[0].pk
        for answer in saved.select_related("attempt")
    ]
    assert saved.count() == 2
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
    # The finished quiz has a pass mark (70%, every third quiz), which 1/9 has not reached.
    assert sorted(standing for standing in standings if standing != "Not started") == [
        "Last score: 1/9 · Not passed yet",
        "Question 6 of 10",
    ]


def test_the_load_answers_a_multiple_answer_question_with_two_choices(small_set):
    """One learner's POSTs up to their first multiple-answer question, sent in order, save its answer with the two
    choices the POST names, as the site judges it."""
    prepared = load.prepare()
    run = prepared.answers["run"]
    learner = next(request for request in run if request.body.count("choice=") == 2).cookie
    own = [request for request in run if request.cookie == learner]
    upto = next(number for number, request in enumerate(own, start=1) if request.body.count("choice=") == 2)
    for request in own[:upto]:
        assert queries._send(request)[0] == 302
    sent = [int(part.split("=")[1]) for part in own[upto - 1].body.split("&") if part.startswith("choice=")]
    answer = Answer.objects.get(attempt_id__in=prepared.run_attempts, chosen=",".join(map(str, sorted(sent))))
    assert (answer.question.kind, answer.choice, answer.attempt.answers.count()) == (QuestionKind.MULTIPLE, None, upto)


def test_every_fourth_quiz_is_an_exam_half_of_them_timed_and_its_attempts_are_exam_attempts(small_set):
    exams = Quiz.objects.filter(mode="exam")
    assert (exams.count(), exams.filter(time_limit=content.EXAM_TIME_LIMIT).count()) == (50, 25)
    assert set(exams.values_list("time_limit", flat=True)) == {None, 45}
    assert not Quiz.objects.filter(mode="practice", time_limit__isnull=False).exists()
    # Each attempt took its quiz's mode and time limit; a timed one's deadline is its start plus the limit.
    assert not Attempt.objects.exclude(mode=F("quiz__mode")).exists()
    assert (
        not Attempt.objects.filter(quiz__mode="exam")
        .exclude(time_limit=F("quiz__time_limit"))
        .filter(quiz__time_limit__isnull=False)
        .exists()
    )
    timed = Attempt.objects.filter(time_limit=45)
    assert timed.count() == Attempt.objects.filter(quiz__time_limit=45).count() > 0
    assert not timed.exclude(deadline=F("started_at") + timedelta(minutes=45)).exists()
    assert not Attempt.objects.filter(time_limit__isnull=True, deadline__isnull=False).exists()
    # Submitted exams answered every question: none left an empty answer.
    assert not Answer.objects.filter(chosen="").exists()


def test_the_exam_question_page_is_the_next_question_of_a_timed_exam_half_answered(small_set):
    prepared = load.prepare()
    paths = [request.path for request in prepared.pages["exam_question"]]
    slug, number = paths[0].split("/")[3], int(paths[0].split("/")[5])
    assert [path.split("/")[1] for path in paths] == ["en", "fr", "tr"]
    attempt = Attempt.objects.get(learner__username="learner00001", quiz__slug=slug)
    assert (attempt.mode, attempt.time_limit, attempt.finished_at) == ("exam", 45, None)
    assert attempt.deadline > timezone.now() + timedelta(minutes=40)
    assert attempt.answers.count() == number - 1 == attempt.quiz.questions.count() // 2


def test_exam_answer_posts_save_an_answer_each_in_each_learners_exam(small_set):
    prepared = load.prepare()
    first, second = prepared.exam_answers["probe"][:2]
    assert all(request.body.endswith("&go=next") for request in prepared.exam_answers["run"])
    assert queries.count(second, warm_up=first, status=302) > 0
    # Their exams besides those the exam submit POSTs submit (bench.submits).
    slugs = [request.path.split("/")[3] for request in (first, second)]
    exams = Attempt.objects.filter(quiz__slug__in=slugs, finished_at__isnull=True, learner__username__in=PROBE_LEARNERS)
    assert (exams.count(), set(exams.values_list("mode", flat=True))) == (2, {"exam"})
    assert Answer.objects.filter(attempt__in=exams).count() == 2
    # One exam attempt per answering learner, each at an exam it had not tried, asked one POST per question.
    run = Attempt.objects.filter(pk__in=prepared.exam_run_attempts)
    assert (run.count(), run.exclude(mode="exam").count()) == (load.RUN_LEARNERS, 0)
    assert len(prepared.exam_answers["run"]) == sum(
        Question.objects.filter(quiz__attempts__pk=attempt).count() for attempt in prepared.exam_run_attempts
    )
    # The practised answers go to practised quizzes only.
    practised = Attempt.objects.filter(pk__in=prepared.run_attempts)
    assert practised.count() == load.RUN_LEARNERS * load.ATTEMPTS_PER_LEARNER
    assert not practised.exclude(quiz__mode="practice").exists()


def test_exam_submit_posts_each_submit_an_exam_attempt_of_their_own_half_answered(small_set):
    prepared = load.prepare()
    run = prepared.exam_submits["run"]
    # Twenty-four exams under way per run learner, each at an exam they had not tried, each with one submit POST.
    attempts = Attempt.objects.filter(pk__in=prepared.submit_run_attempts).annotate(
        answered=Count("answers", distinct=True), asked=Count("quiz__questions", distinct=True)
    )
    assert len(run) == len(prepared.submit_run_attempts) == attempts.count() == 12_000
    assert set(attempts.values_list("mode", "finished_at")) == {("exam", None)}
    others = Attempt.objects.filter(learner=OuterRef("learner"), quiz=OuterRef("quiz")).exclude(pk=OuterRef("pk"))
    assert not attempts.filter(Exists(others)).exists()
    assert not attempts.exclude(answered=F("asked") / 2).exists()
    assert not Answer.objects.filter(attempt__in=attempts, chosen="").exists()
    # One POST per attempt: each learner's session sends its exams' confirmation pages, in its language.
    sent = {(request.cookie, request.path) for request in run}
    assert len(sent) == len(run)
    assert {request.body.split("=")[0] for request in run} == {"csrfmiddlewaretoken"}
    assert all(request.path.split("/")[1] == data.LANGUAGES[request.group % 3] for request in run)
    assert all(request.path.endswith("/submit/") for request in run)


def test_a_prepared_exam_submit_post_submits_its_exam_with_an_answer_to_every_question(small_set):
    prepared = load.prepare()
    request = prepared.exam_submits["run"][0]
    attempt = Attempt.objects.get(pk=prepared.submit_run_attempts[0])
    asked = attempt.quiz.questions.count()
    client = Client(enforce_csrf_checks=True, SERVER_NAME="127.0.0.1", HTTP_X_FORWARDED_PROTO="https")
    client.cookies = SimpleCookie(request.cookie)

    response = client.post(
        request.path,
        request.body,
        content_type="application/x-www-form-urlencoded",
        secure=True,
        headers={"Origin": "https://127.0.0.1"},
    )

    assert request.path == f"/fr/quizzes/{attempt.quiz.slug}/submit/"
    assert (response.status_code, response["Location"]) == (302, f"/fr/quizzes/{attempt.quiz.slug}/results/")
    attempt.refresh_from_db()
    assert attempt.finished_at is not None
    answers = attempt.answers.all()
    assert (answers.count(), answers.filter(chosen="").count()) == (asked, asked - asked // 2)


def test_the_probe_learners_exam_submit_posts_submit_one_exam_each(small_set):
    """One probe learner's submit warms up, the other's is counted; each submits the exam it was sent for, leaving
    the exam whose answers the exam answer POSTs save."""
    prepared = load.prepare()
    under_way = Attempt.objects.filter(learner__username__in=PROBE_LEARNERS, mode="exam", finished_at__isnull=True)
    sent = [under_way.get(quiz__slug=request.path.split("/")[3]) for request in prepared.exam_submits["probe"]]
    assert (under_way.count(), sorted(attempt.learner.username for attempt in sent)) == (4, PROBE_LEARNERS)
    first, second = prepared.exam_submits["probe"]

    assert queries.count(second, warm_up=first, status=302) > 0

    assert under_way.count() == 2
    assert Attempt.objects.filter(pk__in=[attempt.pk for attempt in sent], finished_at__isnull=False).count() == 2
