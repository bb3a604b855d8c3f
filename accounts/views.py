"""Account pages: sign-up, log-in and log-out, and the password views (the learner's own account page, data export
and deletion are in ``accounts.account_views``)."""

from axes.utils import reset as axes_reset
from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.views import RedirectURLMixin
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.views.generic import CreateView

from accounts.email_change import (
    RedirectThenSend,
)
from accounts.forms import (
    EmailPasswordResetForm,
    LoginForm,
    SignupForm,
    ThrottledPasswordChangeForm,
)
from accounts.models import EMAIL_TAKEN, User
from accounts.navigation import is_destination, localized_next
from quizsite.limits import form_seconds_left, may_email, throttled_response


class LocalizedNextMixin(RedirectURLMixin):
    """After logging in or signing up, go to the (safe) ``next`` page in the language of the page used.

    A ``next`` that is no page to land on (the login page itself, logging out, an action that only takes
    POST) is dropped for ``LOGIN_REDIRECT_URL``: see ``accounts.navigation.is_destination``.
    """

    next_page = settings.LOGIN_REDIRECT_URL

    def get_redirect_url(self) -> str:
        url = super().get_redirect_url()
        return url if url and is_destination(url) else ""

    def get_success_url(self) -> str:
        return localized_next(super().get_success_url())


class LoginView(LocalizedNextMixin, auth_views.LoginView):
    """Django's login view with ``LoginForm``; someone already logged in goes straight on to ``next``."""

    authentication_form = LoginForm
    redirect_authenticated_user = True


class RateLimitedFormMixin:
    """Refuse a form view's POST with the 429 page once its client address has sent too many
    (``settings.FORM_RATES[rate_limited_action]``, see ``quizsite.limits``).

    The limit is looked at before the form is checked, and counted only when the form is valid
    (``refused_by_rate_limit(count=True)`` from ``form_valid``), so that a form with mistakes does not count.
    """

    rate_limited_action: str

    def refused_by_rate_limit(self, *, count: bool) -> HttpResponse | None:
        """The 429 response when the client is over the limit, else None.

        Args:
            count: True from ``form_valid``: count this form, and check again (another request from the same
                address may have just counted).
        """
        seconds = form_seconds_left(self.request, action=self.rate_limited_action, count=count)
        if seconds is None:
            return None
        return throttled_response(self.request, action=self.rate_limited_action, seconds=seconds)

    def post(self, request, *args, **kwargs):
        return self.refused_by_rate_limit(count=False) or super().post(request, *args, **kwargs)


class SignupView(LocalizedNextMixin, RateLimitedFormMixin, CreateView):
    """Create an account with ``SignupForm``, log the new learner in, and go to ``next``.

    ``next`` (POST or GET) is followed only when it is a page of this site; otherwise ``LOGIN_REDIRECT_URL``.
    Someone already logged in goes straight on, as on the login page. Accounts created from one client address
    are limited (``FORM_RATES``, see quizsite.limits); past the limit the form is refused with a 429 page
    before it is checked. A form with mistakes does not count, unless it says that a username or an e-mail
    address is taken: that tells whether an account exists, so asking it counts as a sign-up, and the form
    cannot list usernames faster than a script could create accounts.
    """

    form_class = SignupForm
    template_name = "registration/signup.html"
    rate_limited_action = "signup"

    def dispatch(self, request, *args, **kwargs):
        if request.user.is_authenticated:
            return HttpResponseRedirect(self.get_success_url())
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context[self.redirect_field_name] = self.get_redirect_url()
        return context

    def form_valid(self, form):
        refused = self.refused_by_rate_limit(count=True)
        if refused is not None:
            return refused
        try:
            with transaction.atomic():
                user = form.save()
        except IntegrityError:
            # The same username or address, signed up by a concurrent request since the form checked it.
            if User.objects.with_email(form.instance.email).exists():
                form.add_error("email", ValidationError(EMAIL_TAKEN, code="email_taken"))
            else:
                form.add_error("username", form.instance.unique_error_message(User, ["username"]))
            return super().form_invalid(form)  # counted already
        login(self.request, user, backend="django.contrib.auth.backends.ModelBackend")
        return HttpResponseRedirect(self.get_success_url())

    def form_invalid(self, form):
        if form.has_error("username", "unique") or form.has_error("email", "email_taken"):
            refused = self.refused_by_rate_limit(count=True)
            if refused is not None:
                return refused
        return super().form_invalid(form)


class PasswordResetView(RateLimitedFormMixin, auth_views.PasswordResetView):
    """Django's password reset, with the site's templates, so that the form cannot be used to flood mailboxes:
    each client address may ask for so many e-mails an hour (``FORM_RATES["password_reset"]``, past which the
    429 page), and each e-mail address may be sent so many (``quizsite.limits.may_email``, whichever clients
    ask). Past the latter the form answers as always and sends nothing: a different answer would tell who asks
    that the address has an account.

    The accounts are looked up and the e-mail sent after the answer has gone (``RedirectThenSend``): a known
    and an unknown address get the same redirect after the same work, so the time does not tell them apart.
    """

    form_class = EmailPasswordResetForm
    template_name = "accounts/password_reset_form.html"
    email_template_name = "accounts/password_reset_email.txt"
    subject_template_name = "accounts/password_reset_subject.txt"
    rate_limited_action = "password_reset"

    def form_valid(self, form):
        refused = self.refused_by_rate_limit(count=True)
        if refused is not None:
            return refused
        # Counted for every address asked for, with an account or not, so that the limit reveals nothing.
        if not may_email(self.request, form.cleaned_data["email"]):
            return HttpResponseRedirect(self.get_success_url())
        # What Django's PasswordResetView.form_valid passes to form.save().
        options = {"use_https": self.request.is_secure(), "token_generator": self.token_generator}
        for name in ("from_email", "email_template_name", "subject_template_name", "extra_email_context"):
            options[name] = getattr(self, name)
        options.update(request=self.request, html_email_template_name=self.html_email_template_name)
        return RedirectThenSend(self.get_success_url(), send=lambda: form.save(**options))


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Django's "choose a new password" page; saving it also lifts a login lock on the account's username.

    Whoever can read the account's e-mail has proved to be its owner, and anyone may lock any username by
    typing wrong passwords for it; without this, the page would say "log in now" to a learner still locked out.
    """

    template_name = "accounts/password_reset_confirm.html"

    def form_valid(self, form):
        response = super().form_valid(form)
        axes_reset(username=form.user.get_username())
        return response


class PasswordChangeView(auth_views.PasswordChangeView):
    """Django's password change, with the site's template; a wrong old password counts toward the login lock."""

    form_class = ThrottledPasswordChangeForm
    template_name = "accounts/password_change_form.html"

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "request": self.request}


class LogoutView(auth_views.LogoutView):
    """Log out with a POST (Django's view); a GET, such as a typed or bookmarked address, asks to confirm.

    A visitor who is not logged in (a form sent from a stale tab) is sent to the home page with their session
    left as it is: Django's logout would empty it, and with it a guest's attempts (``quizzes.guests``).
    """

    http_method_names = ["get", "head", "post", "options"]

    def get(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect(settings.LOGOUT_REDIRECT_URL)
        return render(request, "accounts/logout_confirm.html")

    def post(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect(settings.LOGOUT_REDIRECT_URL)
        return super().post(request, *args, **kwargs)
