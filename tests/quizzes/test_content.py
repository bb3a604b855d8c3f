"""Quizzes as files: export, import, and the demo content."""

import copy
import json

import pytest
from django.core.management import CommandError, call_command

from guides.models import Guide
from quizzes.content import (
    DEMO_FILE,
    ContentError,
    quiz_create_from_data,
    quiz_dump,
    quiz_export,
    quiz_import,
    read_quiz_file,
)
from quizzes.models import Choice, Question, Quiz
from tests.factories import answer_quiz, make_guide, make_quiz, make_user

pytestmark = pytest.mark.django_db


def database_rows() -> dict:
    """Every content row with every column, to show that something changed nothing."""
    return {
        model.__name__: list(model.objects.order_by("pk").values())
        for model in (Guide, Quiz, Quiz.guides.through, Question, Choice)
    }


def test_export_of_the_demo_quiz_is_the_demo_file_byte_for_byte(demo_quiz):
    assert quiz_dump(quiz_export(demo_quiz)) == DEMO_FILE.read_text(encoding="utf-8")


def test_export_command_writes_letters_as_letters_to_standard_output(demo_quiz, capsys):
    call_command("export_quiz", "data-parallelism")
    output = capsys.readouterr().out
    assert output == DEMO_FILE.read_text(encoding="utf-8")
    assert "Parallélisme des données" in output
    assert "\\u" not in output


def test_export_command_writes_a_file(demo_quiz, tmp_path):
    target = tmp_path / "quiz.json"
    call_command("export_quiz", "data-parallelism", "-o", str(target))
    assert target.read_bytes() == DEMO_FILE.read_bytes()


def test_export_of_an_unknown_quiz_is_refused():
    with pytest.raises(CommandError, match="There is no quiz “nope”."):
        call_command("export_quiz", "nope")


def test_export_then_import_into_an_empty_site_round_trips_exactly():
    guide = make_guide(slug="g", title="Guide", title_tr="Rehber", summary_fr="Résumé", ordering=4)
    quiz = make_quiz(slug="q", title="Quiz", title_tr="İstanbul testi", difficulty="hard", description_fr="Où ?")
    quiz.guides.add(guide)
    Question.objects.filter(quiz=quiz, position=2).update(text_fr="Deuxième", explanation_tr="Çünkü")
    exported = quiz_export(quiz)
    Quiz.objects.all().delete()
    Guide.objects.all().delete()

    imported, created = quiz_import(json.loads(quiz_dump(exported)))

    assert created is True
    assert quiz_export(imported) == exported
    assert exported["quiz"]["title"] == {"en": "Quiz", "fr": None, "tr": "İstanbul testi"}
    assert exported["guides"][0]["summary"] == {"en": None, "fr": "Résumé", "tr": None}


def test_importing_the_same_file_twice_changes_nothing(demo_quiz):
    data = read_quiz_file(DEMO_FILE)
    before = database_rows()
    quiz, created = quiz_import(data)
    assert (quiz.pk, created) == (demo_quiz.pk, False)
    assert database_rows() == before


def test_import_updates_texts_and_adds_and_removes_questions_in_place(demo_quiz):
    data = read_quiz_file(DEMO_FILE)
    question_pks = dict(demo_quiz.questions.values_list("position", "pk"))
    data["quiz"]["title"]["tr"] = "Veri paralelliği"
    data["quiz"]["questions"][0]["explanation"]["fr"] = "Nouvelle explication"
    data["quiz"]["questions"][0]["choices"][0]["is_correct"] = False
    data["quiz"]["questions"][0]["choices"][3]["is_correct"] = True
    del data["quiz"]["questions"][7]
    data["quiz"]["questions"].append(copy.deepcopy(data["quiz"]["questions"][0]) | {"position": 9})

    quiz, created = quiz_import(data)

    assert created is False
    assert quiz_export(quiz) == data
    assert dict(quiz.questions.filter(position__lte=7).values_list("position", "pk")) == {
        position: pk for position, pk in question_pks.items() if position <= 7
    }
    assert list(quiz.questions.values_list("position", flat=True)) == [1, 2, 3, 4, 5, 6, 7, 9]


def test_load_demo_never_overwrites_edits(demo_quiz):
    Quiz.objects.filter(pk=demo_quiz.pk).update(title_en="Edited by an author")
    Guide.objects.filter(slug="data-parallelism").update(title_en="Edited guide")
    quiz, created = quiz_create_from_data(read_quiz_file(DEMO_FILE))
    assert (quiz.pk, created) == (demo_quiz.pk, False)
    assert Quiz.objects.get().title_en == "Edited by an author"
    assert Guide.objects.get().title_en == "Edited guide"


