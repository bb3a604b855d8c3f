"""Quiz files of version 4: a quiz's mode (practice or exam) and an exam's time limit; version 2 and 3 files, which
import as practice quizzes without a time limit."""

import copy

import pytest
from django.db import IntegrityError, transaction
from django.utils import translation

from quizzes.content import DEMO_FILES, quiz_dump, quiz_export, quiz_import
from quizzes.content import read_quiz_file as read
from quizzes.models import Quiz
from quizzes.rules import RuleBroken, check_time_limit
from tests.quizzes.test_content_kinds import import_command_lines, version_2
from tests.quizzes.test_content_refusals import assert_import_refused

pytestmark = pytest.mark.django_db

CHECK_FILE = DEMO_FILES[1]
TIME_LIMIT_RULE = "A time limit is for exams only, from 1 to 1440 minutes."


def exam_file(time_limit: int | None = 15) -> dict:
    """The check quiz's file made an exam with ``time_limit`` minutes."""
    data = read(CHECK_FILE)
    data["quiz"].update(mode="exam", time_limit=time_limit)
    return data


def version_3(data: dict) -> dict:
    """``data`` (a version 4 file) as a version 3 file wrote it: no mode, no time limit."""
    data = copy.deepcopy(data)
    data["version"] = 3
    del data["quiz"]["mode"], data["quiz"]["time_limit"]
    return data


def settings_of(quiz: Quiz) -> tuple:
    quiz.refresh_from_db()
    return (quiz.mode, quiz.time_limit)


def test_an_exam_file_round_trips_byte_for_byte():
    text = quiz_dump(exam_file())
    quiz = quiz_import(exam_file()).quiz
    assert settings_of(quiz) == ("exam", 15)
    assert quiz_dump(quiz_export(quiz)) == text
    again = quiz_import(exam_file())
    assert (again.created, again.changed) == (False, False)


def test_the_exam_demo_file_round_trips_byte_for_byte():
    quiz = quiz_import(read(DEMO_FILES[2])).quiz
    assert settings_of(quiz) == ("exam", 15)
    assert quiz_dump(quiz_export(quiz)) == DEMO_FILES[2].read_text(encoding="utf-8")


def test_the_export_writes_the_mode_and_time_limit_after_the_pass_mark():
    quiz = quiz_import(exam_file(time_limit=None)).quiz
    fields = list(quiz_export(quiz)["quiz"])
    assert fields[fields.index("pass_mark") :][:3] == ["pass_mark", "mode", "time_limit"]
    assert quiz_export(quiz)["quiz"]["mode"] == "exam"
    assert quiz_export(quiz)["quiz"]["time_limit"] is None
    assert quiz_export(quiz)["version"] == 4


def test_a_mode_and_time_limit_left_out_of_a_version_4_file_make_a_practice_quiz():
    data = read(CHECK_FILE)
    del data["quiz"]["mode"], data["quiz"]["time_limit"]
    assert settings_of(quiz_import(data).quiz) == ("practice", None)


def test_an_exam_left_without_a_time_limit_has_none():
    data = exam_file()
    del data["quiz"]["time_limit"]
    assert settings_of(quiz_import(data).quiz) == ("exam", None)


@pytest.mark.parametrize("time_limit", [1, 1440])
def test_the_time_limits_at_the_ends_of_the_range_are_accepted(time_limit):
    assert settings_of(quiz_import(exam_file(time_limit)).quiz) == ("exam", time_limit)


def test_a_version_3_file_imports_as_a_practice_quiz_without_a_time_limit():
    quiz = quiz_import(version_3(read(CHECK_FILE))).quiz
    assert settings_of(quiz) == ("practice", None)
    assert (quiz.shuffle_choices, quiz.pass_mark) == (True, 70)


def test_a_version_3_file_over_an_exam_makes_it_a_practice_quiz_and_says_what_changed():
    quiz_import(exam_file())
    result = quiz_import(version_3(exam_file()))
    assert (result.changed, result.questions_updated) == (True, 0)
    assert result.settings_changed == (("mode", "exam"), ("time_limit", 15))
    assert settings_of(result.quiz) == ("practice", None)


def test_a_version_2_file_over_an_exam_makes_it_a_practice_quiz():
    data = read(DEMO_FILES[0])
    data["quiz"].update(mode="exam", time_limit=30, shuffle_choices=False)
    quiz_import(data)
    result = quiz_import(version_2(data))
    assert result.settings_changed == (("mode", "exam"), ("time_limit", 30))
    assert settings_of(result.quiz) == ("practice", None)


NEEDS_VERSION_4 = 'a version 4 field: set "version": 4 at the top of the file'


