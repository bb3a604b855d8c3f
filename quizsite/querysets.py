"""QuerySet bases that guides and quizzes share: translated models' QuerySets, and a ``published`` flag with an
author preview."""

from typing import Self

from django.db import models
from modeltranslation.manager import MultilingualManager, MultilingualQuerySet


class TranslatedManager(MultilingualManager):
    """The manager of a model registered with modeltranslation whose QuerySet is a ``TranslatedQuerySet``; made
    by ``TranslatedQuerySet.as_manager()``.

    modeltranslation merges its ``MultilingualManager`` into every manager of a registered model that is not one
    already; for a custom QuerySet, the merged ``get_queryset`` then builds a new QuerySet class on every call
    (``multilingual_queryset_factory``): 11 for one question page. This manager is a ``MultilingualManager``
    already, which modeltranslation leaves as it is, and returns its own QuerySet class, multilingual itself.
    Why this fix: there is no upstream one (0.20.6, and its repository's manager.py still builds a class per
    call); a multilingual QuerySet alone does not help, as the merged manager calls the factory anyway; caching
    the factory would mean replacing a function inside the library. tests/quizsite/test_querysets.py holds it.
    """

    def get_queryset(self) -> "TranslatedQuerySet":
        # Not super(): MultilingualQuerysetManager.get_queryset is where the class is built.
        return self._queryset_class(model=self.model, using=self._db, hints=self._hints)


class TranslatedQuerySet(MultilingualQuerySet):
    """The base of the QuerySet of every model registered with modeltranslation (quizzes, questions, choices,
    guides): multilingual from the start, so that its manager (``as_manager``) has no class to build per call.

    What modeltranslation does is unchanged: lookups and orderings on a translated field (``title``) read the
    active language's column.
    """

    # MultilingualQuerySet pickles a QuerySet as its class's first base made multilingual, the class that
    # multilingual_queryset_factory built on; for this class that would drop its own methods. Python's default
    # pickles the class itself.
    __reduce__ = object.__reduce__

    @classmethod
    def as_manager(cls) -> TranslatedManager:
        """The model's manager (``objects = QuizQuerySet.as_manager()``), a ``TranslatedManager`` with this
        class's methods, as ``QuerySet.as_manager`` makes a ``Manager``."""
        manager = TranslatedManager.from_queryset(cls)()
        manager._built_with_as_manager = True
        return manager

    as_manager.__func__.queryset_only = True


class PublishableQuerySet(models.QuerySet):
    """A QuerySet of a model with a ``published`` BooleanField: what learners see, and what staff preview.

    Subclass it for the model's own QuerySet (``class GuideQuerySet(PublishableQuerySet, TranslatedQuerySet)``).
    """

    def published(self) -> Self:
        """The rows learners may see and, for quizzes, take: ``published=True``."""
        return self.filter(published=True)

    def visible_to(self, user) -> Self:
        """The rows whose page ``user`` may see: published ones, and drafts too for staff (author preview).

        Args:
            user: the request's user (``AnonymousUser`` included); ``is_staff`` decides.
        """
        return self if user.is_staff else self.published()
