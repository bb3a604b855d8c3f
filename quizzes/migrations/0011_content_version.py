"""The content version and the triggers that bump it on every write of authored content (``quizzes.versions``)."""

import secrets

from django.db import migrations, models

from quizzes.versions import CONTENT_TABLES, triggers_sql

TABLES = sorted(CONTENT_TABLES.values())


def create_triggers(apps, schema_editor):
    create, _drop = triggers_sql(schema_editor.connection.vendor, TABLES)
    for statement in create:
        schema_editor.execute(statement)
    # A token never used before, as every bump makes: a fixed one would name, after the migration is reversed and
    # applied again, snapshots that a shared cache still holds from the first time.
    token = secrets.token_hex(16)
    apps.get_model("quizzes", "ContentVersion").objects.update_or_create(pk=1, defaults={"token": token})


def drop_triggers(apps, schema_editor):
    _create, drop = triggers_sql(schema_editor.connection.vendor, TABLES)
    for statement in drop:
        schema_editor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [
        ("quizzes", "0010_redundant_foreign_key_indexes"),
        ("guides", "0002_body_limit"),
        ("translations", "0003_glossary_rendering_ordering_without_join"),
    ]

    operations = [
        migrations.CreateModel(
            name="ContentVersion",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("token", models.CharField(max_length=32)),
            ],
            options={"verbose_name": "content version"},
        ),
        migrations.RunPython(create_triggers, drop_triggers, elidable=False),
    ]
