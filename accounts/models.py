from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _

from quizsite.timezones import validate_time_zone


class User(AbstractUser):
    """A learner's, author's or administrator's account (``AUTH_USER_MODEL``).

    Django's own user, kept as the project's model from the first release so that fields can be added later
    without swapping the user model under a live database (Django's advice for every new project). The e-mail
    address is optional: it is asked at sign-up and needed only to reset a forgotten password. ``time_zone`` is
    the IANA zone the learner chose on the account page ("Europe/Istanbul"), or empty: their times are then shown
    in their browser's zone or the site's, labelled (``quizsite.timezones``).
    """

    # 63: room for any IANA name (the longest today has 32 characters).
    time_zone = models.CharField(_("time zone"), max_length=63, blank=True, validators=[validate_time_zone])

    class Meta(AbstractUser.Meta):
        swappable = "AUTH_USER_MODEL"
        verbose_name = _("user")
        verbose_name_plural = _("users")
