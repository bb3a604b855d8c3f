"""The tables ``make bench`` prints (README, "Benchmark", says how to read them), and whether issue 20's targets
are met (``TARGETS``)."""

import math
import operator
from collections.abc import Callable
from dataclasses import dataclass

from bench.wrk import Result

NAMES = {
    "ceiling": "ceiling (bare page)",
    "question": "question page",
    "quiz": "quiz page",
    "results": "results",
    "home": "home",
    "guide": "guide page",
    "answer": "answer POST",
    "exam_question": "exam question page",
    "exam_answer": "exam answer POST",
    "exam_submit": "exam submit POST",
}
# The rows of the site's pages that issue 20's targets judge (all but the ceiling and the exam rows, which came
# later and are measured alike without targets of their own), in the table's order.
PAGES = ("question", "quiz", "results", "home", "guide", "answer")


@dataclass(frozen=True)
class Line:
    """One row of the table: a target's ``name`` (a key of ``NAMES``), its wrk ``result``, its requests per second
    divided by the ceiling's (``ratio``, float) and the SQL ``queries`` one request runs (int)."""

    name: str
    result: Result
    ratio: float
    queries: int


def print_round(measured) -> None:
    """Print one data set's table, its workers' memory and the checks of the POSTs (answers saved, exams submitted);
    ``measured`` is a ``bench.run.Round``."""
    counts = measured.counts
    print(
        f"\n{measured.label}: {counts.guides:,} guides, {counts.quizzes:,} quizzes, {counts.questions:,} questions, "
        f"{counts.choices:,} choices, {counts.learners:,} learners, {counts.attempts:,} finished attempts, "
        f"{counts.answers:,} answers (built in {measured.build_seconds:.0f} s)"
    )
    print(f"{'page':<20} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'errors':>7} {'ratio':>6} {'queries':>8}")
    for line in measured.lines:
        result = line.result
        print(
            f"{NAMES[line.name]:<20} {result.per_second:>8.1f} {result.p50_ms:>8.1f} {result.p99_ms:>8.1f} "
            f"{result.errors:>7} {line.ratio:>6.2f} {line.queries:>8}"
        )
    workers = "; ".join(
        f"pid {pid}: {start:.1f} → {end:.1f} MiB ({(end / start - 1) * 100:+.1f}%)"
        for pid, (start, end) in measured.memory.items()
    )
    print(f"Site workers' resident memory, after the warm-up → after the last run: {workers}")
    # Requests still queued when wrk stopped are served after it, so the answers saved may exceed the POSTs counted;
    # fewer would mean that POSTs saved nothing.
    print(
        f"Answer POSTs completed in the run: {measured.posts:,} of {measured.prepared:,} prepared; answers saved: "
        f"{measured.saved:,}{'' if measured.saved >= measured.posts else ' (FEWER: some POSTs saved nothing)'}"
    )
    # An exam answer POST sent again (wrk starts the file over when it runs out) replaces its answer: fewer saved
    # than completed means that, or that POSTs saved nothing, only when more were completed than prepared.
    fewer = measured.exam_saved < min(measured.exam_posts, measured.exam_prepared)
    print(
        f"Exam answer POSTs completed in the run: {measured.exam_posts:,} of {measured.exam_prepared:,} prepared; "
        f"answers saved: {measured.exam_saved:,}{' (FEWER: some POSTs saved nothing)' if fewer else ''}"
    )
    # Each exam submit POST has an exam attempt of its own; one sent again (a round that ran out of its prepared
    # attempts, and wrk started its file over) only redirects to the results. Requests still queued when wrk stopped
    # are served after it, so more may be submitted than completed.
    outran = (
        " (FEWER: the run outran the prepared exams, or POSTs failed)"
        if measured.submitted < measured.submit_posts
        else ""
    )
    print(
        f"Exam submit POSTs completed in the run: {measured.submit_posts:,} of {measured.submit_prepared:,} "
        f"prepared; exams submitted: {measured.submitted:,}{outran}"
    )


def print_comparison(full, small) -> None:
    """Print how much slower each target is with the ``full`` data set than with the ``small`` one (``Round``-s),
    in percent: by the ratio to the ceiling (small ÷ full − 1; the ceiling's runs offset the machine's drift
    between the two data sets), by requests per second (small ÷ full − 1) and by p99 latency
    (full ÷ small − 1)."""
    print("\nSlower with the full data set than the small one (small ÷ full − 1; p99: full ÷ small − 1)")
    print(f"{'page':<20} {'by ratio':>9} {'by req/s':>9} {'by p99':>8}")
    small_lines = {line.name: line for line in small.lines}
    for line in full.lines:
        other = small_lines[line.name]
        by_ratio = "" if line.name == "ceiling" else _percent(other.ratio, line.ratio)
        by_rate = _percent(other.result.per_second, line.result.per_second)
        p99 = _percent(line.result.p99_ms, other.result.p99_ms)
        print(f"{NAMES[line.name]:<20} {by_ratio:>9} {by_rate:>9} {p99:>8}")


def _percent(numerator: float, denominator: float) -> str:
    """``numerator / denominator - 1`` as a signed percentage, or "n/a" when nothing was measured."""
    return f"{(numerator / denominator - 1) * 100:+.0f}%" if numerator and denominator else "n/a"


