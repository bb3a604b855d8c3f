"""The item analysis's language gap where translators look: a question that learners answered right clearly less
often in one translation than in the other languages (``quizzes.item_flags.translation_suspects``: a one-sided
two-proportion test, English fallback counted as English) is a translation to check. The quiz's translation grid
and ``manage.py translation_status`` say so in one sentence per question and language, made here.
"""

from collections.abc import Iterable

from django.utils.translation import gettext

from quizzes.item_flags import LanguageGap, translation_suspects
from quizzes.item_report import as_percent
from translations.facts import TARGET_LANGUAGES
from translations.models import NAMES_IN_SENTENCE


def translation_gaps(quiz_ids: Iterable[int]) -> dict[int, dict[str, LanguageGap]]:
    """The language gaps of the questions of quizzes ``quiz_ids`` (ints), in translation languages only.

    Returns:
        ``{question pk: {language code: LanguageGap}}``, languages in ``settings.LANGUAGES`` order; questions
        without a gap are left out. One query for all the quizzes (``translation_suspects``): a page or a command
        that shows several quizzes calls this once.
    """
    gaps = {}
    for question, languages in translation_suspects(quiz_ids).items():
        flagged = {code: languages[code] for code in TARGET_LANGUAGES if code in languages}
        if flagged:
            gaps[question] = flagged
    return gaps


def grid_sentence(gap: LanguageGap) -> str:
    """What the translation grid writes in ``gap.language``'s column beside the question, in the active language:
    "Check the Turkish translation: 41% of learners who read this question in Turkish answered it correctly,
    against 83% of the others." (shares as ``item_report.as_percent`` rounds them, like the statistics page)."""
    return gettext(
        "Check the %(language)s translation: %(share)s of learners who read this question in %(language)s "
        "answered it correctly, against %(others)s of the others."
    ) % {
        "language": NAMES_IN_SENTENCE[gap.language],
        "share": as_percent(gap.facility),
        "others": as_percent(gap.others_facility),
    }


def status_sentence(number: int, quiz: str, gap: LanguageGap) -> str:
    """The line ``translation_status`` prints for question ``number`` (its position) of the quiz titled ``quiz``:
    "Question 5 of “Data parallelism”: check the Turkish translation (facility 41% in Turkish against 83% in
    the other languages)."."""
    return gettext(
        "Question %(number)s of “%(quiz)s”: check the %(language)s translation (facility %(share)s in "
        "%(language)s against %(others)s in the other languages)."
    ) % {
        "number": number,
        "quiz": quiz,
        "language": NAMES_IN_SENTENCE[gap.language],
        "share": as_percent(gap.facility),
        "others": as_percent(gap.others_facility),
    }
