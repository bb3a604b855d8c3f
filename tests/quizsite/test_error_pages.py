"""The error pages: 400, 403, the CSRF failure, 404 and 405 in the site's layout (header, language switcher) in the
learner's language, standalone when that layout fails; 500 standalone; the favicon."""

from importlib import import_module
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.db import DatabaseError
from django.test import Client

from tests.factories import make_quiz, make_superuser, make_user
from tests.pages import attribute, attributes, elements, find, form_values, has_class, html_lang, own_text

pytestmark = pytest.mark.django_db

LANGUAGES = ["en", "fr", "tr"]
TEXTS = {
    "400": {"en": "Bad request", "fr": "Requête incorrecte", "tr": "Hatalı istek"},
    "403": {"en": "Access denied", "fr": "Accès refusé", "tr": "Erişim reddedildi"},
    "403_csrf": {
        "en": "The form could not be sent",
        "fr": "Le formulaire n’a pas pu être envoyé",
        "tr": "Form gönderilemedi",
    },
    "404": {"en": "Page not found", "fr": "Page introuvable", "tr": "Sayfa bulunamadı"},
    "405": {
        "en": "Not possible on this page",
        "fr": "Action impossible sur cette page",
        "tr": "Bu sayfada bu işlem yapılamaz",
    },
    "500": {"en": "Something went wrong", "fr": "Un problème est survenu", "tr": "Bir şeyler ters gitti"},
    "home": {"en": "Back to the home page", "fr": "Retour à l’accueil", "tr": "Ana sayfaya dön"},
    "guides": {
        "en": "Back to the guides and quizzes",
        "fr": "Retour aux guides et aux quiz",
        "tr": "Rehberlere ve testlere dön",
    },
    "form": {"en": "Open the form again", "fr": "Rouvrir le formulaire", "tr": "Formu yeniden aç"},
    "page": {"en": "Open the page", "fr": "Ouvrir la page", "tr": "Sayfayı aç"},
}
FAVICON = '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">'


def headings(response) -> list[str]:
    return [own_text(heading) for heading in elements(response.content.decode(), "h1")]


def buttons(response) -> list[tuple[str | None, str]]:
    """``(href, label)`` of each link styled as a button in the page's main content."""
    main = next(elements(response.content.decode(), "main"))
    return [(attribute(link, "href"), own_text(link)) for link in find(main, has_class("button"))]


def switcher_nexts(response) -> list[tuple[str | None, str | None]]:
    forms = elements(response.content.decode(), "form")
    values = [form_values(form) for form in forms if attribute(form, "action") == "/i18n/setlang/"]
    return [(value["next"], value["language"]) for value in values]


def in_layout(response) -> bool:
    """The page has the site's header with the language switcher (base.html), not only a bare error page."""
    headers = find(response.content.decode(), lambda node: node.name == "header" and has_class("site-header")(node))
    return any(attribute(form, "action") == "/i18n/setlang/" for header in headers for form in elements(header, "form"))


def assert_error_page(response, status: int, key: str, language: str, layout: bool = True) -> None:
    page = response.content.decode()
    assert response.status_code == status
    assert headings(response) == [TEXTS[key][language]]
    assert html_lang(page) == language
    assert in_layout(response) is layout
    assert FAVICON in page
    assert "DEBUG" not in page


# --- 400 ----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("language", LANGUAGES)
def test_400_for_a_nul_character_is_in_the_site_layout(client, language):
    response = client.get(f"/{language}/", {"q": "a\x00b"})
    assert_error_page(response, 400, "400", language)
    assert buttons(response) == [(f"/{language}/", TEXTS["home"][language])]


@pytest.mark.parametrize("https_redirect", [False, True])
@pytest.mark.parametrize("language", LANGUAGES)
def test_400_for_an_unknown_host_is_in_the_language_of_the_address(client, settings, language, https_redirect):
    """With ``SECURE_SSL_REDIRECT``, ``SecurityMiddleware`` refuses the host before ``LocaleMiddleware`` has chosen a
    language; the page still speaks the address's."""
    settings.SECURE_SSL_REDIRECT = https_redirect
    response = client.get(f"/{language}/quizzes/", headers={"host": "evil.example"})
    assert_error_page(response, 400, "400", language)


