"""What the regrade tests share (``quizzes.regrading``): a regrade dated ``REGRADED``, the choices by position, the
scores by learner, and a quiz keyed wrong answered by several learners."""

from datetime import UTC, datetime

from quizzes.models import Attempt, Question, Regrade
from quizzes.regrading import answer_key_correct
from tests.factories import answer_quiz, make_quiz, make_user

#: When the regrade of these tests happened (set after it: ``regraded_at`` is written by the database's clock).
REGRADED = datetime(2026, 12, 2, 14, 5, tzinfo=UTC)


def right_of(question: Question) -> set[int]:
    return set(question.choices.filter(is_correct=True).values_list("pk", flat=True))


def choice_pks(question: Question, *positions: int) -> set[int]:
    return set(question.choices.filter(position__in=positions).values_list("pk", flat=True))


def regrade(question: Question, *positions: int, by=None) -> Regrade:
    """Correct ``question``'s key to the choices at ``positions`` and date the regrade ``REGRADED``."""
    done = answer_key_correct(question=question, right=choice_pks(question, *positions), by=by)
    Regrade.objects.filter(pk=done.pk).update(regraded_at=REGRADED)
    return done


def scores() -> dict[str, int]:
    return {
        attempt.learner.username: attempt.score for attempt in Attempt.objects.with_score().select_related("learner")
    }


def keyed_wrong_quiz():
    """A quiz of 4 questions (pass mark 75 %) whose question 4 is keyed wrong (choice 1 marked, choice 2 right), a
    second quiz, and learners: "gains" answered 4 with choice 2 (3 of 4, passed), "loses" with choice 1 (4 of 4),
    "stays" with choice 3 (1 of 4), "halfway" has not reached question 4, "elsewhere" took the other quiz (3 of 4)."""
    quiz = make_quiz(questions=4, pass_mark=75)
    other = make_quiz(slug="other", questions=4)
    attempts = {
        "gains": answer_quiz(make_user("gains"), quiz, picks=[1, 1, 1, 2]),
        "loses": answer_quiz(make_user("loses"), quiz, picks=[1, 1, 1, 1]),
        "stays": answer_quiz(make_user("stays"), quiz, picks=[2, 2, 1, 3]),
        "halfway": answer_quiz(make_user("halfway"), quiz, picks=[1, 1]),
        "elsewhere": answer_quiz(make_user("elsewhere"), other, picks=[1, 1, 1, 2]),
    }
    return quiz, quiz.questions.get(position=4), attempts
