import logging
import os
import secrets
import socket

from django.conf import settings
from django.core.cache import cache
from django.core.paginator import Paginator
from django.db import DatabaseError, connection
from django.http import Http404, HttpRequest, HttpResponse, HttpResponsePermanentRedirect, JsonResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe
from django.views.generic import TemplateView

from quizzes.catalogue import catalogue, current_version, guide_content

logger = logging.getLogger(__name__)


@never_cache
@require_safe
def healthz_view(request: HttpRequest) -> JsonResponse:
    """Tell a container runtime, load balancer or monitor whether this web process can serve pages, and what of.

    ``database`` and ``cache`` are each ``"ok"`` or ``"unreachable"``. The database is what pages need: 200 with
    ``"status": "ok"`` when both answer, 200 with ``"status": "degraded"`` when only the cache does not (pages
    are then served from the database, a little slower: a Redis outage must not take a healthy web container
    out of the load balancer), and 503 with ``"status": "unavailable"`` when the database does not answer, so
    that traffic goes to other containers meanwhile. Bounded in time by the cache's timeouts (settings,
    "Cache"). The body is for machines and stays in English. GET and HEAD only; served over plain HTTP even when
    ``DJANGO_HTTPS=1`` (``SECURE_REDIRECT_EXEMPT``).
    """
    parts = {"database": "ok" if _database_answers() else "unreachable"}
    parts["cache"] = "ok" if _cache_answers() else "unreachable"
    if parts["database"] != "ok":
        return JsonResponse({"status": "unavailable", **parts}, status=503)
    return JsonResponse({"status": "ok" if parts["cache"] == "ok" else "degraded", **parts})


def _database_answers() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError:
        logger.warning("Health check: the database did not answer.", exc_info=True)
        return False
    return True


def _cache_answers() -> bool:
    """Whether the default cache keeps a value: a new one written, then read back (a Redis that fails gives a miss,
    as django-redis turns its errors into misses). The key is this process's, so that probes of other processes
    cannot overwrite the value in between, and there are no more keys than processes."""
    key, token = f"healthz:{socket.gethostname()}:{os.getpid()}", secrets.token_hex(8)
    try:
        cache.set(key, token, timeout=60)
        answered = cache.get(key) == token
    except Exception:  # Whatever the backend raises: the database cache's own errors, say.
        answered = False
    if not answered:
        logger.warning("Health check: the cache did not answer.")
    return answered


@require_safe
def favicon_view(request: HttpRequest) -> HttpResponsePermanentRedirect:
    """Send a browser that asks for ``/favicon.ico`` on its own (pages name theirs with ``<link rel="icon">``) to
    the site's icon, ``static/favicon.svg``, with a permanent redirect (301).

    The target is the file's plain name, not the name with a hash of its content that the pages link to:
    browsers keep a permanent redirect for good, and WhiteNoise serves the plain name of every collected file,
    whatever its content becomes.
    """
    return HttpResponsePermanentRedirect(f"{settings.STATIC_URL}favicon.svg")


class HomeView(TemplateView):
    """The home page: the published guides and quizzes (the one page that lists both apps' content), each list
    ``PAGE_SIZE`` cards a page, from the catalogue kept per content version (``quizzes.catalogue``), so that the
    page costs the same with 20 quizzes or 20,000: the version, and the visitor's standings on the cards shown.

    ``?guides=N`` and ``?quizzes=N`` choose each list's page independently; a number out of range or not a number
    shows the last or the first page (Django's ``Paginator.get_page``), never an error.
    """

    template_name = "home.html"
    PAGE_SIZE = 24

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        language = get_language()
        listed = catalogue(current_version())
        guides = Paginator(listed.guide_pks, self.PAGE_SIZE).get_page(self.request.GET.get("guides"))
        quizzes = Paginator(listed.quiz_pks(language), self.PAGE_SIZE).get_page(self.request.GET.get("quizzes"))
        guides.object_list = listed.guide_cards(guides.object_list, language)
        quizzes.object_list = listed.quiz_cards(quizzes.object_list, language)
        context["guides"], context["quizzes"] = guides, quizzes
        return context


@require_safe
def guide_detail_view(request: HttpRequest, slug: str) -> HttpResponse:
    """A guide with its published quizzes' cards (from ``quizzes.catalogue``). Staff also see draft guides, as a
    preview; learners get 404.

    Raises:
        Http404: no guide with this slug that the visitor may see.
    """
    guide = guide_content(slug, drafts=request.user.is_staff)
    if guide is None:
        raise Http404("No such guide.")
    listed = catalogue(guide.version)
    language = get_language()
    quizzes = listed.quiz_cards(listed.quizzes_of(guide.pk, language), language)
    return render(request, "guides/guide_detail.html", {"guide": guide, "quizzes": quizzes})
