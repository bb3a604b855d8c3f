from django.contrib.auth.forms import UserCreationForm

from accounts.models import User


class SignupForm(UserCreationForm):
    """Django's sign-up form for our user model: a username, an optional e-mail address, a password twice.

    The e-mail address is needed only to reset a forgotten password; the form's help text says so.
    """

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")
