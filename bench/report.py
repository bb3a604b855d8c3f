"""The tables ``make bench`` prints (README, "Benchmark", says how to read them); whether its targets are met is
``bench.targets``'s."""

from dataclasses import dataclass

from bench.wrk import Result

#: The finished attempts of the quiz whose statistics page the statistics row measures (``bench.statistics``),
#: and of the quiz at which its queries are counted again: they must be as many.
STATISTICS_ATTEMPTS = 10_000
FEW_ATTEMPTS = 100

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
    "statistics": f"statistics page ({STATISTICS_ATTEMPTS:,} attempts)",
}
# The rows of the site's pages that issue 20's targets judge (all but the ceiling and the exam rows, which came
# later and are measured alike without targets of their own), in the table's order.
PAGES = ("question", "quiz", "results", "home", "guide", "answer")


@dataclass(frozen=True)
class Line:
    """One row of the table: a target's ``name`` (a key of ``NAMES``), its wrk ``result``, its requests per second
    divided by the ceiling's (``ratio``, float) and the SQL ``queries`` one request runs (int); for the statistics
    row, the latencies of single requests sent one after another (``single_ms``, floats, ms) and the queries of
    the same page at a quiz with ``FEW_ATTEMPTS`` (``few_queries``)."""

    name: str
    result: Result
    ratio: float
    queries: int
    single_ms: tuple[float, ...] = ()
    few_queries: int | None = None


def print_round(measured) -> None:
    """Print one data set's table, its workers' memory and the checks of the POSTs (answers saved, exams submitted);
    ``measured`` is a ``bench.run.Round``."""
    counts = measured.counts
    print(
        f"\n{measured.label}: {counts.guides:,} guides, {counts.quizzes:,} quizzes, {counts.questions:,} questions, "
        f"{counts.choices:,} choices, {counts.learners:,} learners, {counts.attempts:,} finished attempts, "
        f"{counts.answers:,} answers (built in {measured.build_seconds:.0f} s)"
    )
    width = max(20, *(len(NAMES[line.name]) for line in measured.lines))
    print(f"{'page':<{width}} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'errors':>7} {'ratio':>6} {'queries':>8}")
    for line in measured.lines:
        result = line.result
        print(
            f"{NAMES[line.name]:<{width}} {result.per_second:>8.1f} {result.p50_ms:>8.1f} {result.p99_ms:>8.1f} "
            f"{result.errors:>7} {line.ratio:>6.2f} {line.queries:>8}"
        )
    workers = "; ".join(
        f"pid {pid}: {start:.1f} → {end:.1f} MiB ({(end / start - 1) * 100:+.1f}%)"
        for pid, (start, end) in measured.memory.items()
    )
    print(f"Site workers' resident memory, after the warm-up → after the last run: {workers}")
    measured_rows = {line.name for line in measured.lines}
    if "answer" in measured_rows:
        # Requests still queued when wrk stopped are served after it, so the answers saved may exceed the POSTs
        # counted; fewer would mean that POSTs saved nothing.
        print(
            f"Answer POSTs completed in the run: {measured.posts:,} of {measured.prepared:,} prepared; answers saved: "
            f"{measured.saved:,}{'' if measured.saved >= measured.posts else ' (FEWER: some POSTs saved nothing)'}"
        )
    if "exam_answer" in measured_rows:
        # An exam answer POST sent again (wrk starts the file over when it runs out) replaces its answer: fewer
        # saved than completed means that, or that POSTs saved nothing, only when more were completed than prepared.
        fewer = measured.exam_saved < min(measured.exam_posts, measured.exam_prepared)
        print(
            f"Exam answer POSTs completed in the run: {measured.exam_posts:,} of {measured.exam_prepared:,} prepared; "
            f"answers saved: {measured.exam_saved:,}{' (FEWER: some POSTs saved nothing)' if fewer else ''}"
        )
    if "exam_submit" in measured_rows:
        # Each exam submit POST has an exam attempt of its own; one sent again (a round that ran out of its
        # prepared attempts, and wrk started its file over) only redirects to the results. Requests still queued
        # when wrk stopped are served after it, so more may be submitted than completed.
        outran = (
            " (FEWER: the run outran the prepared exams, or POSTs failed)"
            if measured.submitted < measured.submit_posts
            else ""
        )
        print(
            f"Exam submit POSTs completed in the run: {measured.submit_posts:,} of {measured.submit_prepared:,} "
            f"prepared; exams submitted: {measured.submitted:,}{outran}"
        )
    for line in measured.lines:
        if line.single_ms:
            print(_statistics_sentence(line, measured.statistics_questions))


def _statistics_sentence(line: Line, questions: int) -> str:
    """The statistics row's single requests, and its queries at a quiz with ``FEW_ATTEMPTS`` too."""
    single = sorted(line.single_ms)
    return (
        f"Statistics page, an author's, of a quiz of {questions} questions with {STATISTICS_ATTEMPTS:,} finished "
        f"attempts in three languages: {len(single)} requests one after another, median "
        f"{single[len(single) // 2]:,.0f} ms, slowest {single[-1]:,.0f} ms; {line.queries} queries, "
        f"{line.few_queries} at a quiz with {FEW_ATTEMPTS:,} attempts"
    )


def print_comparison(full, small) -> None:
    """Print how much slower each target is with the ``full`` data set than with the ``small`` one (``Round``-s),
    in percent: by the ratio to the ceiling (small ÷ full − 1; the ceiling's runs offset the machine's drift
    between the two data sets), by requests per second (small ÷ full − 1) and by p99 latency
    (full ÷ small − 1)."""
    print("\nSlower with the full data set than the small one (small ÷ full − 1; p99: full ÷ small − 1)")
    width = max(20, *(len(NAMES[line.name]) for line in full.lines))
    print(f"{'page':<{width}} {'by ratio':>9} {'by req/s':>9} {'by p99':>8}")
    small_lines = {line.name: line for line in small.lines}
    for line in full.lines:
        other = small_lines[line.name]
        by_ratio = "" if line.name == "ceiling" else _percent(other.ratio, line.ratio)
        by_rate = _percent(other.result.per_second, line.result.per_second)
        p99 = _percent(line.result.p99_ms, other.result.p99_ms)
        print(f"{NAMES[line.name]:<{width}} {by_ratio:>9} {by_rate:>9} {p99:>8}")


def _percent(numerator: float, denominator: float) -> str:
    """``numerator / denominator - 1`` as a signed percentage, or "n/a" when nothing was measured."""
    return f"{(numerator / denominator - 1) * 100:+.0f}%" if numerator and denominator else "n/a"
