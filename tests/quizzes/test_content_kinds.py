"""Quiz files of version 3: kinds of question, pinned choices, a quiz's shuffling and pass mark; and version 2
files, which still import as single-answer questions in their order."""

import copy

import pytest
from django.core.management import call_command
from django.utils import translation

from quizzes.answering import answer_submit
from quizzes.content import DEMO_FILE, DEMO_FILES, quiz_dump, quiz_export, quiz_import
from quizzes.content import read_quiz_file as read
from quizzes.models import Choice, Question, Quiz
from quizzes.services import attempt_start
from tests.factories import make_user
from tests.quizzes.test_content_refusals import assert_import_refused

pytestmark = pytest.mark.django_db

CHECK_FILE = DEMO_FILES[1]


def version_2(data: dict) -> dict:
    """``data`` (a version 4 file of single-answer questions of a practice quiz) as a version 2 file wrote it: no
    settings, mode, kinds or pins."""
    data = copy.deepcopy(data)
    data["version"] = 2
    for name in ("shuffle_choices", "shuffle_questions", "pass_mark", "mode", "time_limit"):
        del data["quiz"][name]
    for question in data["quiz"]["questions"]:
        del question["kind"]
        for choice in question["choices"]:
            del choice["pinned"]
    return data


def questions(data: dict) -> list[dict]:
    return data["quiz"]["questions"]


def choice_rows(slug: str, key: str) -> list[tuple]:
    """The choices of question ``key`` of quiz ``slug``: key, position, texts, correct mark, pin."""
    return list(
        Choice.objects.filter(question__quiz__slug=slug, question__key=key)
        .order_by("position")
        .values_list("key", "position", "text_en", "text_fr", "text_tr", "is_correct", "pinned")
    )


def test_a_version_2_file_imports_as_single_answer_questions_in_their_order_without_shuffling():
    result = quiz_import(version_2(read(DEMO_FILE)))
    quiz = Quiz.objects.get()
    assert (result.created, quiz.shuffle_choices, quiz.shuffle_questions, quiz.pass_mark) == (True, False, False, None)
    assert list(quiz.questions.order_by("position").values_list("key", "kind"))[:3] == [
        ("what-each-gpu-holds", "single"),
        ("replica-synchronization", "single"),
        ("memory-limit", "single"),
    ]
    assert set(Question.objects.values_list("kind", flat=True)) == {"single"}
    assert [row[:2] + row[-2:] for row in choice_rows("data-parallelism", "replica-synchronization")] == [
        ("broadcast", 1, False, False),
        ("all-reduce", 2, True, False),
        ("scatter", 3, False, False),
        ("no-communication", 4, False, False),
    ]
    # Read again by the site, the quiz is the version 4 file with shuffling off.
    expected = read(DEMO_FILE)
    expected["quiz"]["shuffle_choices"] = False
    assert quiz_export(quiz) == expected


def test_a_version_2_file_over_a_shuffled_quiz_turns_its_shuffling_off():
    quiz_import(read(DEMO_FILE))
    result = quiz_import(version_2(read(DEMO_FILE)))
    assert (result.changed, result.questions_updated, result.settings_changed) == (
        True,
        0,
        (("shuffle_choices", True),),
    )
    assert Quiz.objects.values_list("shuffle_choices", flat=True).get() is False


NEEDS_VERSION_3 = 'a version 3 field: set "version": 3 at the top of the file'


