"""The ceiling's one page."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe


@never_cache
@require_safe
def ceiling_view(request: HttpRequest) -> HttpResponse:
    """Greet the logged-in learner: the session and the user are read (two queries with sessions in the
    database), the settings' context processors run, and ``ceiling.html`` is rendered by the site pages' engine
    (Jinja2) with the time of the request. Visitors who are not logged in get the same page without a name."""
    return render(request, "ceiling.html", {"now": timezone.localtime()})
