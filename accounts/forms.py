from django import forms
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm, PasswordChangeForm, PasswordResetForm, UserCreationForm
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.models import EMAIL_TAKEN, User
from quizsite.login_limits import password_confirmed
from quizsite.timezones import zone_choices

# One name for the e-mail address on every form of the site (Django's own forms say "Email" or "email address",
# which French renders as "Courriel" on one form and "Adresse électronique" on the next).
EMAIL_LABEL = _("E-mail address")
EMAIL_ERRORS = {"invalid": _("Enter a valid e-mail address.")}
EMAIL_HELP_TEXT = _("Optional. Needed only to reset your password if you forget it; never shown to anyone.")


class ErrorSummaryFocusMixin:
    """For forms shown with templates/includes/error_summary.html: once the form has errors, the summary takes
    the page's focus, not a field.

    Django's auth forms put ``autofocus`` on their first field, and HTML allows one autofocus element per page;
    after a refused submission it must be the summary's (``autofocus`` there), so that a keyboard or screen reader
    user lands on the list of problems, each linked to its field (WCAG 3.3.1). The form's fields lose theirs then.
    """

    def full_clean(self) -> None:
        super().full_clean()
        if self._errors:
            for field in self.fields.values():
                field.widget.attrs.pop("autofocus", None)


class LoginForm(ErrorSummaryFocusMixin, AuthenticationForm):
    """Django's login form, its username field's autofocus given up to the error summary after a refusal."""


class UniqueEmailMixin:
    """For model forms of ``User`` with an ``email`` field: an address that another account has is refused with
    ``EMAIL_TAKEN`` on the field (the database's ``email_unique_ci`` would only say it above the form)."""

    def clean_email(self) -> str:
        address = self.cleaned_data["email"]
        if User.objects.with_email(address).exclude(pk=self.instance.pk).exists():
            raise forms.ValidationError(EMAIL_TAKEN, code="email_taken")
        return address


class SignupForm(ErrorSummaryFocusMixin, UniqueEmailMixin, UserCreationForm):
    """Django's sign-up form for our user model: a username, an optional e-mail address (one account per
    address), a password twice."""

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")
        labels = {"email": EMAIL_LABEL}
        help_texts = {"email": EMAIL_HELP_TEXT}
        error_messages = {"email": EMAIL_ERRORS}


class CurrentPasswordMixin(ErrorSummaryFocusMixin):
    """For forms that ask the logged-in learner for their password again before a change that matters.

    The check goes through ``quizsite.login_limits.password_confirmed``, so wrong passwords count toward the login
    lock like wrong logins do.

    Args:
        request: the form's request, as the keyword argument ``request``.
    """

    def __init__(self, *args, request, **kwargs):
        super().__init__(*args, **kwargs)
        self.request = request

    def check_current_password(self, user: User, password: str) -> str:
        """Return ``password`` when it is ``user``'s; raises ValidationError otherwise."""
        if not password_confirmed(self.request, user, password):
            raise forms.ValidationError(_("That is not your password."), code="password_incorrect")
        return password


def current_password_field() -> forms.CharField:
    return forms.CharField(
        label=_("Your password"), strip=False, widget=forms.PasswordInput(attrs={"autocomplete": "current-password"})
    )


class AccountEmailForm(CurrentPasswordMixin, forms.Form):
    """The account page's form to add, change or remove the e-mail address that password resets go to.

    Asks for the password: whoever sets the address can reset the password, so a stolen session must not be
    enough to take the account over. Whether another account uses the address is not this form's to say: a new
    address is confirmed from a link sent to it (``accounts.email_change``).

    Args:
        user: the logged-in ``accounts.User`` (keyword argument); its address is the field's initial value.
        request: the form's request (keyword argument).
    """

    email = forms.EmailField(
        label=EMAIL_LABEL,
        required=False,
        max_length=User._meta.get_field("email").max_length,
        help_text=EMAIL_HELP_TEXT,
        error_messages=EMAIL_ERRORS,
    )
    password = current_password_field()

    def __init__(self, *args, user: User, **kwargs):
        super().__init__(*args, initial={"email": user.email}, **kwargs)
        self.user = user

    def clean_email(self) -> str:
        """The address as it is stored (``User.objects.normalize_email``): typing the current address in other
        letters of the domain is no change, and the e-mail goes to the mailbox it names."""
        return User.objects.normalize_email(self.cleaned_data["email"])

    def clean_password(self) -> str:
        return self.check_current_password(self.user, self.cleaned_data["password"])


class ZoneSelect(forms.Select):
    """A select of time zones whose zones' options say ``lang="en"``: their places are IANA's English names
    ("Isle of Man"), which a screen reader must read as English on a French or Turkish page."""

    def create_option(self, name, value, *args, **kwargs):
        option = super().create_option(name, value, *args, **kwargs)
        if value not in ("", "UTC"):
            option["attrs"]["lang"] = "en"
        return option


class AccountTimeZoneForm(ErrorSummaryFocusMixin, forms.ModelForm):
    """The account page's form to choose the time zone the site's times are shown in (``User.time_zone``).

    A select of the zones of ``quizsite.timezones.zone_choices``, grouped by region; no password asked, as a zone
    gives nobody any power over the account. site.js preselects the browser's zone when none is chosen yet.
    """

    time_zone = forms.ChoiceField(
        label=_("Time zone"),
        choices=zone_choices,
        required=False,
        error_messages={"invalid_choice": _("Choose a time zone from the list.")},
        # site.js finds the select by this attribute to offer the browser's zone.
        widget=ZoneSelect(attrs={"data-browser-zone": ""}),
    )

    class Meta:
        model = User
        fields = ("time_zone",)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].help_text = gettext(
            "Times on this site are shown in this zone. Until you choose one, they are shown in your browser’s "
            "zone when it tells us, otherwise in %(zone)s, each followed by its zone."
        ) % {"zone": settings.TIME_ZONE}


class EmailPasswordResetForm(PasswordResetForm):
    """Django's password reset form, its field named as on the site's other forms; the address is read as it is
    stored (``User.objects.normalize_email``), so any spelling of an account's mailbox finds it and counts
    towards one limit (``quizsite.limits.may_email``)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["email"].label = EMAIL_LABEL
        self.fields["email"].error_messages.update(EMAIL_ERRORS)

    def clean_email(self) -> str:
        return User.objects.normalize_email(self.cleaned_data["email"])


class ThrottledPasswordChangeForm(CurrentPasswordMixin, PasswordChangeForm):
    """Django's password change form, whose old password counts toward the login lock when wrong."""

    def clean_old_password(self) -> str:
        return self.check_current_password(self.user, self.cleaned_data["old_password"])


class AccountDeleteForm(CurrentPasswordMixin, forms.Form):
    """Confirm deleting one's own account with its password.

    Args:
        user: the logged-in ``accounts.User`` whose account is to be deleted (keyword argument).
        request: the form's request (keyword argument).
    """

    password = current_password_field()

    def __init__(self, *args, user: User, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self) -> str:
        return self.check_current_password(self.user, self.cleaned_data["password"])
