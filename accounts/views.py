"""Account pages: sign-up, log-in, and what a learner does with their own account."""

from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.views import RedirectURLMixin
from django.http import HttpResponseRedirect
from django.urls import translate_url
from django.utils import translation
from django.utils.translation import get_language, get_language_from_path
from django.views.generic import CreateView

from accounts.forms import SignupForm
from accounts.throttling import signup_seconds_left, throttled_response


def localized_next(url: str) -> str:
    """``url`` moved into the active language's prefix: ``/fr/quizzes/x/`` becomes ``/tr/quizzes/x/`` in Turkish.

    A learner who switches language on the login or sign-up page keeps that language after logging in, though
    the ``next`` they arrived with names the page in the language they came from. Django's ``translate_url``
    resolves a path in the active language only, so the path is resolved in its own prefix's language here.

    Args:
        url: a local URL (already checked to be safe), with or without a language prefix and query string.

    Returns:
        The same page in the active language, or ``url`` unchanged when it has no language prefix.
    """
    target_language = get_language()
    path_language = get_language_from_path(urlsplit(url).path)
    if not path_language or path_language == target_language:
        return url
    with translation.override(path_language):
        return translate_url(url, target_language)


class LocalizedNextMixin(RedirectURLMixin):
    """After logging in or signing up, go to the (safe) ``next`` page in the language of the page used."""

    next_page = settings.LOGIN_REDIRECT_URL

    def get_success_url(self) -> str:
        return localized_next(super().get_success_url())


class LoginView(LocalizedNextMixin, auth_views.LoginView):
    """Django's login view; someone already logged in goes straight on to ``next``."""

    redirect_authenticated_user = True


class SignupView(LocalizedNextMixin, CreateView):
    """Create an account with Django's ``UserCreationForm``, log the new learner in, and go to ``next``.

    ``next`` (POST or GET) is followed only when it points to this site; otherwise ``LOGIN_REDIRECT_URL``.
    Someone already logged in goes straight on, as on the login page. Accounts created from one client address
    are limited (``SIGNUP_RATE``, see accounts.throttling); past the limit the form is refused with a 429 page
    before it is checked, and a form with mistakes does not count.
    """

    form_class = SignupForm
    template_name = "registration/signup.html"

    def dispatch(self, request, *args, **kwargs):
        if request.user.is_authenticated:
            return HttpResponseRedirect(self.get_success_url())
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context[self.redirect_field_name] = self.get_redirect_url()
        return context

    def post(self, request, *args, **kwargs):
        seconds = signup_seconds_left(request, count=False)
        if seconds is not None:
            return throttled_response(request, action="signup", seconds=seconds)
        return super().post(request, *args, **kwargs)

    def form_valid(self, form):
        # Counted only now, and checked again: another request from the same address may have just counted.
        seconds = signup_seconds_left(self.request, count=True)
        if seconds is not None:
            return throttled_response(self.request, action="signup", seconds=seconds)
        user = form.save()
        login(self.request, user, backend="django.contrib.auth.backends.ModelBackend")
        return HttpResponseRedirect(self.get_success_url())
