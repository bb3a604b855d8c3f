"""The editor's settings and kinds: a quiz's shuffling and pass mark, a question's kind, a choice's pin, and a
true-or-false question written without typing "True" or "False" (quizzes/admin/forms.py, KindForm and
ChoiceInlineFormSet); each rule refused at its question with the rules' message (quizzes/rules.py)."""

import pytest
from pytest_django.asserts import assertInHTML

from quizzes.answering import answer_submit
from quizzes.models import Choice, Question, Quiz
from quizzes.services import attempt_start
from tests.factories import admin_form_data, answer_quiz, make_kinds_quiz, make_quiz, make_user
from tests.pages import find, has_class, own_text
from tests.quizzes.admin_forms import errors_of, new_question, question_change_url, quiz_change_url
from tests.quizzes.test_admin_errors_at_once import summary_links

pytestmark = pytest.mark.django_db

PASS_MARK_ERROR = "Enter the pass mark as a whole percentage from 1 to 100, or leave it empty for no pass mark."
NO_RIGHT_CHOICE = "Mark at least one choice as correct: a question with several right answers needs one."
ALL_RIGHT = (
    "Not every choice can be correct: leave at least one unmarked, or learners could tick them all without reading."
)
SITE_ROWS_TRUE = [("true", 1, True, True, "", None), ("false", 2, False, True, "", None)]


def quiz_data(author_client, quiz: Quiz) -> dict:
    return admin_form_data(author_client.get(quiz_change_url(quiz)))


def choice_rows(question: Question) -> list[tuple]:
    return list(question.choices.values_list("key", "position", "is_correct", "pinned", "text_en", "text_fr"))


def settings_of(quiz: Quiz) -> tuple:
    quiz.refresh_from_db()
    return (quiz.shuffle_choices, quiz.shuffle_questions, quiz.pass_mark)


# --- The quiz's settings ------------------------------------------------------------------------------------


def test_the_quizs_shuffling_and_pass_mark_are_saved(author_client):
    quiz = make_quiz(questions=1, shuffle_choices=True, shuffle_questions=False)
    data = quiz_data(author_client, quiz)
    del data["shuffle_choices"]
    data.update({"shuffle_questions": "on", "pass_mark": "70"})
    response = author_client.post(quiz_change_url(quiz), data)
    assert response.status_code == 302, errors_of(response)
    assert settings_of(quiz) == (False, True, 70)


def test_an_emptied_pass_mark_means_none(author_client):
    quiz = make_quiz(questions=1, pass_mark=50)
    data = quiz_data(author_client, quiz)
    data["pass_mark"] = ""
    author_client.post(quiz_change_url(quiz), data)
    assert settings_of(quiz)[2] is None


@pytest.mark.parametrize("typed", ["0", "101", "-5", "50.5", "half", "99999999999999999999"])
def test_a_pass_mark_that_is_no_percentage_from_1_to_100_is_refused_with_one_clear_message(author_client, typed):
    quiz = make_quiz(questions=1, pass_mark=50)
    data = quiz_data(author_client, quiz)
    data["pass_mark"] = typed
    response = author_client.post(quiz_change_url(quiz), data)
    assert response.status_code == 200
    assert errors_of(response) == [PASS_MARK_ERROR]
    assert summary_links(response) == [("#id_pass_mark", f"Pass mark (%): {PASS_MARK_ERROR}")]
    assert settings_of(quiz)[2] == 50


def test_the_pass_mark_error_is_in_french(author_client):
    quiz = make_quiz(questions=1)
    data = quiz_data(author_client, quiz)
    data["pass_mark"] = "120"
    response = author_client.post(quiz_change_url(quiz), data, headers={"accept-language": "fr"})
    assert errors_of(response) == [
        "Saisissez le seuil de réussite en pourcentage entier de 1 à 100, ou laissez-le vide pour ne pas en fixer."
    ]


# --- Kinds and pins -----------------------------------------------------------------------------------------


