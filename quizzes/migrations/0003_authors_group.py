# Creates the "Authors" group: staff members in it write and translate guides and quizzes in the admin and
# read learners' attempts, but cannot manage users or groups.

from django.contrib.auth.management import create_permissions
from django.db import migrations

AUTHORS_GROUP = "Authors"
# (app label, model, actions): what an author may do in the admin.
AUTHOR_PERMISSIONS = [
    ("guides", "guide", ("add", "change", "delete", "view")),
    ("quizzes", "quiz", ("add", "change", "delete", "view")),
    ("quizzes", "question", ("add", "change", "delete", "view")),
    ("quizzes", "choice", ("add", "change", "delete", "view")),
    ("quizzes", "attempt", ("view",)),
    ("quizzes", "answer", ("view",)),
]


def create_authors_group(apps, schema_editor):
    # Permissions are normally created after the last migration (post_migrate); on a fresh database they do
    # not exist yet at this point, so create them now.
    for label in ("guides", "quizzes"):
        app_config = apps.get_app_config(label)
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0, using=schema_editor.connection.alias)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _created = Group.objects.using(schema_editor.connection.alias).get_or_create(name=AUTHORS_GROUP)
    codenames = [
        (app_label, f"{action}_{model}")
        for app_label, model, actions in AUTHOR_PERMISSIONS
        for action in actions
    ]
    permissions = [
        Permission.objects.using(schema_editor.connection.alias).get(
            content_type__app_label=app_label, codename=codename
        )
        for app_label, codename in codenames
    ]
    group.permissions.add(*permissions)


def delete_authors_group(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Group.objects.using(schema_editor.connection.alias).filter(name=AUTHORS_GROUP).delete()


class Migration(migrations.Migration):

    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("guides", "0001_initial"),
        ("quizzes", "0002_constraint_messages"),
    ]

    operations = [
        migrations.RunPython(create_authors_group, delete_authors_group),
    ]