@pytest.mark.parametrize(
    ("change", "place"),
    [
        (lambda d: questions(d)[0].update(kind="single"), "quiz.questions[0].kind"),
        # Named before what else is wrong with a true-or-false question written in version 2 (its choices).
        (lambda d: questions(d)[1].update(kind="true_false", answer=True), "quiz.questions[1].answer"),
        (lambda d: questions(d)[0]["choices"][2].update(pinned=True), "quiz.questions[0].choices[2].pinned"),
        (lambda d: d["quiz"].update(shuffle_choices=True), "quiz.shuffle_choices"),
        (lambda d: d["quiz"].update(shuffle_questions=False), "quiz.shuffle_questions"),
        (lambda d: d["quiz"].update(pass_mark=50), "quiz.pass_mark"),
    ],
)
def test_a_version_2_file_holding_a_version_3_field_is_refused_saying_to_set_version_3(change, place):
    data = version_2(read(DEMO_FILE))
    change(data)
    assert_import_refused(data, f"{place}: {NEEDS_VERSION_3}")


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("fr", 'quiz.questions[0].kind: un champ de la version 3\u00a0: écrivez "version": 3 en tête du fichier'),
        ("tr", 'quiz.questions[0].kind: sürüm 3 alanı: dosyanın başına "version": 3 yazın'),
    ],
)
def test_the_version_3_hint_is_in_the_active_language(language, message):
    data = version_2(read(DEMO_FILE))
    questions(data)[0]["kind"] = "multiple"
    with translation.override(language):
        assert_import_refused(data, message)


def test_a_version_3_file_round_trips_byte_for_byte():
    """Every kind, pins, shuffling and a pass mark: imported then exported, the file comes back unchanged, and
    importing the export changes nothing."""
    quiz = quiz_import(read(CHECK_FILE)).quiz
    assert quiz_dump(quiz_export(quiz)) == CHECK_FILE.read_text(encoding="utf-8")
    again = quiz_import(read(CHECK_FILE))
    assert (again.created, again.changed) == (False, False)


def test_a_true_false_question_is_written_with_its_answer_and_gets_the_two_site_choices():
    quiz_import(read(CHECK_FILE))
    same_samples = next(entry for entry in questions(read(CHECK_FILE)) if entry["key"] == "same-samples")
    assert "choices" not in same_samples
    assert same_samples["answer"] is False
    assert choice_rows("data-parallelism-check", "same-samples") == [
        ("true", 1, "", None, None, False, True),
        ("false", 2, "", None, None, True, True),
    ]


def test_changing_a_true_false_answer_moves_the_right_mark_between_the_site_choices():
    data = read(CHECK_FILE)
    quiz_import(data)
    questions(data)[2]["answer"] = True
    result = quiz_import(data)
    assert result.questions_updated == 1
    assert [row[0] + ("✓" if row[5] else "") for row in choice_rows("data-parallelism-check", "same-samples")] == [
        "true✓",
        "false",
    ]


def test_a_single_answer_question_made_true_false_loses_its_choices_for_the_site_ones():
    data = read(DEMO_FILE)
    quiz_import(data)
    question = questions(data)[0]
    del question["choices"]
    question.update(kind="true_false", answer=True)
    quiz_import(data)
    assert Question.objects.get(key="what-each-gpu-holds").kind == "true_false"
    assert [row[0] for row in choice_rows("data-parallelism", "what-each-gpu-holds")] == ["true", "false"]


