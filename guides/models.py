from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from quizsite.fields import limited_text_field
from quizsite.querysets import PublishableQuerySet, TranslatedQuerySet
from translations.tracking import TranslationTracked

#: The most guides one quiz may link: the quiz's page, the guide's page (its quizzes) and quiz files refuse more.
#: It bounds a quiz file, which holds the quiz's guides (``quizzes.content.reader.MAX_FILE_BYTES``).
MAX_GUIDES_PER_QUIZ = 10


class GuideQuerySet(PublishableQuerySet, TranslatedQuerySet):
    """Guides: ``published()`` and ``visible_to(user)`` (``PublishableQuerySet``), ``unlinked()``."""

    def unlinked(self) -> "GuideQuerySet":
        """The guides no quiz links, in the guides' order (``Meta.ordering``): no quiz's translation grid shows
        their texts, so ``translation_status`` and ``export_po`` list them on their own."""
        return self.filter(quizzes=None).order_by("ordering", "slug")


class Guide(TranslationTracked, models.Model):
    """A learning path: a text that explains a topic, with the quizzes that test it.

    ``title``, ``summary`` and ``body`` are translated (see ``guides/translation.py``); English is the source.
    Each text's longest length is its field's ``max_length``, which the admin, quiz files and PO files read.
    """

    slug = models.SlugField(_("slug"), max_length=100, unique=True)
    title = models.CharField(_("title"), max_length=200)
    summary = models.CharField(_("summary"), max_length=300, blank=True)
    body = limited_text_field(_("body"), max_length=100_000, blank=True)
    published = models.BooleanField(_("published"), default=False)
    ordering = models.PositiveIntegerField(_("ordering"), default=0, help_text=_("Lower numbers come first."))

    objects = GuideQuerySet.as_manager()

    class Meta:
        ordering = ["ordering", "slug"]
        verbose_name = _("guide")
        verbose_name_plural = _("guides")

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("guides:detail", kwargs={"slug": self.slug})
