import re

import pytest

from tests.factories import make_user

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
    assert f'<html lang="{language}">' in response.content.decode()


def test_language_switcher_offers_the_same_page_in_each_language(client, demo_quiz):
    page = client.get("/fr/quizzes/data-parallelism/").content.decode()
    nexts = re.findall(r'name="next" value="([^"]+)">\s*<input type="hidden" name="language" value="([a-z]+)"', page)
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
    assert 'name="next" value="/fr/quizzes/data-parallelism/questions/1/"' in page


@pytest.mark.parametrize(
    ("language", "texts"),
    [
        (
            "en",
            [
                "Quiz linked to a guide · Medium level",
                "Related guide paths",
                "Question 1 of 8",
                "Preview every question",
                "8 questions",
                "Answers and explanations appear as you answer the quiz.",
            ],
        ),
        (
            "fr",
            [
                "Quiz lié à un guide · Niveau moyen",
                "Parcours de guides associés",
                "Question 1 de 8",
                "Aperçu de toutes les questions",
                "8 questions",
                "Les réponses et les explications apparaissent au fur et à mesure que vous répondez au quiz.",
            ],
        ),
        (
            "tr",
            [
                "Bir rehbere bağlı test · Orta seviye",
                "İlgili rehber yolları",
                "8 sorudan 1. soru",
                "Tüm soruların önizlemesi",
                "8 soru",
                "Cevaplar ve açıklamalar, testi yanıtladıkça görünür.",
            ],
        ),
    ],
)
def test_quiz_page_interface_text_in_each_language(client, demo_quiz, language, texts):
    page = client.get(f"/{language}/quizzes/data-parallelism/").content.decode()
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    for expected in texts:
        assert expected in text, expected
