"""The query budget of the learner's pages (``tests/query_budget/support.py`` says how budgets are counted)."""

import pytest
from pytest_django.asserts import assertContains, assertInHTML

from quizsite.views import HomeView
from quizzes.models import Quiz
from quizzes.modes import QuizMode
from quizzes.services import attempt_start
from tests.factories import make_guide, make_kinds_quiz, make_quiz
from tests.pages import find, has_class, texts_of, url
from tests.query_budget.support import (
    CATALOGUE,
    LANGUAGES,
    PRACTICE_ROUNDS,
    QUIZ_STATE,
    SESSION,
    SNAPSHOT,
    STANDINGS,
    USER,
    VERSION,
    assert_standings,
    finished_and_retaken,
    kinds_quiz,
    owner_of,
    pinned_get,
    take,
    translate,
)

pytestmark = pytest.mark.django_db

# Each page costs the same for quizzes of single-answer questions in the author's order and for quizzes of every
# kind, shuffled, with a pass mark (``kinds_quiz``): an attempt's order follows from its seed, a question's kind and
# right choices come with the snapshot, and the pass mark with the attempt.
QUIZZES = pytest.mark.parametrize("make", [make_quiz, kinds_quiz], ids=["single answers", "every kind"])

# --- Learner pages --------------------------------------------------------------------------------------------


@QUIZZES
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("guides", [1, 100])
@pytest.mark.parametrize(
    ("visitor", "queries"),
    [
        # the content version: both lists come from the catalogue
        ("anonymous", VERSION),
        ("guest", SESSION + VERSION + STANDINGS),
        ("learner", SESSION + USER + VERSION + STANDINGS),
    ],
)
def test_home_page(client, django_assert_num_queries, make, language, guides, visitor, queries):
    quizzes = [make(f"quiz-{number}", f"Quiz {number:03}", questions=1) for number in range(guides)]
    for number, quiz in enumerate(quizzes):
        make_guide(slug=f"guide-{number}", title=f"Guide {number:03}").quizzes.set([quiz])
    if visitor != "anonymous":
        finished_and_retaken(quizzes, **owner_of(client, visitor, quizzes[0]))
    response = pinned_get(
        client, url("home", language), django_assert_num_queries, cold=queries + CATALOGUE, warm=queries
    )
    # One page of each list: all of them with 1 guide and 1 quiz, 24 of each with 100.
    shown = min(guides, HomeView.PAGE_SIZE)
    assert len(find(response.content, has_class("card"))) == 2 * shown
    assert_standings(response.content, visitor, shown)


@QUIZZES
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("quizzes", [1, 50])
@pytest.mark.parametrize(
    ("visitor", "queries"),
    [
        # the guide with the content version: its quizzes' cards come from the catalogue
        ("anonymous", 1),
        ("guest", SESSION + 1 + STANDINGS),
        ("learner", SESSION + USER + 1 + STANDINGS),
    ],
)
def test_guide_page(client, django_assert_num_queries, make, language, quizzes, visitor, queries):
    made = [make(f"quiz-{number}", f"Quiz {number:03}", questions=2) for number in range(quizzes)]
    make_guide(slug="path").quizzes.set(made)
    if visitor != "anonymous":
        finished_and_retaken(made, **owner_of(client, visitor, made[0]))
    address = url("guides:detail", language, slug="path")
    response = pinned_get(client, address, django_assert_num_queries, cold=queries + CATALOGUE, warm=queries)
    assert_standings(response.content, visitor, quizzes)


# "Question N of M", the quiz page's count of questions not yet translated (all but the first: ``translate``) and a
# score, in each language.
PROGRESS_LABEL = {"en": "Question {n} of {total}", "fr": "Question {n} de {total}", "tr": "{total} sorudan {n}. soru"}
NOT_YET_TRANSLATED = {
    "fr": "{missing} questions sur {total} ne sont pas encore traduites en français.",
    "tr": "{total} sorudan {missing} tanesi henüz Türkçeye çevrilmedi.",
}
SCORE = {"en": "{score}/{total}", "fr": "{score}/{total}", "tr": "{score}/{total}"}


@QUIZZES
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("questions", [8, 50])
@pytest.mark.parametrize(
    ("visitor", "queries"),
    [
        # the quiz's id with the content version and the visitor's attempt and answers; its content (questions,
        # choices, guides) from the snapshot
        ("anonymous", QUIZ_STATE),
        ("guest", SESSION + QUIZ_STATE),
        ("learner", SESSION + USER + QUIZ_STATE),
    ],
)
def test_quiz_page(client, django_assert_num_queries, make, language, questions, visitor, queries):
    """A visitor with a session has answered the first question; the page counts the questions not yet translated
    from what it loads anyway."""
    quiz = make(questions=questions)
    translate(quiz)
    make_guide(slug="path").quizzes.set([quiz])
    if visitor != "anonymous":
        take(quiz, 1, **owner_of(client, visitor, quiz))
    address = url("quizzes:detail", language, slug=quiz.slug)
    response = pinned_get(client, address, django_assert_num_queries, cold=queries + SNAPSHOT, warm=queries)
    assert len(find(response.content, has_class("question-preview"))) == questions
    note = [NOT_YET_TRANSLATED[language].format(missing=questions - 1, total=questions)] if language != "en" else []
    assert texts_of(response.content, "translation-note") == note  # nothing to count in English
    if visitor != "anonymous":
        assert texts_of(response.content, "progress-label") == [PROGRESS_LABEL[language].format(n=2, total=questions)]


