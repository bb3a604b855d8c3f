"""Every session of an account ends with it: logins are recorded (``LoginSession``) so that deleting an account,
by the learner or in the admin, deletes its sessions in every browser, from the database and from the cache."""

from importlib import import_module

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.db.models.signals import pre_delete
from django.dispatch import receiver
from django.http import HttpRequest

from accounts.models import LoginSession


@receiver(user_logged_in)
def record_login_session(sender, request: HttpRequest, user, **kwargs) -> None:
    """Remember that the session ``login()`` has just given ``request`` belongs to ``user``. Needs a session engine
    that keeps rows in the database (``db`` or ``cached_db``, as settings choose).

    ``login`` gives a new key, and has written its row, when it cycles the key; when it empties the session of
    another account instead, the new session has no key or row until it is saved, so it is saved here first.
    """
    if request.session.session_key is None:
        request.session.save()
    LoginSession.objects.update_or_create(session_id=request.session.session_key, defaults={"user": user})


@receiver(pre_delete, sender=settings.AUTH_USER_MODEL)
def end_sessions_of_deleted_account(sender, instance, **kwargs) -> None:
    """Delete every recorded session of an account about to be deleted, through the session engine so that the
    cache's copy goes too (a cached_db session is read from the cache while it holds it). Before the deletion,
    since the ``LoginSession`` rows go with the account."""
    store = import_module(settings.SESSION_ENGINE).SessionStore
    for key in LoginSession.objects.filter(user=instance).values_list("session_id", flat=True):
        store(session_key=key).delete()
