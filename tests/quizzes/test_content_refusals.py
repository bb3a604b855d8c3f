"""Quiz files that must not break the site: each is refused with a message naming the place, and nothing is
written."""

import copy
import json

import pytest
from django.core.management import CommandError, call_command
from django.utils import translation

from quizzes.content import DEMO_FILE, MAX_FILE_BYTES, ContentError, quiz_import, quiz_parse, read_quiz_file
from tests.factories import answer_quiz, make_user
from tests.quizzes.test_content import database_rows, write

pytestmark = pytest.mark.django_db

EMPTY = {"Guide": [], "Quiz": [], "Quiz_guides": [], "Question": [], "Choice": []}


def demo_text() -> str:
    return DEMO_FILE.read_text(encoding="utf-8")


def assert_file_refused(tmp_path, text: str, message: str) -> None:
    """``import_quiz`` refuses a file of ``text`` with exactly ``<path>: <message>``, and writes nothing."""
    before = database_rows()
    path = write(tmp_path, text)
    with pytest.raises(CommandError) as refusal:
        call_command("import_quiz", str(path))
    assert str(refusal.value) == f"{path}: {message}"
    assert database_rows() == before


def assert_import_refused(data: dict, message: str) -> None:
    """Importing ``data`` raises exactly ``ContentError(message)`` and writes nothing."""
    before = database_rows()
    with pytest.raises(ContentError) as refusal:
        quiz_import(data)
    assert str(refusal.value) == message
    assert database_rows() == before


def test_malformed_json_is_refused_with_its_line_and_column(demo_quiz, tmp_path):
    lines = demo_text().splitlines()
    broken = demo_text().replace('"difficulty": "medium",', '"difficulty": "medium",,')
    line = next(number for number, content in enumerate(lines, start=1) if '"difficulty"' in content)
    assert_file_refused(
        tmp_path,
        broken,
        f"line {line}, column 28: Expecting property name enclosed in double quotes (not valid JSON)",
    )


def test_a_file_that_is_not_utf8_is_refused(tmp_path):
    path = tmp_path / "quiz.json"
    path.write_bytes('{"format": "quizsite-quiz", "x": "é"}'.encode("latin-1"))
    with pytest.raises(CommandError) as refusal:
        call_command("import_quiz", str(path))
    assert str(refusal.value) == f"{path}: byte 34: the file is not UTF-8 text"


def test_nesting_a_thousand_levels_deep_is_refused_before_parsing(demo_quiz, tmp_path):
    text = demo_text().replace('"difficulty": "medium"', '"difficulty": ' + "[" * 1000 + "]" * 1000)
    line = next(number for number, content in enumerate(text.splitlines(), start=1) if '"difficulty"' in content)
    # The file's object and "quiz" are 2 levels: the 9th list, at column 27, is the 11th.
    assert_file_refused(
        tmp_path, text, f"line {line}, column 27: nested more than 10 levels deep; a quiz file never needs more"
    )


def test_nesting_deeper_than_python_can_parse_is_refused_too():
    with pytest.raises(ContentError) as refusal:
        quiz_parse("[" * 200_000 + "]" * 200_000)
    assert str(refusal.value) == "line 1, column 11: nested more than 10 levels deep; a quiz file never needs more"


def test_brackets_inside_texts_do_not_count_as_nesting(demo_quiz):
    data = read_quiz_file(DEMO_FILE)
    data["quiz"]["description"]["fr"] = '[[[[[[[[[[[[{{{{{{{{{ \\" ]]'
    assert quiz_parse(json.dumps(data)) == data


def test_a_lone_surrogate_is_refused_naming_its_field(demo_quiz, tmp_path):
    text = demo_text().replace('"tr": "Veri Paralelliği Testi"', '"tr": "Veri \\ud800 Testi"')
    assert_file_refused(
        tmp_path,
        text,
        "quiz.title.tr: contains a lone surrogate (\\ud800), half of a character pair: it cannot be stored or shown",
    )


def test_a_number_too_long_to_read_is_refused(tmp_path):
    assert_file_refused(
        tmp_path,
        '{"format": "quizsite-quiz", "version": ' + "9" * 5000 + "}",
        "(file): holds a number too long to read; no number in a quiz file needs more than ten digits",
    )


def test_a_byte_order_mark_is_read_as_utf8(tmp_path):
    path = tmp_path / "quiz.json"
    path.write_bytes(b"\xef\xbb\xbf" + demo_text().encode("utf-8"))
    assert read_quiz_file(path) == read_quiz_file(DEMO_FILE)


