"""Guests' rows: the owner of the attempts of a visitor without an account; re-exported by ``quizzes.models``, where
Django finds it. What guests do is in ``quizzes.guests``."""

import uuid

from django.db import models
from django.utils.translation import gettext_lazy as _


class Guest(models.Model):
    """A visitor without an account who has started a quiz: the owner of their attempts until they sign up or
    log in, when ``quizzes.guests.guest_attempts_join`` moves the attempts into the account and deletes the guest.

    A guest is tied to one session (``session_key``, unique, so that concurrent first starts in one browser make
    one guest); the session names the guest in its data (``quizzes.guests.GUEST_SESSION_KEY``), which survives the
    new session key Django gives at login. Once that session has expired, ``manage.py clearguests`` deletes the
    guest with its attempts and answers.
    """

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    session_key = models.CharField(_("session key"), max_length=40, unique=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("guest")
        verbose_name_plural = _("guests")

    def __str__(self) -> str:
        return str(_("Guest %(id)s") % {"id": str(self.pk)[:8]})
