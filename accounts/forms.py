from django import forms
from django.contrib.auth.forms import PasswordResetForm, UserCreationForm
from django.utils.translation import gettext_lazy as _

from accounts.models import User

# One name for the e-mail address on every form of the site (Django's own forms say "Email" or "email address",
# which French renders as "Courriel" on one form and "Adresse électronique" on the next).
EMAIL_LABEL = _("E-mail address")
EMAIL_HELP_TEXT = _("Optional. Needed only to reset your password if you forget it; never shown to anyone.")


class SignupForm(UserCreationForm):
    """Django's sign-up form for our user model: a username, an optional e-mail address, a password twice."""

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")
        labels = {"email": EMAIL_LABEL}
        help_texts = {"email": EMAIL_HELP_TEXT}


class AccountEmailForm(forms.ModelForm):
    """The account page's form to add, change or remove the e-mail address that password resets go to."""

    class Meta:
        model = User
        fields = ("email",)
        labels = {"email": EMAIL_LABEL}
        help_texts = {"email": EMAIL_HELP_TEXT}


class EmailPasswordResetForm(PasswordResetForm):
    """Django's password reset form, its field named as on the site's other forms."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["email"].label = EMAIL_LABEL


class AccountDeleteForm(forms.Form):
    """Confirm deleting one's own account with its password.

    Args:
        user: the logged-in ``accounts.User`` whose account is to be deleted (keyword argument).
    """

    password = forms.CharField(
        label=_("Your password"), strip=False, widget=forms.PasswordInput(attrs={"autocomplete": "current-password"})
    )

    def __init__(self, *args, user: User, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self) -> str:
        """Raises ValidationError when the password is not the account's."""
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(_("That is not your password."), code="password_incorrect")
        return password