def test_a_multiple_answer_question_with_two_right_choices_and_a_pin_is_saved(author_client):
    quiz = make_quiz(questions=1, published=True)
    data = quiz_data(author_client, quiz)
    data["questions-TOTAL_FORMS"] = "2"
    choices = [({"en": "2"}, True), ({"en": "3"}, False), ({"en": "8"}, True), ({"en": "None of these"}, False)]
    data.update(new_question(1, {"en": "Which are even?"}, choices, kind="multiple"))
    data["questions-1-choices-3-pinned"] = "on"
    response = author_client.post(quiz_change_url(quiz), data)
    assert response.status_code == 302, errors_of(response)
    question = quiz.questions.get(position=2)
    assert question.kind == "multiple"
    assert list(question.choices.values_list("position", "text_en", "is_correct", "pinned")) == [
        (1, "2", True, False),
        (2, "3", False, False),
        (3, "8", True, False),
        (4, "None of these", False, True),
    ]


@pytest.mark.parametrize(
    ("marked", "message"),
    [([], NO_RIGHT_CHOICE), ([0, 1, 2, 3], ALL_RIGHT)],
    ids=["no right choice", "every choice right"],
)
def test_a_multiple_answer_question_is_refused_at_that_question(author_client, marked, message):
    quiz = make_quiz(questions=3, published=False)
    data = quiz_data(author_client, quiz)
    data["questions-1-kind"] = "multiple"
    for index in range(4):
        data.pop(f"questions-1-choices-{index}-is_correct", None)
        if index in marked:
            data[f"questions-1-choices-{index}-is_correct"] = "on"
    response = author_client.post(quiz_change_url(quiz), data)

    assert errors_of(response) == [message]
    assertInHTML(
        f'<div id="questions-1-choices-errors"><ul class="errorlist nonform"><li>{message}</li></ul></div>',
        response.content.decode(),
    )
    assert summary_links(response) == [("#questions-1-choices-errors", f"Question 2, Choices: {message}")]
    assert list(quiz.questions.values_list("kind", flat=True)) == ["single", "single", "single"]


def test_changing_the_right_choices_of_an_answered_multiple_answer_question_is_refused(author_client):
    quiz = make_kinds_quiz(shuffle_questions=False)
    first, question = quiz.questions.get(position=1), quiz.questions.get(position=2)
    attempt = attempt_start(learner=make_user(), quiz=quiz, language="en")
    answer_submit(attempt=attempt, question=first, choice=first.choices.get(position=3))
    answer_submit(attempt=attempt, question=question, choices=[question.choices.get(position=1)])
    data = quiz_data(author_client, quiz)
    del data["questions-1-choices-2-is_correct"]
    response = author_client.post(quiz_change_url(quiz), data)
    assert errors_of(response) == [
        "Learners have already answered question 2, so its correct choices cannot change: their scores were given "
        "against them. Add a new question instead, or fix the wording of the choices."
    ]


# --- True or false ------------------------------------------------------------------------------------------


def test_a_true_or_false_question_is_written_without_typing_true_or_false(author_client):
    quiz = make_quiz(questions=1, published=True)
    data = quiz_data(author_client, quiz)
    data["questions-TOTAL_FORMS"] = "2"
    data.update(new_question(1, {"en": "Zero is even."}, [], kind="true_false", statement="true"))
    response = author_client.post(quiz_change_url(quiz), data)
    assert response.status_code == 302, errors_of(response)
    question = quiz.questions.get(position=2)
    assert (question.kind, question.text_en) == ("true_false", "Zero is even.")
    assert choice_rows(question) == SITE_ROWS_TRUE


def test_the_page_shows_the_statement_as_true_or_false_in_the_authors_language(author_client):
    quiz = make_kinds_quiz()
    page = author_client.get(quiz_change_url(quiz), headers={"accept-language": "fr"}).content.decode()
    assertInHTML(
        '<label for="id_questions-2-statement_0"><input type="radio" name="questions-2-statement" value="true" '
        'id="id_questions-2-statement_0" checked>Vrai</label>',
        page,
    )
    assertInHTML(
        '<label for="id_questions-2-statement_1"><input type="radio" name="questions-2-statement" value="false" '
        'id="id_questions-2-statement_1">Faux</label>',
        page,
    )
    assertInHTML(
        '<input type="radio" name="questions-2-kind" value="true_false" id="id_questions-2-kind_2" checked>', page
    )


