"""Simulated learners of known ability answering a quiz in three languages: data on which the item analysis
(``quizzes.item_analysis``, ``quizzes.item_flags``) must find what was put in, and that the demo's statistics
page shows (``manage.py simulate_learners``).

Each learner has an ability θ drawn from the standard normal distribution, and answers each question right with
the two-parameter logistic model's probability 1 / (1 + e^(−1.7·(θ − b))), where b is the question's difficulty
(from −1.5 for the first question to 1 for the last). A question can be made ``harder`` in one language (b + 2.5
for those who read its translation; those shown it in English fallback read English) and one ``wrongly keyed``:
the learners' right answer is then the first choice the key calls wrong. A learner who misses a question picks
one of the other choices (a multiple-answer question: the right set with one choice added or left out) at random.

The answers are written as the site writes them (``quizzes.answering.answer_fields``, from the quiz's snapshot in
the attempt's language), in finished attempts of learner accounts ``simulated-0001``… with unusable passwords.
"""

import math
import random
from dataclasses import dataclass
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.db import transaction
from django.utils import timezone

from quizzes.answering import answer_fields
from quizzes.localized import QuestionContent
from quizzes.models import Answer, Attempt, Quiz
from quizzes.snapshots import quiz_content

USERNAME = "simulated-{:04d}"
LANGUAGES = ("en", "fr", "tr")
SLOPE = 1.7


@dataclass(frozen=True, slots=True)
class Twist:
    """What the simulation puts into a quiz: the question at ``harder`` (its position) made harder for learners
    who read it in ``harder_in`` (a language code), and the question at ``wrongly_keyed`` (its position) keyed
    wrong. None: no such question."""

    harder: int | None = None
    harder_in: str = "tr"
    wrongly_keyed: int | None = None


def _difficulty(index: int, count: int) -> float:
    return -1.5 + 2.5 * index / max(count - 1, 1)


def _picked(question: QuestionContent, wrongly_keyed: bool, right: bool, chance: random.Random) -> list:
    """The choices a learner picks: the learners' right answer when ``right``, else another one at random."""
    choices = list(question.choices)
    truth = [choice for choice in choices if choice.is_correct]
    if wrongly_keyed:
        truth = [next(choice for choice in choices if not choice.is_correct)]
    if right:
        return truth
    if question.is_multiple:
        toggled = chance.choice(choices)
        return [choice for choice in choices if (choice in truth) != (choice is toggled)] or truth
    return [chance.choice([choice for choice in choices if choice not in truth])]


@transaction.atomic
def simulate_learners(quiz: Quiz, *, learners: int = 600, seed: int = 23, twist: Twist = Twist()) -> int:
    """Have ``learners`` simulated learners (languages in turn: English, French, Turkish) each finish one attempt
    at ``quiz``'s current questions, as the module's docstring says; the same ``seed`` gives the same answers.

    Returns:
        How many attempts were written (``learners``).

    Raises:
        ValueError: the quiz has no questions; simulated learners have attempts at it already (``simulated_forget``
            first); an account ``simulated-…`` is someone's (it has a usable password).
    """
    if Attempt.objects.filter(quiz=quiz, learner__username__in=_names(learners)).exists():
        raise ValueError("Simulated learners have attempts at this quiz already: --replace deletes them first.")
    chance = random.Random(seed)
    contents = {language: quiz_content(quiz.pk, None, language) for language in LANGUAGES}
    questions = sorted(contents["en"].questions, key=lambda question: question.position)
    if not questions:
        raise ValueError("The quiz has no questions.")
    users = _accounts(learners)
    now = timezone.now()
    attempts = Attempt.objects.bulk_create(
        Attempt(
            learner=user,
            quiz=quiz,
            language=LANGUAGES[index % len(LANGUAGES)],
            mode=quiz.mode,
            pass_mark=quiz.pass_mark,
        )
        for index, user in enumerate(users)
    )
    # Each took four minutes (the start is set on insert: moved back, then the end set, in one statement).
    Attempt.objects.filter(pk__gte=attempts[0].pk, pk__lte=attempts[-1].pk, quiz=quiz, finished_at=None).update(
        started_at=now - timedelta(minutes=4), finished_at=now
    )
    answers = []
    for attempt in attempts:
        ability = chance.gauss(0, 1)
        content = contents[attempt.language]
        for index, english in enumerate(questions):
            question = content.questions_by_pk[english.pk]
            difficulty = _difficulty(index, len(questions))
            if question.position == twist.harder and attempt.language == twist.harder_in:
                difficulty += 0 if question.asked_in_english else 2.5
            right = chance.random() < 1 / (1 + math.exp(-SLOPE * (ability - difficulty)))
            chosen = _picked(question, question.position == twist.wrongly_keyed, right, chance)
            fields = answer_fields(question=question, chosen=chosen, shown=question.choices, language=attempt.language)
            answers.append(Answer(attempt=attempt, **fields))
    Answer.objects.bulk_create(answers, batch_size=2000)
    return len(attempts)


def simulated_forget(quiz: Quiz) -> int:
    """Delete the attempts of simulated learners (accounts ``simulated-…`` without a usable password) at ``quiz``,
    with their answers. Returns how many attempts were deleted."""
    attempts = Attempt.objects.filter(quiz=quiz, learner__username__startswith=USERNAME.format(0)[:-4])
    mine = [attempt.pk for attempt in attempts.select_related("learner") if not attempt.learner.has_usable_password()]
    Answer.objects.filter(attempt__in=mine).delete()
    return Attempt.objects.filter(pk__in=mine).delete()[1].get("quizzes.Attempt", 0)


def _names(count: int) -> list[str]:
    return [USERNAME.format(number) for number in range(1, count + 1)]


def _accounts(count: int) -> list:
    """The accounts ``simulated-0001`` to ``count``, created where missing, in order.

    Raises:
        ValueError: one of them exists with a usable password: a person's account, not a simulated learner's.
    """
    User = get_user_model()
    names = _names(count)
    existing = {user.username: user for user in User.objects.filter(username__in=names)}
    if any(user.has_usable_password() for user in existing.values()):
        raise ValueError("An account named like a simulated learner (simulated-…) belongs to someone: not used.")
    User.objects.bulk_create(
        User(username=name, password=make_password(None)) for name in names if name not in existing
    )
    by_name = {user.username: user for user in User.objects.filter(username__in=names)}
    return [by_name[name] for name in names]