ACCOMMODATION = 1  # the learner's accommodation on a timed exam (quizzes.own_time)


@pytest.mark.parametrize("questions", [8, 50])
@pytest.mark.parametrize("time_limit", [None, 15])
@pytest.mark.parametrize(
    ("visitor", "queries"),
    [
        ("anonymous", QUIZ_STATE),
        ("guest", SESSION + QUIZ_STATE),
        ("learner", SESSION + USER + QUIZ_STATE),
    ],
)
def test_exam_quiz_page_under_way(client, django_assert_num_queries, questions, time_limit, visitor, queries):
    """An exam under way with its clock costs what any quiz page does; one more query on a timed exam for a
    logged-in learner, who reads their own time limit (an accommodation: none here, which costs the same)."""
    quiz = make_quiz(questions=questions, mode=QuizMode.EXAM, time_limit=time_limit)
    if visitor == "learner":  # a guest starts it with the start button (owner_of)
        attempt_start(learner=owner_of(client, visitor, quiz)["learner"], quiz=quiz, language="en")
    elif visitor == "guest":
        owner_of(client, visitor, quiz)
    if time_limit and visitor == "learner":
        queries += ACCOMMODATION
    address = url("quizzes:detail", slug=quiz.slug)
    response = pinned_get(client, address, django_assert_num_queries, cold=queries + SNAPSHOT, warm=queries)
    clocks = len(find(response.content, has_class("exam-clock")))
    assert clocks == (1 if time_limit and visitor != "anonymous" else 0)


PASSED = {"en": "Passed", "fr": "Réussi", "tr": "Geçtiniz"}


@QUIZZES
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("finished", [1, 10])
@pytest.mark.parametrize(
    ("visitor", "queries"),
    # as above, and the visitor's finished attempts with their scores: passed or not, as the quiz's card says it
    [("guest", SESSION + QUIZ_STATE + STANDINGS), ("learner", SESSION + USER + QUIZ_STATE + STANDINGS)],
)
def test_quiz_page_once_finished(client, django_assert_num_queries, make, language, finished, visitor, queries):
    """Whatever the number of finished attempts, the quiz page says passed (by the latest, all right) at one
    query's cost."""
    quiz = make(questions=8)
    owner = owner_of(client, visitor, quiz)
    for _ in range(finished):
        take(quiz, 8, **owner)
    address = url("quizzes:detail", language, slug=quiz.slug)
    response = pinned_get(client, address, django_assert_num_queries, cold=queries + SNAPSHOT, warm=queries)
    passed = [PASSED[language]] if quiz.pass_mark is not None else []
    assert texts_of(response.content, "pass-status") == passed


def question_url(quiz: Quiz, number: int, language: str) -> str:
    return url("quizzes:question", language, slug=quiz.slug, number=number)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("questions", [8, 50])
@pytest.mark.parametrize(("visitor", "queries"), [("guest", SESSION), ("learner", SESSION + USER)])
def test_question_page_before_and_after_answering(
    client, django_assert_num_queries, language, questions, visitor, queries
):
    """The quiz's id with the content version and the attempt with its answers; the form and the feedback are
    built from the quiz's snapshot."""
    quiz = make_quiz(questions=questions)
    translate(quiz)
    owner = owner_of(client, visitor, quiz)
    take(quiz, 4, **owner)
    label = PROGRESS_LABEL[language].format(n=5, total=questions)
    address = question_url(quiz, 5, language)
    before = pinned_get(
        client, address, django_assert_num_queries, cold=queries + QUIZ_STATE + SNAPSHOT, warm=queries + QUIZ_STATE
    )
    assert texts_of(before.content, "progress-label") == [label]
    assert len(find(before.content, lambda node: node.name == "input" and ("type", "radio") in node.attributes)) == 4
    take(quiz, 1, **owner)
    after = pinned_get(
        client, address, django_assert_num_queries, cold=queries + QUIZ_STATE + SNAPSHOT, warm=queries + QUIZ_STATE
    )
    assert texts_of(after.content, "progress-label") == [label]
    assertContains(after, f'<a class="button button-primary" href="{question_url(quiz, 6, language)}">', count=1)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("answers", [8, 100])
