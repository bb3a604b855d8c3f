from collections.abc import Collection

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from quizsite.search import Fold, fold_text
from translations.facts import translation_languages

# A SHA-256 digest in hexadecimal (``facts.fingerprint``).
FINGERPRINT_LENGTH = 64


# A translation language's name inside a sentence or a list filter's option ("Missing translation: français"),
# where French writes it in lower case; the names in settings.LANGUAGES are the standalone ones ("Français").
# tests/translations/test_lists.py checks that every translation language has one.
NAMES_IN_SENTENCE = {
    "fr": pgettext_lazy("language name inside a sentence", "French"),
    "tr": pgettext_lazy("language name inside a sentence", "Turkish"),
}


class TranslationSourceQuerySet(models.QuerySet):
    def of(self, instances) -> "TranslationSourceQuerySet":
        """The records of the given model instances (any mix of models), in one query.

        Args:
            instances: saved model instances, e.g. a quiz, its questions and their choices.
        """
        ids_by_model: dict[str, set[int]] = {}
        for instance in instances:
            ids_by_model.setdefault(instance._meta.label_lower, set()).add(instance.pk)
        condition = Q(pk__in=[])
        for model, ids in ids_by_model.items():
            condition |= Q(model=model, object_id__in=sorted(ids))
        return self.filter(condition)


class TranslationSource(models.Model):
    """Which English text a translation was written from: one row per translated field, object and language.

    ``fingerprint`` is ``facts.fingerprint`` of the English text at the time the translation was written (in
    the admin, by a quiz file import, by a PO import) or confirmed by an author. ``stale`` is kept equal to
    ``facts.is_stale`` by ``tracking`` on every save, so lists can filter on it; ``states`` asks ``is_stale`` of
    the fingerprint itself. A translation without a row is taken as current: rows are
    written when a translation or its English text changes.

    ``model`` is the translated model's ``label_lower`` (``"quizzes.question"``), ``field`` its base field name
    (``"text"``).
    """

    model = models.CharField(_("model"), max_length=100)
    object_id = models.PositiveBigIntegerField(_("object id"))
    field = models.CharField(_("field"), max_length=50)
    language = models.CharField(_("language"), max_length=10, choices=translation_languages)
    fingerprint = models.CharField(_("fingerprint of the English text"), max_length=FINGERPRINT_LENGTH)
    stale = models.BooleanField(_("stale"), default=False)
    recorded_at = models.DateTimeField(_("recorded at"), auto_now=True)

    objects = TranslationSourceQuerySet.as_manager()

    class Meta:
        verbose_name = _("translation source")
        verbose_name_plural = _("translation sources")
        constraints = [
            models.UniqueConstraint(
                fields=["model", "object_id", "field", "language"], name="translation_source_unique"
            ),
        ]
        indexes = [models.Index(fields=["model", "stale", "language"], name="translation_source_stale")]

    def __str__(self) -> str:
        return f"{self.model} {self.object_id} {self.field} [{self.language}]"


class GlossaryTerm(models.Model):
    """An English term of the field with its approved rendering in each language, or kept as is everywhere.

    A translation whose English source contains ``term`` must contain the approved rendering (or, for a term
    kept as is, the term itself); ``glossary`` holds the matching rules (case, dots on i, word boundaries,
    Turkish suffixes).
    """

    term = models.CharField(_("term"), max_length=100, unique=True, help_text=_("The English term, e.g. “gradient”."))
    keep_as_is = models.BooleanField(
        _("keep as is"),
        default=False,
        help_text=_("Translations keep the English term unchanged (names such as All-reduce, NCCL, GPU)."),
    )
    note = models.CharField(_("note"), max_length=300, blank=True, help_text=_("Shown to translators."))

    class Meta:
        ordering = ["term"]
        verbose_name = _("glossary term")
        verbose_name_plural = _("glossary terms")

    def __str__(self) -> str:
        return self.term

    def clean(self) -> None:
        """Refuse a blank term, and a term the glossary already has in another case or with other dots on i
        ("Gradient" beside "gradient"): the matcher folds them together, so they would be one term twice.

        Raises:
            ValidationError: on ``term``.
        """
        if not self.term.strip():
            if self.term:  # only spaces; an empty term is the field's own error ("This field is required.")
                raise ValidationError({"term": _("Enter the English term.")})
            return
        twins = GlossaryTerm.objects.annotate(folded=Fold("term")).filter(folded=fold_text(self.term.strip()))
        twin = twins.exclude(pk=self.pk).first()
        if twin is not None:
            raise ValidationError(
                {"term": _("The glossary already has this term, as “%(term)s”.") % {"term": twin.term}}
            )

    def validate_renderings(self, languages: Collection[str]) -> None:
        """Refuse renderings for a term kept as is: its translations keep the English term, in every language
        (the admin's renderings inline asks this before saving; the matcher lets "keep as is" win otherwise).

        Args:
            languages: the language codes of the renderings about to be saved with this term.

        Raises:
            ValidationError: the term is kept as is and ``languages`` is not empty.
        """
        if self.keep_as_is and languages:
            raise ValidationError(
                _("A term kept as is has no renderings: delete them, or untick “keep as is”."),
                code="kept_with_renderings",
            )


class GlossaryRendering(models.Model):
    """The approved rendering of a glossary term in one language, e.g. "gradyan" for "gradient" in Turkish."""

    term = models.ForeignKey(GlossaryTerm, on_delete=models.CASCADE, related_name="renderings", verbose_name=_("term"))
    language = models.CharField(_("language"), max_length=10, choices=translation_languages)
    rendering = models.CharField(_("rendering"), max_length=100)

    class Meta:
        # By the column, not by the term's own ordering (its text), which would join terms only to sort.
        ordering = ["term_id", "language"]
        verbose_name = _("rendering")
        verbose_name_plural = _("renderings")
        constraints = [models.UniqueConstraint(fields=["term", "language"], name="glossary_rendering_unique")]

    def __str__(self) -> str:
        # Shown where Django lists it (a term's delete page): "gradyan (Turkish)", in the admin's language.
        return f"{self.rendering} ({self.get_language_display()})"
