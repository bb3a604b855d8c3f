"""The site's error pages: 400, 403, the CSRF failure's 403, 404 and 405 in the site's layout.

``quizsite/urls.py`` names these views as Django's ``handler400``, ``handler403`` and ``handler404`` (the 500 page
stays Django's ``server_error``: ``templates/500.html``, standalone, rendered without the request);
``settings.CSRF_FAILURE_VIEW`` names ``csrf_failure``; ``quizsite.middleware`` gives a 405 its page
(Django has no handler for 405). Each page is ``templates/<status>.html``, which extends ``error_in_layout.html``
(``base.html``: header, language switcher) unless the context names another ``layout``.

A page that fails to render in the layout (the layout reads the user, so the session, and so the database or the
cache) is rendered again through the standalone ``error_page.html``, so that an error page never becomes a 500.
"""

import logging
from urllib.parse import urlsplit

from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse
from django.template import loader
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.csrf import requires_csrf_token

logger = logging.getLogger(__name__)

STANDALONE = "error_page.html"


def same_site_path(request: HttpRequest) -> str | None:
    """The request's path with its query string, as a link back to it, or None if it could lead elsewhere.

    Args:
        request: any request.

    Returns:
        e.g. ``"/fr/quizzes/x/results/"``; None for a path a browser would read as another site's (``//host``).
    """
    path = request.get_full_path()
    return path if url_has_allowed_host_and_scheme(path, allowed_hosts=None) else None


def page_address(request: HttpRequest) -> str | None:
    """The address (path and query string) of the page the visitor is on: where a button leads back to, and what
    the language switcher offers in another language.

    For a GET or HEAD, the request's own address (``same_site_path``). For another method the request's address
    is a form's target, not a page (``/i18n/setlang/``, a quiz's ``start/``): it is the page that sent the form, as
    its Referer says when that is this site, else None.

    Args:
        request: any request, e.g. a form refused by the CSRF check.

    Returns:
        e.g. ``"/fr/quizzes/x/"``; None when no page can be trusted (no Referer, another site's, a bad Host).
    """
    if request.method in ("GET", "HEAD"):
        return same_site_path(request)
    referer = request.META.get("HTTP_REFERER", "")
    try:
        host = request.get_host()
    except DisallowedHost:
        return None
    if not url_has_allowed_host_and_scheme(referer, allowed_hosts={host}, require_https=request.is_secure()):
        return None
    parts = urlsplit(referer)
    if parts.path == reverse("set_language"):
        return None  # the language switch's own address: a GET there redirects to its Referer, itself
    address = parts.path + (f"?{parts.query}" if parts.query else "")
    return address if url_has_allowed_host_and_scheme(address, allowed_hosts=None) else None


def render_error_page(request: HttpRequest, template_name: str, status: int, context: dict | None = None) -> str:
    """Render an error page in the site's layout, in the learner's language; standalone if the layout fails.

    The language is the one ``LocaleMiddleware`` chose, or, for a request refused before that middleware ran
    (``DisallowedHost`` raised by ``SecurityMiddleware``), the one it would have chosen
    (``get_language_from_request``: the address's prefix, the cookie, Accept-Language).

    Args:
        request: the request that failed.
        template_name: e.g. ``"404.html"``, a template that extends ``layout`` (default: the site's layout).
        status: the HTTP status, for the log line only.
        context: extra template variables, e.g. ``{"action_url": "/fr/…"}`` for the page's button.

    Returns:
        The page's HTML. Never raises for a failure of the layout (any exception while rendering it is logged as
        a warning with its traceback); a failure of the standalone page itself propagates.
    """
    context = context or {}
    language = getattr(request, "LANGUAGE_CODE", None) or translation.get_language_from_request(request, True)
    with translation.override(language):
        try:
            return loader.render_to_string(template_name, context, request)
        except Exception:
            logger.warning("The %s page failed in the site's layout; shown standalone.", status, exc_info=True)
            return loader.render_to_string(template_name, {**context, "layout": STANDALONE})


@requires_csrf_token
def bad_request(request: HttpRequest, exception: Exception | None) -> HttpResponse:
    """``handler400``: the 400 page (``templates/400.html``), for a ``SuspiciousOperation`` such as
    ``DisallowedHost``, a ``BadRequest``, or a request ``RefuseUnreadableRequestsMiddleware`` refuses."""
    return HttpResponse(render_error_page(request, "400.html", 400), status=400)


@requires_csrf_token
def permission_denied(request: HttpRequest, exception: Exception | None) -> HttpResponse:
    """``handler403``: the 403 page (``templates/403.html``) for a ``PermissionDenied`` raised by a view."""
    return HttpResponse(render_error_page(request, "403.html", 403), status=403)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """``settings.CSRF_FAILURE_VIEW``: a form refused by the CSRF check (session expired, cookies blocked).

    The page (``templates/403_csrf.html``) says what happened in the learner's words, never Django's debugging
    text, and its button opens again the page that held the form (``page_address``: the Referer; the home page
    when there is none), which shows the form with a fresh token. Rendering the page's forms gives the browser a
    new CSRF cookie (``CsrfViewMiddleware``), so that the form sent again passes.
    """
    page = render_error_page(request, "403_csrf.html", 403, {"action_url": page_address(request)})
    return HttpResponse(page, status=403)


@requires_csrf_token
def page_not_found(request: HttpRequest, exception: Exception | None) -> HttpResponse:
    """``handler404``: the 404 page (``templates/404.html``); nothing of the exception is shown."""
    return HttpResponse(render_error_page(request, "404.html", 404), status=404)


def method_not_allowed_page(request: HttpRequest, allowed: str) -> str:
    """The 405 page's HTML (``templates/405.html``), for ``quizsite.middleware.MethodNotAllowedPageMiddleware``.

    Args:
        request: the refused request.
        allowed: the response's ``Allow`` header, e.g. ``"GET, HEAD"``; when GET is among them the page's button
            opens the same address with a GET, else it leads to the home page.
    """
    methods = {method.strip().upper() for method in allowed.split(",")}
    context = {"action_url": same_site_path(request) if "GET" in methods else None}
    return render_error_page(request, "405.html", 405, context)
