"""The site's addresses plus two views that only the error page tests need (``@pytest.mark.urls``)."""

from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.urls import path
from django.views.decorators.http import require_POST

from quizsite.urls import urlpatterns as site_urlpatterns


@require_POST
def post_only_view(request: HttpRequest) -> HttpResponse:
    return HttpResponse("sent")


def own_405_view(request: HttpRequest) -> HttpResponse:
    return HttpResponseNotAllowed(["POST"], content="This view's own 405 text.")


urlpatterns = [
    path("post-only/", post_only_view),
    path("own-405/", own_405_view),
    *site_urlpatterns,
]