def test_settings_left_out_of_a_version_3_file_take_a_new_quizs_defaults():
    data = read(CHECK_FILE)
    for name in ("shuffle_choices", "shuffle_questions", "pass_mark"):
        del data["quiz"][name]
    del questions(data)[5]["kind"]
    for choice in questions(data)[5]["choices"]:
        del choice["pinned"]
    quiz = quiz_import(data).quiz
    assert (quiz.shuffle_choices, quiz.shuffle_questions, quiz.pass_mark) == (True, False, None)
    assert Question.objects.get(key="eight-workers").kind == "single"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: [choice.update(is_correct=False) for choice in questions(d)[0]["choices"]],
            "quiz.questions[0].choices: Mark at least one choice as correct: a question with several right answers "
            "needs one.",
        ),
        (
            lambda d: [choice.update(is_correct=True) for choice in questions(d)[1]["choices"]],
            "quiz.questions[1].choices: Not every choice can be correct: leave at least one unmarked, or learners "
            "could tick them all without reading.",
        ),
        (
            lambda d: questions(d)[5]["choices"][0].update(is_correct=True),
            "quiz.questions[5].choices: Mark exactly one choice as correct; 2 are marked.",
        ),
        (
            lambda d: questions(d)[0].update(kind="several"),
            "quiz.questions[0].kind: expected one of single, multiple, true_false",
        ),
        (
            lambda d: questions(d)[2].update(choices=[]),
            "quiz.questions[2].choices: a true-or-false question has no choices (the site writes them): give its "
            "“answer”, true or false",
        ),
        (
            lambda d: questions(d)[2].pop("answer"),
            "quiz.questions[2].answer: missing: true when the statement is true, false when it is false",
        ),
        (lambda d: questions(d)[2].update(answer="yes"), "quiz.questions[2].answer: expected true or false"),
        (
            lambda d: questions(d)[5].update(answer=True),
            "quiz.questions[5].answer: only a true-or-false question has an “answer”: mark this question's right "
            "choices “is_correct”",
        ),
        (lambda d: questions(d)[0].pop("choices"), "quiz.questions[0].choices: missing"),
        (
            lambda d: questions(d)[0]["choices"][3].update(pinned="last"),
            "quiz.questions[0].choices[3].pinned: expected true or false",
        ),
        (lambda d: d["quiz"].update(shuffle_choices=1), "quiz.shuffle_choices: expected true or false"),
        (lambda d: d["quiz"].update(shuffle_questions=None), "quiz.shuffle_questions: expected true or false"),
        (lambda d: d["quiz"].update(pass_mark=0), "quiz.pass_mark: A pass mark is a percentage from 1 to 100."),
        (lambda d: d["quiz"].update(pass_mark=101), "quiz.pass_mark: A pass mark is a percentage from 1 to 100."),
        (lambda d: d["quiz"].update(pass_mark=-5), "quiz.pass_mark: A pass mark is a percentage from 1 to 100."),
        (lambda d: d["quiz"].update(pass_mark="70"), "quiz.pass_mark: expected a whole number or null"),
        (lambda d: d["quiz"].update(pass_mark=70.5), "quiz.pass_mark: expected a whole number or null"),
        (lambda d: d.update(version=5), "version: this site reads versions 2 to 4"),
    ],
)
def test_a_version_3_file_breaking_a_rule_is_refused_naming_the_place(change, message):
    data = read(CHECK_FILE)
    change(data)
    assert_import_refused(data, message)


def answer_first_question(quiz: Quiz, keys: list[str]) -> None:
    """A learner answers question 1 of ``quiz`` choosing the choices with ``keys``."""
    attempt = attempt_start(learner=make_user(), quiz=quiz, language="en")
    question = quiz.questions.get(position=1)
    answer_submit(attempt=attempt, question=question, choices=list(question.choices.filter(key__in=keys)))


def test_an_import_changing_the_right_set_of_an_answered_multiple_answer_question_is_refused():
    data = read(CHECK_FILE)
    answer_first_question(quiz_import(data).quiz, ["parameters"])
    questions(data)[0]["choices"][1]["is_correct"] = False
    assert_import_refused(
        data,
        "quiz.questions[0].choices: Learners have already answered question 1, so its correct choices cannot "
        "change: their scores were given against them. Add a new question instead, or fix the wording of the "
        "choices.",
    )


def test_an_import_turning_an_answered_question_true_false_is_refused():
    data = read(CHECK_FILE)
    answer_first_question(quiz_import(data).quiz, ["parameters", "optimizer-state"])
    del questions(data)[0]["choices"]
    questions(data)[0].update(kind="true_false", answer=True)
    assert_import_refused(
        data,
        "quiz.questions[0].kind: Learners have already answered question 1, so it cannot become a true-or-false "
        "question: its choices would be removed, and their answers point at them. Add a new true-or-false question "
        "instead, or unpublish the quiz.",
    )


def test_import_command_reports_a_version_2_file_like_any_other(tmp_path, capsys):
    path = tmp_path / "old.json"
    path.write_text(quiz_dump(version_2(read(DEMO_FILE))), encoding="utf-8")
    call_command("import_quiz", str(path))
    assert capsys.readouterr().out.splitlines()[0] == f"Created the quiz “data-parallelism” from {path}."


