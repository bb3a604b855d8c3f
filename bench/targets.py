"""Whether ``make bench`` meets its targets: issue 20's (``TARGETS``: the learners' pages against the ceiling) and
issue 23's (``STATISTICS_TARGETS``: the statistics page), judged on the tables ``bench.report`` prints."""

import math
import operator
from collections.abc import Callable
from dataclasses import dataclass

from bench.report import FEW_ATTEMPTS, NAMES, PAGES, STATISTICS_ATTEMPTS, Line


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


def _slowest_single(full: Line, small: Line) -> float | None:
    """The slowest of both data sets' single requests (ms); None when none was timed."""
    return max(full.single_ms + small.single_ms, default=None)


def _queries_apart(full: Line, small: Line) -> float | None:
    """The most queries apart at ``FEW_ATTEMPTS`` and at ``STATISTICS_ATTEMPTS`` of both data sets (or None)."""
    pairs = [(line.queries, line.few_queries) for line in (full, small)]
    return None if any(few is None for _, few in pairs) else max(abs(many - few) for many, few in pairs)


MEASURES = {
    "single": Measure(
        "every request alone under {bound:,.0f} ms, in both data sets", _slowest_single, operator.lt, "{:,.0f} ms"
    ),
    "queries_apart": Measure(
        f"as many queries at {FEW_ATTEMPTS:,} attempts as at {STATISTICS_ATTEMPTS:,}, in both data sets",
        _queries_apart,
        operator.le,
        "{:.0f} apart",
    ),
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
#: Issue 23's: the statistics page answers in under a second with a fixed number of queries.
STATISTICS_TARGETS = (
    Target(("statistics",), "single", 1_000),
    Target(("statistics",), "queries_apart", 0),
    Target(("statistics",), "errors", 0),
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
    """Print whether each of issue 20's targets (``TARGETS``) and issue 23's (``STATISTICS_TARGETS``) is met, with
    the measured value, and how many are; ``full`` and ``small`` are the two data sets' ``bench.run.Round``-s. A
    target whose rows were not all measured (``BENCH_ROWS``) is not judged."""
    measured = {line.name for line in full.lines}
    for title, targets in (
        ("issue 20 (the full data set's table unless said)", TARGETS),
        ("issue 23 (the statistics page)", STATISTICS_TARGETS),
    ):
        judged = tuple(target for target in targets if measured.issuperset(target.rows))
        if not judged:
            continue
        verdicts = judge(full.lines, small.lines, judged)
        print(f"\nTargets of {title}")
        width = max(len(verdict.label) for verdict in verdicts)
        for verdict in verdicts:
            print(f"{'met' if verdict.met else 'MISSED':<7}{verdict.label:<{width}}  {verdict.shown}")
        unjudged = f" {len(targets) - len(judged)} not judged: rows not measured." if len(judged) < len(targets) else ""
        print(f"{sum(verdict.met for verdict in verdicts)} of {len(verdicts)} targets met.{unjudged}")
