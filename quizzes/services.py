"""Writes that touch several models: starting an attempt, making someone an author. Answers are written by
``quizzes.answering`` (practice) and ``quizzes.exams``."""

import uuid

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser, Group
from django.db import IntegrityError, transaction
from django.utils import timezone

from quizzes.accommodations import deadline_of
from quizzes.localized import QuizContent
from quizzes.models import Attempt, Quiz
from quizzes.modes import QuizMode

# The group that ``quizzes/migrations/0003_authors_group.py`` creates with the authors' permissions.
AUTHORS_GROUP = "Authors"


@transaction.atomic
def attempt_start(
    *,
    learner: AbstractBaseUser | AnonymousUser,
    quiz: Quiz | QuizContent,
    language: str,
    guest: uuid.UUID | None = None,
) -> Attempt:
    """Return the learner's (or the guest's) unfinished attempt at ``quiz``, or start a new one.

    Args:
        learner: the request's user; when logged in, the attempt is theirs.
        quiz: a published quiz (a ``Quiz`` or its snapshot, ``QuizContent``: its ``pk`` is read).
        language: the language code the attempt starts in (one of ``settings.LANGUAGES``), e.g. ``"fr"``.
        guest: for a visitor who is not logged in, the id of an existing guest
            (``quizzes.guests.guest_for_writing``); ignored for a logged-in learner.

    Returns:
        The unfinished attempt, which is new when the owner had none (first try or retake): it takes the quiz's
        shuffling, pass mark, mode and time limit as they are now, and a seed of its own order
        (``quizzes.arrangement``); a timed exam's deadline counts from now, with the learner's accommodation
        (``quizzes.accommodations``). Starting twice,
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
    attempts = Attempt.objects.unfinished().of_quiz()
    existing = attempts.filter(quiz_id=quiz.pk, **owner).first()
    if existing is not None:
        return existing
    # The quiz's settings as they are now: the attempt keeps them, whatever an author changes later.
    names = ("shuffle_choices", "shuffle_questions", "pass_mark", "mode", "time_limit")
    settings = {name: getattr(quiz, name) for name in names}
    if settings["mode"] != QuizMode.EXAM:
        settings["time_limit"] = None
    # The deadline from now (the start, to the microsecond) and the learner's accommodation, if any.
    learner_id = learner.pk if learner.is_authenticated else None
    settings["deadline"] = deadline_of(
        started_at=timezone.now(), time_limit=settings["time_limit"], learner_id=learner_id, quiz_id=quiz.pk
    )
    try:
        with transaction.atomic():
            return Attempt.objects.create(quiz_id=quiz.pk, language=language, **settings, **owner)
    except IntegrityError:
        # A concurrent request started it between our look-up and the insert.
        return attempts.get(quiz_id=quiz.pk, **owner)


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