def test_texts_lose_their_surrounding_spaces_as_in_the_admin(demo_quiz):
    data = read_quiz_file(DEMO_FILE)
    data["quiz"]["title"]["fr"] = "  Quiz sur le parallélisme des données \n"
    quiz_import(data)
    demo_quiz.refresh_from_db()
    assert demo_quiz.title_fr == "Quiz sur le parallélisme des données"


def test_a_lone_surrogate_in_a_field_name_is_refused_naming_its_object(tmp_path):
    assert_file_refused(
        tmp_path,
        '{"format": "quizsite-quiz", "quiz": {"\\udfff": 1}}',
        "quiz: a field name contains a lone surrogate (\\udfff), half of a character pair: it cannot be stored "
        "or shown",
    )


def test_a_field_written_twice_in_one_object_is_refused(demo_quiz, tmp_path):
    text = demo_text().replace('"difficulty": "medium",', '"difficulty": "medium", "difficulty": "hard",')
    assert_file_refused(tmp_path, text, "quiz.difficulty: appears twice in one object; write each field once")


def test_a_translation_written_twice_is_refused_with_its_path(demo_quiz, tmp_path):
    text = demo_text().replace('"en": "Broadcast,', '"en": "Scatter", "en": "Broadcast,')
    assert_file_refused(
        tmp_path, text, "quiz.questions[1].choices[0].text.en: appears twice in one object; write each field once"
    )


def test_a_30_megabyte_file_is_refused_after_reading_only_the_limit(tmp_path, monkeypatch):
    path = tmp_path / "quiz.json"
    with path.open("w", encoding="utf-8") as file:
        file.write('{"format": "quizsite-quiz", "quiz": {"title": {"en": "')
        file.write("x" * 30_000_000)
        file.write('"}}}')
    sizes = []
    real_open = type(path).open

    def open_recording_reads(self, *args, **kwargs):
        file = real_open(self, *args, **kwargs)
        read = file.read
        file.read = lambda size=-1: sizes.append(size) or read(size)
        return file

    monkeypatch.setattr(type(path), "open", open_recording_reads)
    with pytest.raises(CommandError) as refusal:
        call_command("import_quiz", str(path))
    assert str(refusal.value) == f"{path}: (file): larger than 19997400 bytes, the limit for a quiz file"
    assert sizes == [MAX_FILE_BYTES + 1]
    assert database_rows() == EMPTY


def test_a_30_megabyte_text_given_as_a_string_is_refused():
    with pytest.raises(ContentError) as refusal:
        quiz_parse('{"format": "' + "x" * 30_000_000 + '"}')
    assert str(refusal.value) == "(file): larger than 19997400 bytes, the limit for a quiz file"


def test_a_text_over_the_text_limit_is_refused_naming_its_field(demo_quiz):
    """The limit is the model field's, the one the admin's form applies (an explanation: 2,000 characters)."""
    data = read_quiz_file(DEMO_FILE)
    data["quiz"]["questions"][4]["explanation"]["en"] = "x" * 2_001
    assert_import_refused(data, "quiz.questions[4].explanation.en: at most 2000 characters; this text has 2001")


def test_a_version_1_file_is_refused_with_a_way_forward(demo_quiz):
    data = read_quiz_file(DEMO_FILE) | {"version": 1}
    assert_import_refused(
        data,
        "version: version 1 files numbered questions by position, and this site names them by key: export the "
        "quiz again (manage.py export_quiz) and edit that file",
    )


def test_a_bad_value_late_in_a_new_quiz_writes_nothing(tmp_path):
    data = read_quiz_file(DEMO_FILE)
    data["quiz"]["questions"][7]["choices"][3]["is_correct"] = "no"
    with pytest.raises(CommandError) as refusal:
        call_command("import_quiz", str(write(tmp_path, json.dumps(data))))
    assert str(refusal.value).endswith(": quiz.questions[7].choices[3].is_correct: expected true or false")
    assert database_rows() == EMPTY


def bad(change):
    data = read_quiz_file(DEMO_FILE)
    change(data)
    return data


