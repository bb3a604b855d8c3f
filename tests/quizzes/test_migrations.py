import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("quizzes", "0004_position_bound")]
AFTER = [("quizzes", "0005_answer_texts_and_order")]


@pytest.mark.django_db(transaction=True)
def test_existing_answers_get_their_attempts_language_and_texts_in_it_else_english():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    apps = executor.loader.project_state(BEFORE).apps
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
