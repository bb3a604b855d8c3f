"""Question kinds, pinned choices, a quiz's shuffling and pass mark, and what attempts and answers keep of them
(issue 21): each attempt's own order (its seed and the quiz's settings when it started), every answer's chosen
set and the choices as shown.

Existing quizzes keep their author's order (``shuffle_choices`` is on only for new ones); existing attempts keep the
author's order too (their ``shuffle_*`` are off); existing answers get their chosen set from their choice, and an
empty ``shown`` (shown in the author's order).
"""

import django.core.validators
import django.db.models.deletion
from django.db import migrations, models
from django.db.models import CharField
from django.db.models.functions import Cast

import quizzes.attempts
from quizzes.versions import triggers_sql

# SQLite makes some of these changes by copying a table into a new one, which loses its triggers: the content
# version's are made again at the end (quizzes.versions).
TABLES = ["quizzes_choice", "quizzes_question", "quizzes_quiz"]


def chosen_from_choice(apps, schema_editor):
    Answer = apps.get_model("quizzes", "Answer")
    Answer.objects.update(chosen=Cast("choice_id", CharField()))


def triggers_again(apps, schema_editor):
    create, drop = triggers_sql(schema_editor.connection.vendor, TABLES)
    for statement in drop[: len(drop) - (schema_editor.connection.vendor == "postgresql")]:
        schema_editor.execute(statement)  # not PostgreSQL's function, which the other tables' triggers use
    for statement in create:
        schema_editor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [
        ("guides", "0002_body_limit"),
        ("quizzes", "0011_content_version"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="choice",
            name="one_correct_choice_per_question",
        ),
        migrations.AddField(
            model_name="answer",
            name="chosen",
            field=models.CharField(default="", max_length=100, verbose_name="choices chosen"),
            preserve_default=False,
        ),
        migrations.RunPython(chosen_from_choice, migrations.RunPython.noop, elidable=False),
        migrations.AddField(
            model_name="answer",
            name="kind",
            field=models.CharField(
                choices=[
                    ("single", "One right answer"),
                    ("multiple", "Several right answers (select all that apply)"),
                    ("true_false", "True or false"),
                ],
                default="single",
                max_length=12,
                verbose_name="kind",
            ),
        ),
        migrations.AddField(
            model_name="answer",
            name="shown",
            field=models.JSONField(blank=True, default=list, verbose_name="choices as shown"),
        ),
        migrations.AddField(
            model_name="attempt",
            name="pass_mark",
            field=models.PositiveSmallIntegerField(blank=True, editable=False, null=True, verbose_name="pass mark"),
        ),
        migrations.AddField(
            model_name="attempt",
            name="seed",
            field=models.PositiveIntegerField(
                default=quizzes.attempts.new_seed, editable=False, verbose_name="order seed"
            ),
        ),
        migrations.AddField(
            model_name="attempt",
            name="shuffle_choices",
            field=models.BooleanField(default=False, editable=False, verbose_name="choices shuffled"),
        ),
        migrations.AddField(
            model_name="attempt",
            name="shuffle_questions",
            field=models.BooleanField(default=False, editable=False, verbose_name="questions shuffled"),
        ),
        migrations.AddField(
            model_name="choice",
            name="pinned",
            field=models.BooleanField(
                default=False, help_text="Stays in its place when the choices are shuffled.", verbose_name="pinned"
            ),
        ),
        migrations.AddField(
            model_name="question",
            name="kind",
            field=models.CharField(
                choices=[
                    ("single", "One right answer"),
                    ("multiple", "Several right answers (select all that apply)"),
                    ("true_false", "True or false"),
                ],
                default="single",
                max_length=12,
                verbose_name="kind",
            ),
        ),
        migrations.AddField(
            model_name="quiz",
            name="pass_mark",
            field=models.PositiveSmallIntegerField(
                blank=True,
                help_text="The score, in percent, from which an attempt passes; leave empty for no pass mark.",
                null=True,
                validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(100)],
                verbose_name="pass mark",
            ),
        ),
        # Off for the quizzes that exist, whose learners met their choices in the author's order; on for new ones.
        migrations.AddField(
            model_name="quiz",
            name="shuffle_choices",
            field=models.BooleanField(
                default=False,
                help_text="Each attempt shows each question's choices in its own order; pinned choices stay in place.",
                verbose_name="shuffle choices",
            ),
        ),
        migrations.AlterField(
            model_name="quiz",
            name="shuffle_choices",
            field=models.BooleanField(
                default=True,
                help_text="Each attempt shows each question's choices in its own order; pinned choices stay in place.",
                verbose_name="shuffle choices",
            ),
        ),
        migrations.AddField(
            model_name="quiz",
            name="shuffle_questions",
            field=models.BooleanField(
                default=False,
                help_text="Each attempt asks the questions in its own order.",
                verbose_name="shuffle questions",
            ),
        ),
        migrations.AlterField(
            model_name="answer",
            name="choice",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="answers",
                to="quizzes.choice",
                verbose_name="choice",
            ),
        ),
        migrations.AlterField(
            model_name="answer",
            name="choice_text",
            field=models.TextField(verbose_name="answer as shown"),
        ),
        migrations.AddConstraint(
            model_name="question",
            constraint=models.CheckConstraint(
                condition=models.Q(("kind__in", ["single", "multiple", "true_false"])), name="question_kind_valid"
            ),
        ),
        migrations.AddConstraint(
            model_name="quiz",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("pass_mark__isnull", True),
                    models.Q(("pass_mark__gte", 1), ("pass_mark__lte", 100)),
                    _connector="OR",
                ),
                name="quiz_pass_mark_percentage",
                violation_error_message="A pass mark is a percentage from 1 to 100.",
            ),
        ),
        migrations.RunPython(triggers_again, migrations.RunPython.noop, elidable=False),
    ]
