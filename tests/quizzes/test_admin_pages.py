"""The admin's pages load for authors and superusers; authors get exactly the content permissions."""

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from pytest_django.asserts import assertContains, assertInHTML

from quizzes.accommodations import Accommodation
from quizzes.models import Attempt, Guest
from quizzes.services import AUTHORS_GROUP
from tests.factories import answer_quiz, make_author, make_quiz, make_superuser, make_user
from tests.pages import attribute, find, own_text, url
from tests.quizzes.admin_forms import LANGUAGE_CODES, question_change_url, quiz_change_url

pytestmark = pytest.mark.django_db


def admin_page_urls() -> list[str]:
    quiz = make_quiz(questions=2)
    question = quiz.questions.get(position=1)
    attempt = answer_quiz(make_user("page-learner"), quiz, picks=[1])
    accommodation = Accommodation.objects.create(learner=attempt.learner, extra_percent=50)
    return [
        reverse("admin:index"),
        reverse("admin:quizzes_quiz_changelist"),
        reverse("admin:quizzes_quiz_add"),
        quiz_change_url(quiz),
        reverse("admin:quizzes_quiz_statistics", args=[quiz.pk]),
        reverse("admin:quizzes_question_changelist"),
        reverse("admin:quizzes_question_add"),
        question_change_url(question),
        reverse("admin:quizzes_attempt_changelist"),
        reverse("admin:quizzes_attempt_change", args=[attempt.pk]),
        reverse("admin:quizzes_accommodation_changelist"),
        reverse("admin:quizzes_accommodation_add"),
        reverse("admin:quizzes_accommodation_change", args=[accommodation.pk]),
        reverse("admin:quizzes_accommodation_delete", args=[accommodation.pk]),
    ]


@pytest.mark.parametrize("make_staff", [make_author, make_superuser], ids=["author", "superuser"])
def test_every_quiz_admin_page_loads(client, make_staff):
    urls = admin_page_urls()
    client.force_login(make_staff())
    statuses = {url: client.get(url).status_code for url in urls}
    assert statuses == dict.fromkeys(urls, 200)


def test_authors_group_has_exactly_the_content_permissions():
    """Content, the glossary and accommodations (quizzes/migrations/0003_authors_group, 0014_…,
    translations/migrations/0002_…)."""
    codenames = sorted(Group.objects.get(name=AUTHORS_GROUP).permissions.values_list("codename", flat=True))
    assert codenames == [
        "add_accommodation",
        "add_choice",
        "add_glossaryrendering",
        "add_glossaryterm",
        "add_guide",
        "add_question",
        "add_quiz",
        "change_accommodation",
        "change_choice",
        "change_glossaryrendering",
        "change_glossaryterm",
        "change_guide",
        "change_question",
        "change_quiz",
        "delete_accommodation",
        "delete_choice",
        "delete_glossaryrendering",
        "delete_glossaryterm",
        "delete_guide",
        "delete_question",
        "delete_quiz",
        "view_accommodation",
        "view_answer",
        "view_attempt",
        "view_choice",
        "view_glossaryrendering",
        "view_glossaryterm",
        "view_guide",
        "view_question",
        "view_quiz",
    ]


def test_make_author_gives_staff_status_and_the_authors_group():
    make_user("alice")
    output = StringIO()
    call_command("make_author", "alice", stdout=output)
    alice = get_user_model().objects.get(username="alice")
    assert (alice.is_staff, alice.is_superuser, list(alice.groups.values_list("name", flat=True))) == (
        True,
        False,
        ["Authors"],
    )
    assert output.getvalue() == "“alice” is now an author and can log in at /admin/.\n"


def test_make_author_refuses_an_unknown_account():
    with pytest.raises(CommandError, match="There is no account “bob”"):
        call_command("make_author", "bob")


def test_quiz_slug_is_prepopulated_from_the_english_title(author_client):
    response = author_client.get(reverse("admin:quizzes_quiz_add"))
    (field,) = response.context["adminform"].prepopulated_fields
    assert (field["field"].name, [dependency.name for dependency in field["dependencies"]]) == (
        "slug",
        ["title_en"],
    )


