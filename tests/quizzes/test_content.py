"""Quizzes as files: export, import by key, the import's result and the commands."""

import copy
import json

import pytest
from django.core.management import CommandError, call_command

from guides.models import Guide
from quizzes.content import DEMO_FILE, ImportResult, quiz_create_from_data, quiz_dump, quiz_export, quiz_import
from quizzes.content import read_quiz_file as read
from quizzes.models import Answer, Choice, Question, Quiz
from tests.factories import answer_quiz, make_guide, make_quiz, make_user

pytestmark = pytest.mark.django_db

DEMO_KEYS = [
    "what-each-gpu-holds",
    "replica-synchronization",
    "memory-limit",
    "nccl-algorithm-selection",
    "ddp-latency-hiding",
    "global-batch-size",
    "scaling-limits",
    "gradient-accumulation",
]


def database_rows() -> dict:
    """Every content row with every column, to show that something changed nothing."""
    return {
        model.__name__: list(model.objects.order_by("pk").values())
        for model in (Guide, Quiz, Quiz.guides.through, Question, Choice)
    }


def write(tmp_path, text: str):
    path = tmp_path / "quiz.json"
    path.write_text(text, encoding="utf-8")
    return path


def test_export_of_the_demo_quiz_is_the_demo_file_byte_for_byte(demo_quiz):
    assert quiz_dump(quiz_export(demo_quiz)) == DEMO_FILE.read_text(encoding="utf-8")


def test_the_demo_file_names_questions_by_readable_keys_in_their_order(demo_quiz):
    assert [question["key"] for question in read(DEMO_FILE)["quiz"]["questions"]] == DEMO_KEYS
    assert list(demo_quiz.questions.order_by("position").values_list("position", "key")) == list(
        enumerate(DEMO_KEYS, start=1)
    )
    assert list(Choice.objects.filter(question__key="replica-synchronization").values_list("key", "is_correct")) == [
        ("broadcast", False),
        ("all-reduce", True),
        ("scatter", False),
        ("no-communication", False),
    ]


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


def test_questions_and_choices_added_without_a_key_get_one_that_the_export_shows():
    quiz = make_quiz(questions=2, choices=2)
    keys = list(Question.objects.values_list("key", flat=True)) + list(Choice.objects.values_list("key", flat=True))
    assert len(set(keys)) == 6
    assert all(len(key) == 8 and int(key, 16) >= 0 for key in keys)
    exported = quiz_export(quiz)["quiz"]["questions"]
    assert [question["key"] for question in exported] == list(quiz.questions.values_list("key", flat=True))


def test_export_then_import_into_an_empty_site_round_trips_exactly():
    guide = make_guide(slug="g", title="Guide", title_tr="Rehber", summary_fr="Résumé", ordering=4)
    quiz = make_quiz(slug="q", title="Quiz", title_tr="İstanbul testi", difficulty="hard", description_fr="Où ?")
    quiz.guides.add(guide)
    Question.objects.filter(quiz=quiz, position=2).update(text_fr="Deuxième", explanation_tr="Çünkü")
    exported = quiz_export(quiz)
    Quiz.objects.all().delete()
    Guide.objects.all().delete()

    result = quiz_import(json.loads(quiz_dump(exported)))

    assert (result.created, result.changed, result.guides_created, result.questions_added) == (True, True, ("g",), 3)
    assert quiz_export(result.quiz) == exported
    assert exported["quiz"]["title"] == {"en": "Quiz", "fr": None, "tr": "İstanbul testi"}
    assert exported["guides"][0]["summary"] == {"en": None, "fr": "Résumé", "tr": None}


def test_importing_the_same_file_twice_changes_nothing_the_second_time(demo_quiz, django_assert_num_queries):
    data = read(DEMO_FILE)
    before = database_rows()
    # In its transaction (here a savepoint and its release): the quiz locked, its guides, questions and choices
    # read; nothing written.
    with django_assert_num_queries(6):
        result = quiz_import(data)
    assert result == ImportResult(quiz=demo_quiz, created=False, changed=False)
    assert database_rows() == before


def test_a_file_with_a_guide_the_quiz_does_not_link_changes_nothing_the_second_time(demo_quiz):
    data = read(DEMO_FILE)
    data["guides"].insert(0, copy.deepcopy(data["guides"][0]) | {"slug": "unlinked", "ordering": 9})
    assert quiz_import(data).guides_created == ("unlinked",)
    before = database_rows()
    assert quiz_import(data) == ImportResult(quiz=demo_quiz, created=False, changed=False)
    assert database_rows() == before


def test_reordering_questions_in_a_file_reorders_them_and_answers_stay_with_their_question(demo_quiz):
    learner = make_user()
    answer_quiz(learner, demo_quiz, picks=[1, 3])
    data = read(DEMO_FILE)
    data["quiz"]["questions"].reverse()
    data["quiz"]["questions"][0]["choices"].reverse()
    question_pks = dict(demo_quiz.questions.values_list("key", "pk"))

    result = quiz_import(data)

    assert (result.changed, result.questions_moved, result.questions_updated) == (True, 8, 1)
    assert list(demo_quiz.questions.order_by("position").values_list("position", "key")) == list(
        enumerate(reversed(DEMO_KEYS), start=1)
    )
    assert dict(demo_quiz.questions.values_list("key", "pk")) == question_pks
    assert list(
        Answer.objects.order_by("question__position").values_list("question__key", "question__position", "choice__key")
    ) == [("replica-synchronization", 7, "scatter"), ("what-each-gpu-holds", 8, "full-replica")]
    assert list(
        Choice.objects.filter(question__key="gradient-accumulation").order_by("position").values_list("key", flat=True)
    ) == ["combine-microbatches", "replace-model", "skip-computation", "shard-parameters"]
    assert quiz_export(demo_quiz) == data