def questions(data):
    return data["quiz"]["questions"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="other"), "format: expected “quizsite-quiz”"),
        (lambda d: d.pop("quiz"), "quiz: missing"),
        (lambda d: d.update(questions=[]), "questions: unknown field"),
        (lambda d: d.update(guides={}), "guides: expected a list […]"),
        (lambda d: d.update(version=5), "version: this site reads versions 2 to 4"),
        (lambda d: d["quiz"].pop("title"), "quiz.title: missing"),
        (lambda d: d["quiz"].update(colour="red"), "quiz.colour: unknown field"),
        (lambda d: d["quiz"].update(difficulty="extreme"), "quiz.difficulty: expected one of easy, medium, hard"),
        (lambda d: d["quiz"].update(published="yes"), "quiz.published: expected true or false"),
        (
            lambda d: d["quiz"].update(slug="not a slug"),
            "quiz.slug: Enter a valid “slug” consisting of letters, numbers, underscores or hyphens.",
        ),
        (
            lambda d: questions(d)[2].update(key="Ünïcode key"),
            "quiz.questions[2].key: Enter a valid “slug” consisting of letters, numbers, underscores or hyphens.",
        ),
        (
            lambda d: questions(d)[2]["choices"][1].update(key="a/b"),
            "quiz.questions[2].choices[1].key: Enter a valid “slug” consisting of letters, numbers, underscores or "
            "hyphens.",
        ),
        (
            lambda d: questions(d)[2].update(key="k" * 51),
            "quiz.questions[2].key: Ensure this value has at most 50 characters (it has 51).",
        ),
        (
            lambda d: questions(d)[0].update(key=""),
            "quiz.questions[0].key: expected a slug (letters, digits, hyphens, underscores)",
        ),
        (
            lambda d: questions(d)[4].update(key="replica-synchronization"),
            "quiz.questions[4].key: “replica-synchronization” is used twice: quiz.questions[1] has it too",
        ),
        (
            lambda d: questions(d)[3]["choices"][2].update(key="seed-and-learning-rate"),
            "quiz.questions[3].choices[2].key: “seed-and-learning-rate” is used twice: "
            "quiz.questions[3].choices[0] has it too",
        ),
        (
            lambda d: d["guides"].append(copy.deepcopy(d["guides"][0])),
            "guides[1].slug: “data-parallelism” is used twice: guides[0] has it too",
        ),
        (lambda d: questions(d)[0].pop("key"), "quiz.questions[0].key: missing"),
        (lambda d: questions(d)[0].update(position=1), "quiz.questions[0].position: unknown field"),
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
            "quiz.title.tr: at most 200 characters; this text has 201",
        ),
        (
            lambda d: d["quiz"]["guides"].append("missing-guide"),
            "quiz.guides[1]: no guide “missing-guide” in this file or on the site",
        ),
        (
            lambda d: questions(d)[3]["choices"][1]["text"].update(en=""),
            "quiz.questions[3].choices[1].text.en: required: every text is written in English first",
        ),
        (
            lambda d: questions(d)[6]["text"].update(en="Bad\x00text"),
            "quiz.questions[6].text.en: contains a NUL character (\\u0000)",
        ),
        (
            lambda d: questions(d)[2]["choices"][0]["text"].update(fr="Bip\x07"),
            "quiz.questions[2].choices[0].text.fr: contains a control character (\\u0007), which no page can show",
        ),
        (
            lambda d: questions(d)[1]["text"].update(en="   \n "),
            "quiz.questions[1].text.en: required: every text is written in English first",
        ),
        (lambda d: d.update(version=True), "version: expected a whole number"),
        (lambda d: d.update(version=2.0), "version: expected a whole number"),
        (
            lambda d: d["quiz"].update(questions=[questions(d)[0]] * 101),
            "quiz.questions: at most 100 entries; this list has 101",
        ),
        (
            lambda d: questions(d)[0].update(choices=questions(d)[0]["choices"] * 2),
            "quiz.questions[0].choices: at most 6 entries; this list has 8",
        ),
        (
            lambda d: d["quiz"].update(guides=[d["quiz"]["guides"][0]] * 11),
            "quiz.guides: at most 10 entries; this list has 11",
        ),
        (lambda d: d["guides"][0].update(ordering=2_147_483_648), "guides[0].ordering: must be 2147483647 or less"),
        (lambda d: d["guides"][0].update(ordering=-1), "guides[0].ordering: must be 0 or more"),
        (lambda d: d["guides"][0].update(ordering="first"), "guides[0].ordering: expected a whole number"),
    ],
)
def test_a_bad_value_anywhere_is_refused_naming_its_field(demo_quiz, change, message):
    assert_import_refused(bad(change), message)


