"""Guests: visitors who take quizzes without an account, their attempts tied to their session.

A guest's attempts follow the same rules as a learner's (``quizzes.services``). The session names its guest
(``GUEST_SESSION_KEY``); when the visitor signs up or logs in, ``guest_attempts_join`` moves the guest's
attempts into the account (``quizzes.signals`` calls it on Django's ``user_logged_in``, which comes after the
new session key and keeps the session's data). Once a guest's session has expired, ``guests_expired_delete``
(``manage.py clearguests``) deletes the guest with its attempts.
"""

import uuid
from dataclasses import dataclass
from enum import StrEnum
from importlib import import_module

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import Count
from django.http import HttpRequest
from django.utils import timezone

from quizzes.accommodations import deadlines_apply
from quizzes.models import Attempt, Guest, Quiz

#: The session data key that holds the id of the session's guest (a UUID as a string).
GUEST_SESSION_KEY = "quizzes_guest"


def session_guest(request: HttpRequest) -> uuid.UUID | None:
    """The id of the guest the request's session names, or None (logged in, or no quiz started yet); no query
    beyond loading the session.

    A value that is not a UUID (a session written by something else) counts as no guest.
    """
    if request.user.is_authenticated:
        return None
    return guest_id_from(request.session.get(GUEST_SESSION_KEY))


def guest_id_from(value: object) -> uuid.UUID | None:
    """The guest id stored as ``value`` in a session (a UUID as a string), or None when it is not one."""
    try:
        return uuid.UUID(value) if isinstance(value, str) else None
    except ValueError:
        return None


def guest_for_writing(request: HttpRequest) -> uuid.UUID:
    """The id of the request's guest, made now for a visitor who has none; called before a guest starts a quiz
    or answers, for a visitor who is not logged in.

    The session is saved first, holding the new guest's id, so that it exists (with its key) before the guest
    does: ``guests_expired_delete`` never finds a guest whose session is still being made. One guest per session
    (``Guest.session_key`` is unique): concurrent starts in one session end with the same guest. (Concurrent
    first requests of a browser that has no session cookie yet get a session each, and so a guest each; the
    browser keeps the last cookie, and the others' guests go when their sessions expire.) Each call
    marks the session modified, so that it expires ``SESSION_COOKIE_AGE`` seconds after the guest's last start or
    answer rather than after the first.

    Raises:
        ValueError: the request's user is logged in.
    """
    if request.user.is_authenticated:
        raise ValueError("A logged-in learner is not a guest.")
    guest_id = session_guest(request)
    if guest_id is not None and Guest.objects.filter(pk=guest_id).exists():
        request.session.modified = True
        return guest_id
    candidate = uuid.uuid4()
    request.session[GUEST_SESSION_KEY] = str(candidate)
    request.session.save()
    try:
        with transaction.atomic():
            guest = Guest.objects.create(pk=candidate, session_key=request.session.session_key)
    except IntegrityError:
        # A concurrent request of the same session made its guest first.
        guest = Guest.objects.get(session_key=request.session.session_key)
        request.session[GUEST_SESSION_KEY] = str(guest.pk)
    return guest.pk


class Outcome(StrEnum):
    """What ``guest_attempts_join`` did where the guest's attempts met the account's unfinished attempt at a quiz."""

    #: The guest's unfinished attempt was further along: it goes on; the account's is closed.
    GUEST_GOES_ON = "guest_goes_on"
    #: The account's unfinished attempt was as far along or further: it goes on; the guest's is closed.
    ACCOUNT_GOES_ON = "account_goes_on"
    #: The guest brought only finished attempts: they join the account's history; its unfinished attempt goes on.
    BOTH_KEPT = "both_kept"


@dataclass(frozen=True)
class Meeting:
    """One quiz where a guest joining an account met the account's unfinished attempt, as ``guest_attempts_join``
    settled it.

    Attributes:
        quiz: the quiz.
        outcome: what was done (``Outcome``).
        answered: how many questions the unfinished attempt that goes on has answered (int).
    """

    quiz: Quiz
    outcome: Outcome
    answered: int


