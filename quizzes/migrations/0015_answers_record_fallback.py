# Each answer records whether its question was shown in English because it had no translation into the answer's
# language (Answer.in_fallback), for the item analysis per language (quizzes/item_analysis.py). Earlier answers
# are marked from what they kept: a French or Turkish answer whose question text as shown is the question's
# English text while the question still has no translation into that language.

from django.conf import settings
from django.db import migrations, models
from django.db.models import F, Q


def mark(apps, schema_editor):
    Answer = apps.get_model("quizzes", "Answer")
    database = schema_editor.connection.alias
    for code, _name in settings.LANGUAGES:
        if code == settings.MODELTRANSLATION_DEFAULT_LANGUAGE:
            continue
        translation = f"question__text_{code}"
        untranslated = Q(**{f"{translation}__isnull": True}) | Q(**{translation: ""})
        Answer.objects.using(database).filter(untranslated, language=code, question_text=F("question__text_en")).update(
            in_fallback=True
        )


class Migration(migrations.Migration):
    dependencies = [
        ("quizzes", "0014_authors_manage_accommodations"),
    ]

    operations = [
        migrations.AddField(
            model_name="answer",
            name="in_fallback",
            field=models.BooleanField(
                default=False,
                help_text="Whether the question was shown in English because it had no translation into the language.",
                verbose_name="shown in the fallback language",
            ),
        ),
        migrations.RunPython(mark, migrations.RunPython.noop),
    ]
