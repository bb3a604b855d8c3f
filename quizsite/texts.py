"""Which strings are unfit to store or show: the one rule for every way text enters the site (the admin's forms,
quiz files, PO files from translators).

A lone surrogate (half of a UTF-16 pair, which JSON's ``\\ud800`` escapes can produce) cannot be encoded in UTF-8,
so neither the database nor a page can hold it; PostgreSQL refuses NUL; other C0 and C1 control characters are
invisible on a page and refused by the XML-based tools translators use. Tab, line feed and carriage return are
ordinary text.
"""

import re

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

SURROGATE = re.compile("[\ud800-\udfff]")
# C0 and C1 control characters but tab, line feed and carriage return (NUL has its own message).
CONTROL = re.compile("[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def text_problem(text: str) -> str | None:
    """What makes ``text`` unfit to store or show, in the active language, or None when it is fine.

    Args:
        text: any string.
    """
    surrogate = SURROGATE.search(text)
    if surrogate:
        return _("contains a lone surrogate (\\u%(code)x), half of a character pair: it cannot be stored or shown") % {
            "code": ord(surrogate.group())
        }
    if "\x00" in text:
        return _("contains a NUL character (\\u0000)")
    control = CONTROL.search(text)
    if control:
        return _("contains a control character (\\u%(code)04x), which no page can show") % {
            "code": ord(control.group())
        }
    return None


def validate_text(value: str) -> None:
    """A form field validator applying ``text_problem``.

    Raises:
        ValidationError: code ``"unfit_text"``, the problem as its message ("The text contains a control
            character (\\u0007), which no page can show.").
    """
    problem = text_problem(value) if isinstance(value, str) else None
    if problem:
        raise ValidationError(_("The text %(problem)s.") % {"problem": problem}, code="unfit_text")