def test_import_command_reports_creation(tmp_path, capsys):
    call_command("import_quiz", str(DEMO_FILE))
    assert capsys.readouterr().out == f"Created the quiz “data-parallelism” from {DEMO_FILE}.\n"
    assert Quiz.objects.get().questions.count() == 8


def test_import_command_names_the_shared_guides_it_changes(demo_quiz, tmp_path, capsys):
    data = read_quiz_file(DEMO_FILE)
    data["quiz"]["slug"] = "another-quiz"
    data["guides"][0]["title"]["tr"] = "Veri paralelliği"
    call_command("import_quiz", str(write(tmp_path, json.dumps(data))))
    assert capsys.readouterr().out.splitlines()[1:] == [
        "Updated the guide “data-parallelism”: every quiz linked to it shows the change."
    ]
    assert Guide.objects.get().title_tr == "Veri paralelliği"


def test_empty_translations_are_stored_as_null_and_never_collide():
    data = read_quiz_file(DEMO_FILE)
    data["quiz"]["questions"][0]["text"]["tr"] = ""
    quiz, _created = quiz_import(data)
    assert Question.objects.filter(quiz=quiz, text_tr__isnull=True).count() == 6
    assert Question.objects.filter(quiz=quiz, text_tr="").count() == 0
    assert Choice.objects.filter(question__quiz=quiz, text_fr__isnull=True).count() == 20


# --- Refusals: nothing is written ---------------------------------------------------------------------------


def write(tmp_path, text: str):
    path = tmp_path / "quiz.json"
    path.write_text(text, encoding="utf-8")
    return path


def test_malformed_json_is_refused_with_its_line_and_changes_nothing(demo_quiz, tmp_path):
    lines = DEMO_FILE.read_text(encoding="utf-8").splitlines()
    broken = DEMO_FILE.read_text(encoding="utf-8").replace('"difficulty": "medium",', '"difficulty": "medium",,')
    line = next(number for number, content in enumerate(lines, start=1) if '"difficulty"' in content)
    before = database_rows()
    with pytest.raises(CommandError) as refusal:
        call_command("import_quiz", str(write(tmp_path, broken)))
    assert str(refusal.value) == (
        f"{tmp_path / 'quiz.json'}: line {line}, column 28: "
        "Expecting property name enclosed in double quotes (not valid JSON)"
    )
    assert database_rows() == before


def test_a_file_that_is_not_utf8_is_refused(tmp_path):
    path = tmp_path / "quiz.json"
    path.write_bytes('{"format": "quizsite-quiz", "x": "é"}'.encode("latin-1"))
    with pytest.raises(CommandError, match="byte 34: the file is not UTF-8 text"):
        call_command("import_quiz", str(path))


def assert_import_refused(data: dict, message: str) -> None:
    """Importing ``data`` raises a ContentError whose text starts with ``message``, and writes nothing."""
    before = database_rows()
    with pytest.raises(ContentError) as refusal:
        quiz_import(data)
    assert str(refusal.value).startswith(message)
    assert database_rows() == before


