"""Site-wide request and response rules that no single view should have to remember."""

import logging
from collections.abc import Callable, Iterable

from django.core.exceptions import BadRequest, RequestDataTooBig, TooManyFieldsSent
from django.http import HttpRequest, HttpResponse, QueryDict
from django.middleware.clickjacking import XFrameOptionsMiddleware
from django.middleware.csp import ContentSecurityPolicyMiddleware
from django.middleware.security import SecurityMiddleware
from django.utils.cache import has_vary_header, patch_cache_control

from quizsite.errors import bad_request, method_not_allowed_page

logger = logging.getLogger("django.security.nul_character")


def _holds_nul(values: Iterable[str]) -> bool:
    return any("\x00" in value for value in values)


class SecurityHeadersMiddleware:
    """Give every response, error pages included, the headers of Django's ``SecurityMiddleware``,
    ``XFrameOptionsMiddleware`` and ``ContentSecurityPolicyMiddleware``.

    Django turns an exception raised in a middleware into a response at that middleware, and the middlewares below
    it never see that response: a foreign ``Host`` (``DisallowedHost`` in ``CommonMiddleware``, or under
    ``DJANGO_HTTPS=1`` in ``SecurityMiddleware``'s redirect) and ``RefuseUnreadableRequestsMiddleware``'s 400 went
    out without ``Content-Security-Policy`` and ``X-Frame-Options``. Placed first, this one sees every response and
    lets those three finish it; each adds only a header that is missing, so what they already did stays. They keep
    their places too, for the HTTPS redirect, the CSP nonce and Django's deployment checks.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response
        self.header_middlewares = [
            SecurityMiddleware(get_response),
            XFrameOptionsMiddleware(get_response),
            ContentSecurityPolicyMiddleware(get_response),
        ]

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        for middleware in self.header_middlewares:
            response = middleware.process_response(request, response)
        return response


class RefuseUnreadableRequestsMiddleware:
    """Answer 400 to a request whose form data Django cannot parse (a charset other than UTF-8, too large, too
    many fields), or with a NUL character (``\\x00``) in its path, query string, form data or cookies.

    No text on this site contains a NUL, and PostgreSQL refuses it in any string, so such a value could only end
    in a database error (a 500) wherever it reached a query. One rule for every URL, the admin's included,
    instead of one check per view. Placed after ``LocaleMiddleware`` so that the 400 page
    (``templates/400.html``) is in the language of the address, and before anything reads the session (its key
    comes from a cookie) or the form data. Each refusal is one warning line in the log, without a traceback, so
    that such requests cannot flood the error log.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            post = request.POST if request.method == "POST" else {}
        except (BadRequest, RequestDataTooBig, TooManyFieldsSent) as error:
            # Form data Django cannot parse (a charset other than UTF-8, too large, too many fields). Later
            # readers, among them the CSRF check that the 400 page runs, get an empty form instead of the same
            # error again, which would end in a bare 500.
            request._post, request._files = QueryDict(), QueryDict()
            logger.warning("Refused unreadable form data: %s %s (%s)", request.method, request.path, error)
            return bad_request(request, exception=error)
        if (
            "\x00" in request.path_info
            or _holds_nul(self._items(request.GET))
            or _holds_nul(self._items(request.COOKIES))
            or _holds_nul(self._items(post))
        ):
            logger.warning("Refused a request with a NUL character: %s %s", request.method, request.path)
            return bad_request(request, exception=None)
        return self.get_response(request)

    @staticmethod
    def _items(mapping) -> Iterable[str]:
        if hasattr(mapping, "lists"):
            for key, values in mapping.lists():
                yield key
                yield from (value for value in values if isinstance(value, str))
        else:
            for key, value in mapping.items():
                yield key
                yield value


class PrivateWhenPersonalMiddleware:
    """Mark a page ``Cache-Control: private`` when it depends on who asks and says nothing itself.

    A response that varies on the cookie (Django's session and CSRF middleware add ``Vary: Cookie`` whenever
    the page read the session or holds a form) shows something of one visitor, such as their name in the
    header or where they stand in a quiz; a shared cache (a proxy, a CDN) must not keep it for the next
    visitor. Pages that show answers go further with ``never_cache`` (``no-store``), which this leaves alone.
    Placed above ``SessionMiddleware`` so that it sees the ``Vary`` header that middleware adds.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if has_vary_header(response, "Cookie") and not response.has_header("Cache-Control"):
            patch_cache_control(response, private=True)
        return response


class MethodNotAllowedPageMiddleware:
    """Give a 405 response with an empty body the site's 405 page (``templates/405.html``), in the learner's
    language, keeping its status and its ``Allow`` header.

    Django answers a method a view does not take (``require_POST``, ``require_safe``, a class-based view's
    ``http_method_names``, e.g. Django's ``LogoutView``) with an empty 405 and has no ``handler405``, so this is the
    one place for all of them. Placed below the session, CSRF, authentication and messages middleware, whose
    responses' work (the new CSRF cookie of the page's forms, the session) then covers the page.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code == 405 and not response.streaming and not response.content:
            response.content = method_not_allowed_page(request, response.get("Allow", ""))
            response["Content-Type"] = "text/html; charset=utf-8"
        return response
