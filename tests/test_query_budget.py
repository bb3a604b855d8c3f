"""The query budget: every learner page and each admin page authors use often runs a fixed number of queries,
the same for a quiz of 8 questions and of 50, an attempt of 8 answers and of 100, 1 guide and 100, in each
language. A new N+1 fails here.

Each budget is the sum of what the page reads; ``SESSION`` and ``USER`` are what every page of a visitor with a
session, and of a logged-in one, reads before the view runs.
"""

import uuid

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.urls import reverse
from pytest_django.asserts import assertContains, assertInHTML

from quizzes.guests import GUEST_SESSION_KEY, guest_id_from
from quizzes.models import Attempt, Choice, Question, Quiz
from quizzes.services import answer_submit, attempt_start
from tests.factories import make_author, make_guide, make_quiz, make_user
from tests.pages import find, has_class, own_text, texts_of, url
from tests.quizzes.admin_forms import question_change_url, quiz_change_url

pytestmark = pytest.mark.django_db

LANGUAGES = ["en", "fr", "tr"]
SESSION = 1  # the session, for any visitor whose browser has one
USER = 1  # the logged-in user
# The quiz, its questions, their choices (one query each, whatever their number).
QUIZ_CONTENT = 3
# The visitor's attempt at a quiz, then its answers.
ATTEMPT_AND_ANSWERS = 2
# The attempts of the visitor at the listed quizzes with their scores, the question counts of those quizzes.
STANDINGS = 2


def translate(quiz: Quiz) -> None:
    """The quiz's title and its first question, whole, in French and Turkish; the rest falls back to English."""
    Quiz.objects.filter(pk=quiz.pk).update(title_fr=f"{quiz.title_en} (fr)", title_tr=f"{quiz.title_en} (tr)")
    Question.objects.filter(quiz=quiz, position=1).update(
        text_fr="Question 1 (fr)", text_tr="Soru 1 (tr)", explanation_fr="Parce que.", explanation_tr="Çünkü."
    )
    Choice.objects.filter(question__quiz=quiz, question__position=1).update(text_fr="Choix", text_tr="Seçenek")


def owner_of(client: Client, visitor: str, quiz: Quiz) -> dict:
    """Make ``client`` a logged-in ``learner`` or a ``guest`` (who started ``quiz`` with the start button);
    returns the owner keyword for ``take``."""
    if visitor == "learner":
        learner = make_user()
        client.force_login(learner)
        return {"learner": learner}
    client.post(url("quizzes:start", slug=quiz.slug))
    return {"guest": guest_id_from(client.session[GUEST_SESSION_KEY])}


def take(quiz: Quiz, count: int, *, learner=None, guest: uuid.UUID | None = None) -> Attempt:
    """The owner's unfinished attempt at ``quiz`` (started if need be) answers its next ``count`` questions
    with their first choice (the correct one); it finishes when none is left."""
    attempt = attempt_start(learner=learner or AnonymousUser(), quiz=quiz, language="en", guest=guest)
    answered = set(attempt.answers.values_list("question_id", flat=True))
    questions = [question for question in quiz.questions.prefetch_related("choices") if question.pk not in answered]
    for question in questions[:count]:
        answer_submit(attempt=attempt, question=question, choice=question.choices.all()[0])
    attempt.refresh_from_db()
    return attempt


def finished_and_retaken(quizzes: list[Quiz], **owner) -> None:
    """The owner finished each quiz once and has a retake under way."""
    for quiz in quizzes:
        take(quiz, len(quiz.questions.all()), **owner)
        take(quiz, 0, **owner)


def assert_standings(page: bytes, visitor: str, quizzes: int) -> None:
    """Every quiz card shows a retake under way, or "Not started" to a visitor without a session."""
    status = "not_started" if visitor == "anonymous" else "unfinished"
    assert len(find(page, has_class("quiz-standing"))) == quizzes
    assert len(find(page, has_class(f"quiz-standing-{status}"))) == quizzes


# --- Learner pages --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("guides", [1, 100])
@pytest.mark.parametrize(
    ("visitor", "queries"),
    [
        # the guides, the quizzes with their question counts
        ("anonymous", 2),
        ("guest", SESSION + 2 + STANDINGS),
        ("learner", SESSION + USER + 2 + STANDINGS),
    ],
)
def test_home_page(client, django_assert_num_queries, language, guides, visitor, queries):
    quizzes = [make_quiz(f"quiz-{number}", f"Quiz {number:03}", questions=1) for number in range(guides)]
    for number, quiz in enumerate(quizzes):
        make_guide(slug=f"guide-{number}", title=f"Guide {number:03}").quizzes.set([quiz])
    if visitor != "anonymous":
        finished_and_retaken(quizzes, **owner_of(client, visitor, quizzes[0]))
    with django_assert_num_queries(queries):
        response = client.get(url("home", language))
    assert len(find(response.content, has_class("card"))) == 2 * guides
    assert_standings(response.content, visitor, guides)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("quizzes", [1, 50])
