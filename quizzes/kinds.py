"""The kinds of question and how an answer to each is judged, written once: the admin, the importer, the snapshots
and the question page ask here.

The kinds (README, "Authoring"), as most quiz engines have them (Moodle, H5P, django_quiz):

- **single**: one right choice among two or more, picked with radio buttons;
- **multiple** ("Select all that apply"): at least one right choice and not every choice right, picked with check
  boxes; right only when exactly the right choices are chosen (all or nothing, ``judge``), Moodle's and H5P's
  default;
- **true_false**: a statement that is true or false. Its two choices are the site's own (``true_false_rows``): the
  author writes only the statement and its explanation, and the labels are the site's translated words
  (``true_false_label``), so they need no translation.
"""

from collections.abc import Iterable

from django.db import models
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _


class QuestionKind(models.TextChoices):
    """What kind of question a ``Question`` is; the labels are what the editor offers."""

    SINGLE = "single", _("One right answer")
    MULTIPLE = "multiple", _("Several right answers (select all that apply)")
    TRUE_FALSE = "true_false", _("True or false")


#: The keys of a true-or-false question's two choices, in their order: "True" first, then "False".
TRUE_KEY, FALSE_KEY = "true", "false"
TRUE_FALSE_KEYS = (TRUE_KEY, FALSE_KEY)

_LABELS = {
    TRUE_KEY: pgettext_lazy("a true-or-false question's answer", "True"),
    FALSE_KEY: pgettext_lazy("a true-or-false question's answer", "False"),
}


def true_false_label(key: str) -> str:
    """The label learners read for the true-or-false choice ``key`` (``TRUE_KEY`` or ``FALSE_KEY``) in the active
    language: "True", "Vrai", "Doğru"…

    Raises:
        KeyError: ``key`` is not one of ``TRUE_FALSE_KEYS``.
    """
    return str(_LABELS[key])


def true_false_rows(*, is_true: bool) -> list[dict]:
    """The field values of a true-or-false question's two choices, as the site writes them: ``key``, ``position``
    (1 for True, 2 for False), ``is_correct`` (True's when the statement ``is_true``), ``pinned`` (True stays
    first whatever the quiz's shuffling) and an empty ``text`` (the label is ``true_false_label``'s).

    Args:
        is_true: whether the question's statement is true.
    """
    return [
        {"key": key, "position": position, "is_correct": (key == TRUE_KEY) == is_true, "pinned": True, "text": ""}
        for position, key in enumerate(TRUE_FALSE_KEYS, start=1)
    ]


def judge(*, right: Iterable[int], chosen: Iterable[int]) -> bool:
    """Whether an answer is right: the choices ``chosen`` are exactly the ``right`` ones (all or nothing).

    One rule for every kind: a single-answer or true-or-false question has one right choice and the learner
    chooses one; a multiple-answer question is right only for the exact set, none missing and none extra.

    Args:
        right: the primary keys of the question's right choices.
        chosen: the primary keys of the choices the learner chose.
    """
    right = set(right)
    return bool(right) and right == set(chosen)


def chosen_text(pks: Iterable[int]) -> str:
    """``Answer.chosen``: the chosen choices' primary keys, ascending, comma-separated (``"12,15"``): one text per
    set, so that the answer statistics count each exact set with a ``GROUP BY``."""
    return ",".join(str(pk) for pk in sorted(set(pks)))


def chosen_pks(text: str) -> tuple[int, ...]:
    """The primary keys in an ``Answer.chosen`` text (``"12,15"`` → ``(12, 15)``); ``()`` for an empty one."""
    return tuple(int(pk) for pk in text.split(",") if pk)


def select_all_hint() -> str:
    """What a multiple-answer question says to the learner, in the active language."""
    return gettext("Select all that apply.")
