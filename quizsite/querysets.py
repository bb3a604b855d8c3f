"""QuerySet methods that guides and quizzes share: both have a ``published`` flag and an author preview."""

from typing import Self

from django.db import models


class PublishableQuerySet(models.QuerySet):
    """A QuerySet of a model with a ``published`` BooleanField: what learners see, and what staff preview.

    Subclass it for the model's own QuerySet (``class GuideQuerySet(PublishableQuerySet)``).
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
