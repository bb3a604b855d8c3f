from django.contrib.auth.models import AbstractUser
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """A learner's, author's or administrator's account (``AUTH_USER_MODEL``).

    Django's own user, kept as the project's model from the first release so that fields can be added later
    without swapping the user model under a live database (Django's advice for every new project). The e-mail
    address is optional: it is asked at sign-up and needed only to reset a forgotten password.
    """

    class Meta(AbstractUser.Meta):
        swappable = "AUTH_USER_MODEL"
        verbose_name = _("user")
        verbose_name_plural = _("users")
