import django.db.models.functions.text
from django.db import migrations, models
from django.db.models import Count
from django.db.models.functions import Lower

import accounts.models


def blank_later_duplicate_addresses(apps, schema_editor):
    """Before one account per address is enforced: an address that several accounts share stays on the oldest
    (first signed up) of them and is removed from the others, which can add an address again on their account
    page (README, "Upgrading")."""
    User = apps.get_model("accounts", "User")
    with_lower = User.objects.exclude(email="").annotate(email_lower=Lower("email"))
    shared = with_lower.values("email_lower").annotate(accounts=Count("pk")).filter(accounts__gt=1)
    for address in shared.values_list("email_lower", flat=True):
        sharing = with_lower.filter(email_lower=address).order_by("date_joined", "pk").values_list("pk", flat=True)
        User.objects.filter(pk__in=list(sharing)[1:]).update(email="")


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_initial"),
    ]

    operations = [
        migrations.AlterModelManagers(
            name="user",
            managers=[
                ("objects", accounts.models.AccountManager()),
            ],
        ),
        migrations.AddField(
            model_name="user",
            name="pending_email",
            field=models.EmailField(
                blank=True,
                default="",
                db_default="",
                help_text="The address the learner asked to change to; it replaces the e-mail address once confirmed.",
                max_length=254,
                verbose_name="e-mail address waiting for confirmation",
            ),
        ),
        migrations.RunPython(blank_later_duplicate_addresses, migrations.RunPython.noop, elidable=True),
        migrations.AddConstraint(
            model_name="user",
            constraint=models.UniqueConstraint(
                django.db.models.functions.text.Lower("email"),
                condition=models.Q(("email", ""), _negated=True),
                name="email_unique_ci",
                violation_error_code="email_taken",
                violation_error_message="Another account already uses this e-mail address.",
            ),
        ),
    ]