@pytest.mark.parametrize(
    ("visitor", "queries"),
    [
        # the guide, its published quizzes with their question counts
        ("anonymous", 2),
        ("guest", SESSION + 2 + STANDINGS),
        ("learner", SESSION + USER + 2 + STANDINGS),
    ],
)
def test_guide_page(client, django_assert_num_queries, language, quizzes, visitor, queries):
    made = [make_quiz(f"quiz-{number}", f"Quiz {number:03}", questions=2) for number in range(quizzes)]
    make_guide(slug="path").quizzes.set(made)
    if visitor != "anonymous":
        finished_and_retaken(made, **owner_of(client, visitor, made[0]))
    with django_assert_num_queries(queries):
        response = client.get(url("guides:detail", language, slug="path"))
    assert_standings(response.content, visitor, quizzes)


# "Question N of M" and the quiz page's share of translated questions, in each language.
PROGRESS_LABEL = {"en": "Question {n} of {total}", "fr": "Question {n} de {total}", "tr": "{total} sorudan {n}. soru"}
TRANSLATED_SHARE = {"fr": "1 question sur {total} en français", "tr": "{total} sorunun 1 tanesi Türkçe"}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("questions", [8, 50])
@pytest.mark.parametrize(
    ("visitor", "queries"),
    [
        # the quiz, its questions, their choices, its guides (nothing to read of a visitor without a session)
        ("anonymous", QUIZ_CONTENT + 1),
        ("guest", SESSION + QUIZ_CONTENT + 1 + ATTEMPT_AND_ANSWERS),
        ("learner", SESSION + USER + QUIZ_CONTENT + 1 + ATTEMPT_AND_ANSWERS),
    ],
)
def test_quiz_page(client, django_assert_num_queries, language, questions, visitor, queries):
    """A visitor with a session has answered the first question; the summary counts the translated questions
    from what the page loads anyway."""
    quiz = make_quiz(questions=questions)
    translate(quiz)
    make_guide(slug="path").quizzes.set([quiz])
    if visitor != "anonymous":
        take(quiz, 1, **owner_of(client, visitor, quiz))
    with django_assert_num_queries(queries):
        response = client.get(url("quizzes:detail", language, slug=quiz.slug))
    assert len(find(response.content, has_class("question-preview"))) == questions
    summary = find(find(response.content, has_class("quiz-facts"))[0], has_class("quiz-language"))
    share = [TRANSLATED_SHARE[language].format(total=questions)] if language in TRANSLATED_SHARE else []
    assert [own_text(item) for item in summary] == share  # nothing to count in English
    if visitor != "anonymous":
        assert texts_of(response.content, "progress-label") == [PROGRESS_LABEL[language].format(n=2, total=questions)]


def question_url(quiz: Quiz, number: int, language: str) -> str:
    return url("quizzes:question", language, slug=quiz.slug, number=number)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("questions", [8, 50])
@pytest.mark.parametrize(("visitor", "queries"), [("guest", SESSION), ("learner", SESSION + USER)])
def test_question_page_before_and_after_answering(
    client, django_assert_num_queries, language, questions, visitor, queries
):
    """The quiz with its questions and choices, the attempt with its answers: the form is built from the
    choices loaded, and the feedback reads the same."""
    quiz = make_quiz(questions=questions)
    translate(quiz)
    owner = owner_of(client, visitor, quiz)
    take(quiz, 4, **owner)
    label = PROGRESS_LABEL[language].format(n=5, total=questions)
    with django_assert_num_queries(queries + QUIZ_CONTENT + ATTEMPT_AND_ANSWERS):
        before = client.get(question_url(quiz, 5, language))
    assert texts_of(before.content, "progress-label") == [label]
    assert len(find(before.content, lambda node: node.name == "input" and ("type", "radio") in node.attributes)) == 4
    take(quiz, 1, **owner)
    with django_assert_num_queries(queries + QUIZ_CONTENT + ATTEMPT_AND_ANSWERS):
        after = client.get(question_url(quiz, 5, language))
    assert texts_of(after.content, "progress-label") == [label]
    assertContains(after, f'<a class="button" href="{question_url(quiz, 6, language)}">', count=1)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("answers", [8, 100])
