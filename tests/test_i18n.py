import pytest
from django.utils.html import strip_tags
from pytest_django.asserts import assertInHTML

from tests.factories import PASSWORD, answer_quiz, make_quiz, make_user
from tests.pages import attributes, elements, form_values, html_lang

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("accept_language", "target"),
    [
        ("tr-TR,tr;q=0.9", "/tr/"),
        ("fr-FR,fr;q=0.8,en;q=0.5", "/fr/"),
        ("de-DE,de;q=0.9", "/en/"),
        ("", "/en/"),
    ],
)
def test_root_redirects_by_accept_language(client, accept_language, target):
    response = client.get("/", headers={"accept-language": accept_language} if accept_language else {})
    assert response.status_code == 302
    assert response.url == target


@pytest.mark.parametrize("language", ["en", "fr", "tr"])
@pytest.mark.parametrize(
    "path",
    [
        "/{lang}/",
        "/{lang}/guides/data-parallelism/",
        "/{lang}/quizzes/data-parallelism/",
        "/{lang}/accounts/login/",
        "/{lang}/accounts/signup/",
    ],
)
def test_every_page_declares_its_language(client, demo_quiz, language, path):
    response = client.get(path.format(lang=language))
    assert response.status_code == 200
    assert html_lang(response.content.decode()) == language


def test_language_switcher_offers_the_same_page_in_each_language(client, demo_quiz):
    page = client.get("/fr/quizzes/data-parallelism/").content.decode()
    switcher = [form_values(form) for form in elements(page, "form") if attributes(form)["action"] == "/i18n/setlang/"]
    nexts = [(values["next"], values["language"]) for values in switcher]
    assert nexts == [
        ("/en/quizzes/data-parallelism/", "en"),
        ("/fr/quizzes/data-parallelism/", "fr"),
        ("/tr/quizzes/data-parallelism/", "tr"),
    ]


def test_switching_language_lands_on_the_same_page_whatever_the_cookie_says(client, demo_quiz):
    client.cookies["django_language"] = "en"
    response = client.post("/i18n/setlang/", {"language": "tr", "next": "/tr/quizzes/data-parallelism/"})
    assert response.status_code == 302
    assert response.url == "/tr/quizzes/data-parallelism/"
    assert client.cookies["django_language"].value == "tr"
    assert client.get("/", headers={"accept-language": "fr"}).url == "/tr/"


def test_switching_keeps_the_learner_on_the_question_they_are_answering(client, demo_quiz):
    client.force_login(make_user())
    client.post("/tr/quizzes/data-parallelism/start/")
    page = client.get("/tr/quizzes/data-parallelism/questions/1/").content.decode()
    assertInHTML('<input type="hidden" name="next" value="/fr/quizzes/data-parallelism/questions/1/">', page)


@pytest.mark.parametrize(
    ("language", "texts"),
    [
        (
            "en",
            [
                "Quiz linked to a guide",
                "Data parallelism quiz Review replicated models",
                "Medium level 8 questions",
                "Not started Start No account needed to play.",
                "Related guide paths",
                "Preview every question",
                "8 questions",
                "Answers and explanations appear as you answer the quiz.",
            ],
        ),
        (
            "fr",
            [
                "Quiz lié à un guide",
                "Niveau moyen 8 questions 5 questions sur 8 ne sont pas encore traduites en français.",
                "Pas encore commencé Commencer Pas besoin de compte pour jouer.",
                "Guides associés",
                "Aperçu de toutes les questions",
                "8 questions",
                "Les réponses et les explications apparaissent au fur et à mesure que vous répondez au quiz.",
            ],
        ),
        (
            "tr",
            [
                "Bir rehbere bağlı test",
                "Orta seviye 8 soru 8 sorudan 5 tanesi henüz Türkçeye çevrilmedi.",
                "Başlanmadı Başla Çözmek için hesap gerekmez.",
                "İlgili rehberler",
                "Tüm soruların önizlemesi",
                "8 soru",
                "Cevaplar ve açıklamalar, soruları cevapladıkça görünür.",
            ],
        ),
    ],
)
def test_quiz_page_interface_text_in_each_language(client, demo_quiz, language, texts):
    page = client.get(f"/{language}/quizzes/data-parallelism/").content.decode()
    text = " ".join(strip_tags(page).split())
    for expected in texts:
        assert expected in text, expected


