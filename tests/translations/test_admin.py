"""The glossary in the admin: authors add terms with a rendering per language, or kept as is; mistakes are form
errors, and nothing is half-saved."""

import pytest
from django.test.html import Element
from django.urls import reverse

from tests.pages import attribute, find
from tests.quizzes.admin_forms import errors_of, management
from translations.glossary import load_demo_terms
from translations.models import GlossaryRendering, GlossaryTerm

pytestmark = pytest.mark.django_db

ADD = reverse("admin:translations_glossaryterm_add")
LIST = reverse("admin:translations_glossaryterm_changelist")


def term_form(term: str, renderings: dict[str, str], keep_as_is: bool = False) -> dict:
    """The add form's POST data: the term and one inline row per rendering."""
    data = {"term": term, "note": "", **management("renderings", len(renderings))}
    if keep_as_is:
        data["keep_as_is"] = "on"
    for index, (language, rendering) in enumerate(renderings.items()):
        data.update({f"renderings-{index}-language": language, f"renderings-{index}-rendering": rendering})
    return data


def text(node) -> str:
    """All the text in ``node``; an image stands for its ``alt`` (the admin's yes/no icons)."""
    if not isinstance(node, Element):
        return str(node).strip()
    if node.name == "img":
        return attribute(node, "alt") or ""
    return " ".join(part for part in (text(child) for child in node.children) if part)


def list_rows(response) -> list[list[str]]:
    """The changelist's rows as shown: each row's field cells' texts."""
    rows = find(
        find(response.content, lambda node: attribute(node, "id") == "result_list")[0], lambda n: n.name == "tr"
    )
    return [
        [
            text(cell)
            for cell in row.children
            if isinstance(cell, Element) and "field-" in (attribute(cell, "class") or "")
        ]
        for row in rows[1:]
    ]


def glossary() -> list[tuple[str, bool, list[tuple[str, str]]]]:
    return [
        (term.term, term.keep_as_is, [(r.language, r.rendering) for r in term.renderings.order_by("language")])
        for term in GlossaryTerm.objects.order_by("term")
    ]


def test_author_adds_a_term_with_a_rendering_per_language(author_client):
    response = author_client.post(ADD, term_form("optimizer", {"fr": "optimiseur", "tr": "optimize edici"}))
    assert response.status_code == 302, errors_of(response)
    assert glossary() == [("optimizer", False, [("fr", "optimiseur"), ("tr", "optimize edici")])]


def test_author_adds_a_term_kept_as_is(author_client):
    response = author_client.post(ADD, term_form("NCCL", {}, keep_as_is=True))
    assert response.status_code == 302, errors_of(response)
    assert glossary() == [("NCCL", True, [])]


def test_two_renderings_in_one_language_are_a_form_error(author_client):
    response = author_client.post(
        ADD,
        term_form("layer", {"fr": "couche"})
        | {
            **management("renderings", 2),
            "renderings-1-language": "fr",
            "renderings-1-rendering": "niveau",
        },
    )
    assert response.status_code == 200
    assert errors_of(response) == [
        "Each language has one rendering at most.",  # above the rows, and on the second row:
        "Please correct the duplicate values below.",
    ]
    assert glossary() == []


def test_a_term_kept_as_is_with_renderings_is_refused(author_client):
    response = author_client.post(ADD, term_form("GPU", {"tr": "grafik işlemci"}, keep_as_is=True))
    assert response.status_code == 200
    assert errors_of(response) == ["A term kept as is has no renderings: delete them, or untick “keep as is”."]
    assert glossary() == []


def test_ticking_keep_as_is_on_a_term_with_renderings_is_refused_until_they_are_deleted(author_client):
    load_demo_terms()
    term = GlossaryTerm.objects.get(term="batch")
    renderings = list(term.renderings.order_by("language"))
    address = reverse("admin:translations_glossaryterm_change", args=[term.pk])
    data = {"term": "batch", "note": "", "keep_as_is": "on", **management("renderings", 2, initial=2)}
    for index, rendering in enumerate(renderings):
        data |= {
            f"renderings-{index}-id": str(rendering.pk),
            f"renderings-{index}-term": str(term.pk),
            f"renderings-{index}-language": rendering.language,
            f"renderings-{index}-rendering": rendering.rendering,
        }
    response = author_client.post(address, data)
    assert errors_of(response) == ["A term kept as is has no renderings: delete them, or untick “keep as is”."]
    assert GlossaryTerm.objects.get(pk=term.pk).keep_as_is is False

    response = author_client.post(address, data | {"renderings-0-DELETE": "on", "renderings-1-DELETE": "on"})
    assert response.status_code == 302, errors_of(response)
    assert (GlossaryTerm.objects.get(pk=term.pk).keep_as_is, GlossaryRendering.objects.filter(term=term).count()) == (
        True,
        0,
    )


@pytest.mark.parametrize("term", ["", "   "])
def test_a_blank_term_is_refused(author_client, term):
    response = author_client.post(ADD, term_form(term, {"fr": "couche"}))
    assert errors_of(response) == ["This field is required."]
    assert glossary() == []


def test_a_term_already_there_in_another_case_is_refused(author_client):
    GlossaryTerm.objects.create(term="İnference")
    response = author_client.post(ADD, term_form("INFERENCE", {"fr": "inférence"}))
    assert errors_of(response) == ["The glossary already has this term, as “İnference”."]
    assert glossary() == [("İnference", False, [])]


