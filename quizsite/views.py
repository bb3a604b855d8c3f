import logging

from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.db import DatabaseError, connection
from django.http import HttpRequest, HttpResponseRedirect, JsonResponse
from django.shortcuts import resolve_url
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe
from django.views.generic import CreateView

logger = logging.getLogger(__name__)


class SignupView(CreateView):
    """Create an account with Django's ``UserCreationForm``, log the new learner in, and go to ``next``.

    ``next`` (POST or GET) is followed only when it points to this site; otherwise ``LOGIN_REDIRECT_URL``.
    """

    form_class = UserCreationForm
    template_name = "registration/signup.html"

    def get_success_url(self) -> str:
        next_url = self.request.POST.get("next") or self.request.GET.get("next")
        if next_url and url_has_allowed_host_and_scheme(
            next_url, allowed_hosts={self.request.get_host()}, require_https=self.request.is_secure()
        ):
            return next_url
        return resolve_url(settings.LOGIN_REDIRECT_URL)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["next"] = self.request.POST.get("next") or self.request.GET.get("next", "")
        return context

    def form_valid(self, form):
        user = form.save()
        login(self.request, user, backend="django.contrib.auth.backends.ModelBackend")
        return HttpResponseRedirect(self.get_success_url())


@never_cache
@require_safe
def healthz_view(request: HttpRequest) -> JsonResponse:
    """Tell a container runtime, load balancer or monitor whether this web process can serve pages.

    Answers 200 ``{"status": "ok", "database": "ok"}`` when the database runs a query, and 503
    ``{"status": "unavailable", "database": "unreachable"}`` when it does not, so that traffic goes to other
    containers meanwhile. The body is for machines and stays in English. GET and HEAD only; served over plain
    HTTP even when ``DJANGO_HTTPS=1`` (``SECURE_REDIRECT_EXEMPT``).
    """
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError:
        logger.warning("Health check: the database did not answer.", exc_info=True)
        return JsonResponse({"status": "unavailable", "database": "unreachable"}, status=503)
    return JsonResponse({"status": "ok", "database": "ok"})
