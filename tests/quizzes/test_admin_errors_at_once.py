"""A refused save of the quiz's page (or a question's) reports every error at once: the content rules are checked
even where a question or choice has an error of its own, and a summary at the top lists each error with a link
to where it is shown (quizzes/admin/summary.py). The page says where an author starts: English."""

import pytest
from pytest_django.asserts import assertInHTML

from quizzes.models import Choice, Question, Quiz
from tests.factories import admin_form_data, make_quiz
from tests.pages import attribute, find, has_class
from tests.quizzes.admin_forms import errors_of, new_question, question_change_url, quiz_change_url

pytestmark = pytest.mark.django_db

REQUIRED = "This field is required."
ENGLISH_FIRST = (
    "Write each text in English first: English is required. French and Turkish are optional; where one is empty, "
    "learners read the English."
)


def rows(quiz: Quiz) -> list[tuple]:
    """The quiz's questions and choices as stored, to show that a refused save changed nothing."""
    return [
        *Question.objects.filter(quiz=quiz).values_list("pk", "position", "text_en", "text_fr"),
        *Choice.objects.filter(question__quiz=quiz).values_list("pk", "position", "text_en", "is_correct"),
    ]


def several_errors(author_client, quiz: Quiz) -> dict:
    """The quiz's page as sent after an author's edits with an error in each of four questions: question 1's
    right answer unmarked, question 2's English text emptied, question 3 left with one choice, and a new fourth
    question written in French only, with no right answer."""
    data = admin_form_data(author_client.get(quiz_change_url(quiz)))
    del data["questions-0-choices-0-is_correct"]
    data["questions-1-text_en"] = ""
    for index in (1, 2, 3):
        data[f"questions-2-choices-{index}-DELETE"] = "on"
    data["questions-TOTAL_FORMS"] = "4"
    data.update(new_question(3, {"fr": "Nouvelle ?"}, [({"fr": "Oui"}, False), ({"fr": "Non"}, False)]))
    return data


def by_id(page, element_id: str) -> list:
    """The elements of ``page`` (HTML text or an element) whose id is ``element_id``."""
    return find(page, lambda node: attribute(node, "id") == element_id)


def summary_links(response) -> list[tuple[str | None, str]]:
    """The summary's entries as shown: (the link's target, the text), in order; no target for an entry shown
    at the top itself."""
    (summary,) = find(response.content, has_class("error-summary"))
    entries = []
    for item in find(summary, lambda node: node.name == "li"):
        links = [child for child in item.children if getattr(child, "name", None) == "a"]
        if links:
            entries.append((attribute(links[0], "href"), "".join(str(child) for child in links[0].children)))
        else:
            entries.append((None, "".join(str(child) for child in item.children)))
    return entries


def test_errors_in_four_questions_are_all_reported_in_one_save(author_client):
    quiz = make_quiz(questions=3, published=True)
    before = rows(quiz)
    response = author_client.post(quiz_change_url(quiz), several_errors(author_client, quiz))

    assert response.status_code == 200
    no_correct = "Mark exactly one choice as correct; 0 are marked."
    assert errors_of(response) == [
        "Questions 1, 4 have no correct choice, so the quiz cannot be published. Mark one in each, or unpublish "
        "the quiz.",
        no_correct,
        REQUIRED,
        "A question needs at least 2 choices; it has 1.",
        REQUIRED,
        no_correct,
        REQUIRED,
        REQUIRED,
    ]
    assert rows(quiz) == before


def test_the_summary_links_each_error_of_the_save_to_its_question(author_client):
    quiz = make_quiz(questions=3, published=True)
    response = author_client.post(quiz_change_url(quiz), several_errors(author_client, quiz))

    assertInHTML('<h2 id="error-summary-title">8 errors to correct</h2>', response.content.decode())
    assert summary_links(response) == [
        (
            "#questions-errors",
            "Questions: Questions 1, 4 have no correct choice, so the quiz cannot be published. Mark one in each, "
            "or unpublish the quiz.",
        ),
        ("#questions-0-choices-errors", "Question 1, Choices: Mark exactly one choice as correct; 0 are marked."),
        ("#id_questions-1-text_en", "Question 2, Text [en]: This field is required."),
        ("#questions-2-choices-errors", "Question 3, Choices: A question needs at least 2 choices; it has 1."),
        ("#id_questions-3-text_en", "Question 4, Text [en]: This field is required."),
        ("#questions-3-choices-errors", "Question 4, Choices: Mark exactly one choice as correct; 0 are marked."),
        ("#id_questions-3-choices-0-text_en", "Question 4, Choice 1, Text [en]: This field is required."),
        ("#id_questions-3-choices-1-text_en", "Question 4, Choice 2, Text [en]: This field is required."),
    ]


