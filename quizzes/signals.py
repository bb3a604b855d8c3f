"""Signal receivers of the quizzes app, connected in ``QuizzesConfig.ready``."""

from django.contrib import messages
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest
from django.utils.translation import ngettext

from quizzes.guests import GUEST_SESSION_KEY, Meeting, Outcome, guest_attempts_join, guest_id_from


def meeting_message(meeting: Meeting) -> str:
    """The one sentence that tells a learner what became of their attempts at a quiz that both they, as a guest,
    and their account had attempted (``guest_attempts_join``), translated into the active language."""
    if meeting.outcome == Outcome.BOTH_KEPT:
        text = ngettext(
            "“%(quiz)s”: the attempt you finished as a guest joins your results, and your account's unfinished "
            "attempt goes on where you left it (%(count)d answer given).",
            "“%(quiz)s”: the attempt you finished as a guest joins your results, and your account's unfinished "
            "attempt goes on where you left it (%(count)d answers given).",
            meeting.answered,
        )
    elif meeting.outcome == Outcome.GUEST_GOES_ON:
        text = ngettext(
            "“%(quiz)s”: you go on from the attempt you started as a guest, which was further along (%(count)d "
            "answer given); the unfinished attempt your account had is closed.",
            "“%(quiz)s”: you go on from the attempt you started as a guest, which was further along (%(count)d "
            "answers given); the unfinished attempt your account had is closed.",
            meeting.answered,
        )
    else:
        text = ngettext(
            "“%(quiz)s”: you go on from your account's attempt (%(count)d answer given); the one you started as "
            "a guest, which was not further along, is closed.",
            "“%(quiz)s”: you go on from your account's attempt (%(count)d answers given); the one you started as "
            "a guest, which was not further along, is closed.",
            meeting.answered,
        )
    return text % {"quiz": meeting.quiz.title, "count": meeting.answered}


@receiver(user_logged_in, dispatch_uid="quizzes.guest_attempts_join")
def guest_attempts_join_at_login(sender, request: HttpRequest | None, user, **kwargs) -> None:
    """When a guest signs up or logs in, move their attempts into the account (``guest_attempts_join``) and say
    what became of them wherever the account had an unfinished attempt at the same quiz.

    Django's ``login`` gives the session a new key but keeps its data, where the guest's id is; it is removed
    from the session here, as the guest no longer exists.
    """
    session = getattr(request, "session", None)
    if session is None:
        return
    guest = guest_id_from(session.pop(GUEST_SESSION_KEY, None))
    if guest is None:
        return
    for meeting in guest_attempts_join(guest=guest, learner=user):
        messages.info(request, meeting_message(meeting), fail_silently=True)