@pytest.mark.parametrize(
    ("language", "message"),
    [
        (
            "fr",
            "quiz.questions[2].answer: manquant\u00a0: true si l’affirmation est vraie, false si elle est fausse",
        ),
        ("tr", "quiz.questions[2].answer: eksik: ifade doğruysa true, yanlışsa false yazın"),
    ],
)
def test_a_true_false_refusal_is_in_the_active_language(language, message):
    data = read(CHECK_FILE)
    del questions(data)[2]["answer"]
    with translation.override(language):
        assert_import_refused(data, message)


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "quiz.pass_mark: A pass mark is a percentage from 1 to 100."),
        ("fr", "quiz.pass_mark: Un seuil de réussite est un pourcentage de 1 à 100."),
        ("tr", "quiz.pass_mark: Geçme notu 1 ile 100 arasında bir yüzdedir."),
    ],
)
def test_a_pass_mark_out_of_range_is_refused_with_the_admins_message_in_the_active_language(language, message):
    data = read(CHECK_FILE)
    data["quiz"]["pass_mark"] = 150
    with translation.override(language):
        assert_import_refused(data, message)


def import_command_lines(tmp_path, data: dict, capsys) -> list[str]:
    """What ``import_quiz`` prints for a file of ``data`` after its first line."""
    path = tmp_path / "quiz.json"
    path.write_text(quiz_dump(data), encoding="utf-8")
    call_command("import_quiz", str(path))
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"Updated the quiz “{data['quiz']['slug']}” from {path}."
    return lines[1:]


def single_answer_check_file() -> dict:
    """The check quiz's file (shuffled choices, a pass mark of 70) with every question single-answer, so that a
    version 2 file can hold it."""
    data = read(CHECK_FILE)
    data["quiz"]["questions"] = [entry for entry in questions(data) if entry["kind"] == "single"]
    return data


def test_import_command_says_a_version_2_file_turned_shuffling_and_the_pass_mark_off(tmp_path, capsys):
    data = single_answer_check_file()
    data["quiz"]["shuffle_questions"] = True
    quiz_import(data)
    assert import_command_lines(tmp_path, version_2(data), capsys) == [
        "Version 2 files have no shuffling, so its choices are no longer shuffled.",
        "Version 2 files have no shuffling, so its questions are no longer shuffled.",
        "Version 2 files have no pass mark, so it no longer has one (it was 70%).",
        "Set them again in the admin, or import a version 4 file (export_quiz writes one).",
    ]
    quiz = Quiz.objects.get()
    assert (quiz.shuffle_choices, quiz.shuffle_questions, quiz.pass_mark) == (False, False, None)


def test_import_command_over_the_shuffled_demo_quiz_says_only_what_a_version_2_file_changed(tmp_path, capsys):
    quiz_import(read(DEMO_FILE))
    assert import_command_lines(tmp_path, version_2(read(DEMO_FILE)), capsys) == [
        "Version 2 files have no shuffling, so its choices are no longer shuffled.",
        "Set them again in the admin, or import a version 4 file (export_quiz writes one).",
    ]


def test_import_command_says_which_settings_a_version_3_file_changed(tmp_path, capsys):
    data = read(CHECK_FILE)
    quiz_import(data)
    data["quiz"].update(shuffle_choices=False, shuffle_questions=True, pass_mark=80)
    assert import_command_lines(tmp_path, data, capsys) == [
        "Its choices are no longer shuffled.",
        "Its questions are now shuffled.",
        "Its pass mark is now 80% (it was 70%).",
    ]
    data["quiz"].update(shuffle_choices=True, pass_mark=None)
    assert import_command_lines(tmp_path, data, capsys) == [
        "Its choices are now shuffled.",
        "It no longer has a pass mark (it was 80%).",
    ]
    data["quiz"]["pass_mark"] = 50
    assert import_command_lines(tmp_path, data, capsys) == ["Its pass mark is now 50% (it had none)."]