def test_the_statement_can_be_made_false_and_the_sites_choices_follow(author_client):
    quiz = make_kinds_quiz()
    question = quiz.questions.get(position=3)
    pks = list(question.choices.values_list("pk", flat=True))
    data = quiz_data(author_client, quiz)
    data["questions-2-statement"] = "false"
    response = author_client.post(quiz_change_url(quiz), data)
    assert response.status_code == 302, errors_of(response)
    assert choice_rows(question) == [("true", 1, False, True, "", None), ("false", 2, True, True, "", None)]
    assert list(question.choices.values_list("pk", flat=True)) == pks


def test_a_true_or_false_question_without_its_answer_is_refused_at_that_question(author_client):
    quiz = make_quiz(questions=1, published=False)
    data = quiz_data(author_client, quiz)
    data["questions-TOTAL_FORMS"] = "2"
    data.update(new_question(1, {"en": "Zero is even."}, [], kind="true_false"))
    response = author_client.post(quiz_change_url(quiz), data)
    assert errors_of(response) == ["Say whether the statement is true or false."]
    assert summary_links(response) == [
        ("#id_questions-1-statement", "Question 2, The statement is: Say whether the statement is true or false.")
    ]
    assert quiz.questions.count() == 1


def test_switching_a_question_to_true_or_false_replaces_its_choices_whatever_was_typed_in_them(author_client):
    quiz = make_quiz(questions=2, published=True)
    data = quiz_data(author_client, quiz)
    data.update({"questions-1-kind": "true_false", "questions-1-statement": "false"})
    data["questions-1-choices-0-text_en"] = ""  # a choice the site removes: not checked
    response = author_client.post(quiz_change_url(quiz), data)
    assert response.status_code == 302, errors_of(response)
    question = quiz.questions.get(position=2)
    assert question.kind == "true_false"
    assert choice_rows(question) == [("true", 1, False, True, "", None), ("false", 2, True, True, "", None)]
    assert Choice.objects.filter(question__quiz=quiz).count() == 4 + 2


@pytest.mark.parametrize(
    ("language", "place", "message"),
    [
        (
            "en",
            "Question 1, Kind",
            "Learners have already answered question 1, so it cannot become a true-or-false question: its choices "
            "would be removed, and their answers point at them. Add a new true-or-false question instead, or "
            "unpublish the quiz.",
        ),
        (
            "fr",
            "Question 1, Type",
            "Des apprenants ont déjà répondu à la question 1, elle ne peut donc pas devenir une question vrai ou "
            "faux\u00a0: ses choix seraient supprimés, alors que leurs réponses y renvoient. Ajoutez plutôt une "
            "nouvelle question vrai ou faux, ou dépubliez le quiz.",
        ),
    ],
)
def test_switching_an_answered_question_to_true_or_false_is_refused_at_its_kind(
    author_client, language, place, message
):
    """The kind switch is what is refused, said at the kind (the choices' list is hidden for a true-or-false
    question): not the removal of choices the author never touched."""
    quiz = make_quiz(questions=2)
    answer_quiz(make_user(), quiz, picks=[2])
    data = quiz_data(author_client, quiz)
    data.update({"questions-0-kind": "true_false", "questions-0-statement": "true"})
    response = author_client.post(quiz_change_url(quiz), data, headers={"accept-language": language})
    assert errors_of(response) == [message]
    separator = "\u00a0: " if language == "fr" else ": "
    assert summary_links(response) == [("#id_questions-0-kind", f"{place}{separator}{message}")]
    question = quiz.questions.get(position=1)
    assert (question.kind, question.choices.count()) == ("single", 4)


def test_switching_an_answered_question_to_true_or_false_is_refused_on_the_questions_own_page(author_client):
    quiz = make_quiz(questions=1)
    answer_quiz(make_user(), quiz, picks=[2])
    question = quiz.questions.get()
    data = admin_form_data(author_client.get(question_change_url(question)))
    data.update({"kind": "true_false", "statement": "false"})
    response = author_client.post(question_change_url(question), data)
    assert errors_of(response) == [
        "Learners have already answered question 1, so it cannot become a true-or-false question: its choices "
        "would be removed, and their answers point at them. Add a new true-or-false question instead, or "
        "unpublish the quiz."
    ]
    assert (question.kind, question.choices.count()) == ("single", 4)


