# Lets the "Authors" group (quizzes/migrations/0003_authors_group.py) manage the glossary in the admin: its
# terms and their renderings.

from django.contrib.auth.management import create_permissions
from django.db import migrations

AUTHORS_GROUP = "Authors"
# (app label, model, actions), as in quizzes' AUTHOR_PERMISSIONS.
AUTHOR_PERMISSIONS = [
    ("translations", "glossaryterm", ("add", "change", "delete", "view")),
    ("translations", "glossaryrendering", ("add", "change", "delete", "view")),
]


def codenames():
    return [f"{action}_{model}" for _app, model, actions in AUTHOR_PERMISSIONS for action in actions]


def grant(apps, schema_editor):
    # On a fresh database permissions are created after the last migration (post_migrate): create them now.
    app_config = apps.get_app_config("translations")
    app_config.models_module = True
    create_permissions(app_config, apps=apps, verbosity=0, using=schema_editor.connection.alias)
    app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    database = schema_editor.connection.alias
    group, _created = Group.objects.using(database).get_or_create(name=AUTHORS_GROUP)
    group.permissions.add(
        *Permission.objects.using(database).filter(content_type__app_label="translations", codename__in=codenames())
    )


def revoke(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    database = schema_editor.connection.alias
    for group in Group.objects.using(database).filter(name=AUTHORS_GROUP):
        group.permissions.remove(
            *Permission.objects.using(database).filter(
                content_type__app_label="translations", codename__in=codenames()
            )
        )


class Migration(migrations.Migration):

    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("quizzes", "0003_authors_group"),
        ("translations", "0001_initial"),
    ]

    operations = [
        migrations.RunPython(grant, revoke),
    ]