def test_login_after_switching_language_keeps_the_chosen_language(client, demo_quiz):
    """The learner came from the French quiz, switched the login page to Turkish, then logged in."""
    make_user("deniz")
    response = client.post(
        "/tr/accounts/login/?next=/fr/quizzes/data-parallelism/",
        {"username": "deniz", "password": PASSWORD, "next": "/fr/quizzes/data-parallelism/"},
    )
    assert response.status_code == 302
    assert response.url == "/tr/quizzes/data-parallelism/"


def test_signup_after_switching_language_keeps_the_chosen_language(client, demo_quiz):
    response = client.post(
        "/fr/accounts/signup/",
        {
            "username": "camille",
            "password1": "a quiz for learners",
            "password2": "a quiz for learners",
            "next": "/tr/quizzes/data-parallelism/?from=home",
        },
    )
    assert response.url == "/fr/quizzes/data-parallelism/?from=home"


def test_auth_pages_keep_next_in_the_header_links(client):
    page = client.get("/fr/accounts/signup/?next=/fr/quizzes/data-parallelism/").content.decode()
    assertInHTML(
        '<a class="nav-link" href="/fr/accounts/login/?next=/fr/quizzes/data-parallelism/">Se connecter</a>', page
    )


def test_logged_in_learner_is_sent_on_from_the_signup_and_login_pages(client):
    client.force_login(make_user())
    for page in ("/en/accounts/signup/", "/en/accounts/login/"):
        response = client.get(f"{page}?next=/en/guides/")
        assert response.status_code == 302
        assert response.url == "/en/guides/"


@pytest.mark.parametrize(
    ("path", "title"),
    [("/en/quizzes/no-such-quiz/", "Page not found"), ("/fr/quizzes/no-such-quiz/", "Page introuvable")],
)
def test_missing_page_is_a_translated_404_with_the_site_around_it(client, settings, path, title):
    settings.DEBUG = False
    response = client.get(path)
    assert response.status_code == 404
    page = response.content.decode()
    assertInHTML(f"<h1>{title}</h1>", page)
    assert ["language-switcher" in attributes(nav)["class"].split() for nav in elements(page, "nav")].count(True) == 1


def test_server_error_page_is_translated_and_standalone(client, settings, demo_quiz, monkeypatch):
    settings.DEBUG = False
    client.raise_request_exception = False

    def fail(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr("quizzes.page_progress.progress_at", fail)
    response = client.get("/tr/quizzes/data-parallelism/")
    assert response.status_code == 500
    assertInHTML("<h1>Bir şeyler ters gitti</h1>", response.content.decode())


@pytest.mark.parametrize(
    ("language", "picks", "sentence"),
    [
        ("fr", [2, 2], "0 bonne réponse sur 2."),
        ("fr", [1, 2], "1 bonne réponse sur 2."),
        ("fr", [1, 1], "2 bonnes réponses sur 2."),
        ("tr", [1, 2], "2 sorudan 1 doğru cevap."),
        ("en", [1, 2], "1 correct answer out of 2."),
        ("en", [1, 1], "2 correct answers out of 2."),
    ],
)
def test_results_sentence_agrees_with_the_score(client, language, picks, sentence):
    quiz = make_quiz(questions=2)
    learner = make_user()
    answer_quiz(learner, quiz, picks=picks)
    client.force_login(learner)
    page = client.get(f"/{language}/quizzes/{quiz.slug}/results/").content.decode()
    assertInHTML(f'<p class="score-detail">{sentence}</p>', page)
