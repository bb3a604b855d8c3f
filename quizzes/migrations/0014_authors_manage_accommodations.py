# Lets the "Authors" group (0003_authors_group) give learners accommodations in the admin: more time on timed
# exams, or none (quizzes/accommodations.py).

from django.contrib.auth.management import create_permissions
from django.db import migrations

AUTHORS_GROUP = "Authors"
CODENAMES = [f"{action}_accommodation" for action in ("add", "change", "delete", "view")]


def grant(apps, schema_editor):
    # On a fresh database permissions are created after the last migration (post_migrate): create them now.
    app_config = apps.get_app_config("quizzes")
    app_config.models_module = True
    create_permissions(app_config, apps=apps, verbosity=0, using=schema_editor.connection.alias)
    app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    database = schema_editor.connection.alias
    group, _created = Group.objects.using(database).get_or_create(name=AUTHORS_GROUP)
    group.permissions.add(
        *Permission.objects.using(database).filter(content_type__app_label="quizzes", codename__in=CODENAMES)
    )


def revoke(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    database = schema_editor.connection.alias
    for group in Group.objects.using(database).filter(name=AUTHORS_GROUP):
        group.permissions.remove(
            *Permission.objects.using(database).filter(content_type__app_label="quizzes", codename__in=CODENAMES)
        )


class Migration(migrations.Migration):

    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("quizzes", "0013_exams_time_limits_practice_rounds"),
    ]

    operations = [
        migrations.RunPython(grant, revoke),
    ]
