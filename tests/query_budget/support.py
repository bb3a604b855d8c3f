"""What the query-budget tests share: the parts every budget is summed from, and quick test data.

Every learner page and each admin page authors use often runs a fixed number of queries, the same for a quiz
of 8 questions and of 50, an attempt of 8 answers and of 100, 1 guide and 100, in each language; the tests of
this package pin each number exactly, so that a new N+1 fails the suite. Each budget is the sum of what the page
reads; ``SESSION`` and ``USER`` are what every page of a visitor with a session, and of a logged-in one, reads
before the view runs: the one place to change when the session store changes.
"""

import uuid

from django.contrib.auth.models import AnonymousUser
from django.test import Client

from quizzes.guests import GUEST_SESSION_KEY, guest_id_from
from quizzes.models import Attempt, Choice, Question, Quiz
from quizzes.services import answer_submit, attempt_start
from tests.factories import make_user
from tests.pages import find, has_class, url

LANGUAGES = ["en", "fr", "tr"]
# The session, for any visitor whose browser has one: none while the cache holds it (cached_db sessions over the
# tests' local-memory cache; 1 where sessions are read from the database, see settings.SESSION_ENGINE).
SESSION = 0
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
