"""Each text limit is written once, on its model field, and the admin, quiz files and PO files apply it alike:
a quiz saved in the admin at every limit exports and imports again unchanged, and what one refuses the others
refuse too."""

import pytest
from modeltranslation.utils import build_localized_fieldname

from guides.models import MAX_GUIDES_PER_QUIZ, Guide
from quizzes.content import MAX_FILE_BYTES, ContentError, quiz_dump, quiz_export, quiz_import, quiz_parse
from quizzes.models import Choice, Question, Quiz
from quizzes.rules import MAX_CHOICES, MAX_QUESTIONS
from tests.factories import admin_form_data, make_quiz
from tests.quizzes.admin_forms import LANGUAGE_CODES, browser_form_data, errors_of, post_as_browser, quiz_change_url
from tests.quizzes.test_admin_long_quiz import rewritten
from tests.translations.helpers import export
from translations.po import context_of
from translations.po_import import po_import

pytestmark = pytest.mark.django_db

# The widest character: 4 bytes in UTF-8, and in a quiz file.
WIDE = "😀"


def limit(model, field: str) -> int:
    return model._meta.get_field(field).max_length


def at_limit(tag: str, maximum: int) -> str:
    """``tag`` padded with wide characters to exactly ``maximum`` characters."""
    return tag + WIDE * (maximum - len(tag))


def test_the_limits_are_the_model_fields(db):
    limits = {
        (model.__name__, field): limit(model, field)
        for model, field in [
            (Quiz, "title"),
            (Quiz, "description"),
            (Question, "text"),
            (Question, "explanation"),
            (Choice, "text"),
            (Guide, "title"),
            (Guide, "summary"),
            (Guide, "body"),
        ]
    }
    assert limits == {
        ("Quiz", "title"): 200,
        ("Quiz", "description"): 2_000,
        ("Question", "text"): 1_000,
        ("Question", "explanation"): 2_000,
        ("Choice", "text"): 500,
        ("Guide", "title"): 200,
        ("Guide", "summary"): 300,
        ("Guide", "body"): 100_000,
    }
    # Each language's field carries the limit, which is what every form, file and PO entry is checked against.
    assert {limit(Question, build_localized_fieldname("text", code)) for code in LANGUAGE_CODES} == {1_000}


def test_a_quiz_saved_in_the_admin_at_every_limit_exports_and_imports_again_unchanged(author_client):
    guides = [
        Guide.objects.create(
            slug=at_limit(f"guide-{number}-", 100).replace(WIDE, "x"),
            **{
                build_localized_fieldname(field, code): at_limit(f"G{number} {field} {code} ", limit(Guide, field))
                for field in ("title", "summary", "body")
                for code in LANGUAGE_CODES
            },
        )
        for number in range(MAX_GUIDES_PER_QUIZ)
    ]
    quiz = make_quiz(slug="x" * 100, questions=MAX_QUESTIONS, choices=MAX_CHOICES)
    url = quiz_change_url(quiz)
    limits = {"text": limit(Question, "text"), "explanation": limit(Question, "explanation"), "choice": 500}
    pairs = rewritten(
        browser_form_data(author_client.get(url)),
        lambda question, field, choice, code: at_limit(f"Q{question} {field} {choice} {code} ", limits[field]),
    )
    own = {f"{field}_{code}": (field, code) for field in ("title", "description") for code in LANGUAGE_CODES}
    pairs = [
        (name, at_limit(f"{own[name][0]} {own[name][1]} ", limit(Quiz, own[name][0])) if name in own else value)
        for name, value in pairs
        if name != "guides"
    ] + [("guides", str(guide.pk)) for guide in guides]
    response = post_as_browser(author_client, url, pairs)
    assert response.status_code == 302, errors_of(response)[:3]

    quiz.refresh_from_db()
    data = quiz_export(quiz)
    assert len(data["quiz"]["questions"]) == MAX_QUESTIONS
    assert {len(question["choices"]) for question in data["quiz"]["questions"]} == {MAX_CHOICES}
    assert data["quiz"]["questions"][99]["text"]["tr"] == at_limit("Q99 text None tr ", 1_000)
    assert data["quiz"]["questions"][99]["choices"][5]["text"]["fr"] == at_limit("Q99 choice 5 fr ", 500)
    assert data["quiz"]["description"]["tr"] == at_limit("description tr ", 2_000)
    assert len(data["guides"]) == MAX_GUIDES_PER_QUIZ
    text = quiz_dump(data)
    assert len(text.encode()) <= MAX_FILE_BYTES

    assert quiz_import(quiz_parse(text)).changed is False
    quiz.delete()
    result = quiz_import(quiz_parse(text))
    assert (result.created, result.guides_created, result.guides_changed) == (True, (), ())
    assert quiz_export(result.quiz) == data


def test_a_150000_character_question_is_refused_by_the_admin_with_the_limit(author_client):
    quiz = make_quiz(questions=2)
    url = quiz_change_url(quiz)
    data = admin_form_data(author_client.get(url))
    data["questions-1-text_fr"] = "x" * 150_000
    response = author_client.post(url, data)
    assert response.status_code == 200
    assert errors_of(response) == ["Ensure this value has at most 1000 characters (it has 150000)."]
    assert Question.objects.get(quiz=quiz, position=2).text_fr is None


@pytest.mark.parametrize(
    ("model", "field", "admin_field", "file_path"),
    [
        (Quiz, "title", "title_fr", "quiz.title.fr"),
        (Quiz, "description", "description_fr", "quiz.description.fr"),
        (Question, "text", "questions-0-text_fr", "quiz.questions[0].text.fr"),
        (Question, "explanation", "questions-0-explanation_fr", "quiz.questions[0].explanation.fr"),
        (Choice, "text", "questions-0-choices-1-text_fr", "quiz.questions[0].choices[1].text.fr"),
    ],
)
def test_the_admin_a_quiz_file_and_a_po_file_refuse_one_character_over_the_limit(
    author_client, model, field, admin_field, file_path
):
    quiz = make_quiz(questions=1, description="A quiz.")
    maximum = limit(model, field)
    too_long = "é" * (maximum + 1)
    url = quiz_change_url(quiz)

    data = admin_form_data(author_client.get(url))
    data[admin_field] = too_long
    response = author_client.post(url, data)
    assert errors_of(response) == [f"Ensure this value has at most {maximum} characters (it has {maximum + 1})."]

    file = quiz_export(quiz)
    place = file["quiz"]
    for step in file_path.removeprefix("quiz.").removesuffix(".fr").replace("]", "").split("."):
        name, _bracket, index = step.partition("[")
        place = place[name][int(index)] if index else place[name]
    place["fr"] = too_long
    with pytest.raises(ContentError) as refusal:
        quiz_import(file)
    assert str(refusal.value) == f"{file_path}: at most {maximum} characters; this text has {maximum + 1}"
    place["fr"] = too_long[:maximum]
    assert quiz_import(file).changed is True

    instance = {
        Quiz: quiz,
        Question: quiz.questions.first(),
        Choice: Choice.objects.filter(question__quiz=quiz).order_by("position")[1],
    }[model]
    model.objects.filter(pk=instance.pk).update(**{f"{field}_fr": None})
    po, _report = export("--language", "fr")
    (entry,) = [entry for entry in po if entry.msgctxt == context_of(instance, field)]
    entry.msgstr = too_long
    result = po_import(po)
    assert [refusal.reason for refusal in result.refused] == [
        f"Ensure this value has at most {maximum} characters (it has {maximum + 1})."
    ]
    assert getattr(model.objects.get(pk=instance.pk), f"{field}_fr") is None
