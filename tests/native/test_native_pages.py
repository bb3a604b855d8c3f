"""The admin and learner pages read natively in French and Turkish (issue 12): no dotless capital I, no plural
noun after a number, no English outside content marked ``lang="en"`` (``tests.native.detect`` has the rules)."""

from datetime import UTC, datetime

import pytest
from django.contrib import admin
from django.urls import reverse
from django.utils import translation

from quizsite.templatetags.admin_counts import COUNTS
from quizzes.models import Attempt
from tests.factories import admin_form_data, make_quiz
from tests.native.walk import LEARNER_NAME, admin_visits, build_world, learner_visits, walk
from tests.pages import attribute, find, has_class, own_text

pytestmark = pytest.mark.django_db

LANGUAGES = ["fr", "tr"]


def report(findings) -> str:
    return f"{len(findings)} strings read wrong:\n" + "\n".join(str(finding) for finding in findings)


@pytest.mark.parametrize("language", LANGUAGES)
def test_admin_pages_read_natively(language):
    world = build_world(language)
    findings = walk(world, admin_visits(world))
    assert not findings, report(findings)


@pytest.mark.parametrize("language", LANGUAGES)
def test_learner_pages_read_natively(language):
    world = build_world(language)
    findings = walk(world, learner_visits(world))
    assert not findings, report(findings)


@pytest.mark.parametrize(
    ("language", "footer"),
    [("en", "2 quizzes"), ("fr", "2 quiz"), ("tr", "2 test")],
)
def test_list_footer_counts_in_words(language, footer):
    """Turkish keeps the noun singular after a number (Django's footer says "2 testler")."""
    world = build_world("en")
    response = world.clients["admin"].get("/admin/quizzes/quiz/", headers={"accept-language": language})
    assert [own_text(node) for node in find(response.content, has_class("paginator"))] == [footer]


@pytest.mark.parametrize(
    ("language", "name"),
    [
        ("en", "ada – Data parallelism quiz (May 12, 2026, 2:03 p.m.\u00a0UTC)"),
        ("fr", "ada – Quiz sur le parallélisme des données (12 mai 2026 14:03\u00a0UTC)"),
        ("tr", "ada – Veri Paralelliği Testi (12 Mayıs 2026 14:03\u00a0UTC)"),
    ],
)
def test_an_attempt_is_named_with_the_languages_date_format(language, name):
    world = build_world("en")
    attempt = world.finished
    Attempt.objects.filter(pk=attempt.pk).update(started_at=datetime(2026, 5, 12, 14, 3, tzinfo=UTC))
    attempt.refresh_from_db()
    with translation.override(language):
        assert str(attempt).replace(LEARNER_NAME, "ada") == name


@pytest.mark.parametrize(
    ("language", "row"),
    [
        ("fr", "Quiz sur le parallélisme des données – Parallélisme des données"),
        ("tr", "Veri Paralelliği Testi – Data parallelism"),
    ],
)
def test_a_guides_quiz_links_are_named_by_what_they_link(language, row):
    world = build_world("en")
    guide = world.quiz.guides.get()
    response = world.clients["admin"].get(
        f"/admin/guides/guide/{guide.pk}/change/", headers={"accept-language": language}
    )
    rows = [own_text(node) for node in find(response.content, lambda node: node.name == "p")]
    assert row in rows


def test_every_model_in_the_admin_counts_its_objects_in_words():
    """A model shown in the admin without its count wording would say "8 sözlük terimleri" in Turkish."""
    assert (
        sorted(model._meta.label_lower for model in admin.site._registry if model._meta.label_lower not in COUNTS) == []
    )


# Names that are the same word in English and in the language (French "questions", "guides").
SAME_WORD = {("fr", "questions"), ("fr", "guides"), ("fr", "Guides")}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_admin_section_and_list_is_named_in_the_language(language):
    """The admin's index and side bar name each app and model; a library's name left in English ("Axes",
    "Access failures") would show on every admin page."""
    names = {}
    for model in admin.site._registry:
        with translation.override("en"):
            english = [str(model._meta.app_config.verbose_name), str(model._meta.verbose_name_plural)]
        with translation.override(language):
            translated = [str(model._meta.app_config.verbose_name), str(model._meta.verbose_name_plural)]
        names.update(zip(english, translated, strict=True))
    untranslated = sorted(
        english for english, text in names.items() if text == english and (language, text) not in SAME_WORD
    )

    assert untranslated == []


def test_the_turkish_password_change_page_is_spelled_right(admin_client):
    """django.contrib.admin's Turkish catalogue misspells its title "Parola değiştime"; ours overrides it."""
    response = admin_client.get(reverse("admin:password_change"), headers={"accept-language": "tr"})

    assert [own_text(node) for node in find(response.content, lambda node: node.name == "h1")] == ["Parola değiştirme"]


@pytest.mark.parametrize(
    ("language", "message", "count"),
    [
        ("fr", "Modification de Titre [fr] et Difficulté.", "1 entrée"),
        ("tr", "Başlık [fr] ve Zorluk değiştirildi.", "1 kayıt"),
    ],
)
def test_the_history_names_the_changed_fields_in_the_language(admin_client, language, message, count):
    """Django stores the changed fields' English labels and shows them as they are ("Modification de Difficulty");
    the history page names them in the admin's language, and counts its entries with a singular noun in Turkish."""
    quiz = make_quiz()
    change = reverse("admin:quizzes_quiz_change", args=[quiz.pk])
    form = admin_form_data(admin_client.get(change))
    admin_client.post(change, {**form, "difficulty": "hard", "title_fr": "Un quiz"})

    response = admin_client.get(
        reverse("admin:quizzes_quiz_history", args=[quiz.pk]), headers={"accept-language": language}
    )

    (history,) = find(response.content, lambda node: attribute(node, "id") == "change-history")
    assert [own_text(cell) for cell in find(history, lambda node: node.name == "td")][-1:] == [message]
    assert count in own_text(find(response.content, has_class("paginator"))[0])
