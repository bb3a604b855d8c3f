"""Where a learner stands in a quiz: a read, in a fixed number of queries, that never writes.

The quiz page, the question page and the start button all ask ``learner_progress`` the same questions (which
attempt, which question next, "Question N of M" and the address of question N); this module is the one place
that answers them.
"""

import uuid
from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db.models import F, QuerySet, prefetch_related_objects
from django.urls import reverse

from quizzes.models import Answer, Attempt, Question, Quiz


@dataclass(frozen=True)
class Progress:
    """A learner's progress through one quiz, as ``learner_progress`` read it.

    Attributes:
        quiz: the quiz read.
        attempt: the learner's unfinished attempt, else their latest finished one (either with the attributes
            ``with_score()`` annotates, ``correct_count`` and ``answer_count``), else None.
        questions: the quiz's current questions in position order, each with its choices loaded.
        answers: ``attempt``'s answers in the order they were given (empty without an attempt).
        next_question: the question the learner answers next, one of ``questions`` with its choices: the
            unfinished attempt's lowest-positioned unanswered question; the quiz's first question when there is
            no attempt yet (Start begins there). None when the attempt is finished (a retake starts a new one),
            when the unfinished attempt has nothing left (see ``can_finish``), or when the quiz has no question.
        order: the questions as this learner numbers them, ``order[n - 1]`` being "Question n" (see
            ``number_of``).
    """

    quiz: Quiz
    attempt: Attempt | None
    questions: tuple[Question, ...]
    answers: tuple[Answer, ...]
    next_question: Question | None
    order: tuple[Question, ...]

    @property
    def is_resuming(self) -> bool:
        """True when the learner has an unfinished attempt (the Start button reads "Resume")."""
        return self.attempt is not None and not self.attempt.is_finished

    @property
    def can_finish(self) -> bool:
        """True when the unfinished attempt has no question left: an author removed the ones it had not
        answered yet. Nothing is written on reading this; the next POST to the start view finishes it."""
        return self.is_resuming and self.next_question is None

    @property
    def answered_count(self) -> int:
        """How many questions the attempt has answered (int); 0 without an attempt."""
        return len(self.answers)

    @property
    def total(self) -> int:
        """M in "Question N of M" (int): a finished attempt's number of answers, fixed for good; otherwise the
        quiz's current number of questions, which includes every answered one (answered questions cannot be
        removed) and any an author added meanwhile (README, "Authoring")."""
        return len(self.order)

    @property
    def number(self) -> int | None:
        """N in "Question N of M" for ``next_question`` (int), or None when there is no next question."""
        return None if self.next_question is None else self.number_of(self.next_question)

    @property
    def next_question_url(self) -> str | None:
        """The address of ``next_question`` for this learner (``url_of``), or None when there is none."""
        return None if self.next_question is None else self.url_of(self.next_question)

    def number_of(self, question: Question) -> int:
        """The 1-based number the learner sees for ``question`` ("Question N of M"), which is also the N of its
        address (``url_of``).

        Learners count questions in the order they meet them, whatever their positions, so that numbers stay
        put and agree with the total after an author reorders, adds or removes questions mid-attempt: the
        answered questions in answer order, then the unanswered ones in position order (the order they will be
        asked in). Without an attempt that is position order; a finished attempt numbers only its answers.

        Args:
            question: one of ``order``: a question of the quiz, answered by a finished attempt.

        Raises:
            ValueError: ``question`` is not one this learner numbers (another quiz's, or one a finished attempt
                did not answer).
        """
        for number, numbered in enumerate(self.order, start=1):
            if numbered.pk == question.pk:
                return number
        raise ValueError(f"Question {question.pk} has no number in this learner's progress.")

    def question_numbered(self, number: int) -> Question | None:
        """The question the learner sees as "Question ``number``" (int, as in its address), with its choices,
        or None when ``number`` is not between 1 and ``total`` (no query)."""
        return self.order[number - 1] if 1 <= number <= len(self.order) else None

    def url_of(self, question: Question) -> str:
        """The address of ``question``'s page for this learner, ``/<lang>/quizzes/<slug>/questions/<N>/`` with
        N = ``number_of(question)`` in the active language; every link and redirect to a question page is built
        here, so that the address and "Question N of M" agree.

        Raises:
            ValueError: as ``number_of``.
        """
        return reverse("quizzes:question", kwargs={"slug": self.quiz.slug, "number": self.number_of(question)})

    def segments(self, current: Question | None = None) -> tuple[str, ...]:
        """The progress bar's segments, one per question in the learner's order (``order``), no query.

        Args:
            current: the question on screen, or None.

        Returns:
            One state per question: ``"right"`` or ``"wrong"`` for an answered question (as
            ``Answer.is_correct`` says), ``"current"`` for ``current`` while it is unanswered, else ``"todo"``.
        """
        results = {answer.question_id: answer.is_correct for answer in self.answers}
        return tuple(
            ("right" if results[question.pk] else "wrong")
            if question.pk in results
            else ("current" if current is not None and question.pk == current.pk else "todo")
            for question in self.order
        )

    def answer_to(self, question: Question) -> Answer | None:
        """The attempt's answer to ``question``, or None when it has not answered it (no query)."""
        return next((answer for answer in self.answers if answer.question_id == question.pk), None)