@pytest.mark.parametrize(("visitor", "queries"), [("guest", SESSION), ("learner", SESSION + USER)])
@pytest.mark.parametrize("which", ["latest", "specific"])
def test_results_page(client, django_assert_num_queries, language, answers, visitor, queries, which):
    """Two finished attempts and a retake under way: the quiz's id with the content version and the visitor's
    attempts with their scores (whether one is under way too), then the answers of the one shown; the questions,
    choices and the guide "Back to the guide" leads to from the quiz's snapshot."""
    quiz = make_quiz(questions=answers)
    translate(quiz)
    owner = owner_of(client, visitor, quiz)
    first = take(quiz, answers, **owner)
    take(quiz, answers, **owner)
    take(quiz, 1, **owner)
    address = (
        url("quizzes:results", language, slug=quiz.slug)
        if which == "latest"
        else url("quizzes:attempt_results", language, slug=quiz.slug, pk=first.pk)
    )
    response = pinned_get(client, address, django_assert_num_queries, cold=queries + 2 + SNAPSHOT, warm=queries + 2)
    assert texts_of(response.content, "question-text")[1:] == [f"Question {number}" for number in range(2, answers + 1)]
    score = SCORE[language].format(score=answers, total=answers)
    assertInHTML(f'<span class="score-value">{score}</span>', response.content.decode())
    assertInHTML(f"<td>{score}</td>", response.content.decode())
    back = ("href", url("quizzes:detail", language, slug=quiz.slug))
    assert len(find(response.content, lambda node: back in node.attributes and has_class("button")(node))) == 1


@pytest.mark.parametrize("language", LANGUAGES)
def test_account_page(learner_client, django_assert_num_queries, language):
    with django_assert_num_queries(SESSION + USER):
        response = learner_client.get(url("account", language))
    assertContains(response, "<dd>learner</dd>", html=True)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("answers", [8, 100])
def test_account_export(learner, learner_client, django_assert_num_queries, language, answers):
    """The attempts with their quizzes, their answers, the failed logins."""
    quiz = make_quiz(questions=answers)
    take(quiz, answers, learner=learner)
    take(quiz, 3, learner=learner)
    with django_assert_num_queries(SESSION + USER + 3):
        response = learner_client.get(url("account_export", language))
    assert [attempt["answer_count"] for attempt in response.json()["attempts"]] == [3, answers]


@QUIZZES
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", [1, 10])
def test_my_progress_page(learner, learner_client, django_assert_num_queries, make, language, size):
    """``size`` guides holding ``size`` quizzes each started: the started quizzes, the guides, the guides'
    published quizzes, then the standings and the quizzes' question counts, and the practice rounds."""
    quizzes = [make(f"quiz-{number}", f"Quiz {number:03}", questions=2) for number in range(size)]
    for number in range(size):
        make_guide(slug=f"guide-{number}", title=f"Guide {number:03}").quizzes.set(quizzes)
    for quiz in quizzes:
        take(quiz, 1, learner=learner)
    with django_assert_num_queries(SESSION + USER + 3 + STANDINGS + 1 + PRACTICE_ROUNDS):
        response = learner_client.get(url("progress", language))
    assert len(find(response.content, has_class("quiz-progress"))) == size * size


def test_my_progress_of_a_learner_who_started_nothing(learner_client, django_assert_num_queries):
    with django_assert_num_queries(SESSION + USER + 1):
        learner_client.get(url("progress"))


@pytest.mark.parametrize("language", LANGUAGES)
def test_pages_of_a_quiz_of_every_kind_cost_the_same(learner_client, django_assert_num_queries, language):
    """A shuffled quiz with a pass mark and a question of each kind (issue 21): each question page before and after
    answering, the results (each choice of the multiple-answer question in words, passed or not) and "My progress"
    (passed or not) cost what the single-answer pages cost."""
    quiz = make_kinds_quiz()
    make_guide(slug="path").quizzes.set([quiz])
    learner_client.post(url("quizzes:start", language, slug=quiz.slug))
    page_queries = SESSION + USER + QUIZ_STATE
    for number in range(1, 4):
        address = question_url(quiz, number, language)
        before = pinned_get(
            learner_client, address, django_assert_num_queries, cold=page_queries + SNAPSHOT, warm=page_queries
        )
        inputs = find(before.content, lambda node: node.name == "input" and ("name", "choice") in node.attributes)
        # Two boxes of the multiple-answer question, the first radio button of the others.
        ticked = inputs[:2] if ("type", "checkbox") in inputs[0].attributes else inputs[:1]
        response = learner_client.post(address, {"choice": [dict(node.attributes)["value"] for node in ticked]})
        assert response.status_code == 302
        pinned_get(learner_client, address, django_assert_num_queries, cold=page_queries + SNAPSHOT, warm=page_queries)
    results = pinned_get(
        learner_client,
        url("quizzes:results", language, slug=quiz.slug),
        django_assert_num_queries,
        cold=SESSION + USER + 2 + SNAPSHOT,
        warm=SESSION + USER + 2,
    )
    assert len(find(results.content, has_class("pass-verdict"))) == 1
    assert len(find(results.content, has_class("shown-choices"))) == 1
    with django_assert_num_queries(SESSION + USER + 3 + STANDINGS + 1 + PRACTICE_ROUNDS):
        progress = learner_client.get(url("progress", language))
    assert len(find(progress.content, has_class("pass-status"))) == 1
