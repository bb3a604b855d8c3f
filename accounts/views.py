"""Account pages: sign-up, log-in and log-out, and what a learner does with their own account."""

import json

from axes.utils import reset as axes_reset
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import RedirectURLMixin
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django.views.generic import CreateView

from accounts.export import learner_data
from accounts.forms import (
    AccountDeleteForm,
    AccountEmailForm,
    AccountTimeZoneForm,
    EmailPasswordResetForm,
    LoginForm,
    SignupForm,
    ThrottledPasswordChangeForm,
)
from accounts.navigation import is_destination, localized_next
from accounts.throttling import form_seconds_left, throttled_response


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
    (``settings.FORM_RATES[rate_limited_action]``, see ``accounts.throttling``).

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
    are limited (``FORM_RATES``, see accounts.throttling); past the limit the form is refused with a 429 page
    before it is checked, and a form with mistakes does not count.
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
            # The same username, signed up by a concurrent request since the form checked it.
            form.add_error("username", form.instance.unique_error_message(type(form.instance), ["username"]))
            return self.form_invalid(form)
        login(self.request, user, backend="django.contrib.auth.backends.ModelBackend")
        return HttpResponseRedirect(self.get_success_url())


class PasswordResetView(RateLimitedFormMixin, auth_views.PasswordResetView):
    """Django's password reset, with the site's templates; each client address may ask for a few e-mails an hour
    (``FORM_RATES["password_reset"]``), so that the form cannot be used to flood someone's mailbox."""

    form_class = EmailPasswordResetForm
    template_name = "accounts/password_reset_form.html"
    email_template_name = "accounts/password_reset_email.txt"
    subject_template_name = "accounts/password_reset_subject.txt"
    rate_limited_action = "password_reset"

    def form_valid(self, form):
        return self.refused_by_rate_limit(count=True) or super().form_valid(form)


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


@never_cache
@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def account_view(request: HttpRequest) -> HttpResponse:
    """The learner's account: username and e-mail (which they may change), their time zone (saved by
    ``account_time_zone_view``), and links to change the password, download their data and delete the account."""
    form = AccountEmailForm(request.POST or None, instance=request.user, request=request)
    time_zone_form = AccountTimeZoneForm(instance=request.user)
    if request.method == "POST":
        if form.is_valid():
            form.save()
            messages.success(request, _("Your e-mail address was saved."))
            return redirect("account")
        return render(request, "accounts/account.html", {"form": form, "time_zone_form": time_zone_form}, status=400)
    return render(request, "accounts/account.html", {"form": form, "time_zone_form": time_zone_form})


@never_cache
@login_required
@require_POST
def account_time_zone_view(request: HttpRequest) -> HttpResponse:
    """Save the time zone chosen on the account page, then show the page again with a message; a zone that is not
    in the list (a crafted form) saves nothing and shows the account page with the error (400)."""
    form = AccountTimeZoneForm(request.POST, instance=request.user)
    if form.is_valid():
        form.save()
        messages.success(request, _("Your time zone was saved."))
        return redirect("account")
    email_form = AccountEmailForm(instance=request.user, request=request)
    return render(request, "accounts/account.html", {"form": email_form, "time_zone_form": form}, status=400)


@never_cache
@login_required
@require_safe
def account_export_view(request: HttpRequest) -> HttpResponse:
    """Download everything kept about the learner as a JSON attachment (``accounts.export.learner_data``)."""
    document = json.dumps(learner_data(request.user), ensure_ascii=False, indent=2)
    filename = f"quizsite-data-{timezone.localdate():%Y-%m-%d}.json"
    response = HttpResponse(document, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(as_attachment=True, filename=filename)
    return response


@never_cache
@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def account_delete_view(request: HttpRequest) -> HttpResponse:
    """Delete the learner's account, with every attempt and answer of it, once confirmed with the password.

    GET shows what will be deleted and asks for the password; a valid POST deletes, logs out and says so on
    the home page. A wrong password deletes nothing and shows the form again (400).
    """
    form = AccountDeleteForm(request.POST or None, user=request.user, request=request)
    if request.method == "POST" and form.is_valid():
        request.user.delete()
        logout(request)
        messages.success(request, _("Your account and your quiz history have been deleted."))
        return redirect("home")
    status = 400 if form.is_bound else 200
    return render(request, "accounts/account_delete.html", {"form": form}, status=status)
