"""The translation grid of a quiz in the admin: exact states of the demo content, links to each field on its
language tab, and confirming stale translations one by one or per language."""

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from quizzes.models import Choice, Question, Quiz
from tests.factories import admin_form_data, make_quiz, make_user
from tests.pages import attribute, find, form_values, has_class, own_text
from tests.quizzes.admin_forms import question_change_url
from translations.models import TranslationSource

pytestmark = pytest.mark.django_db

T, M, S = "Translated", "Missing — shown in English", "Stale"
# Read by hand from quizzes/demo/data-parallelism.json: questions 1, 2 and 5 are whole in French and Turkish,
# the five others in English only; the quiz's description and its guide have no Turkish.
TRANSLATED_QUESTIONS = {1, 2, 5}


def demo_rows() -> list[tuple[str, str, str]]:
    """The demo grid's rows as (label, French state, Turkish state), in reading order."""
    expected = [("Quiz · Title", T, T), ("Quiz · Description", T, M)]
    for number in range(1, 9):
        state = T if number in TRANSLATED_QUESTIONS else M
        expected += [(f"Question {number} · Text", state, state), (f"Question {number} · Explanation", state, state)]
        expected += [(f"Question {number} · Choice {letter}", state, state) for letter in "ABCD"]
    expected += [(f"Guide “Data parallelism” · {field}", T, M) for field in ("Title", "Summary", "Body")]
    return expected


def grid_url(quiz: Quiz) -> str:
    return reverse("admin:quizzes_quiz_translations", args=[quiz.pk])


def confirm_url(quiz: Quiz) -> str:
    return reverse("admin:quizzes_quiz_confirm_translations", args=[quiz.pk])


def grid_rows(response) -> list[tuple[str, ...]]:
    """Each grid row as it reads: its label, then the state written in each language's cell."""
    table = find(response.content, has_class("translation-grid"))[0]
    rows = []
    for row in find(table, lambda node: node.name == "tr" and attribute(node, "id")):
        label = own_text(find(row, lambda node: node.name == "th")[0])
        rows.append((label, *(own_text(state) for state in find(row, has_class("translation-state")))))
    return rows


def counts(response) -> dict[str, list[str]]:
    """The counts table: ``{"French": ["23", "30", "0", "0"], …}`` (translated, missing, stale, off glossary)."""
    table = find(response.content, has_class("translation-counts"))[0]
    body = find(table, lambda node: node.name == "tbody")[0]
    return {
        own_text(find(row, lambda node: node.name == "th")[0]): [
            own_text(cell) for cell in find(row, lambda node: node.name == "td")
        ]
        for row in find(body, lambda node: node.name == "tr")
    }


def cell_links(response, row_id: str) -> list[str]:
    row = find(response.content, lambda node: attribute(node, "id") == row_id)[0]
    return [attribute(link, "href") for link in find(row, lambda node: node.name == "a")]


def confirm_buttons(response, quiz: Quiz) -> list[dict]:
    """The values each form confirming ``quiz``'s translations posts, in page order."""
    action = confirm_url(quiz)
    forms = find(response.content, lambda node: node.name == "form" and attribute(node, "action") == action)
    return [{key: value for key, value in form_values(form).items() if key != "csrfmiddlewaretoken"} for form in forms]


