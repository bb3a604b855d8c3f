"""Where a learner stands in a quiz: a read, in one query over the quiz's snapshot, that never writes.

The quiz page, the question page and the start button all ask ``learner_progress`` the same questions (which
attempt, which question next, "Question N of M" and the address of question N); this module answers them for
pages, over the rules of ``quizzes.scoring``, from the learner's state (``quizzes.learner_state``) and the quiz's
content snapshot (``quizzes.snapshots``).
"""

import uuid
from dataclasses import dataclass
from functools import cached_property

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db.models import QuerySet

from quizzes import scoring
from quizzes.arrangement import AUTHORS_ORDER, Arrangement
from quizzes.learner_state import AnswerState, AttemptState, QuizState, quiz_state
from quizzes.localized import ChoiceContent, QuestionContent, QuizContent
from quizzes.models import Attempt, Quiz
from quizzes.snapshots import quiz_content


@dataclass(frozen=True)
class Progress:
    """A learner's progress through one quiz, as ``learner_progress`` read it.

    Attributes:
        quiz: the quiz's content in the active language (``quizzes.snapshots.QuizContent``).
        attempt: the learner's unfinished attempt, else their latest finished one, else None
            (``quizzes.learner_state.AttemptState``, with its answers in the order given).
    """

    quiz: QuizContent
    attempt: AttemptState | None

    @property
    def questions(self) -> tuple[QuestionContent, ...]:
        """The quiz's current questions in position order, each with its choices."""
        return self.quiz.questions

    @property
    def answers(self) -> tuple[AnswerState, ...]:
        """The attempt's answers in the order given (empty without an attempt)."""
        return self.attempt.answers if self.attempt is not None else ()

    @property
    def is_finished(self) -> bool:
        return self.attempt is not None and self.attempt.is_finished

    @property
    def arrangement(self) -> Arrangement:
        """The order the attempt shows its quiz in (``quizzes.arrangement``); the author's without an attempt."""
        return self.attempt.arrangement if self.attempt is not None else AUTHORS_ORDER

    @property
    def is_exam(self) -> bool:
        """Whether the attempt is an exam (``quizzes.modes``): free navigation, no verdict until submitted."""
        return self.attempt is not None and self.attempt.is_exam

    @property
    def is_practice_round(self) -> bool:
        """Whether the attempt is a practice round of missed questions (``quizzes.rounds``)."""
        return self.attempt is not None and self.attempt.is_practice_round

    @property
    def reveals(self) -> bool:
        """Whether pages may show verdicts, right choices and explanations of this attempt's answers: always in
        practice, in an exam only once it is submitted."""
        return not self.is_exam or self.is_finished

    @cached_property
    def arranged(self) -> tuple[QuestionContent, ...]:
        """The quiz's current questions in the order this attempt asks them (``Arrangement.questions``); a practice
        round's own questions only."""
        arranged = self.arrangement.questions(self.quiz.questions)
        if self.is_practice_round:
            asked = set(self.attempt.round_questions)
            return tuple(question for question in arranged if question.pk in asked)
        return arranged

    def choices_of(self, question: QuestionContent) -> tuple[ChoiceContent, ...]:
        """``question``'s choices in the order this attempt shows them (letters A, B, C… follow it), no query."""
        return self.arrangement.choices(question)

    @cached_property
    def order(self) -> tuple[QuestionContent, ...]:
        """The questions as this learner numbers them (``quizzes.scoring.order``): ``order[n - 1]`` is "Question
        n"."""
        by_pk = self.quiz.questions_by_pk
        answered = [by_pk[answer.question_id] for answer in self.answers if answer.question_id in by_pk]
        return scoring.order(questions=self.arranged, answered=answered, finished=self.is_finished, free=self.is_exam)

    @cached_property
    def next_question(self) -> QuestionContent | None:
        """The question the learner answers next (``quizzes.scoring.next_question``): the quiz's first question
        when there is no attempt yet (Start begins there); None when the attempt is finished, when the unfinished
        attempt has nothing left (see ``can_finish``), or when the quiz has no question."""
        answered = [self.quiz.questions_by_pk.get(answer.question_id) for answer in self.answers]
        return scoring.next_question(questions=self.arranged, answered=answered, finished=self.is_finished)

    @property
    def flagged(self) -> frozenset[int]:
        """The questions flagged for review in this exam (primary keys); empty otherwise."""
        return frozenset(self.attempt.flagged) if self.attempt is not None else frozenset()

    @property
    def is_resuming(self) -> bool:
        """True when the learner has an unfinished attempt (the Start button reads "Resume")."""
        return self.attempt is not None and not self.attempt.is_finished

    @property
    def can_finish(self) -> bool:
        """True when the unfinished attempt has no question left: an author removed the ones it had not
        answered yet. Nothing is written on reading this; the next POST to the start view finishes it. Never for an
        exam, which only its learner's submission (or its deadline) finishes."""
        return self.is_resuming and not self.is_exam and self.next_question is None

    @property
    def answered_count(self) -> int:
        """How many questions the attempt has answered (int); 0 without an attempt."""
        return len(self.answers)

    @property
    def score(self) -> int:
        """The attempt's score (``quizzes.scoring.score``); 0 without an attempt."""
        return scoring.score(answer.is_correct for answer in self.answers)

    @property
    def total(self) -> int:
        """M in "Question N of M" (``quizzes.scoring.total``)."""
        return scoring.total(finished=self.is_finished, answered=self.answered_count, question_count=len(self.arranged))

    @property
    def number(self) -> int | None:
        """N in "Question N of M" for ``next_question`` (int), or None when there is no next question."""
        return None if self.next_question is None else self.number_of(self.next_question)

    @property
    def next_question_url(self) -> str | None:
        """The address of ``next_question`` for this learner (``url_of``), or None when there is none."""
        return None if self.next_question is None else self.url_of(self.next_question)

    def number_of(self, question: QuestionContent) -> int:
        """The 1-based number the learner sees for ``question`` ("Question N of M"), which is also the N of its
        address (``url_of``), in the order of ``quizzes.scoring.order``.

        Raises:
            ValueError: ``question`` is not one this learner numbers (another quiz's, or one a finished attempt
                did not answer).
        """
        for number, numbered in enumerate(self.order, start=1):
            if numbered.pk == question.pk:
                return number
        raise ValueError(f"Question {question.pk} has no number in this learner's progress.")

    def question_numbered(self, number: int) -> QuestionContent | None:
        """The question the learner sees as "Question ``number``" (int, as in its address), with its choices,
        or None when ``number`` is not between 1 and ``total`` (no query)."""
        return self.order[number - 1] if 1 <= number <= len(self.order) else None

    def url_of(self, question: QuestionContent) -> str:
        """The address of ``question``'s page for this learner, ``/<lang>/quizzes/<slug>/questions/<N>/`` with
        N = ``number_of(question)``; every link and redirect to a question page is built here, so that the address
        and "Question N of M" agree.

        Raises:
            ValueError: as ``number_of``.
        """
        return self.url_numbered(self.number_of(question))

    def url_numbered(self, number: int) -> str:
        """The address of "Question ``number``" (int, 1-based, this learner's numbering), no query: a practice
        round's under its own page, else the quiz's."""
        if self.is_practice_round:
            return f"{self.round_url}questions/{number}/"
        return self.quiz.question_url(number)

    @property
    def round_url(self) -> str:
        """A practice round's own page, ``/<lang>/quizzes/<slug>/practice/<pk>/`` (its results once finished)."""
        return f"{self.quiz.url}practice/{self.attempt.pk}/"

    @property
    def results_url(self) -> str:
        """Where the attempt's results are: the round's page for a practice round, else the quiz's latest results."""
        return self.round_url if self.is_practice_round else self.quiz.results_url

    def segments(self, current: QuestionContent | None = None) -> tuple[str, ...]:
        """The progress bar's segments, one per question in the learner's order (``order``), no query.

        Args:
            current: the question on screen, or None.

        Returns:
            One state per question: ``"right"`` or ``"wrong"`` for an answered question (as
            ``Answer.is_correct`` says), ``"current"`` for ``current`` while it is unanswered, else ``"todo"``. An
            exam under way says ``"answered"`` instead of right or wrong (``reveals``), and ``"current"`` for
            ``current`` answered or not.
        """
        if not self.reveals:
            answered = {answer.question_id for answer in self.answers if answer.chosen}
            return tuple(
                "current"
                if current is not None and question.pk == current.pk
                else ("answered" if question.pk in answered else "todo")
                for question in self.order
            )
        results = {answer.question_id: answer.is_correct for answer in self.answers}
        return tuple(
            ("right" if results[question.pk] else "wrong")
            if question.pk in results
            else ("current" if current is not None and question.pk == current.pk else "todo")
            for question in self.order
        )

    def answer_to(self, question: QuestionContent) -> AnswerState | None:
        """The attempt's answer to ``question``, or None when it has not answered it (no query)."""
        return next((answer for answer in self.answers if answer.question_id == question.pk), None)


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


