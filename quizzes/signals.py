"""Signal receivers of the quizzes app, connected in ``QuizzesConfig.ready``."""

from django.contrib import messages
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest
from django.utils.translation import ngettext

from quizzes.guests import GUEST_SESSION_KEY, Replacement, guest_attempts_join, guest_id_from


def replacement_message(replacement: Replacement) -> str:
    """The one sentence that tells a learner which of two unfinished attempts at a quiz goes on in the account,
    translated into the active language."""
    if replacement.guest_finished:
        text = ngettext(
            "“%(quiz)s”: the attempt you finished as a guest (%(count)d question answered) joins your account; "
            "the unfinished attempt your account had is closed.",
            "“%(quiz)s”: the attempt you finished as a guest (%(count)d questions answered) joins your account; "
            "the unfinished attempt your account had is closed.",
            replacement.answered,
        )
    elif replacement.kept_guest_attempt:
        text = ngettext(
            "“%(quiz)s”: you go on from the attempt you started as a guest, which was further along (%(count)d "
            "question answered); the unfinished attempt your account had is closed.",
            "“%(quiz)s”: you go on from the attempt you started as a guest, which was further along (%(count)d "
            "questions answered); the unfinished attempt your account had is closed.",
            replacement.answered,
        )
    else:
        text = ngettext(
            "“%(quiz)s”: you go on from your account's attempt (%(count)d question answered); the one you "
            "started as a guest, which was not further along, is closed.",
            "“%(quiz)s”: you go on from your account's attempt (%(count)d questions answered); the one you "
            "started as a guest, which was not further along, is closed.",
            replacement.answered,
        )
    return text % {"quiz": replacement.quiz.title, "count": replacement.answered}


@receiver(user_logged_in, dispatch_uid="quizzes.guest_attempts_join")
def guest_attempts_join_at_login(sender, request: HttpRequest | None, user, **kwargs) -> None:
    """When a guest signs up or logs in, move their attempts into the account (``guest_attempts_join``) and say
    which attempt goes on wherever both had started the same quiz.

    Django's ``login`` gives the session a new key but keeps its data, where the guest's id is; it is removed
    from the session here, as the guest no longer exists.
    """
    session = getattr(request, "session", None)
    if session is None:
        return
    guest = guest_id_from(session.pop(GUEST_SESSION_KEY, None))
    if guest is None:
        return
    for replacement in guest_attempts_join(guest=guest, learner=user):
        messages.info(request, replacement_message(replacement), fail_silently=True)
