from django.db import migrations, models

import quizzes.models


def fill_keys(apps, schema_editor):
    """Give existing questions and choices keys from their positions: "q1", "q2"… within a quiz and "c1", "c2"…
    within a question, unique because positions are. An export then shows them; authors may rename them in a file
    only together with the quiz's rows (a renamed key is a removed question and a new one)."""
    for model, prefix in ((apps.get_model("quizzes", "Question"), "q"), (apps.get_model("quizzes", "Choice"), "c")):
        rows = list(model.objects.only("pk", "position"))
        for row in rows:
            row.key = f"{prefix}{row.position}"
        model.objects.bulk_update(rows, ["key"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("quizzes", "0005_answer_texts_and_order"),
    ]

    operations = [
        migrations.AddField(
            model_name="question",
            name="key",
            field=models.SlugField(max_length=50, null=True, db_index=False, verbose_name="key"),
        ),
        migrations.AddField(
            model_name="choice",
            name="key",
            field=models.SlugField(max_length=50, null=True, db_index=False, verbose_name="key"),
        ),
        migrations.RunPython(fill_keys, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="question",
            name="key",
            field=models.SlugField(
                db_index=False,
                default=quizzes.models.new_key,
                help_text="Names the question in quiz files; unique within the quiz.",
                max_length=50,
                verbose_name="key",
            ),
        ),
        migrations.AlterField(
            model_name="choice",
            name="key",
            field=models.SlugField(
                db_index=False,
                default=quizzes.models.new_key,
                help_text="Names the choice in quiz files; unique within the question.",
                max_length=50,
                verbose_name="key",
            ),
        ),
        migrations.AddConstraint(
            model_name="question",
            constraint=models.UniqueConstraint(fields=("quiz", "key"), name="question_key_unique_in_quiz"),
        ),
        migrations.AddConstraint(
            model_name="choice",
            constraint=models.UniqueConstraint(fields=("question", "key"), name="choice_key_unique_in_question"),
        ),
    ]