@pytest.mark.parametrize("url_name", ["admin:accounts_user_changelist", "admin:auth_group_changelist"])
def test_author_cannot_manage_users_or_groups(author_client, url_name):
    assert author_client.get(reverse(url_name)).status_code == 403


def test_author_cannot_change_or_delete_an_attempt(author_client):
    quiz = make_quiz(questions=1)
    attempt = answer_quiz(make_user(), quiz, picks=[1])
    response = author_client.post(reverse("admin:quizzes_attempt_delete", args=[attempt.pk]), {"post": "yes"})
    assert response.status_code == 403
    assert Attempt.objects.filter(pk=attempt.pk).exists()


def test_attempt_list_shows_learner_quiz_language_and_score(author_client):
    quiz = make_quiz(title="Caching", questions=2)
    answer_quiz(make_user("ayse"), quiz, picks=[1, 2], language="tr")
    response = author_client.get(reverse("admin:quizzes_attempt_changelist"))
    (attempt,) = response.context["cl"].result_list
    assert (attempt.learner.username, attempt.quiz.title, attempt.language, attempt.score) == (
        "ayse",
        "Caching",
        "tr",
        1,
    )
    assert attempt.finished_at is not None
    assert [header["text"] for header in response.context["result_headers"]] == [
        "learner",
        "quiz",
        "taken as",
        "language",
        "score",
        "started",
        "finished",
        "closed",
        "deadline",
        "flagged for review",
    ]


def test_attempt_list_shows_a_guests_attempt_as_the_guests(author_client):
    quiz = make_quiz(title="Caching", questions=2)
    Client().post(url("quizzes:start", slug=quiz.slug))
    guest, attempt = Guest.objects.get(), Attempt.objects.get()
    response = author_client.get(reverse("admin:quizzes_attempt_changelist"))
    change_url = reverse("admin:quizzes_attempt_change", args=[attempt.pk])
    expected = f'<th class="field-taker"><a href="{change_url}">Guest {str(guest.pk)[:8]}</a></th>'
    assertContains(response, expected, html=True)


def test_quiz_change_page_holds_each_question_and_its_choices_in_every_language(author_client):
    quiz = make_quiz(questions=1)
    response = author_client.get(quiz_change_url(quiz))
    content = response.content.decode()
    for code in LANGUAGE_CODES:
        default = " mt-default" if code == "en" else ""
        value = ' value="Q1 choice 2"' if code == "en" else ""
        assertInHTML(
            f'<input type="text" name="questions-0-choices-1-text_{code}"{value} maxlength="500" '
            f'class="vTextField mt mt-field-text-{code}{default}" id="id_questions-0-choices-1-text_{code}">',
            content,
        )
    assertInHTML(
        '<input type="checkbox" name="questions-0-choices-0-is_correct" id="id_questions-0-choices-0-is_correct" '
        "checked>",
        content,
    )
    assertInHTML(f'<a href="{question_change_url(quiz.questions.get())}" class="inlinechangelink">Change</a>', content)
    assertInHTML(
        f'<li><a href="{reverse("admin:quizzes_quiz_statistics", args=[quiz.pk])}">Answer statistics</a></li>', content
    )
    # The language tabs need jQuery UI, served from this site (the Content-Security-Policy allows no other); the
    # script that opens every text on its English tab runs before modeltranslation's, and the one that flags and
    # opens the tabs holding an error after it.
    scripts = ["vendor/jquery-ui/jquery-ui.min.js", "js/admin_english_first.js"]
    scripts.append("modeltranslation/js/tabbed_translation_fields.js")
    scripts.append("js/admin_translation_tabs.js")
    scripts.append("nested_admin/dist/nested_admin.min.js")
    places = [content.index(f'src="/static/{script}"') for script in scripts]
    assert places == sorted(places)


def test_the_quiz_page_in_french_has_no_english_left_from_the_nested_inlines(author_client):
    quiz = make_quiz(questions=1, published=False)
    page = author_client.get(quiz_change_url(quiz), headers={"accept-language": "fr"}).content
    removes = find(page, lambda node: "djn-remove-handler" in (attribute(node, "class") or "").split())
    assert removes and {own_text(link) for link in removes} == {"Supprimer"}
    headings = {own_text(node) for node in find(page, lambda node: node.name == "b")}
    assert {"Question\u00a0:", "Choix\u00a0:"} <= headings