def test_glossary_list_shows_each_languages_rendering(author_client):
    load_demo_terms()
    response = author_client.get(LIST)
    assert list_rows(response) == [
        ["GPU", "Yes", "GPU", "GPU"],
        ["NCCL", "Yes", "NCCL", "NCCL"],
        ["all-reduce", "Yes", "all-reduce", "all-reduce"],
        ["batch", "No", "lot", "yığın"],
        ["gradient", "No", "gradient", "gradyan"],
        ["layer", "No", "couche", "katman"],
        ["worker", "Yes", "worker", "worker"],
    ]


def test_glossary_list_shows_a_dash_where_a_language_has_no_rendering(author_client):
    GlossaryTerm.objects.create(term="optimizer").renderings.create(language="fr", rendering="optimiseur")
    assert list_rows(author_client.get(LIST)) == [["optimizer", "No", "optimiseur", "-"]]


@pytest.mark.parametrize(("query", "found"), [("YIĞIN", ["batch"]), ("couche", ["layer"]), ("Gpu", ["GPU"])])
def test_glossary_search_finds_terms_and_renderings_ignoring_case_and_dots_on_i(author_client, query, found):
    load_demo_terms()
    response = author_client.get(LIST, {"q": query})
    assert [row[0] for row in list_rows(response)] == found


def test_term_pages_offer_one_rendering_row_per_language(author_client):
    load_demo_terms()
    added = author_client.get(ADD, headers={"accept-language": "tr"})
    changed = author_client.get(
        reverse("admin:translations_glossaryterm_change", args=[GlossaryTerm.objects.get(term="layer").pk])
    )
    assert [
        [
            (form.instance.language, form.instance.rendering)
            for form in response.context["inline_admin_formsets"][0].formset.forms
        ]
        for response in (added, changed)
    ] == [[("", ""), ("", "")], [("fr", "couche"), ("tr", "katman")]]


def selected_languages(response) -> list[str | None]:
    """The language each rendering row's select starts on, as the page shows it (None: "---------")."""
    selects = find(
        response.content,
        lambda node: node.name == "select" and (attribute(node, "name") or "").endswith("-language"),
    )
    chosen = []
    for select in selects:
        if attribute(select, "name") == "renderings-__prefix__-language":
            continue  # the template row the admin's "Add another" copies
        options = find(select, lambda node: node.name == "option" and "selected" in dict(node.attributes))
        chosen.append(attribute(options[0], "value") if options else None)
    return chosen


def sent_rows(rows: list[tuple[str, str]]) -> dict:
    """The add form's POST data as a browser sends it: every rendering row shown, with its language and text."""
    data = {"term": "optimizer", "note": "", **management("renderings", len(rows))}
    for index, (language, rendering) in enumerate(rows):
        data |= {f"renderings-{index}-language": language, f"renderings-{index}-rendering": rendering}
    return data


def test_a_new_term_s_rendering_rows_start_on_each_translation_language(author_client):
    assert selected_languages(author_client.get(ADD)) == ["fr", "tr"]


def test_a_term_missing_a_rendering_offers_a_row_on_that_language(author_client):
    term = GlossaryTerm.objects.create(term="optimizer")
    term.renderings.create(language="tr", rendering="optimize edici")
    response = author_client.get(reverse("admin:translations_glossaryterm_change", args=[term.pk]))
    assert selected_languages(response) == ["tr", "fr"]


def test_the_author_types_one_rendering_and_leaves_the_other_row_blank(author_client):
    response = author_client.post(ADD, sent_rows([("fr", "optimiseur"), ("tr", "")]))
    assert response.status_code == 302, errors_of(response)
    assert glossary() == [("optimizer", False, [("fr", "optimiseur")])]


def test_rows_left_on_their_preselected_language_save_nothing(author_client):
    response = author_client.post(ADD, sent_rows([("fr", ""), ("tr", "")]))
    assert response.status_code == 302, errors_of(response)
    assert glossary() == [("optimizer", False, [])]


def test_a_term_kept_as_is_ignores_the_blank_preselected_rows(author_client):
    response = author_client.post(ADD, sent_rows([("fr", ""), ("tr", "")]) | {"term": "NCCL", "keep_as_is": "on"})
    assert response.status_code == 302, errors_of(response)
    assert glossary() == [("NCCL", True, [])]


def test_a_missing_rendering_is_added_on_its_preselected_row(author_client):
    term = GlossaryTerm.objects.create(term="optimizer")
    kept = term.renderings.create(language="tr", rendering="optimize edici")
    data = {"term": "optimizer", "note": "", **management("renderings", 2, initial=1)}
    data |= {
        "renderings-0-id": str(kept.pk),
        "renderings-0-term": str(term.pk),
        "renderings-0-language": "tr",
        "renderings-0-rendering": "optimize edici",
        "renderings-1-term": str(term.pk),
        "renderings-1-language": "fr",
        "renderings-1-rendering": "optimiseur",
    }
    response = author_client.post(reverse("admin:translations_glossaryterm_change", args=[term.pk]), data)
    assert response.status_code == 302, errors_of(response)
    assert glossary() == [("optimizer", False, [("fr", "optimiseur"), ("tr", "optimize edici")])]


def test_a_row_given_another_language_but_no_rendering_asks_for_it(author_client):
    """The author changed the row, so it is not skipped: it needs its rendering."""
    response = author_client.post(ADD, sent_rows([("tr", ""), ("fr", "optimiseur")]))
    assert errors_of(response) == ["This field is required."]
    assert glossary() == []