def test_each_summary_link_leads_to_the_place_that_shows_its_message(author_client):
    """A field's link to its input, whose error list follows it; a rule's link to the list of choices (or of
    questions) that shows the rule's message at its top."""
    quiz = make_quiz(questions=3, published=True)
    response = author_client.post(quiz_change_url(quiz), several_errors(author_client, quiz))
    page = response.content.decode()

    for target, text in summary_links(response):
        anchor, message = target[1:], text.split(": ", 1)[1]
        if anchor.endswith("-errors"):  # the rule's message, at the top of its question's list of choices
            assertInHTML(f'<div id="{anchor}"><ul class="errorlist nonform"><li>{message}</li></ul></div>', page)
            (group,) = by_id(page, anchor.replace("-errors", "-group"))
            assert len(by_id(group, anchor)) == 1
        else:  # a field: its input, described by its error list
            (field,) = by_id(page, anchor)
            assert field.name in ("input", "textarea") and attribute(field, "aria-describedby") == f"{anchor}_error"
            assertInHTML(f'<ul class="errorlist" id="{anchor}_error"><li>{message}</li></ul>', page)


def test_a_rule_is_reported_beside_a_missing_english_text_of_the_same_question(author_client):
    """The round an author met: English choice texts missing and no right answer; both said in the first save."""
    quiz = make_quiz(questions=1, published=False)
    data = admin_form_data(author_client.get(quiz_change_url(quiz)))
    data["questions-TOTAL_FORMS"] = "2"
    data.update(new_question(1, {"en": "New?"}, [({"fr": "Oui"}, False), ({"en": "No"}, False)]))
    response = author_client.post(quiz_change_url(quiz), data)

    assert errors_of(response) == ["Mark exactly one choice as correct; 0 are marked.", REQUIRED]
    assert summary_links(response) == [
        ("#questions-1-choices-errors", "Question 2, Choices: Mark exactly one choice as correct; 0 are marked."),
        ("#id_questions-1-choices-0-text_en", "Question 2, Choice 1, Text [en]: This field is required."),
    ]
    assert quiz.questions.count() == 1


def test_the_summary_is_in_the_authors_language(author_client):
    quiz = make_quiz(questions=2, published=False)
    data = admin_form_data(author_client.get(quiz_change_url(quiz)))
    data["title_en"] = ""
    del data["questions-1-choices-0-is_correct"]
    response = author_client.post(quiz_change_url(quiz), data, headers={"accept-language": "fr"})

    assertInHTML('<h2 id="error-summary-title">2 erreurs à corriger</h2>', response.content.decode())
    assert summary_links(response) == [
        ("#id_title_en", "Titre [en]\u00a0: Ce champ est obligatoire."),
        (
            "#questions-1-choices-errors",
            "Question 2, Choix\u00a0: Marquez exactement un choix comme correct\u00a0; 0 est marqué.",
        ),
    ]


def test_the_questions_own_page_summarizes_its_errors_too(author_client):
    question = make_quiz(questions=1, published=False).questions.get()
    data = admin_form_data(author_client.get(question_change_url(question)))
    data["text_en"] = ""
    del data["choices-0-is_correct"]
    response = author_client.post(question_change_url(question), data)

    assert summary_links(response) == [
        ("#id_text_en", "Text [en]: This field is required."),
        ("#choices-errors", "Choices: Mark exactly one choice as correct; 0 are marked."),
    ]


@pytest.mark.parametrize(
    ("language", "note"),
    [
        ("en", ENGLISH_FIRST),
        (
            "tr",
            "Her metni önce İngilizce yazın: İngilizce zorunludur. Fransızca ve Türkçe isteğe bağlıdır; boş "
            "bırakılanın yerine öğrenciler İngilizcesini okur.",
        ),
    ],
)
def test_the_editor_says_where_an_author_starts(author_client, language, note):
    quiz = make_quiz(questions=1)
    for address in ("/admin/quizzes/quiz/add/", quiz_change_url(quiz), question_change_url(quiz.questions.get())):
        response = author_client.get(address, headers={"accept-language": language})
        assertInHTML(f'<p class="help english-first">{note}</p>', response.content.decode())
        assert find(response.content, has_class("error-summary")) == []