# --- 403 ----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("language", LANGUAGES)
def test_403_for_a_refused_page_is_in_the_site_layout(author_client, language):
    response = author_client.get("/admin/accounts/user/", headers={"accept-language": language})
    assert_error_page(response, 403, "403", language)
    assert buttons(response) == [(f"/{language}/", TEXTS["home"][language])]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_csrf_failure_is_the_site_page_with_a_new_cookie_and_a_button_back_to_the_form(language):
    client = Client(enforce_csrf_checks=True)
    login = f"/{language}/accounts/login/"
    response = client.post(login, {"username": "ada", "password": "x"}, HTTP_REFERER=f"http://testserver{login}")
    assert_error_page(response, 403, "403_csrf", language)
    assert buttons(response) == [(login, TEXTS["form"][language])]
    # The form opened again carries the token of the cookie this page set, and passes the check.
    form = next(form for form in elements(client.get(f"/{language}/accounts/login/").content.decode(), "form"))
    token = form_values(form)["csrfmiddlewaretoken"]
    again = client.post(
        f"/{language}/accounts/login/", {"csrfmiddlewaretoken": token, "username": "ada", "password": "x"}
    )
    assert again.status_code == 200


def test_a_refused_language_switch_leads_back_to_the_page_that_sent_it_never_to_the_switch_itself():
    """The form's target (/i18n/setlang/) is no page: a GET there redirects to its Referer, itself, for ever."""
    client = Client(enforce_csrf_checks=True)
    sent_from = "http://testserver/fr/quizzes/some-quiz/?from=home"
    response = client.post("/i18n/setlang/", {"language": "tr", "next": "/tr/"}, HTTP_REFERER=sent_from)
    assert response.status_code == 403
    assert [url for url, _text in buttons(response)] == ["/fr/quizzes/some-quiz/?from=home"]
    assert switcher_nexts(response) == [
        ("/en/quizzes/some-quiz/?from=home", "en"),
        ("/fr/quizzes/some-quiz/?from=home", "fr"),
        ("/tr/quizzes/some-quiz/?from=home", "tr"),
    ]


@pytest.mark.parametrize("referer", [None, "https://elsewhere.example/fr/", "/i18n/setlang/"])
def test_a_refused_form_without_a_page_of_this_site_to_go_back_to_leads_home(referer):
    client = Client(enforce_csrf_checks=True)
    extra = {"HTTP_REFERER": referer} if referer else {}
    response = client.post("/i18n/setlang/", {"language": "tr", "next": "/tr/"}, **extra)
    assert [url for url, _text in buttons(response)] == ["/en/"]
    assert switcher_nexts(response) == [("/en/", "en"), ("/fr/", "fr"), ("/tr/", "tr")]


# --- 404 ----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("language", LANGUAGES)
def test_404_is_in_the_site_layout(client, language):
    response = client.get(f"/{language}/no-such-page/")
    assert_error_page(response, 404, "404", language)
    assert buttons(response) == [(f"/{language}/", TEXTS["guides"][language])]


def test_language_switcher_of_a_404_page_leads_to_the_same_address_in_each_language(client):
    response = client.get("/fr/no-such-page/", {"page": "2"})
    assert switcher_nexts(response) == [
        ("/en/no-such-page/?page=2", "en"),
        ("/fr/no-such-page/?page=2", "fr"),
        ("/tr/no-such-page/?page=2", "tr"),
    ]
    switched = client.post("/i18n/setlang/", {"language": "tr", "next": "/tr/no-such-page/?page=2"}, follow=True)
    assert switched.redirect_chain == [("/tr/no-such-page/?page=2", 302)]
    assert_error_page(switched, 404, "404", "tr")