def messages_of(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def test_the_demo_grid_counts_each_language_exactly(author_client, demo_quiz):
    response = author_client.get(grid_url(demo_quiz))
    assert response.status_code == 200
    assert counts(response) == {"French": ["23", "30", "0", "0"], "Turkish": ["19", "34", "0", "0"]}


def test_the_demo_grid_shows_each_text_state_exactly(author_client, demo_quiz):
    response = author_client.get(grid_url(demo_quiz))
    assert grid_rows(response) == demo_rows()
    assert confirm_buttons(response, demo_quiz) == []  # nothing stale


@pytest.mark.parametrize(
    ("language", "first", "last"),
    [
        (
            "fr",
            [
                "Quiz · Titre",
                "Quiz · Description",
                "Question 1 · Texte",
                "Question 1 · Explication",
                "Question 1 · Choix A",
            ],
            [f"Guide «\u00a0Parallélisme des données\u00a0» · {name}" for name in ("Titre", "Résumé", "Contenu")],
        ),
        (
            "tr",
            ["Test · Başlık", "Test · Açıklama", "Soru 1 · Metin", "Soru 1 · Açıklama", "Soru 1 · Seçenek A"],
            [f"Rehber “Data parallelism” · {name}" for name in ("Başlık", "Özet", "İçerik")],
        ),
    ],
)
def test_the_grid_labels_name_each_field_capitalized_in_the_language(author_client, demo_quiz, language, first, last):
    """The field's name after "·" starts with a capital, as the admin's field labels do (Turkish "body" is "İçerik",
    which once stood next to "· başlık")."""
    response = author_client.get(grid_url(demo_quiz), headers={"accept-language": language})
    labels = [row[0] for row in grid_rows(response)]
    assert (labels[:5], labels[-3:]) == (first, last)


def test_each_cell_links_to_its_field_on_the_page_that_holds_it(author_client, demo_quiz):
    response = author_client.get(grid_url(demo_quiz))
    question = demo_quiz.questions.get(position=2)
    choice = question.choices.get(position=3)
    guide = demo_quiz.guides.get()
    quiz_page = reverse("admin:quizzes_quiz_change", args=[demo_quiz.pk])
    question_page = question_change_url(question)
    guide_page = reverse("admin:guides_guide_change", args=[guide.pk])
    assert cell_links(response, f"text-quizzes-quiz-{demo_quiz.pk}-description") == [
        f"{quiz_page}#id_description_fr",
        f"{quiz_page}#id_description_tr",
    ]
    assert cell_links(response, f"text-quizzes-question-{question.pk}-explanation") == [
        f"{question_page}#id_explanation_fr",
        f"{question_page}#id_explanation_tr",
    ]
    assert cell_links(response, f"text-quizzes-choice-{choice.pk}-text") == [
        f"{question_page}#id_choices-2-text_fr",
        f"{question_page}#id_choices-2-text_tr",
    ]
    assert cell_links(response, f"text-guides-guide-{guide.pk}-body") == [
        f"{guide_page}#id_body_fr",
        f"{guide_page}#id_body_tr",
    ]


def test_the_linked_field_is_the_choice_named_on_the_question_page(author_client, demo_quiz):
    """The fragment names the input holding that very choice's French text (its index among the page's rows)."""
    question = demo_quiz.questions.get(position=2)
    page = author_client.get(question_change_url(question))
    (field,) = find(page.content, lambda node: attribute(node, "id") == "id_choices-2-text_fr")
    assert (
        attribute(field, "value")
        == question.choices.get(position=3).text_fr
        == ("Scatter, qui divise les données entre les GPU")
    )


def test_the_quiz_page_links_to_its_grid_and_loads_the_script_that_opens_tabs(author_client, demo_quiz):
    page = author_client.get(reverse("admin:quizzes_quiz_change", args=[demo_quiz.pk]))
    tools = find(page.content, has_class("object-tools"))[0]
    assert [(own_text(link), attribute(link, "href")) for link in find(tools, lambda node: node.name == "a")][1] == (
        "Translations",
        grid_url(demo_quiz),
    )
    scripts = [attribute(node, "src") for node in find(page.content, lambda node: node.name == "script")]
    assert "/static/js/admin_open_field.js" in scripts
    assert scripts.index("/static/js/admin_open_field.js") > scripts.index(
        "/static/modeltranslation/js/tabbed_translation_fields.js"
    )


def test_editing_the_english_of_a_translated_question_marks_it_stale_and_confirming_clears_it(author_client, demo_quiz):
    question = demo_quiz.questions.get(position=1)
    data = admin_form_data(author_client.get(question_change_url(question)))
    data["text_en"] = "In standard data parallelism, what does every GPU hold?"
    assert author_client.post(question_change_url(question), data).status_code == 302

    response = author_client.get(grid_url(demo_quiz))
    assert grid_rows(response)[2] == ("Question 1 · Text", S, S)
    assert [row for row in grid_rows(response) if S in row] == [("Question 1 · Text", S, S)]
    assert counts(response) == {"French": ["22", "30", "1", "0"], "Turkish": ["18", "34", "1", "0"]}
    cell = {"model": "quizzes.question", "object_id": str(question.pk), "field": "text"}
    assert confirm_buttons(response, demo_quiz) == [
        {"language": "fr"},
        {"language": "tr"},
        {**cell, "language": "fr"},
        {**cell, "language": "tr"},
    ]

    response = author_client.post(confirm_url(demo_quiz), {**cell, "language": "fr"}, follow=True)
    assert response.redirect_chain == [(f"{grid_url(demo_quiz)}#text-quizzes-question-{question.pk}-text", 302)]
    assert messages_of(response) == ["1 stale translation confirmed."]
    assert grid_rows(response)[2] == ("Question 1 · Text", T, S)
    assert TranslationSource.objects.filter(stale=True).count() == 1


def test_confirming_every_stale_translation_of_a_language_clears_the_quiz_and_its_guide(author_client, demo_quiz):
    question = Question.objects.get(quiz=demo_quiz, position=5)
    question.text_en = "How does DistributedDataParallel hide communication latency?"
    question.explanation_en = "DDP overlaps the all-reduce of gradient buckets with the backward pass."
    question.save()
    choice = Choice.objects.get(question__quiz=demo_quiz, question__position=2, position=1)
    choice.text_en = "Broadcast, which copies one GPU's data to all the others"
    choice.save()
    guide = demo_quiz.guides.get()
    guide.summary_en = "How data parallelism trains one model on many GPUs."
    guide.save()
    response = author_client.get(grid_url(demo_quiz))
    assert counts(response) == {"French": ["19", "30", "4", "0"], "Turkish": ["16", "34", "3", "0"]}

    response = author_client.post(confirm_url(demo_quiz), {"language": "fr"}, follow=True)
    assert response.redirect_chain == [(grid_url(demo_quiz), 302)]
    assert messages_of(response) == ["4 stale translations confirmed."]
    assert counts(response) == {"French": ["23", "30", "0", "0"], "Turkish": ["16", "34", "3", "0"]}

    response = author_client.post(confirm_url(demo_quiz), {"language": "tr"}, follow=True)
    assert messages_of(response) == ["3 stale translations confirmed."]
    assert grid_rows(response) == demo_rows()
    assert TranslationSource.objects.filter(stale=True).count() == 0


def test_confirming_when_nothing_is_stale_says_so(author_client, demo_quiz):
    response = author_client.post(confirm_url(demo_quiz), {"language": "tr"}, follow=True)
    assert messages_of(response) == ["No stale translation to confirm."]


@pytest.fixture
def stale_demo(demo_quiz) -> Quiz:
    """The demo with its first question's text reworded in English: its French and Turkish are stale."""
    question = demo_quiz.questions.get(position=1)
    question.text_en = "In standard data parallelism, what does every GPU hold?"
    question.save()
    return demo_quiz


def cell_of(quiz: Quiz, **changes) -> dict:
    question = quiz.questions.get(position=1)
    return {"model": "quizzes.question", "object_id": str(question.pk), "field": "text", "language": "fr", **changes}


@pytest.mark.parametrize(
    "changes",
    [
        {"language": "en"},
        {"language": "de"},
        {"language": ""},
        {"field": "position"},
        {"field": "nothing"},
        {"model": "auth.user"},
        {"model": "translations.translationsource"},
        {"object_id": "one"},
        {"field": ""},
        {"object_id": ""},
    ],
)
def test_a_confirmation_naming_an_unknown_language_model_or_field_is_refused(author_client, stale_demo, changes):
    response = author_client.post(confirm_url(stale_demo), cell_of(stale_demo, **changes))
    assert response.status_code == 400
    assert TranslationSource.objects.filter(stale=True).count() == 2


def test_a_confirmation_naming_a_text_of_another_quiz_is_not_found(author_client, stale_demo):
    other = make_quiz(slug="other", questions=1)
    question = other.questions.get()
    question.text_fr = "Une question"
    question.save()
    question.text_en = "A reworded question"
    question.save()
    foreign = [
        {"object_id": str(question.pk)},
        {"model": "quizzes.choice", "object_id": str(question.choices.first().pk)},
        {"model": "quizzes.quiz", "object_id": str(other.pk), "field": "title"},
        {"model": "guides.guide", "object_id": "999", "field": "title"},
    ]
    for changes in foreign:
        assert author_client.post(confirm_url(stale_demo), cell_of(stale_demo, **changes)).status_code == 404
    assert TranslationSource.objects.filter(stale=True).count() == 3


def test_the_grid_and_its_confirmation_answer_only_their_methods_and_known_quizzes(author_client, stale_demo):
    assert author_client.post(grid_url(stale_demo)).status_code == 405
    assert author_client.get(confirm_url(stale_demo)).status_code == 405
    assert author_client.get(reverse("admin:quizzes_quiz_translations", args=[999])).status_code == 404
    missing = reverse("admin:quizzes_quiz_confirm_translations", args=[999])
    assert author_client.post(missing, {"language": "fr"}).status_code == 404
    assert TranslationSource.objects.filter(stale=True).count() == 2


def test_viewing_the_grid_needs_view_permission_and_confirming_change_permission(client, stale_demo):
    staff = make_user("staff", is_staff=True)
    client.force_login(staff)
    assert client.get(grid_url(stale_demo)).status_code == 403

    staff.user_permissions.add(Permission.objects.get(codename="view_quiz"))
    client.force_login(staff)
    response = client.get(grid_url(stale_demo))
    assert response.status_code == 200
    assert confirm_buttons(response, stale_demo) == []  # read-only: no confirm button
    assert client.post(confirm_url(stale_demo), {"language": "fr"}).status_code == 403
    assert client.post(confirm_url(stale_demo), cell_of(stale_demo)).status_code == 403
    assert TranslationSource.objects.filter(stale=True).count() == 2


def test_the_grid_needs_a_staff_login(client, demo_quiz):
    response = client.get(grid_url(demo_quiz))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("admin:login"))


def test_the_grid_is_a_table_with_captions_and_headers(author_client, demo_quiz):
    response = author_client.get(grid_url(demo_quiz))
    (table,) = find(response.content, has_class("translation-grid"))
    assert [own_text(node) for node in find(table, lambda node: node.name == "caption")] == [
        "Each text in English and its state in each language"
    ]
    headers = find(table, lambda node: node.name == "th" and attribute(node, "scope") == "col")
    assert [own_text(node) for node in headers] == ["Text", "English", "French", "Turkish"]
    assert len(find(table, lambda node: node.name == "th" and attribute(node, "scope") == "row")) == 53
    frames = find(response.content, has_class("translation-grid-scroll"))  # wide tables scroll in these
    assert [(attribute(frame, "tabindex"), attribute(frame, "aria-labelledby")) for frame in frames] == [
        ("0", "translation-counts-caption"),
        ("0", "translation-grid-caption"),
    ]