def learner_order(
    *, attempt: Attempt | None, questions: Sequence[Question], answers: Sequence[Answer]
) -> tuple[Question, ...]:
    """The questions in the order a learner numbers them (``Progress.number_of``); no query.

    Args:
        attempt: the learner's attempt, or None.
        questions: the quiz's current questions in position order.
        answers: ``attempt``'s answers in the order given. Each answers one of ``questions`` (answered
            questions cannot be removed).

    Returns:
        The answered questions in answer order, then, unless ``attempt`` is finished, the unanswered ones in
        position order.
    """
    by_pk = {question.pk: question for question in questions}
    answered = tuple(by_pk[answer.question_id] for answer in answers if answer.question_id in by_pk)
    if attempt is not None and attempt.is_finished:
        return answered
    answered_pks = {question.pk for question in answered}
    return answered + tuple(question for question in questions if question.pk not in answered_pks)


def learner_attempts(
    *, learner: AbstractBaseUser | AnonymousUser, quiz: Quiz | None = None, guest: uuid.UUID | None = None
) -> QuerySet[Attempt]:
    """The attempts that belong to the visitor, finished or not, without closed ones (``Attempt.closed_at``).

    Every page reads a learner's or a guest's attempts through here.

    Args:
        learner: the request's user. A logged-in learner's attempts are theirs, whatever ``guest`` says.
        quiz: only the attempts at this quiz; every quiz's when None.
        guest: the id of the guest the session names (``quizzes.guests.session_guest``), for a visitor who is not
            logged in; None for a visitor who has started nothing.

    Returns:
        An ``AttemptQuerySet`` (no query yet); empty for a visitor who is neither logged in nor a guest.
    """
    if learner.is_authenticated:
        attempts = Attempt.objects.filter(learner=learner)
    elif guest is not None:
        attempts = Attempt.objects.filter(guest_id=guest)
    else:
        return Attempt.objects.none()
    attempts = attempts.not_closed()
    return attempts if quiz is None else attempts.filter(quiz=quiz)


def learner_progress(
    *, learner: AbstractBaseUser | AnonymousUser, quiz: Quiz, guest: uuid.UUID | None = None
) -> Progress:
    """Read where ``learner`` (or the guest ``guest``) stands in ``quiz``; writes nothing.

    Args:
        learner: the request's user; a visitor who is not logged in has attempts only as a guest.
        guest: as for ``learner_attempts``.
        quiz: any quiz. Its questions and their choices are read from its prefetch cache when present (the quiz
            page prefetches them), else loaded here.

    Returns:
        A ``Progress``. Queries, whatever the number of questions and answers: the attempt (1, none for a
        visitor who is neither logged in nor a guest), its answers (1 when there is an attempt), the questions
        and their choices (2, none when prefetched).
    """
    attempt = (
        learner_attempts(learner=learner, quiz=quiz, guest=guest)
        # The unfinished attempt (finished_at NULL) comes first, then the latest finished one.
        .order_by(F("finished_at").desc(nulls_first=True), "-pk")
        .first()
    )
    answers = tuple(attempt.answers.all()) if attempt is not None else ()
    if attempt is not None:
        # What with_score() annotates, counted from the answers read anyway rather than by a GROUP BY.
        attempt.correct_count = sum(answer.is_correct for answer in answers)
        attempt.answer_count = len(answers)
    questions = list(quiz.questions.all())
    prefetch_related_objects(questions, "choices")
    order = learner_order(attempt=attempt, questions=questions, answers=answers)
    next_question = None
    if attempt is None or not attempt.is_finished:
        # The first unanswered question in the learner's order is the lowest-positioned one.
        answered = {answer.question_id for answer in answers}
        next_question = next((question for question in order if question.pk not in answered), None)
    return Progress(
        quiz=quiz,
        attempt=attempt,
        questions=tuple(questions),
        answers=answers,
        next_question=next_question,
        order=order,
    )