@pytest.mark.parametrize(
    ("older", "change", "message"),
    [
        (version_3, lambda d: d["quiz"].update(mode="exam"), f"quiz.mode: {NEEDS_VERSION_4}"),
        (version_3, lambda d: d["quiz"].update(time_limit=None), f"quiz.time_limit: {NEEDS_VERSION_4}"),
        (version_2, lambda d: d["quiz"].update(time_limit=10), f"quiz.time_limit: {NEEDS_VERSION_4}"),
        # Named before the version 3 field a version 2 file lacks too, "pass_mark" (the first by name).
        (version_2, lambda d: d["quiz"].update(mode="exam", pass_mark=50), f"quiz.mode: {NEEDS_VERSION_4}"),
        (
            version_2,
            lambda d: d["quiz"].update(shuffle_questions=True),
            'quiz.shuffle_questions: a version 3 field: set "version": 3 at the top of the file',
        ),
    ],
)
def test_an_older_file_holding_a_version_4_field_is_refused_saying_to_set_version_4(older, change, message):
    data = older(read(DEMO_FILES[0]))
    change(data)
    assert_import_refused(data, message)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["quiz"].update(mode="test"), "quiz.mode: expected one of practice, exam"),
        (lambda d: d["quiz"].update(mode=None), "quiz.mode: expected one of practice, exam"),
        (lambda d: d["quiz"].update(mode="practice"), f"quiz.time_limit: {TIME_LIMIT_RULE}"),
        (lambda d: d["quiz"].update(time_limit=0), f"quiz.time_limit: {TIME_LIMIT_RULE}"),
        (lambda d: d["quiz"].update(time_limit=1441), f"quiz.time_limit: {TIME_LIMIT_RULE}"),
        (lambda d: d["quiz"].update(time_limit=-15), f"quiz.time_limit: {TIME_LIMIT_RULE}"),
        (lambda d: d["quiz"].update(time_limit="15"), "quiz.time_limit: expected a whole number or null"),
        (lambda d: d["quiz"].update(time_limit=15.5), "quiz.time_limit: expected a whole number or null"),
        (lambda d: d["quiz"].update(time_limit=True), "quiz.time_limit: expected a whole number or null"),
    ],
)
def test_a_bad_mode_or_time_limit_is_refused_naming_the_place(change, message):
    data = exam_file()
    change(data)
    assert_import_refused(data, message)


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("fr", "quiz.time_limit: Une limite de temps est réservée aux examens, de 1 à 1440\u00a0minutes."),
        ("tr", "quiz.time_limit: Süre sınırı yalnızca sınavlar içindir, 1 ile 1440 dakika arasında olur."),
    ],
)
def test_a_time_limit_refusal_is_in_the_active_language(language, message):
    data = exam_file(time_limit=2000)
    with translation.override(language):
        assert_import_refused(data, message)


@pytest.mark.parametrize(
    ("mode", "time_limit", "refused"),
    [
        ("practice", None, False),
        ("exam", None, False),
        ("exam", 1, False),
        ("exam", 1440, False),
        ("practice", 15, True),
        ("exam", 0, True),
        ("exam", 1441, True),
    ],
)
def test_check_time_limit_allows_a_time_limit_for_exams_only_from_1_to_1440_minutes(mode, time_limit, refused):
    if not refused:
        assert check_time_limit(mode, time_limit) is None
        return
    with pytest.raises(RuleBroken) as refusal:
        check_time_limit(mode, time_limit)
    assert refusal.value.messages == [TIME_LIMIT_RULE]


def test_import_command_says_which_mode_and_time_limit_a_version_4_file_changed(tmp_path, capsys):
    data = read(CHECK_FILE)
    quiz_import(data)
    data["quiz"].update(mode="exam", time_limit=20)
    assert import_command_lines(tmp_path, data, capsys) == [
        "It is now an exam.",
        "Its time limit is now 20 minutes (it had none).",
    ]
    data["quiz"]["time_limit"] = 45
    assert import_command_lines(tmp_path, data, capsys) == ["Its time limit is now 45 minutes (it was 20 minutes)."]
    data["quiz"]["time_limit"] = None
    assert import_command_lines(tmp_path, data, capsys) == ["It no longer has a time limit (it was 45 minutes)."]
    data["quiz"]["mode"] = "practice"
    assert import_command_lines(tmp_path, data, capsys) == ["It is now a practice quiz."]


def test_import_command_says_a_version_3_file_made_an_exam_a_practice_quiz(tmp_path, capsys):
    quiz_import(exam_file())
    assert import_command_lines(tmp_path, version_3(exam_file()), capsys) == [
        "Version 3 files have no exams, so it is now a practice quiz.",
        "Version 3 files have no time limit, so it no longer has one (it was 15 minutes).",
        "Set them again in the admin, or import a version 4 file (export_quiz writes one).",
    ]


@pytest.mark.parametrize(("mode", "time_limit"), [("practice", 15), ("exam", 0), ("exam", 1441)])
def test_the_database_refuses_what_check_time_limit_refuses(mode, time_limit):
    """The constraint ``quiz_time_limit_of_exam`` backs the rule, for writes that skip it."""
    with pytest.raises(IntegrityError), transaction.atomic():
        Quiz.objects.create(slug="timed", title_en="Timed", mode=mode, time_limit=time_limit)
    assert not Quiz.objects.exists()