@pytest.mark.parametrize("path", ["/de/no-such-page/", "/frx/no-such-page/", "/no-such-page/fr/"])
def test_language_switcher_leads_an_address_without_a_language_prefix_to_each_home_page(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert switcher_nexts(response) == [("/en/", "en"), ("/fr/", "fr"), ("/tr/", "tr")]


# --- 405 ----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("language", LANGUAGES)
def test_405_of_the_logout_view_is_in_the_site_layout_and_keeps_allow(client, language):
    response = client.put(f"/{language}/accounts/logout/")
    assert_error_page(response, 405, "405", language)
    assert response["Allow"] == "GET, HEAD, POST, OPTIONS"
    assert buttons(response) == [(f"/{language}/accounts/logout/", TEXTS["page"][language])]


def test_405_of_a_require_safe_view_offers_the_page_itself(client):
    quiz = make_quiz(slug="parallel")
    response = client.post(f"/tr/quizzes/{quiz.slug}/results/")
    assert_error_page(response, 405, "405", "tr")
    assert response["Allow"] == "GET, HEAD"
    assert buttons(response) == [("/tr/quizzes/parallel/results/", TEXTS["page"]["tr"])]


def test_405_of_the_admin_logout_on_get_leads_home(client):
    """Django's own LogoutView takes POST only."""
    client.force_login(make_superuser())
    response = client.get("/admin/logout/", headers={"accept-language": "fr"})
    assert_error_page(response, 405, "405", "fr")
    assert response["Allow"] == "POST, OPTIONS"
    assert buttons(response) == [("/fr/", TEXTS["home"]["fr"])]


@pytest.mark.urls("tests.quizsite.error_urls")
def test_405_of_a_require_post_view_is_in_the_site_layout(client):
    response = client.get("/post-only/", headers={"accept-language": "tr"})
    assert_error_page(response, 405, "405", "tr")
    assert response["Allow"] == "POST"
    assert buttons(response) == [("/tr/", TEXTS["home"]["tr"])]


@pytest.mark.urls("tests.quizsite.error_urls")
def test_a_405_with_a_body_of_its_own_is_left_as_it_is(client):
    response = client.get("/own-405/")
    assert (response.status_code, response["Allow"], response.content) == (405, "POST", b"This view's own 405 text.")


# --- 500 ----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("language", LANGUAGES)
def test_500_is_standalone_with_the_favicon(client, monkeypatch, language):
    def fail(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr("quizzes.page_progress.progress_at", fail)
    client.raise_request_exception = False
    response = client.get(f"/{language}/quizzes/{make_quiz().slug}/")
    assert_error_page(response, 500, "500", language, layout=False)
    assert buttons(response) == [("/", TEXTS["home"][language])]


# --- When the layout itself fails ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("method", "path", "status", "key"),
    [
        ("get", "/fr/no-such-page/", 404, "404"),
        ("put", "/fr/accounts/logout/", 405, "405"),
        ("post", "/fr/accounts/login/", 403, "403_csrf"),
    ],
)
def test_an_error_page_whose_layout_fails_is_shown_standalone_not_as_a_500(
    monkeypatch, caplog, method, path, status, key
):
    """The layout reads the user, so the session: with the session's store unreachable the page keeps its status
    and its text, without the header."""
    client = Client(enforce_csrf_checks=key == "403_csrf")
    client.force_login(make_user())

    def unreachable(self):
        raise DatabaseError("the database is unreachable")

    monkeypatch.setattr(import_module(settings.SESSION_ENGINE).SessionStore, "load", unreachable)
    response = getattr(client, method)(path)
    assert_error_page(response, status, key, "fr", layout=False)
    assert [(record.name, record.levelname) for record in caplog.records if record.name == "quizsite.errors"] == [
        ("quizsite.errors", "WARNING")
    ]


# --- Favicon ------------------------------------------------------------------------------------------------------
def test_favicon_ico_redirects_for_good_to_the_site_icon(client):
    response = client.get("/favicon.ico")
    assert (response.status_code, response["Location"]) == (301, "/static/favicon.svg")
    icon = Path(finders.find("favicon.svg")).read_text()
    assert icon.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    assert 'fill="#1f5fbf"' in icon


def test_pages_name_the_icon(client):
    page = client.get("/en/").content.decode()
    icons = [attributes(link) for link in elements(page, "link") if attribute(link, "rel") == "icon"]
    assert icons == [{"rel": "icon", "href": "/static/favicon.svg", "type": "image/svg+xml"}]
