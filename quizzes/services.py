"""Writes that touch several models: starting an attempt, answering a question, making someone an author."""

import uuid

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser, Group
from django.db import IntegrityError, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from quizzes.models import Answer, Attempt, Choice, Question, Quiz

# The group that ``quizzes/migrations/0003_authors_group.py`` creates with the authors' permissions.
AUTHORS_GROUP = "Authors"


class AnswerRefused(Exception):
    """An answer that cannot be recorded; ``str(error)`` is a translated message for the learner."""


@transaction.atomic
def attempt_start(
    *, learner: AbstractBaseUser | AnonymousUser, quiz: Quiz, language: str, guest: uuid.UUID | None = None
) -> Attempt:
    """Return the learner's (or the guest's) unfinished attempt at ``quiz``, or start a new one.

    Args:
        learner: the request's user; when logged in, the attempt is theirs.
        quiz: a published quiz.
        language: the language code the attempt starts in (one of ``settings.LANGUAGES``), e.g. ``"fr"``.
        guest: for a visitor who is not logged in, the id of an existing guest
            (``quizzes.guests.guest_for_writing``); ignored for a logged-in learner.

    Returns:
        The unfinished attempt, which is new when the owner had none (first try or retake). Starting twice,
        even concurrently, never makes two unfinished attempts: the database allows one per owner and quiz.

    Raises:
        ValueError: the visitor is neither logged in nor a guest.
    """
    if learner.is_authenticated:
        owner = {"learner": learner}
    elif guest is not None:
        owner = {"guest_id": guest}
    else:
        raise ValueError("An attempt needs a logged-in learner or a guest.")
    existing = Attempt.objects.unfinished().filter(quiz=quiz, **owner).first()
    if existing is not None:
        return existing
    try:
        with transaction.atomic():
            return Attempt.objects.create(quiz=quiz, language=language, **owner)
    except IntegrityError:
        # A concurrent request started it between our look-up and the insert.
        return Attempt.objects.unfinished().get(quiz=quiz, **owner)


@transaction.atomic
def attempt_finish_if_complete(*, attempt: Attempt) -> bool:
    """Finish an unfinished attempt that has no question left to answer.

    Answering the last open question finishes an attempt (``answer_submit``); this covers an author removing
    the only questions a learner had left, which would otherwise leave the attempt open with nothing to answer.

    Args:
        attempt: any attempt.

    Returns:
        True when this call finished it; False when it was finished or closed already, or still has questions to
        answer.
    """
    attempt = Attempt.objects.select_for_update().get(pk=attempt.pk)
    if attempt.is_finished or attempt.is_closed or attempt.next_question() is not None:
        return False
    attempt.finished_at = timezone.now()
    attempt.save(update_fields=["finished_at"])
    return True


@transaction.atomic
def answer_submit(
    *, attempt: Attempt, question: Question, choice: Choice, language: str | None = None
) -> tuple[Answer, bool]:
    """Record the learner's (or the guest's) answer to ``question``; the first answer is final.

    Finishes the attempt (sets ``finished_at``) when this answers its last open question. The answer keeps the
    language it was given in and the question's and the choice's texts as the learner saw them: in that
    language, or in English where that translation is missing (modeltranslation's fallback, as on the question
    page).

    Args:
        attempt: the learner's or the guest's unfinished attempt.
        question: a question of ``attempt.quiz``; must be the attempt's next question.
        choice: one of ``question``'s choices.
        language: the code of the language the question was shown in (one of ``settings.LANGUAGES``), e.g.
            ``"fr"``; the attempt's language when left out. A learner may switch language mid-attempt.

    Returns:
        ``(answer, created)``: ``created`` is False when the question was already answered, in which case the
        earlier answer is returned unchanged.

    Raises:
        AnswerRefused: the choice does not belong to the question, the question is not part of the quiz, it
            is not the attempt's next question (questions are answered in order), or the attempt was closed
            meanwhile (``quizzes.guests.guest_attempts_join``).
    """
    # Lock the attempt so two concurrent answers are judged one after the other.
    attempt = Attempt.objects.select_for_update().get(pk=attempt.pk)
    if question.quiz_id != attempt.quiz_id:
        raise AnswerRefused(_("This question is not part of this quiz."))
    if choice.question_id != question.pk:
        raise AnswerRefused(_("Please choose one of this question's answers."))
    existing = Answer.objects.filter(attempt=attempt, question=question).first()
    if existing is not None:
        return existing, False
    if attempt.is_finished:
        raise AnswerRefused(_("This attempt is already finished."))
    if attempt.is_closed:
        raise AnswerRefused(_("This attempt was closed: another attempt at this quiz goes on in your account."))
    next_question = attempt.next_question()
    if next_question is None or next_question.pk != question.pk:
        raise AnswerRefused(_("Please answer the questions in order."))
    language = language or attempt.language
    with translation.override(language):
        texts = {"question_text": question.text, "choice_text": choice.text}
    answer = Answer.objects.create(
        attempt=attempt, question=question, choice=choice, is_correct=choice.is_correct, language=language, **texts
    )
    if attempt.next_question() is None:
        attempt.finished_at = timezone.now()
        attempt.save(update_fields=["finished_at"])
    return answer, True


@transaction.atomic
def author_grant(*, user: AbstractBaseUser) -> None:
    """Let ``user`` write and translate content in the admin: staff status and membership of "Authors".

    The group (created by a migration) may add, change and delete guides, quizzes, questions and choices and
    the glossary's terms (``translations`` migration 0002), and view attempts; it grants nothing over users or
    groups.

    Raises:
        Group.DoesNotExist: the migrations have not been applied.
    """
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    user.groups.add(Group.objects.get(name=AUTHORS_GROUP))
