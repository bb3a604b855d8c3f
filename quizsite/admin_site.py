"""The site's admin (``admin.site``, through ``quizsite.apps.AdminConfig``): Django's, with a "Change password"
page that checks the old password the way a login does."""

from django.contrib import admin
from django.contrib.admin.forms import AdminPasswordChangeForm
from django.contrib.auth.views import PasswordChangeView
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.urls import reverse

from quizsite.login_limits import password_confirmed


class ThrottledAdminPasswordChangeForm(AdminPasswordChangeForm):
    """The admin's password change form, whose old password counts as a login attempt (``password_confirmed``):
    wrong ones count toward the login limits as wrong logins do, and a locked login's check is refused with the
    429 page.

    Args:
        request: the form's request, as the keyword argument ``request``.
    """

    def __init__(self, *args, request: HttpRequest, **kwargs):
        super().__init__(*args, **kwargs)
        self.request = request

    def clean_old_password(self) -> str:
        old_password = self.cleaned_data["old_password"]
        if not password_confirmed(self.request, self.user, old_password):
            raise ValidationError(self.error_messages["password_incorrect"], code="password_incorrect")
        return old_password


class AdminPasswordChangeView(PasswordChangeView):
    """Django's password change view, giving its form the request (which django-axes needs)."""

    def get_form_kwargs(self) -> dict:
        return {**super().get_form_kwargs(), "request": self.request}


class AdminSite(admin.AdminSite):
    """Django's admin site with ``ThrottledAdminPasswordChangeForm`` on its "Change password" page.

    Django's own page checks the old password with ``check_password``, unthrottled: a stolen staff session could
    guess the password at speed there.
    """

    def password_change(self, request: HttpRequest, extra_context: dict | None = None) -> HttpResponse:
        # As Django's AdminSite.password_change, with the view that passes the request to the form.
        defaults = {
            "form_class": ThrottledAdminPasswordChangeForm,
            "success_url": reverse("admin:password_change_done", current_app=self.name),
            "extra_context": {**self.each_context(request), **(extra_context or {})},
        }
        if self.password_change_template is not None:
            defaults["template_name"] = self.password_change_template
        request.current_app = self.name
        return AdminPasswordChangeView.as_view(**defaults)(request)
