"""The authoring admin for guides."""

import pytest
from django.urls import reverse

from guides.models import Guide
from tests.factories import admin_form_data, make_author, make_guide, make_quiz, make_superuser

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("make_staff", [make_author, make_superuser], ids=["author", "superuser"])
def test_every_guide_admin_page_loads(client, make_staff):
    guide = make_guide()
    client.force_login(make_staff())
    urls = [
        reverse("admin:guides_guide_changelist"),
        reverse("admin:guides_guide_add"),
        reverse("admin:guides_guide_change", args=[guide.pk]),
    ]
    assert {url: client.get(url).status_code for url in urls} == dict.fromkeys(urls, 200)


def test_author_adds_a_guide_in_three_languages_with_its_quizzes(author_client):
    quiz = make_quiz(slug="q")
    response = author_client.post(
        reverse("admin:guides_guide_add"),
        {
            "slug": "caches",
            "title_en": "Caches",
            "title_fr": "Caches",
            "title_tr": "Önbellekler",
            "summary_en": "Why memory is slow",
            "summary_fr": "",
            "summary_tr": "Bellek neden yavaş",
            "body_en": "Long text.",
            "body_fr": "",
            "body_tr": "",
            "ordering": "3",
            "published": "on",
            "Quiz_guides-TOTAL_FORMS": "1",
            "Quiz_guides-INITIAL_FORMS": "0",
            "Quiz_guides-MIN_NUM_FORMS": "0",
            "Quiz_guides-MAX_NUM_FORMS": "1000",
            "Quiz_guides-0-quiz": str(quiz.pk),
        },
    )
    assert response.status_code == 302
    guide = Guide.objects.get(slug="caches")
    assert (
        guide.title_en,
        guide.title_fr,
        guide.title_tr,
        guide.summary_tr,
        guide.ordering,
        guide.published,
    ) == (
        "Caches",
        "Caches",
        "Önbellekler",
        "Bellek neden yavaş",
        3,
        True,
    )
    assert list(guide.quizzes.values_list("slug", flat=True)) == ["q"]


def test_a_guide_without_an_english_title_is_refused(author_client):
    response = author_client.post(
        reverse("admin:guides_guide_add"),
        {
            "slug": "x",
            "title_en": "",
            "title_tr": "Başlık",
            "ordering": "0",
            "Quiz_guides-TOTAL_FORMS": "0",
            "Quiz_guides-INITIAL_FORMS": "0",
        },
    )
    assert response.status_code == 200
    assert response.context["adminform"].form.errors["title_en"] == ["This field is required."]
    assert Guide.objects.count() == 0


@pytest.mark.parametrize("term", ["izmir", "IZMIR", "İzmir", "ızmır"])
def test_guide_search_finds_turkish_text_whatever_the_case_of_i(author_client, term):
    make_guide(slug="izmir", title="Ports", summary_tr="İZMİR limanı")
    make_guide(slug="other", title="Rivers")
    response = author_client.get(reverse("admin:guides_guide_changelist"), {"q": term})
    assert [guide.slug for guide in response.context["cl"].result_list] == ["izmir"]


def test_guide_list_is_ordered_by_ordering_and_counts_quizzes(author_client):
    first = make_guide(slug="b", ordering=1)
    make_guide(slug="a", ordering=2)
    make_quiz(slug="q1").guides.add(first)
    make_quiz(slug="q2").guides.add(first)
    response = author_client.get(reverse("admin:guides_guide_changelist"))
    rows = response.context["cl"].result_list
    assert [(guide.slug, guide.quiz_count) for guide in rows] == [("b", 2), ("a", 0)]


def test_a_quiz_that_links_ten_guides_cannot_link_an_eleventh_from_the_guides_page(author_client):
    quiz = make_quiz(slug="q", title="Caches quiz")
    quiz.guides.set([make_guide(slug=f"guide-{number}") for number in range(10)])
    guide = make_guide(slug="eleventh")
    url = reverse("admin:guides_guide_change", args=[guide.pk])
    data = admin_form_data(author_client.get(url))
    data.update({"Quiz_guides-TOTAL_FORMS": "1", "Quiz_guides-0-quiz": str(quiz.pk)})
    response = author_client.post(url, data)
    assert response.status_code == 200
    assert [str(error) for error in response.context["inline_admin_formsets"][0].formset.non_form_errors()] == [
        "“Caches quiz” already links 10 guides, the most a quiz may link."
    ]
    assert quiz.guides.count() == 10
    quiz.guides.remove(Guide.objects.get(slug="guide-0"))
    assert author_client.post(url, data).status_code == 302
    assert list(guide.quizzes.values_list("slug", flat=True)) == ["q"]
