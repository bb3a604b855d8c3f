"""Where a learner stands in a quiz: a read, in a fixed number of queries, that never writes.

The quiz page, the question page and the start button all ask ``learner_progress`` the same questions (which
attempt, which question next, "Question N of M"); this module is the one place that answers them.
"""

from dataclasses import dataclass

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db.models import F, QuerySet, prefetch_related_objects

from quizzes.models import Answer, Attempt, Question, Quiz


@dataclass(frozen=True)
class Progress:
    """A learner's progress through one quiz, as ``learner_progress`` read it.

    Attributes:
        attempt: the learner's unfinished attempt, else their latest finished one (either annotated with
            ``with_score()``), else None.
        questions: the quiz's current questions in position order, each with its choices loaded.
        answers: ``attempt``'s answers in the order they were given (empty without an attempt).
        next_question: the question the learner answers next, one of ``questions`` with its choices: the
            unfinished attempt's lowest-positioned unanswered question; the quiz's first question when there is
            no attempt yet (Start begins there). None when the attempt is finished (a retake starts a new one),
            when the unfinished attempt has nothing left (see ``can_finish``), or when the quiz has no question.
    """

    attempt: Attempt | None
    questions: tuple[Question, ...]
    answers: tuple[Answer, ...]
    next_question: Question | None

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
        if self.attempt is not None and self.attempt.is_finished:
            return len(self.answers)
        return len(self.questions)

    @property
    def number(self) -> int | None:
        """N in "Question N of M" for ``next_question`` (int), or None when there is no next question."""
        return None if self.next_question is None else self.number_of(self.next_question)

    def number_of(self, question: Question) -> int:
        """The 1-based number the learner sees for ``question``: "Question N of M".

        Learners count questions in the order they meet them, whatever their positions, so that the number
        agrees with the total after an author reorders, adds or removes questions: an answered question is
        numbered by its place in answer order, an unanswered one comes after every answer. The question page
        (before and after answering) and the quiz page all number questions here.

        Args:
            question: a question of the quiz.
        """
        for number, answer in enumerate(self.answers, start=1):
            if answer.question_id == question.pk:
                return number
        return len(self.answers) + 1

    def answer_to(self, question: Question) -> Answer | None:
        """The attempt's answer to ``question``, or None when it has not answered it (no query)."""
        return next((answer for answer in self.answers if answer.question_id == question.pk), None)

    def question_at(self, position: int) -> Question | None:
        """The quiz's question at ``position`` (int, as in its address), with its choices, or None (no query)."""
        return next((question for question in self.questions if question.position == position), None)


def learner_attempts(*, learner: AbstractBaseUser | AnonymousUser, quiz: Quiz) -> QuerySet[Attempt]:
    """The attempts at ``quiz`` that belong to ``learner`` (none for an anonymous user), finished or not.

    The pages read a learner's attempts through here, so that a guest's session can become another owner in
    this one place, with a keyword-only argument that leaves callers as they are.
    """
    if not learner.is_authenticated:
        return Attempt.objects.none()
    return Attempt.objects.filter(learner=learner, quiz=quiz)


def learner_progress(*, learner: AbstractBaseUser | AnonymousUser, quiz: Quiz) -> Progress:
    """Read where ``learner`` stands in ``quiz``; writes nothing.

    Args:
        learner: the request's user; an anonymous user has no attempt (guests, once they exist, will be passed
            as another keyword-only owner, leaving callers' arguments as they are).
        quiz: any quiz. Its questions and their choices are read from its prefetch cache when present (the quiz
            page prefetches them), else loaded here.

    Returns:
        A ``Progress``. Queries, whatever the number of questions and answers: the attempt (1, none for an
        anonymous user), its answers (1 when there is an attempt), the questions and their choices (2, none when
        prefetched).
    """
    attempt = (
        learner_attempts(learner=learner, quiz=quiz)
        .with_score()
        # The unfinished attempt (finished_at NULL) comes first, then the latest finished one.
        .order_by(F("finished_at").desc(nulls_first=True), "-pk")
        .first()
    )
    answers = tuple(attempt.answers.all()) if attempt is not None else ()
    questions = list(quiz.questions.all())
    prefetch_related_objects(questions, "choices")
    next_question = None
    if attempt is None:
        next_question = questions[0] if questions else None
    elif not attempt.is_finished:
        answered = {answer.question_id for answer in answers}
        next_question = next((question for question in questions if question.pk not in answered), None)
    return Progress(attempt=attempt, questions=tuple(questions), answers=answers, next_question=next_question)
