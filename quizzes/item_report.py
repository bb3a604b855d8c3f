"""The item analysis as authors read it: each flag's sentence, the numbers' formats, and the CSV export.

The page (``quizzes.admin.statistics``) and the CSV show the same numbers: facility and shares as percentages,
discrimination to two decimals on the page; to three decimals (0–1) in the CSV, for spreadsheets.
"""

import csv
import io
from collections.abc import Iterable
from decimal import ROUND_HALF_UP, Decimal

from django.utils import translation
from django.utils.formats import number_format
from django.utils.translation import gettext

from quizzes.item_analysis import MIN_DISCRIMINATION_LEARNERS, MIN_LEARNERS
from quizzes.item_flags import (
    EASY,
    EASY_FROM,
    HARD,
    HARD_UP_TO,
    LANGUAGE_GAP,
    NEGATIVE,
    SIGNIFICANCE,
    STRONG_DISTRACTOR,
    UNPICKED,
    Flag,
    Numbers,
    QuestionAnalysis,
)
from quizzes.kinds import QuestionKind, true_false_label
from quizzes.statistics import whole_percent
from translations.facts import SOURCE_LANGUAGE, shown_text
from translations.models import NAMES_IN_SENTENCE


def as_percent(share: float | None) -> str:
    """``share`` (0–1) as a whole percentage in the active language ("84%", "84 %", "%84"), halves rounded up
    (``whole_percent``); "" for None."""
    if share is None:
        return ""
    return gettext("%(percent)s%%") % {"percent": number_format(whole_percent(share))}


def as_index(value: float | None) -> str:
    """A discrimination index to two decimals in the active language ("0.36", "0,36"), halves rounded up, never
    "-0.00"; "" for None."""
    if value is None:
        return ""
    rounded = Decimal(repr(round(value, 9))).quantize(Decimal("0.01"), ROUND_HALF_UP)
    return number_format(rounded + 0, 2)  # + 0: -0.00 becomes 0.00


def language_name(code: str) -> str:
    """A translation language's name inside a sentence ("turc" in French): ``translations.models.NAMES_IN_SENTENCE``."""
    return str(NAMES_IN_SENTENCE[code])


def flag_sentence(flag: Flag) -> str:
    """The one sentence that says what ``flag`` found and what to do, in the active language."""
    if flag.code == EASY:
        return gettext(
            "Nearly everyone answers it right (%(share)s or more): it does not tell learners apart; make it harder "
            "or keep it as a warm-up."
        ) % {"share": as_percent(EASY_FROM / 100)}
    if flag.code == HARD:
        return gettext(
            "Nearly everyone answers it wrong (%(share)s or fewer right): check its answer key, its wording and "
            "whether the guide teaches it."
        ) % {"share": as_percent(HARD_UP_TO / 100)}
    if flag.code == NEGATIVE:
        return gettext(
            "The learners who do best on the rest of the quiz miss it more often than the others (negative "
            "discrimination): check its answer key, then whether its text is ambiguous."
        )
    if flag.code == STRONG_DISTRACTOR:
        return gettext(
            "The strongest third chose the wrong choice %(number)s (“%(choice)s”) more often than the right one: "
            "check the answer key and the wording of both."
        ) % {"number": flag.choice.choice.position, "choice": flag.choice.label}
    if flag.code == UNPICKED:
        return gettext(
            "Nobody chose the wrong choice %(number)s (“%(choice)s”): it distracts nobody; make it plausible or "
            "replace it."
        ) % {"number": flag.choice.choice.position, "choice": flag.choice.label}
    if flag.code == LANGUAGE_GAP:
        gap = flag.gap
        return gettext(
            "Check the %(language)s translation: %(share)s of the %(answers)s learners who read it in "
            "%(language)s answered it right, against %(others)s of the %(others_answers)s others: a gap unlikely to "
            "be chance (one-sided two-proportion test at %(significance)s significance)."
        ) % {
            "language": language_name(gap.language),
            "share": as_percent(gap.facility),
            "answers": number_format(gap.answers),
            "others": as_percent(gap.others_facility),
            "others_answers": number_format(gap.others_answers),
            "significance": as_percent(SIGNIFICANCE),
        }
    raise ValueError(f"unknown flag {flag.code!r}")


def thresholds() -> dict[str, int]:
    """The page's "too few" limits: ``{"learners": …, "discrimination": …}``."""
    return {"learners": MIN_LEARNERS, "discrimination": MIN_DISCRIMINATION_LEARNERS}


CSV_COLUMNS = (
    "question",
    "question_text",
    "language",
    "learners",
    "facility",
    "discrimination",
    "flags",
    "choice",
    "choice_text",
    "correct",
    "chosen",
    "chosen_share",
    "strongest_third_share",
    "weakest_third_share",
)


def _decimal(value: float | None) -> str:
    return "" if value is None else f"{value:.3f}"


def _cell(text: str) -> str:
    """An author's text as a spreadsheet cell: one that a spreadsheet would read as a formula (starting with =, +,
    -, @, a tab or a carriage return) gets a leading apostrophe, as OWASP's advice on CSV injection says."""
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def _texts(question, code: str) -> tuple[str, dict[int, str]]:
    """``question``'s text and its choices' labels as learners read them in ``code`` (a language code; "all":
    English, the source): the translation, or the English where it is missing."""
    language = SOURCE_LANGUAGE if code == "all" else code
    with translation.override(language):
        labels = {
            choice.pk: true_false_label(choice.key)
            if question.kind == QuestionKind.TRUE_FALSE
            else shown_text(choice, "text", language)
            for choice in question.choices.all()
        }
    return shown_text(question, "text", language), labels


def csv_rows(analyses: Iterable[QuestionAnalysis]) -> Iterable[list]:
    """One row per question, language read ("all" for every learner, then each language's code) and choice, with
    the numbers of ``analyses`` (``quizzes.item_flags.item_analysis``): shares and indices as decimals to three
    places, empty where too few learners; ``flags``: the codes of the flags that group carries, space-separated
    (the question's own on "all", its language gap on that language). Texts are in the row's language (English
    where it has no translation, and on "all" rows), whatever the admin's language."""
    yield list(CSV_COLUMNS)
    for analysis in analyses:
        question = analysis.question
        groups: list[tuple[str, Numbers, list[Flag]]] = [
            ("all", analysis.numbers, [flag for flag in analysis.flags if flag.code != LANGUAGE_GAP])
        ]
        for language in analysis.languages:
            own = [flag for flag in analysis.flags if flag.gap and flag.gap.language == language.code]
            groups.append((language.code, language.numbers, own))
        for code, numbers, flags in groups:
            codes = " ".join(sorted({flag.code for flag in flags}))
            text, labels = _texts(question, code)
            for item in numbers.choices:
                yield [
                    question.position,
                    _cell(text),
                    code,
                    numbers.learners,
                    _decimal(numbers.facility),
                    _decimal(numbers.discrimination),
                    codes,
                    item.choice.position,
                    _cell(labels[item.choice.pk]),
                    "yes" if item.choice.is_correct else "no",
                    item.chosen,
                    _decimal(item.share),
                    _decimal(item.strongest),
                    _decimal(item.weakest),
                ]


def csv_text(analyses: Iterable[QuestionAnalysis]) -> str:
    """``csv_rows`` as CSV text (RFC 4180, comma-separated, CRLF line ends), after a byte order mark so that
    spreadsheets read it as UTF-8 (ğ, é)."""
    out = io.StringIO()
    out.write("\ufeff")
    csv.writer(out).writerows(csv_rows(analyses))
    return out.getvalue()
