"""The tables ``make bench`` prints (README, "Benchmark", says how to read them)."""

from dataclasses import dataclass

from bench.wrk import Result

NAMES = {
    "ceiling": "ceiling (bare page)",
    "question": "question page",
    "quiz": "quiz page",
    "results": "results",
    "home": "home",
    "answer": "answer POST",
}


@dataclass(frozen=True)
class Line:
    """One row of the table: a target's ``name`` (a key of ``NAMES``), its wrk ``result``, its requests per second
    divided by the ceiling's (``ratio``, float) and the SQL ``queries`` one request runs (int)."""

    name: str
    result: Result
    ratio: float
    queries: int


def print_round(measured) -> None:
    """Print one data set's table, its workers' memory and the answer check; ``measured`` is a ``bench.run.Round``."""
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