def owner_ids(learner: AbstractBaseUser | AnonymousUser, guest: uuid.UUID | None) -> dict:
    """The owner arguments of ``quizzes.learner_state.quiz_state`` for the request's user or its guest."""
    if learner.is_authenticated:
        return {"learner_id": learner.pk}
    return {"guest": guest}


def progress_at(state: QuizState, language: str | None = None) -> Progress | None:
    """The ``Progress`` that ``state`` describes, over the quiz's snapshot at ``state.version``; None when the quiz
    was deleted since (no query when the snapshot is held)."""
    content = quiz_content(state.quiz_pk, state.version, language)
    return None if content is None else Progress(quiz=content, attempt=state.attempt)


def learner_progress(
    *, learner: AbstractBaseUser | AnonymousUser, quiz: Quiz | QuizContent, guest: uuid.UUID | None = None
) -> Progress:
    """Read where ``learner`` (or the guest ``guest``) stands in ``quiz``; writes nothing.

    Args:
        learner: the request's user; a visitor who is not logged in has attempts only as a guest.
        quiz: the quiz (its ``slug`` is read).
        guest: as for ``learner_attempts``.

    Returns:
        A ``Progress`` in the active language: one query (``quizzes.learner_state.quiz_state``), and two more
        when this process and the shared cache do not hold the quiz's content at the current version.

    Raises:
        Quiz.DoesNotExist: the quiz was deleted.
    """
    state = quiz_state(slug=quiz.slug, **owner_ids(learner, guest))
    progress = progress_at(state) if state is not None else None
    if progress is None:
        raise Quiz.DoesNotExist(f"No quiz {quiz.slug!r}.")
    return progress