def test_the_site_shows_questions_in_the_files_order(client, demo_quiz):
    data = read(DEMO_FILE)
    data["quiz"]["questions"].insert(0, data["quiz"]["questions"].pop(2))
    quiz_import(data)
    page = client.get("/en/quizzes/data-parallelism/").content.decode()
    assert page.index("What memory limit remains") < page.index("In standard data parallelism, what does")


def test_import_updates_texts_adds_and_removes_questions_by_key(demo_quiz):
    data = read(DEMO_FILE)
    question_pks = dict(demo_quiz.questions.values_list("key", "pk"))
    data["quiz"]["title"]["tr"] = "Veri paralelliği"
    first = data["quiz"]["questions"][0]
    first["explanation"]["fr"] = "Nouvelle explication"
    first["choices"][0]["is_correct"] = False
    first["choices"][3]["is_correct"] = True
    del data["quiz"]["questions"][7]
    data["quiz"]["questions"].append(copy.deepcopy(first) | {"key": "a-new-question"})

    result = quiz_import(data)

    assert (result.created, result.questions_added, result.questions_updated, result.questions_removed) == (
        False,
        1,
        1,
        1,
    )
    assert quiz_export(result.quiz) == data
    kept = {key: pk for key, pk in question_pks.items() if key != "gradient-accumulation"}
    assert dict(result.quiz.questions.exclude(key="a-new-question").values_list("key", "pk")) == kept
    assert list(result.quiz.questions.values_list("position", flat=True)) == list(range(1, 9))


def test_renaming_a_key_replaces_the_question(demo_quiz):
    data = read(DEMO_FILE)
    data["quiz"]["questions"][7]["key"] = "accumulation"
    old_pk = demo_quiz.questions.get(key="gradient-accumulation").pk
    result = quiz_import(data)
    assert (result.questions_added, result.questions_removed) == (1, 1)
    assert not Question.objects.filter(pk=old_pk).exists()
    assert demo_quiz.questions.get(position=8).key == "accumulation"


def test_load_demo_never_overwrites_edits(demo_quiz):
    Quiz.objects.filter(pk=demo_quiz.pk).update(title_en="Edited by an author")
    Guide.objects.filter(slug="data-parallelism").update(title_en="Edited guide")
    result = quiz_create_from_data(read(DEMO_FILE))
    assert result == ImportResult(quiz=demo_quiz, created=False, changed=False)
    assert Quiz.objects.get().title_en == "Edited by an author"
    assert Guide.objects.get().title_en == "Edited guide"


def test_import_command_reports_creation(capsys):
    call_command("import_quiz", str(DEMO_FILE))
    assert capsys.readouterr().out.splitlines() == [
        f"Created the quiz “data-parallelism” from {DEMO_FILE}.",
        "Questions added: 8.",
        "Created the guide “data-parallelism”.",
    ]
    assert Quiz.objects.get().questions.count() == 8


def test_import_command_reports_what_changed(demo_quiz, tmp_path, capsys):
    data = read(DEMO_FILE)
    data["quiz"]["questions"].insert(0, data["quiz"]["questions"].pop())
    data["quiz"]["questions"][1]["text"]["tr"] = "Veri paralelliğinde her GPU neyi tutar?"
    path = write(tmp_path, json.dumps(data))
    call_command("import_quiz", str(path))
    assert capsys.readouterr().out.splitlines() == [
        f"Updated the quiz “data-parallelism” from {path}.",
        "Questions updated: 1.",
        "Questions moved: 8.",
    ]


def test_import_command_says_when_nothing_changed(demo_quiz, capsys):
    call_command("import_quiz", str(DEMO_FILE))
    assert capsys.readouterr().out == f"The quiz “data-parallelism” already matches {DEMO_FILE}; nothing changed.\n"


def test_import_command_names_the_shared_guides_it_changes(demo_quiz, tmp_path, capsys):
    data = read(DEMO_FILE)
    data["quiz"]["slug"] = "another-quiz"
    data["guides"][0]["title"]["tr"] = "Veri paralelliği"
    call_command("import_quiz", str(write(tmp_path, json.dumps(data))))
    assert capsys.readouterr().out.splitlines()[1:] == [
        "Questions added: 8.",
        "Updated the guide “data-parallelism”: every quiz linked to it shows the change.",
    ]
    assert Guide.objects.get().title_tr == "Veri paralelliği"


def test_empty_translations_are_stored_as_null_and_never_collide():
    data = read(DEMO_FILE)
    data["quiz"]["questions"][0]["text"]["tr"] = ""
    quiz = quiz_import(data).quiz
    assert Question.objects.filter(quiz=quiz, text_tr__isnull=True).count() == 6
    assert Question.objects.filter(quiz=quiz, text_tr="").count() == 0
    assert Choice.objects.filter(question__quiz=quiz, text_fr__isnull=True).count() == 20