@dataclass(frozen=True)
class Measure:
    """How a target is measured and judged.

    Attributes:
        wording: the target in words, formatted with ``bound``: ``"ratio at least {bound:.2f}"``.
        value: ``(full data set's line, small data set's line) -> float``, or None when it cannot be measured
            (nothing served); lines are ``Line``-s of one row.
        met: ``(value, bound) -> bool``, e.g. ``operator.ge``.
        shown: how a value is printed, a format string: ``"{:.3f}"``.
        higher_is_better: True where the lowest of several rows' values is the worst (a ratio).
    """

    wording: str
    value: Callable[[Line, Line], float | None]
    met: Callable[[float, float], bool]
    shown: str
    higher_is_better: bool = False


def _slowdown(full: Line, small: Line) -> float | None:
    """How much slower by ratio the full data set is than the small one: small ÷ full − 1 (0.15 is 15 % slower),
    as ``print_comparison`` prints it; None when the full data set served nothing."""
    return small.ratio / full.ratio - 1 if full.ratio else None


MEASURES = {
    "ratio": Measure("ratio at least {bound:.2f}", lambda full, small: full.ratio, operator.ge, "{:.3f}", True),
    "p99": Measure("p99 under {bound:.0f} ms", lambda full, small: full.result.p99_ms, operator.lt, "{:.1f} ms"),
    "errors": Measure(
        "at most {bound:.0f} errors, in both data sets",
        lambda full, small: full.result.errors + small.result.errors,
        operator.le,
        "{:.0f}",
    ),
    "slowdown": Measure(
        "at most {bound:.0%} slower by ratio with the full data set than the small",
        _slowdown,
        operator.le,
        "{:+.1%}",
    ),
}


@dataclass(frozen=True)
class Target:
    """A target of issue 20 ("Targets": ratios to the ceiling in this table, full data set, Redis): a bound on one
    measure (a key of ``MEASURES``) that every row of ``rows`` (keys of ``NAMES``) must meet; ``scope`` names
    those rows in the report (by default the one row's name)."""

    rows: tuple[str, ...]
    measure: str
    bound: float
    scope: str = ""


TARGETS = (
    Target(("question",), "ratio", 0.60),
    Target(("quiz",), "ratio", 0.60),
    Target(("results",), "ratio", 0.45),
    Target(("home",), "ratio", 0.45),
    Target(("guide",), "ratio", 0.45),
    Target(("answer",), "ratio", 0.35),
    Target(PAGES, "p99", 60, "every page"),
    Target(("ceiling", *PAGES), "errors", 0, "every row"),
    Target(PAGES, "slowdown", 0.15, "every page"),
)


@dataclass(frozen=True)
class Verdict:
    """How one target fared: ``met`` (bool); ``value``, the measured value of its worst row (None when a row was
    not measured), and that row's name (``worst``); ``missed``, how many of its rows missed it."""

    target: Target
    met: bool
    value: float | None
    worst: str
    missed: int

    @property
    def label(self) -> str:
        """The target in words: ``"question page: ratio at least 0.60"``."""
        scope = self.target.scope or NAMES[self.target.rows[0]]
        return f"{scope}: {MEASURES[self.target.measure].wording.format(bound=self.target.bound)}"

    @property
    def shown(self) -> str:
        """The measured value: ``"0.183"``; for several rows the worst one's, and how many rows missed:
        ``"answer POST 234.4 ms at worst; 6 of 6 missed"``."""
        value = "not measured" if self.value is None else MEASURES[self.target.measure].shown.format(self.value)
        if len(self.target.rows) == 1:
            return value
        return f"{NAMES[self.worst]} {value} at worst; {self.missed} of {len(self.target.rows)} missed"


def judge(full: list[Line], small: list[Line], targets: tuple[Target, ...] = TARGETS) -> list[Verdict]:
    """Judge each of ``targets`` on the ``full`` and ``small`` data sets' lines (each a table's ``Line``-s, one
    per row). A row missing from either, or whose value cannot be measured, misses its target."""
    full_lines, small_lines = {line.name: line for line in full}, {line.name: line for line in small}
    verdicts = []
    for target in targets:
        measure = MEASURES[target.measure]
        values = {}
        for row in target.rows:
            both = row in full_lines and row in small_lines
            value = measure.value(full_lines[row], small_lines[row]) if both else None
            values[row] = None if value is None or math.isnan(value) else value
        missed = [row for row, value in values.items() if value is None or not measure.met(value, target.bound)]
        # The worst row: the first that could not be measured, else the one furthest on the wrong side.
        unmeasured = [row for row, value in values.items() if value is None]
        pick = min if measure.higher_is_better else max
        worst = unmeasured[0] if unmeasured else pick(values, key=values.get)
        verdicts.append(Verdict(target, not missed, values[worst], worst, len(missed)))
    return verdicts


def print_targets(full, small) -> None:
    """Print whether each of issue 20's targets (``TARGETS``) is met, with the measured value, and how many are;
    ``full`` and ``small`` are the two data sets' ``bench.run.Round``-s."""
    verdicts = judge(full.lines, small.lines)
    print("\nTargets of issue 20 (the full data set's table unless said)")
    width = max(len(verdict.label) for verdict in verdicts)
    for verdict in verdicts:
        print(f"{'met' if verdict.met else 'MISSED':<7}{verdict.label:<{width}}  {verdict.shown}")
    print(f"{sum(verdict.met for verdict in verdicts)} of {len(verdicts)} targets met.")