@pytest.mark.parametrize("statement", [None, "maybe"], ids=["left empty", "forged"])
@pytest.mark.parametrize(
    ("language", "place", "message"),
    [
        ("en", "Question 2, The statement is: ", "Say whether the statement is true or false."),
        ("fr", "Question 2, L’affirmation est\u00a0: ", "Indiquez si l’affirmation est vraie ou fausse."),
    ],
)
def test_a_published_quiz_with_a_true_or_false_question_without_its_answer_says_only_that(
    author_client, language, place, message, statement
):
    """Not also "Question 2 has no correct choice… Mark one": there is no choice to mark."""
    quiz = make_quiz(questions=1, published=True)
    data = quiz_data(author_client, quiz)
    data["questions-TOTAL_FORMS"] = "2"
    data.update(new_question(1, {"en": "Zero is even."}, [], kind="true_false", statement=statement))
    response = author_client.post(quiz_change_url(quiz), data, headers={"accept-language": language})
    assert errors_of(response) == [message]
    assert summary_links(response) == [("#id_questions-1-statement", place + message)]
    assert quiz.questions.count() == 1


def test_a_true_or_false_question_is_written_on_the_questions_own_page_too(author_client):
    question = make_quiz(questions=1, published=False).questions.get()
    data = admin_form_data(author_client.get(question_change_url(question)))
    data.update({"kind": "true_false", "statement": "true"})
    response = author_client.post(question_change_url(question), data)
    assert response.status_code == 302, errors_of(response)
    question.refresh_from_db()
    assert question.kind == "true_false"
    assert choice_rows(question) == SITE_ROWS_TRUE


def test_a_page_sent_without_kinds_keeps_each_questions_kind(author_client):
    """A page opened before the kinds existed, saved after: no kind is sent, and none changes."""
    quiz = make_kinds_quiz()
    data = {key: value for key, value in quiz_data(author_client, quiz).items() if not key.endswith("-kind")}
    response = author_client.post(quiz_change_url(quiz), data)
    assert response.status_code == 302, errors_of(response)
    assert list(quiz.questions.values_list("kind", flat=True)) == ["single", "multiple", "true_false"]


# --- Wording ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "add_links", "kind_help", "position_help"),
    [
        (
            "fr",
            {"Ajouter une autre question", "Ajouter un autre choix"},
            "Plusieurs bonnes réponses\u00a0: les apprenants cochent tous les bons choix («\u00a0Cochez toutes les "
            "bonnes réponses.\u00a0») et n’ont juste que s’ils les cochent tous. Vrai ou faux\u00a0: écrivez "
            "l’affirmation comme texte\u00a0; le site écrit lui-même les deux choix.",
            "Détermine l’ordre\u00a0; laissé vide, l’élément passe en dernier. Les numéros deviennent 1, 2, 3… à "
            "l’enregistrement.",
        ),
        (
            "tr",
            {"Başka bir soru ekle", "Başka bir seçenek ekle"},
            "Birden çok doğru cevap: öğrenciler doğru seçeneklerin hepsini işaretler (“Uygun olanların tümünü "
            "seçin.”) ve ancak hepsini işaretlerlerse doğru cevap vermiş sayılır. Doğru mu yanlış mı: ifadeyi "
            "metin olarak yazın; iki seçeneği site kendisi yazar.",
            "Sırayı belirler; boş bırakılırsa sona eklenir. Kaydederken 1, 2, 3… diye numaralandırılır.",
        ),
    ],
)
def test_the_editor_reads_naturally_in_french_and_turkish(author_client, language, add_links, kind_help, position_help):
    page = author_client.get(quiz_change_url(make_kinds_quiz()), headers={"accept-language": language}).content
    assert {own_text(link) for link in find(page, has_class("djn-add-handler"))} == add_links
    helps = {own_text(text) for help in find(page, has_class("help")) for text in [help, *find(help, bool)]}
    assert {kind_help, position_help} <= helps