@transaction.atomic
def guest_attempts_join(*, guest: uuid.UUID, learner: AbstractBaseUser) -> list[Meeting]:
    """Move every attempt of ``guest`` into ``learner``'s account, and delete the guest.

    The guest's attempts join the account as they are: finished ones its history, an unfinished one its unfinished
    attempt at that quiz. The rows move, never copied, so each keeps its seed and the quiz's settings it started
    with: a shuffled attempt shows the learner the order the guest saw (``quizzes.arrangement``). Where the account
    already has an unfinished attempt at a quiz where the guest has an unfinished one too, the one further along
    (more answers; on a tie, the account's) goes on and the other is closed (``Attempt.closed_at``: it stays, with
    its answers, but takes no more and is not shown to the learner).
    The rows are locked first, so that an answer given meanwhile in another tab is judged before or after, never
    half-way.

    Args:
        guest: a guest's id; an id with no guest (already joined, or deleted) does nothing.
        learner: a logged-in user.

    Returns:
        One ``Meeting`` per quiz where the guest's attempts met the account's unfinished attempt, ordered by quiz
        title, for the sentence that tells the learner what became of each. Empty when there was none.
    """
    if Guest.objects.select_for_update().filter(pk=guest).first() is None:
        return []
    guest_attempts = list(
        Attempt.objects.select_for_update(of=("self",)).filter(guest_id=guest).not_closed().select_related("quiz")
    )
    # Attempts at a quiz and practice rounds (``quizzes.rounds``) meet their own kind: each may have one under way.
    account_attempts = {
        _slot(attempt): attempt
        for attempt in Attempt.objects.select_for_update()
        .filter(learner=learner, quiz_id__in={attempt.quiz_id for attempt in guest_attempts})
        .unfinished()
    }
    met = {_slot(attempt): attempt.quiz for attempt in guest_attempts if _slot(attempt) in account_attempts}
    rivals = {
        _slot(attempt): attempt for attempt in guest_attempts if _slot(attempt) in met and not attempt.is_finished
    }
    answered = dict(
        Attempt.objects.filter(pk__in=[attempt.pk for attempt in [*rivals.values(), *account_attempts.values()]])
        .annotate(answered=Count("answers"))
        .values_list("pk", "answered")
    )
    meetings, closed = [], []
    for slot, quiz in met.items():
        account_attempt, rival = account_attempts[slot], rivals.get(slot)
        if rival is None:
            outcome, kept = Outcome.BOTH_KEPT, account_attempt
        elif answered[rival.pk] > answered[account_attempt.pk]:
            outcome, kept = Outcome.GUEST_GOES_ON, rival
            closed.append(account_attempt.pk)
        else:
            outcome, kept = Outcome.ACCOUNT_GOES_ON, account_attempt
            closed.append(rival.pk)
        if not slot[1]:
            meetings.append(Meeting(quiz=quiz, outcome=outcome, answered=answered[kept.pk]))
    # Closed first: the account may hold one unfinished attempt per quiz (a unique constraint).
    Attempt.objects.filter(pk__in=closed).update(closed_at=timezone.now())
    Attempt.objects.filter(guest_id=guest).update(learner=learner, guest=None)
    Guest.objects.filter(pk=guest).delete()
    if any(attempt.deadline is not None and not attempt.is_finished for attempt in guest_attempts):
        # A timed exam under way now has a learner, whose accommodation, if any, moves its deadline.
        deadlines_apply(learner_id=learner.pk)
    return sorted(meetings, key=lambda meeting: meeting.quiz.title)


def _slot(attempt: Attempt) -> tuple[int, bool]:
    """Where an unfinished attempt stands among its owner's: its quiz, and whether it is a practice round."""
    return attempt.quiz_id, attempt.practice_of_id is not None


def guests_expired_delete(*, batch_size: int = 500) -> tuple[int, int]:
    """Delete the guests whose session has expired (or is gone), with their attempts and answers.

    A guest's session is alive while the session store (``settings.SESSION_ENGINE``, whichever it is) still
    loads it, unexpired, with a guest in it (``guest_for_writing`` saves the session holding the guest's id
    before the guest exists); Django's ``clearsessions`` may have removed it already or not. Guests whose
    session is alive are left as they are, whatever their age. Safe to run at any time and repeatedly
    (``manage.py clearguests``, from cron): it deletes only what no visitor can reach any more.

    Args:
        batch_size: guests looked at per query (int).

    Returns:
        ``(guests, attempts)``: how many guests and attempts were deleted (ints).
    """
    store_class = import_module(settings.SESSION_ENGINE).SessionStore
    expired = []
    for guest in Guest.objects.only("pk", "session_key").iterator(chunk_size=batch_size):
        if GUEST_SESSION_KEY not in store_class(session_key=guest.session_key).load():
            expired.append(guest.pk)
    guests = attempts = 0
    for start in range(0, len(expired), batch_size):
        batch = expired[start : start + batch_size]
        with transaction.atomic():
            attempts += Attempt.objects.filter(guest_id__in=batch).count()
            _, deleted = Guest.objects.filter(pk__in=batch).delete()
            guests += deleted.get(Guest._meta.label, 0)
    return guests, attempts