def bad(data: dict, change) -> dict:
    data = copy.deepcopy(data)
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="other"), "format: expected “quizsite-quiz”"),
        (lambda d: d.update(version=2), "version: this site reads version 1"),
        (lambda d: d["quiz"].pop("title"), "quiz.title: missing"),
        (lambda d: d["quiz"].update(colour="red"), "quiz.colour: unknown field"),
        (
            lambda d: d["quiz"].update(difficulty="extreme"),
            "quiz.difficulty: expected one of easy, medium, hard",
        ),
        (lambda d: d["quiz"].update(published="yes"), "quiz.published: expected true or false"),
        (lambda d: d["quiz"].update(slug="not a slug"), "quiz.slug: Enter a valid “slug”"),
        (
            lambda d: d["quiz"]["title"].update(en=None),
            "quiz.title.en: required: every text is written in English first",
        ),
        (
            lambda d: d["quiz"]["title"].update(de="Quiz"),
            "quiz.title.de: unknown language (expected one of en, fr, tr)",
        ),
        (lambda d: d["quiz"]["title"].update(fr=3), "quiz.title.fr: expected text or null"),
        (
            lambda d: d["quiz"]["title"].update(tr="x" * 201),
            "quiz.title.tr: Ensure this value has at most 200 characters (it has 201).",
        ),
        (
            lambda d: d["quiz"]["guides"].append("missing-guide"),
            "quiz.guides[1]: no guide “missing-guide” in this file or on the site",
        ),
        (
            lambda d: d["quiz"]["questions"][3]["choices"][1]["text"].update(en=""),
            "quiz.questions[3].choices[1].text.en: required: every text is written in English first",
        ),
        (
            lambda d: [c.update(is_correct=False) for c in d["quiz"]["questions"][2]["choices"]],
            "quiz.questions[2].choices: exactly one choice must be correct, but 0 are",
        ),
        (
            lambda d: [c.update(is_correct=True) for c in d["quiz"]["questions"][2]["choices"]],
            "quiz.questions[2].choices: exactly one choice must be correct, but 4 are",
        ),
        (
            lambda d: d["quiz"]["questions"][5].update(choices=d["quiz"]["questions"][5]["choices"][:1]),
            "quiz.questions[5].choices: a question needs at least two choices",
        ),
        (
            lambda d: d["quiz"]["questions"][4].update(position=2),
            "quiz.questions[4].position: position 2 is used twice",
        ),
        (
            lambda d: d["quiz"]["questions"][0]["choices"][2].update(position=0),
            "quiz.questions[0].choices[2].position: must be 1 or more",
        ),
        (
            lambda d: d["quiz"].update(questions=[]),
            "quiz.published: a published quiz needs at least one question",
        ),
        (
            lambda d: d["quiz"]["questions"][1].update(position=1001),
            "quiz.questions[1].position: must be 1000 or less",
        ),
        (
            lambda d: d["quiz"]["questions"][0]["choices"][0].update(position=2_147_483_648),
            "quiz.questions[0].choices[0].position: must be 1000 or less",
        ),
        (
            lambda d: d["quiz"]["questions"][6]["text"].update(en="Bad\x00text"),
            "quiz.questions[6].text.en: contains a NUL character (\\u0000)",
        ),
        (lambda d: d["guides"][0].update(ordering=2_147_483_648), "guides[0].ordering: must be 2147483647 or less"),
        (lambda d: d["guides"][0].update(ordering="first"), "guides[0].ordering: expected a whole number"),
        (
            lambda d: d["guides"].append(copy.deepcopy(d["guides"][0])),
            "guides[1].slug: guide “data-parallelism” appears twice",
        ),
    ],
)
def test_a_bad_value_anywhere_is_refused_naming_its_field_and_changes_nothing(demo_quiz, change, message):
    assert_import_refused(bad(read_quiz_file(DEMO_FILE), change), message)


def test_a_bad_value_late_in_a_new_quiz_writes_nothing(tmp_path):
    data = read_quiz_file(DEMO_FILE)
    data["quiz"]["questions"][7]["choices"][3]["is_correct"] = "no"
    with pytest.raises(CommandError, match=r"quiz\.questions\[7\]\.choices\[3\]\.is_correct: expected true or false"):
        call_command("import_quiz", str(write(tmp_path, json.dumps(data))))
    assert database_rows() == {"Guide": [], "Quiz": [], "Quiz_guides": [], "Question": [], "Choice": []}


def test_an_import_removing_an_answered_question_is_refused(demo_quiz):
    answer_quiz(make_user(), demo_quiz, picks=[1, 2])
    data = read_quiz_file(DEMO_FILE)
    del data["quiz"]["questions"][1]
    assert_import_refused(
        data,
        "quiz.questions: the question at position 2 is missing from the file, but learners have answered it, "
        "so it cannot be removed; unpublish the quiz instead",
    )


def test_an_import_removing_an_answered_choice_is_refused(demo_quiz):
    answer_quiz(make_user(), demo_quiz, picks=[4])
    data = read_quiz_file(DEMO_FILE)
    del data["quiz"]["questions"][0]["choices"][3]
    assert_import_refused(
        data,
        "quiz.questions[0].choices: the choice at position 4 is missing from the file, but learners have "
        "picked it, so it cannot be removed; unpublish the quiz instead",
    )


def test_an_import_removing_an_unanswered_question_is_accepted(demo_quiz):
    answer_quiz(make_user(), demo_quiz, picks=[1])
    data = read_quiz_file(DEMO_FILE)
    del data["quiz"]["questions"][7]
    quiz, _created = quiz_import(data)
    assert quiz.questions.count() == 7


def test_an_import_moving_the_correct_mark_of_an_answered_question_is_refused(demo_quiz):
    answer_quiz(make_user(), demo_quiz, picks=[2])
    data = read_quiz_file(DEMO_FILE)
    for choice in data["quiz"]["questions"][0]["choices"]:
        choice["is_correct"] = choice["position"] == 2
    assert_import_refused(
        data,
        "quiz.questions[0].choices: learners have already answered the question at position 1, so its correct "
        "choice cannot change: their scores were given against it; add a new question instead",
    )
