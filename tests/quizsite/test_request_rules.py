"""Site-wide rules: a NUL character anywhere in a request answers 400, personal pages are not cached by
shared caches, and crafted login addresses end on a page, never a 500 or a blank 405."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.views.defaults import server_error
from pytest_django.asserts import assertInHTML

from quizzes.models import Attempt
from tests.factories import PASSWORD, make_quiz, make_superuser, make_user
from tests.pages import html_lang, signed_in_as

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "heading"), [("en", "Bad request"), ("fr", "Requête incorrecte"), ("tr", "Hatalı istek")]
)
def test_nul_in_a_query_parameter_answers_a_translated_400(client, language, heading):
    response = client.get(f"/{language}/", {"q": "a\x00b"})
    assert response.status_code == 400
    assertInHTML(f"<h1>{heading}</h1>", response.content.decode())


def test_nul_in_the_admin_autocomplete_term_answers_400(client):
    make_quiz()
    client.force_login(make_superuser())
    params = {"app_label": "quizzes", "model_name": "quiz", "field_name": "guides", "term": "\x00"}
    assert client.get("/admin/autocomplete/", params).status_code == 400


def test_nul_in_a_parameter_name_answers_400(client):
    assert client.get("/en/", {"a\x00": "1"}).status_code == 400


def test_nul_in_posted_form_data_answers_400_and_creates_nothing(client):
    data = {"username": "ada\x00", "password1": "long passphrase 42", "password2": "long passphrase 42"}
    assert client.post("/en/accounts/signup/", data).status_code == 400
    assert not get_user_model().objects.filter(username__startswith="ada").exists()


def test_nul_in_the_session_cookie_answers_400(client):
    # Django's cookie parser turns the octal escape \000 inside a quoted value into a NUL character.
    assert client.get("/en/", HTTP_COOKIE='sessionid="' + "\\000" * 8 + '"').status_code == 400


def test_nul_in_the_path_answers_400(client):
    assert client.get("/admin/quizzes/quiz/%00/change/").status_code == 400


def test_pages_of_a_logged_in_learner_are_private(client):
    quiz = make_quiz()
    client.force_login(make_user())
    for path in ("/en/", quiz.get_absolute_url()):
        response = client.get(path)
        assert response.status_code == 200
        assert response["Cache-Control"] == "private"
        assert "Cookie" in response["Vary"]


def test_logged_in_login_page_pointing_at_itself_goes_home_instead_of_failing(client):
    client.force_login(make_user())
    response = client.get("/en/accounts/login/", {"next": "/en/accounts/login/"})
    assert (response.status_code, response["Location"]) == (302, "/en/")


@pytest.mark.parametrize(
    ("path", "next_url"),
    [
        ("/en/accounts/login/", "/fr/accounts/login/"),
        ("/tr/accounts/login/", "/en/accounts/login/"),
        ("/en/accounts/login/", "/fr/accounts/login/?next=/fr/accounts/login/"),
    ],
)
def test_logged_in_login_page_pointing_at_the_login_page_in_another_language_goes_home(client, path, next_url):
    client.force_login(make_user())
    response = client.get(path, {"next": next_url})
    assert (response.status_code, response["Location"]) == (302, path[:4])


def test_login_page_header_links_do_not_point_back_at_the_login_page(client):
    page = client.get("/fr/accounts/login/").content.decode()
    assert 'href="/fr/accounts/login/?next=' not in page
    assertInHTML('<a class="nav-link" href="/fr/accounts/login/" aria-current="page">Se connecter</a>', page)


@pytest.mark.parametrize(
    "next_url", ["/en/accounts/logout/", "/admin/logout/", "/en/accounts/signup/", "/fr/accounts/logout/"]
)
def test_login_with_next_at_a_page_that_is_no_destination_goes_home(client, next_url):
    make_user("ada")
    response = client.post("/en/accounts/login/", {"username": "ada", "password": PASSWORD, "next": next_url})
    assert (response.status_code, response["Location"]) == (302, "/en/")


def test_login_with_next_at_a_quiz_start_ends_on_the_quiz_page_without_starting(client):
    quiz = make_quiz(slug="parallel")
    make_user("ada")
    response = client.post(
        "/en/accounts/login/",
        {"username": "ada", "password": PASSWORD, "next": "/en/quizzes/parallel/start/"},
        follow=True,
    )
    assert response.status_code == 200
    assert response.redirect_chain[-1] == ("/en/quizzes/parallel/", 302)
    assert not Attempt.objects.filter(quiz=quiz).exists()


@pytest.mark.parametrize(
    ("language", "heading"),
    [("en", "Log out?"), ("fr", "Se déconnecter\u00a0?"), ("tr", "Çıkış yapmak istiyor musunuz?")],
)
def test_get_on_logout_asks_to_confirm_and_post_logs_out(client, language, heading):
    client.force_login(make_user())
    response = client.get(f"/{language}/accounts/logout/")
    assert response.status_code == 200
    assertInHTML(f"<h1>{heading}</h1>", response.content.decode())
    assert client.post(f"/{language}/accounts/logout/").status_code == 302
    assert signed_in_as(client.get(f"/{language}/").content) is None


def test_get_on_logout_when_logged_out_goes_home(client):
    response = client.get("/fr/accounts/logout/")
    assert (response.status_code, response["Location"]) == (302, reverse("home"))


def test_pages_that_show_answers_are_stored_by_no_cache(client):
    quiz = make_quiz(questions=1)
    client.force_login(make_user())
    client.post(f"/en/quizzes/{quiz.slug}/start/")
    choice = quiz.questions.get().choices.get(position=1)
    client.post(f"/en/quizzes/{quiz.slug}/questions/1/", {"choice": choice.pk})
    for path in (f"/en/quizzes/{quiz.slug}/questions/1/", f"/en/quizzes/{quiz.slug}/results/"):
        response = client.get(path)
        assert response.status_code == 200
        assert response["Cache-Control"] == "max-age=0, no-cache, no-store, must-revalidate, private"


@pytest.mark.parametrize(("language", "heading"), [("fr", "Un problème est survenu"), ("tr", "Bir şeyler ters gitti")])
def test_500_page_renders_without_a_request_context_in_the_active_language(rf, language, heading):
    with translation.override(language):
        response = server_error(rf.get("/"))
    assert response.status_code == 500
    assertInHTML(f"<h1>{heading}</h1>", response.content.decode())
    assert html_lang(response.content.decode()) == language


def test_a_refused_nul_is_one_warning_line_without_traceback(client, caplog):
    with caplog.at_level("WARNING"):
        client.get("/en/", {"q": "\x00"})
    refusals = [record for record in caplog.records if record.name == "django.security.nul_character"]
    assert [(record.levelname, record.getMessage(), record.exc_info) for record in refusals] == [
        ("WARNING", "Refused a request with a NUL character: GET /en/", None)
    ]
    assert not [record for record in caplog.records if record.levelname == "ERROR"]


@pytest.mark.parametrize(
    ("language", "heading"),
    [
        ("en", "The form could not be sent"),
        ("fr", "Le formulaire n’a pas pu être envoyé"),
        ("tr", "Form gönderilemedi"),
    ],
)
def test_a_csrf_failure_shows_a_translated_page_that_says_what_to_do(language, heading):
    client = Client(enforce_csrf_checks=True)
    response = client.post(f"/{language}/accounts/login/", {"username": "ada", "password": "x"})
    assert response.status_code == 403
    content = response.content.decode()
    assertInHTML(f"<h1>{heading}</h1>", content)
    assert "DEBUG" not in content


def test_an_author_refused_a_page_gets_a_translated_403(author_client):
    response = author_client.get("/admin/accounts/user/")
    assert response.status_code == 403
    assertInHTML("<h1>Access denied</h1>", response.content.decode())


def test_form_data_in_an_undecodable_charset_answers_the_400_page():
    client = Client(enforce_csrf_checks=True)
    client.get("/fr/accounts/login/")
    response = client.post(
        "/fr/accounts/login/",
        "username=a&password=b",
        content_type="application/x-www-form-urlencoded; charset=utf-16",
    )
    assert response.status_code == 400
    assertInHTML("<h1>Requête incorrecte</h1>", response.content.decode())
