from django.db import migrations, models
from django.db.models import OuterRef, Subquery, Value
from django.db.models.functions import Coalesce, NullIf

# The languages whose columns exist as of this migration; English is the fallback.
LANGUAGES = ["en", "fr", "tr"]


def fill_texts(apps, schema_editor):
    """Give existing answers their attempt's language, and the question and choice texts in it, else in English."""
    Answer = apps.get_model("quizzes", "Answer")
    Attempt = apps.get_model("quizzes", "Attempt")
    Answer.objects.update(language=Subquery(Attempt.objects.filter(pk=OuterRef("attempt_id")).values("language")[:1]))
    Question = apps.get_model("quizzes", "Question")
    Choice = apps.get_model("quizzes", "Choice")

    def text(model, key, language):
        return Subquery(model.objects.filter(pk=OuterRef(key)).values(f"text_{language}")[:1])

    for language in LANGUAGES:
        Answer.objects.filter(attempt__language=language).update(
            question_text=Coalesce(
                NullIf(text(Question, "question_id", language), Value("")), text(Question, "question_id", "en")
            ),
            choice_text=Coalesce(
                NullIf(text(Choice, "choice_id", language), Value("")), text(Choice, "choice_id", "en")
            ),
        )
    # An attempt in a language since removed from the site: English.
    Answer.objects.exclude(attempt__language__in=LANGUAGES).update(
        question_text=text(Question, "question_id", "en"), choice_text=text(Choice, "choice_id", "en")
    )


class Migration(migrations.Migration):

    dependencies = [
        ("quizzes", "0004_position_bound"),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="answer",
            options={"ordering": ["attempt", "answered_at", "pk"], "verbose_name": "answer", "verbose_name_plural": "answers"},
        ),
        migrations.AddField(
            model_name="answer",
            name="language",
            field=models.CharField(choices=[("en", "English"), ("fr", "French"), ("tr", "Turkish")], default="", max_length=10, verbose_name="language"),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="answer",
            name="question_text",
            field=models.TextField(default="", verbose_name="question as shown"),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="answer",
            name="choice_text",
            field=models.CharField(default="", max_length=500, verbose_name="answer as shown"),
            preserve_default=False,
        ),
        migrations.RunPython(fill_texts, migrations.RunPython.noop),
    ]