# --- The content rules (quizzes.rules), their messages after the place in the file ---------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: [choice.update(is_correct=False) for choice in questions(d)[2]["choices"]],
            "quiz.questions[2].choices: Mark exactly one choice as correct; 0 are marked.",
        ),
        (
            lambda d: [choice.update(is_correct=True) for choice in questions(d)[2]["choices"]],
            "quiz.questions[2].choices: Mark exactly one choice as correct; 4 are marked.",
        ),
        (
            lambda d: questions(d)[5].update(choices=questions(d)[5]["choices"][1:2]),
            "quiz.questions[5].choices: A question needs at least 2 choices; it has 1.",
        ),
        (
            lambda d: d["quiz"].update(questions=[]),
            "quiz.published: A published quiz needs at least one question. Add one, or unpublish the quiz.",
        ),
    ],
)
def test_incomplete_content_is_refused_with_the_rules_message(demo_quiz, change, message):
    assert_import_refused(bad(change), message)


def test_an_import_removing_answered_questions_is_refused(demo_quiz):
    answer_quiz(make_user(), demo_quiz, picks=[1, 2, 3])
    data = read_quiz_file(DEMO_FILE)
    del questions(data)[2]
    del questions(data)[1]
    assert_import_refused(
        data,
        "quiz.questions: Learners have already answered questions 2, 3, so they cannot be removed. "
        "Unpublish the quiz instead.",
    )


def test_an_import_removing_an_answered_choice_is_refused(demo_quiz):
    answer_quiz(make_user(), demo_quiz, picks=[4])
    data = read_quiz_file(DEMO_FILE)
    questions(data).insert(0, questions(data).pop(2))
    del questions(data)[1]["choices"][3]
    assert_import_refused(
        data,
        "quiz.questions[1].choices: Learners have already picked choice 4 of question 1, so it cannot be "
        "removed. Change its text instead, or unpublish the quiz.",
    )


def test_an_import_moving_the_correct_mark_of_an_answered_question_is_refused(demo_quiz):
    answer_quiz(make_user(), demo_quiz, picks=[2])
    data = read_quiz_file(DEMO_FILE)
    for choice in questions(data)[0]["choices"]:
        choice["is_correct"] = choice["key"] == "slice-of-layers"
    assert_import_refused(
        data,
        "quiz.questions[0].choices: Learners have already answered question 1, so its correct choice cannot "
        "change: their scores were given against it. Add a new question instead, or fix the wording of the "
        "choices.",
    )


def test_an_import_marking_a_new_choice_correct_in_an_answered_question_is_refused(demo_quiz):
    answer_quiz(make_user(), demo_quiz, picks=[1])
    data = read_quiz_file(DEMO_FILE)
    questions(data)[0]["choices"][0]["is_correct"] = False
    questions(data)[0]["choices"].append({"key": "new", "text": {"en": "New"}, "is_correct": True})
    with pytest.raises(ContentError, match=r"^quiz\.questions\[0\]\.choices: Learners have already answered"):
        quiz_import(data)


def test_an_import_reordering_and_rewording_answered_content_is_accepted(demo_quiz):
    answer_quiz(make_user(), demo_quiz, picks=[1])
    data = read_quiz_file(DEMO_FILE)
    questions(data).reverse()
    questions(data)[-1]["choices"].reverse()
    questions(data)[-1]["choices"][0]["text"]["en"] = "Clearer wording"
    del questions(data)[0]
    result = quiz_import(data)
    assert (result.questions_removed, result.questions_updated) == (1, 1)
    assert demo_quiz.questions.get(key="what-each-gpu-holds").position == 7


def test_refusals_are_in_the_active_language(demo_quiz):
    answer_quiz(make_user(), demo_quiz, picks=[1, 2])
    data = read_quiz_file(DEMO_FILE)
    del questions(data)[1]
    with translation.override("fr"), pytest.raises(ContentError) as refusal:
        quiz_import(data)
    assert str(refusal.value) == (
        "quiz.questions: Des apprenants ont déjà répondu à la question 2, elle ne peut donc pas être supprimée. "
        "Dépubliez plutôt le quiz."
    )
    with translation.override("tr"), pytest.raises(ContentError) as refusal:
        quiz_import(quiz_parse('{"a": 1, "a": 2}'))
    assert str(refusal.value) == "a: aynı nesnede iki kez geçiyor; her alanı yalnızca bir kez yazın"


def test_data_built_in_python_nested_past_the_recursion_limit_is_refused_by_path():
    nested = []
    for _level in range(100_000):
        nested = [nested]
    with pytest.raises(ContentError) as refusal:
        quiz_import({"format": nested})
    assert str(refusal.value) == (
        "format[0][0][0][0][0][0][0][0][0]: nested more than 10 levels deep; a quiz file never needs more"
    )
