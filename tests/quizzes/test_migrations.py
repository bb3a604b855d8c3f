import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("quizzes", "0004_position_bound")]
AFTER = [("quizzes", "0005_answer_texts_and_order")]
KEYS = [("quizzes", "0006_question_and_choice_keys")]

# Each test moves the schema back in time; the tests after it need the latest one (tests/conftest.py).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("latest_schema_afterwards")]


def test_existing_answers_get_their_attempts_language_and_texts_in_it_else_english():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    # Migrating quizzes back leaves accounts at its latest migration (which quizzes 0004 does not need): the
    # learner is made in that schema.
    apps = executor.loader.project_state(BEFORE + executor.loader.graph.leaf_nodes("accounts")).apps
    user = apps.get_model("accounts", "User").objects.create(username="learner")
    quiz = apps.get_model("quizzes", "Quiz").objects.create(slug="quiz", title="Quiz", title_en="Quiz")
    question_model, choice_model = apps.get_model("quizzes", "Question"), apps.get_model("quizzes", "Choice")
    question = question_model.objects.create(quiz=quiz, position=1, text="Q", text_en="Q", text_fr="Q en français")
    choice = choice_model.objects.create(
        question=question, position=1, text="C", text_en="C", text_fr="", is_correct=True
    )
    for language in ("fr", "tr"):
        attempt = apps.get_model("quizzes", "Attempt").objects.create(learner=user, quiz=quiz, language=language)
        apps.get_model("quizzes", "Answer").objects.create(
            attempt=attempt, question=question, choice=choice, is_correct=True
        )
        attempt.finished_at = attempt.started_at
        attempt.save()

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    answers = executor.loader.project_state(AFTER).apps.get_model("quizzes", "Answer").objects
    assert sorted(answers.values_list("attempt__language", "language", "question_text", "choice_text")) == [
        ("fr", "fr", "Q en français", "C"),
        ("tr", "tr", "Q", "C"),
    ]


def test_existing_questions_and_choices_get_keys_from_their_positions():
    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    apps = executor.loader.project_state(AFTER).apps
    quiz_model, question_model = apps.get_model("quizzes", "Quiz"), apps.get_model("quizzes", "Question")
    for slug in ("one", "two"):
        quiz = quiz_model.objects.create(slug=slug, title="Quiz", title_en="Quiz")
        for position in (2, 1):
            question = question_model.objects.create(quiz=quiz, position=position, text="Q", text_en="Q")
            for choice_position in (1, 2, 3):
                apps.get_model("quizzes", "Choice").objects.create(
                    question=question, position=choice_position, text="C", text_en="C"
                )

    executor = MigrationExecutor(connection)
    executor.migrate(KEYS)
    apps = executor.loader.project_state(KEYS).apps
    questions = apps.get_model("quizzes", "Question").objects
    assert sorted(questions.values_list("quiz__slug", "position", "key")) == [
        ("one", 1, "q1"),
        ("one", 2, "q2"),
        ("two", 1, "q1"),
        ("two", 2, "q2"),
    ]
    choices = apps.get_model("quizzes", "Choice").objects.filter(question__quiz__slug="one", question__position=2)
    assert sorted(choices.values_list("position", "key")) == [(1, "c1"), (2, "c2"), (3, "c3")]


BEFORE_FALLBACK = [("quizzes", "0014_authors_manage_accommodations")]
FALLBACK = [("quizzes", "0015_answers_record_fallback")]


def test_earlier_answers_shown_in_english_fallback_are_marked_from_their_texts():
    """A Turkish answer whose question text as shown is the English one while the question has no Turkish text was
    shown in English fallback; a French one read in French, and an English one, were not."""
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE_FALLBACK)
    apps = executor.loader.project_state(BEFORE_FALLBACK + executor.loader.graph.leaf_nodes("accounts")).apps
    quiz = apps.get_model("quizzes", "Quiz").objects.create(slug="quiz", title="Quiz", title_en="Quiz")
    question = apps.get_model("quizzes", "Question").objects.create(
        quiz=quiz, position=1, text="Q", text_en="Q", text_fr="Q en français", text_tr=""
    )
    choice = apps.get_model("quizzes", "Choice").objects.create(
        question=question, position=1, text="C", text_en="C", is_correct=True
    )
    for language, shown in (("en", "Q"), ("fr", "Q en français"), ("tr", "Q")):
        user = apps.get_model("accounts", "User").objects.create(username=f"learner-{language}")
        attempt = apps.get_model("quizzes", "Attempt").objects.create(learner=user, quiz=quiz, language=language)
        apps.get_model("quizzes", "Answer").objects.create(
            attempt=attempt,
            question=question,
            choice=choice,
            chosen=str(choice.pk),
            is_correct=True,
            language=language,
            question_text=shown,
            choice_text="C",
        )

    executor = MigrationExecutor(connection)
    executor.migrate(FALLBACK)
    answers = executor.loader.project_state(FALLBACK).apps.get_model("quizzes", "Answer").objects
    assert sorted(answers.values_list("language", "in_fallback")) == [("en", False), ("fr", False), ("tr", True)]
