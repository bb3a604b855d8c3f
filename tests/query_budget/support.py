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

from quizzes import catalogue, snapshots
from quizzes.answering import answer_submit
from quizzes.guests import GUEST_SESSION_KEY, guest_id_from
from quizzes.kinds import QuestionKind, true_false_rows
from quizzes.models import Attempt, Choice, Question, Quiz
from quizzes.services import attempt_start
from tests.factories import make_quiz, make_user
from tests.pages import find, has_class, url

LANGUAGES = ["en", "fr", "tr"]
# The session, for any visitor whose browser has one: none while the cache holds it (cached_db sessions over the
# tests' local-memory cache; 1 where sessions are read from the database, see settings.SESSION_ENGINE).
SESSION = 0
USER = 1  # the logged-in user
# A quiz page's one query of its own: the quiz's id, the content version, the visitor's attempt with its answers
# (quizzes.learner_state.quiz_state).
QUIZ_STATE = 1
# A quiz's content, read when this process holds no snapshot of it at the current version
# (quizzes.snapshots): the quiz with its guides, the questions with their choices.
SNAPSHOT = 2
# The content version alone (pages that list content).
VERSION = 1
# The catalogue of published content, read when this process holds none at the current version
# (quizzes.catalogue): the quizzes with their question counts and their order in every language, the guides, the
# links between them.
CATALOGUE = 3
# The attempts of the visitor at the listed quizzes with their scores (the question counts come with the cards).
STANDINGS = 1
# "My progress": the learner's practice rounds at the quizzes it lists, with their scores (quizzes.rounds).
PRACTICE_ROUNDS = 1


def pinned_get(client: Client, address: str, assert_num_queries, *, cold: int, warm: int, **kwargs):
    """GET ``address`` twice and return the second response: first with no content held by this process (no
    snapshot, no catalogue: what a process pays once per content version), pinned to ``cold`` queries; then again,
    pinned to ``warm`` (what every later request pays)."""
    snapshots.forget_all()
    catalogue.forget()
    with assert_num_queries(cold):
        client.get(address, **kwargs)
    with assert_num_queries(warm):
        return client.get(address, **kwargs)


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


def kinds_quiz(slug: str = "quiz", title: str = "A quiz", questions: int = 8) -> Quiz:
    """A quiz of questions of every kind, shuffled both ways, with a pass mark of 50 %: the second of every four
    questions has several right answers (choices 1 and 3 of 4), every fourth is true or false (True right), the
    others have one (choice 1 of 4); the last choice of each question of 4 is pinned."""
    quiz = make_quiz(slug, title, questions=questions, shuffle_choices=True, shuffle_questions=True, pass_mark=50)
    Choice.objects.filter(question__quiz=quiz, position=4).update(pinned=True)
    several = Question.objects.filter(quiz=quiz, position__in=range(2, questions + 1, 4))
    several.update(kind=QuestionKind.MULTIPLE)
    Choice.objects.filter(question__in=several, position=3).update(is_correct=True)
    statements = Question.objects.filter(quiz=quiz, position__in=range(4, questions + 1, 4))
    statements.update(kind=QuestionKind.TRUE_FALSE)
    Choice.objects.filter(question__in=statements).delete()
    Choice.objects.bulk_create(
        Choice(question=question, **row) for question in statements for row in true_false_rows(is_true=True)
    )
    return quiz


def take(quiz: Quiz, count: int, *, learner=None, guest: uuid.UUID | None = None) -> Attempt:
    """The owner's unfinished attempt at ``quiz`` (started if need be) answers its next ``count`` questions, in
    its order, with their right choices; it finishes when none is left."""
    attempt = attempt_start(learner=learner or AnonymousUser(), quiz=quiz, language="en", guest=guest)
    answered = set(attempt.answers.values_list("question_id", flat=True))
    ordered = attempt.arrangement.questions(list(quiz.questions.prefetch_related("choices").order_by("position")))
    questions = [question for question in ordered if question.pk not in answered]
    for question in questions[:count]:
        answer_submit(attempt=attempt, question=question, choices=question.correct_choices())
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