@pytest.mark.parametrize(("visitor", "queries"), [("guest", SESSION), ("learner", SESSION + USER)])
@pytest.mark.parametrize("which", ["latest", "specific"])
def test_results_page(client, django_assert_num_queries, language, answers, visitor, queries, which):
    """Two finished attempts and a retake under way: the quiz, the finished attempt with its score, its answers
    with their questions and choices, the questions' choices, the other finished attempts, whether one is
    under way."""
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
    with django_assert_num_queries(queries + 1 + 1 + 2 + 1 + 1):
        response = client.get(address)
    assert texts_of(response.content, "question-text")[1:] == [f"Question {number}" for number in range(2, answers + 1)]
    assertInHTML(f'<span class="score-value">{answers} / {answers}</span>', response.content.decode())
    assertInHTML(f"<td>{answers} / {answers}</td>", response.content.decode())
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


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", [1, 10])
def test_my_progress_page(learner, learner_client, django_assert_num_queries, language, size):
    """``size`` guides holding ``size`` quizzes each started: the started quizzes, the guides, the guides'
    published quizzes, then the standings."""
    quizzes = [make_quiz(f"quiz-{number}", f"Quiz {number:03}", questions=2) for number in range(size)]
    for number in range(size):
        make_guide(slug=f"guide-{number}", title=f"Guide {number:03}").quizzes.set(quizzes)
    for quiz in quizzes:
        take(quiz, 1, learner=learner)
    with django_assert_num_queries(SESSION + USER + 3 + STANDINGS):
        response = learner_client.get(url("progress", language))
    assert len(find(response.content, has_class("quiz-progress"))) == size * size


def test_my_progress_of_a_learner_who_started_nothing(learner_client, django_assert_num_queries):
    with django_assert_num_queries(SESSION + USER + 1):
        learner_client.get(url("progress"))


# --- Admin pages authors use often ------------------------------------------------------------------------------

PERMISSIONS = 2  # the staff user's own permissions, and their groups'


@pytest.fixture
def author(client):
    """The client logged in as an author."""
    client.force_login(make_author())
    return client


@pytest.fixture
def admin_page(author, django_assert_num_queries):
    """``admin_page(address, language, queries)``: the author's GET of an admin page in ``language``, pinned
    to ``queries``. A first GET, not pinned, reads the content types, which Django keeps for the process."""

    def get(address: str, language: str, queries: int):
        author.get(address, headers={"accept-language": language})
        with django_assert_num_queries(queries):
            return author.get(address, headers={"accept-language": language})

    return get


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("questions", [8, 50])
def test_quiz_change_page(admin_page, language, questions):
    """The quiz, its guides, the questions, all their choices (one prefetch query)."""
    quiz = make_quiz(questions=questions)
    response = admin_page(quiz_change_url(quiz), language, SESSION + USER + PERMISSIONS + 4)
    formset = response.context["inline_admin_formsets"][0].formset
    assert (len(formset.initial_forms), len(formset.extra_forms)) == (questions, 1)  # and a blank one to fill in


@pytest.mark.parametrize("language", LANGUAGES)
def test_question_change_page(admin_page, language):
    """The question, its quiz, whether it has choices, its choices."""
    question = make_quiz(questions=2).questions.get(position=2)
    response = admin_page(question_change_url(question), language, SESSION + USER + PERMISSIONS + 4)
    choices = response.context["inline_admin_formsets"][0].formset.forms
    assert [choice.instance.position for choice in choices] == [1, 2, 3, 4, None]  # and a blank one to fill in


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("attempts", [1, 50])
def test_attempts_list(admin_page, language, attempts):
    """The quizzes to filter by, the count of matching attempts and of all, the page of attempts with their
    takers, quizzes and scores, the date hierarchy's range and its days."""
    quiz = make_quiz(questions=2)
    for number in range(attempts):
        take(quiz, 1, learner=make_user(f"learner-{number}"))
    response = admin_page(reverse("admin:quizzes_attempt_changelist"), language, SESSION + USER + PERMISSIONS + 6)
    assert len(response.context["cl"].result_list) == attempts


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("answers", [8, 100])
@pytest.mark.parametrize("owner", ["learner", "guest"])
def test_an_attempts_page(admin_page, language, answers, owner):
    """The attempt with its taker, quiz and score, then its answers with their questions and choices."""
    quiz = make_quiz(questions=answers)
    if owner == "learner":
        attempt = take(quiz, answers, learner=make_user())
    else:
        attempt = take(quiz, answers, **owner_of(Client(), "guest", quiz))
    address = reverse("admin:quizzes_attempt_change", args=[attempt.pk])
    response = admin_page(address, language, SESSION + USER + PERMISSIONS + 2)
    rows = response.context["inline_admin_formsets"][0].formset.forms
    assert [row.instance.question.text for row in rows] == [f"Question {number}" for number in range(1, answers + 1)]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("questions", [8, 50])
def test_answer_statistics(admin_page, language, questions):
    """The quiz (with its guides, as the quiz admin reads it), the questions with their answer counts, their
    choices with their pick counts, the count of attempts."""
    quiz = make_quiz(questions=questions)
    take(quiz, questions, learner=make_user())
    response = admin_page(
        reverse("admin:quizzes_quiz_statistics", args=[quiz.pk]), language, SESSION + USER + PERMISSIONS + 5
    )
    assert len(find(response.content, has_class("question-statistics"))) == questions
