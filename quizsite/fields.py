"""Model fields the apps share."""

from django.core.validators import MaxLengthValidator
from django.db import models


def limited_text_field(verbose_name, *, max_length: int, **kwargs) -> models.TextField:
    """A ``TextField`` of at most ``max_length`` characters (per language, for a translated field).

    Django's ``TextField`` passes ``max_length`` to its form field only; the validator makes the same limit hold
    wherever the model field validates a value: the admin's forms, quiz files (``quizzes.content.schema``) and PO
    files (``translations.po_import``), so that the site's own exports always import. The database column stays
    unbounded ``text``.
    """
    return models.TextField(verbose_name, max_length=max_length, validators=[MaxLengthValidator(max_length)], **kwargs)
