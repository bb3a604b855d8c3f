"""The admin's filter headings and the django-axes lists' labels read alike in every language: the filter's name
starts with a capital, as the admin's field labels do (templates/django/admin/filter.html), and django-axes's filters
and columns are in the language (quizsite/library_strings.py, accounts/admin.py)."""

import re

import pytest
from axes.models import AccessAttempt, AccessFailureLog
from django.conf import settings
from django.test.html import Element
from django.urls import reverse

from tests.factories import make_guide, make_quiz
from tests.pages import attribute, find

pytestmark = pytest.mark.django_db

NBSP = "\u00a0"


def text(element: Element | str) -> str:
    """All the text inside ``element``, its spaces collapsed; no-break spaces are kept."""
    if isinstance(element, str):
        return " ".join(re.split(r"[ \t\r\n]+", element)).strip()
    return " ".join(filter(None, (text(child) for child in element.children)))


def filter_headings(response) -> list[str]:
    return [text(node) for node in find(response.content, lambda node: node.name == "summary")]


def column_headings(response) -> list[str]:
    """The result list's column headings, after the selection checkbox's."""
    (table,) = find(response.content, lambda node: attribute(node, "id") == "result_list")
    (head,) = find(table, lambda node: node.name == "thead")
    return [text(th) for th in find(head, lambda node: node.name == "th")][1:]


def cells(response) -> list[str]:
    return [text(cell) for cell in find(response.content, lambda node: node.name == "td")]


@pytest.mark.parametrize(
    ("language", "headings"),
    [
        ("en", ["By Difficulty", "By Published", "By Related guides", "By Translation"]),
        (
            "fr",
            [f"Selon «{NBSP}{name}{NBSP}»" for name in ("Difficulté", "Publié", "Guides associés", "Traduction")],
        ),
        ("tr", ["Süzgeç: Zorluk", "Süzgeç: Yayında", "Süzgeç: İlgili rehberler", "Süzgeç: Çeviri"]),
    ],
)
def test_the_quiz_lists_filter_headings_start_with_a_capital(admin_client, language, headings):
    """Django shows each filter's name as the model writes it: "Süzgeç: zorluk" next to "Süzgeç: İlgili
    rehberler" (Turkish writes that name with its capital İ)."""
    make_quiz().guides.add(make_guide())

    response = admin_client.get(reverse("admin:quizzes_quiz_changelist"), headers={"accept-language": language})

    assert filter_headings(response) == headings


TRIED = {"username": "deniz", "ip_address": "192.0.2.7", "user_agent": "Mozilla/5.0", "path_info": "/"}
LEFT = settings.LOGIN_FAILURE_LIMIT + 1 - 2  # two wrong passwords made; the sixth locks


@pytest.mark.parametrize(
    ("language", "filters", "columns", "status"),
    [
        (
            "fr",
            [f"Selon «{NBSP}{name}{NBSP}»" for name in ("Date de la tentative", "Chemin", "Bloqué")],
            ["Date de la tentative", "Adresse IP", "Agent utilisateur", "Nom d’utilisateur", "Chemin"]
            + ["Nombre d’échecs", "État"],
            f"{LEFT} essai(s) restant(s)",
        ),
        (
            "tr",
            ["Süzgeç: Deneme zamanı", "Süzgeç: Yol", "Süzgeç: Kilitli"],
            ["Deneme zamanı", "IP adresi", "Kullanıcı aracısı", "Kullanıcı adı", "Yol", "Başarısız girişler", "Durum"],
            f"{LEFT} deneme hakkı kaldı",
        ),
    ],
)
def test_the_log_in_attempts_list_is_labelled_in_the_language(admin_client, language, filters, columns, status):
    """django-axes's catalogues leave "Locked Out" in English and its status column has no name ("Status")."""
    AccessAttempt.objects.create(**TRIED, get_data="", post_data="", failures_since_start=2)

    response = admin_client.get(reverse("admin:axes_accessattempt_changelist"), headers={"accept-language": language})

    assert (filter_headings(response), column_headings(response)) == (filters, columns)
    assert cells(response)[-1] == status


@pytest.mark.parametrize(
    ("language", "filters", "last_column"),
    [
        (
            "fr",
            [f"Selon «{NBSP}{name}{NBSP}»" for name in ("Date de la tentative", "Accès bloqué", "Chemin")],
            "Accès bloqué",
        ),
        ("tr", ["Süzgeç: Deneme zamanı", "Süzgeç: Erişim kilitlendi", "Süzgeç: Yol"], "Erişim kilitlendi"),
    ],
)
def test_the_log_in_failures_list_is_labelled_in_the_language(admin_client, language, filters, last_column):
    """django-axes's Turkish catalogue leaves "Access lock out" in English ("Süzgeç: Access lock out")."""
    AccessFailureLog.objects.create(**TRIED, locked_out=True)

    response = admin_client.get(
        reverse("admin:axes_accessfailurelog_changelist"), headers={"accept-language": language}
    )

    assert filter_headings(response) == filters
    assert column_headings(response)[-1] == last_column
