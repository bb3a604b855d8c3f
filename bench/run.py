"""``make bench`` (``python -m bench``): build the data set, serve the site and the ceiling under gunicorn, drive
both with wrk, print a table; then the same with a data set ten times smaller, and how much slower the full one is.

Environment: ``BENCH_DATABASE_URL`` (default ``postgres://postgres@127.0.0.1:5432/quizsite_bench``), a PostgreSQL
database this drops and creates (its server's ``postgres`` database must be reachable to do so), and drops again
at the end unless ``BENCH_KEEP_DATABASE=1``; ``BENCH_REDIS_URL``, a Redis database the site then uses as its
cache (``REDIS_URL``) and that this empties before each data set (without it the settings' default cache, as
``REDIS_URL`` of the calling shell is not passed on); ``BENCH_ROUNDS`` (3), how many times each page is measured,
after a run of the ceiling each time; ``BENCH_SECONDS`` (5) and ``BENCH_WARM_UP_SECONDS`` (2), how long each run
and each warm-up lasts.
"""

import dataclasses
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import psycopg
from psycopg.conninfo import conninfo_to_dict, make_conninfo

from bench import report
from bench.data import FULL, SMALL, Counts, Shape

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/quizsite_bench"
PAGES = ("question", "quiz", "results", "home", "guide", "exam_question")
#: The POST rows: the answer to a practised question, the answer saved on an exam's question page, and the POST of
#: an exam's confirmation page that submits it.
POSTS = ("answer", "exam_answer", "exam_submit")
#: Every row but the ceiling, in the table's order: the learners' pages and POSTs, then an author's statistics page
#: of a quiz with many attempts (``bench.statistics``), whose single requests are timed too (``SINGLE_GETS``).
ROWS = (*PAGES, *POSTS, "statistics")
SINGLE_GETS = 5


@dataclass(frozen=True)
class Round:
    """One data set's measurements: ``label``, rows written (``counts``) and seconds to build them, one
    ``report.Line`` per target (the ceiling first), each site worker's memory after the warm-up and after the last
    run (``{pid: (start MiB, end MiB)}``), and the answer POSTs completed in the run, prepared for it, and the
    answers they saved (``posts``, ``prepared``, ``saved``; the exam answer POSTs' in ``exam_*``); the exam submit
    POSTs completed and prepared, and the exams they submitted (``submit_posts``, ``submit_prepared``,
    ``submitted``); the questions of the statistics row's quiz (``statistics_questions``)."""

    label: str
    counts: Counts
    build_seconds: float
    lines: list
    memory: dict[int, tuple[float, float]]
    posts: int
    prepared: int
    saved: int
    exam_posts: int = 0
    exam_prepared: int = 0
    exam_saved: int = 0
    submit_posts: int = 0
    submit_prepared: int = 0
    submitted: int = 0
    statistics_questions: int = 0


def _environment(database_url: str, static_root: Path) -> dict[str, str]:
    """The production environment of the deploy tests for this database, with ``BENCH_REDIS_URL`` as the cache."""
    from tests.deploy.support import production_env

    env = production_env(database_url, static_root, DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost")
    env.pop("REDIS_URL", None)
    if os.environ.get("BENCH_REDIS_URL"):
        env["REDIS_URL"] = os.environ["BENCH_REDIS_URL"]
    return env


def _recreate(database_url: str, *, create: bool = True) -> None:
    """Drop the database of ``database_url`` (closing its connections) and, when ``create``, create it empty."""
    from django.db import connections

    connections.close_all()
    name = conninfo_to_dict(database_url)["dbname"]
    with psycopg.connect(make_conninfo(database_url, dbname="postgres"), autocommit=True) as maintenance:
        maintenance.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if create:
            maintenance.execute(f'CREATE DATABASE "{name}"')


def _prepare_database(database_url: str, shape: Shape) -> tuple[Counts, float]:
    """A new database with the migrations and a data set of ``shape``, vacuumed and analysed as a long-running
    database would be, and every cache emptied; returns the rows written and the seconds it took."""
    from django.conf import settings
    from django.core.cache import caches
    from django.core.management import call_command
    from django.db import connection

    from bench import data

    began = time.monotonic()
    _recreate(database_url)
    call_command("migrate", interactive=False, verbosity=0)
    call_command("createcachetable", verbosity=0)
    counts = data.build(shape)
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    for alias in settings.CACHES:
        caches[alias].clear()
    return counts, time.monotonic() - began


def _round(label: str, shape: Shape, env: dict[str, str], work: Path, database_url: str) -> Round:
    from django.db import connection

    from bench import load, queries, servers, statistics, wrk
    from bench.data import LANGUAGES
    from quizzes.models import Answer, Attempt

    rows = _rows()
    counts, build_seconds = _prepare_database(database_url, shape)
    prepared = load.prepare() if set(rows) - {"statistics"} else load.Load()
    authored = statistics.prepare() if "statistics" in rows else None
    # The load writes sessions, thousands of attempts and their answers (the exam submits' alone are about a tenth
    # of the full set's answers): analysed now, so that no autovacuum or autoanalyze of them runs during a measure.
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    reader = prepared.pages["home"][0].cookie if prepared.pages else authored.page.cookie
    ceiling = [load.Request(group, "GET", f"/{lang}/ceiling/", reader) for group, lang in enumerate(LANGUAGES)]
    targets = {"ceiling": ceiling, **{page: prepared.pages[page] for page in PAGES if page in rows}}
    if authored:
        targets["statistics"] = [authored.page]
    posts = {
        name: answers
        for name, answers in (
            ("answer", prepared.answers),
            ("exam_answer", prepared.exam_answers),
            ("exam_submit", prepared.exam_submits),
        )
        if name in rows
    }
    counted = {page: queries.count(requests[0]) for page, requests in targets.items() if page != "ceiling"}
    counted["ceiling"] = queries.count_ceiling(ceiling[0])
    for name, answers in posts.items():
        counted[name] = queries.count(answers["probe"][1], warm_up=answers["probe"][0], status=302)
    files = {name: wrk.write_requests(requests, work / f"{name}.tsv") for name, requests in targets.items()}
    warm_up_files = {
        name: wrk.write_requests(answers["warm-up"], work / f"{name}-warm-up.tsv") for name, answers in posts.items()
    }
    rounds = _rounds()
    # Each round sends the answers of learners of its own, each learner's in order: a POST sent twice would only be
    # told that the question was answered, and one sent before the learner's earlier questions, to answer in order;
    # a submit sent twice would only redirect to the results.
    answer_files = {}
    for name, answers in posts.items():
        shares = [[request for request in answers["run"] if request.group % rounds == n] for n in range(rounds)]
        answer_files[name] = [wrk.write_requests(share, work / f"{name}-{n}.tsv") for n, share in enumerate(shares)]
    single = {"statistics": authored.page} if authored else {}
    site = servers.start(env, work / "site.log")
    try:
        top = servers.start(env, work / "ceiling.log", settings_module="bench.ceiling.settings")
        try:
            for name, requests in targets.items():
                servers.check(top if name == "ceiling" else site, requests[0])
            runs, ceilings, start, end, latencies = _drive(site, top, files, warm_up_files, answer_files, single)
        finally:
            top.stop()
    finally:
        site.stop()
    lines = [report.Line("ceiling", _median_run(ceilings), 1.0, counted["ceiling"])]
    for name in (row for row in ROWS if row in runs):
        # Each page's run is compared with the ceiling's run just before it, and the median of those ratios is the
        # page's: the machine's other load moves a single run more than it moves the median.
        paired = zip(runs[name], ceilings[name], strict=True)
        ratios = sorted(page.per_second / ceiling.per_second for page, ceiling in paired)
        few = queries.count(authored.few) if name == "statistics" else None
        line = report.Line(name, _median_run(runs[name]), ratios[len(ratios) // 2], counted[name])
        lines.append(dataclasses.replace(line, single_ms=tuple(latencies.get(name, ())), few_queries=few))
    memory = {pid: (start[pid], end.get(pid, float("nan"))) for pid in start}
    saved = {
        name: Answer.objects.filter(attempt_id__in=attempts).count()
        for name, attempts in (("answer", prepared.run_attempts), ("exam_answer", prepared.exam_run_attempts))
    }
    submitted = Attempt.objects.filter(pk__in=prepared.submit_run_attempts, finished_at__isnull=False).count()
    sent = {name: sum(result.requests for result in runs.get(name, ())) for name in POSTS}
    return Round(
        label,
        counts,
        build_seconds,
        lines,
        memory,
        sent["answer"],
        len(prepared.answers.get("run", ())),
        saved["answer"],
        sent["exam_answer"],
        len(prepared.exam_answers.get("run", ())),
        saved["exam_answer"],
        sent["exam_submit"],
        len(prepared.exam_submits.get("run", ())),
        submitted,
        authored.questions if authored else 0,
    )


def _rows() -> tuple[str, ...]:
    """``BENCH_ROWS``: the rows to measure besides the ceiling, names of ``ROWS`` separated by commas, in the
    table's order; every row when unset or empty. The learners' load is prepared only for their rows.

    Raises:
        SystemExit: a name is not one of ``ROWS``.
    """
    asked = {name.strip() for name in (os.environ.get("BENCH_ROWS") or "").split(",") if name.strip()}
    if unknown := asked - set(ROWS):
        raise SystemExit(f"BENCH_ROWS: no row {', '.join(sorted(unknown))}; the rows are {', '.join(ROWS)}.")
    return tuple(row for row in ROWS if row in asked) if asked else ROWS


def _rounds() -> int:
    """``BENCH_ROUNDS``: how many times each page is measured, after a run of the ceiling each time (3)."""
    return max(1, int(os.environ.get("BENCH_ROUNDS") or 3))


def _median_run(results):
    """The run with the median requests per second of ``results`` (``wrk.Result``-s, or a dict of lists of them),
    with the errors of all of them: an error in any run counts."""
    if isinstance(results, dict):
        results = [result for group in results.values() for result in group]
    median = sorted(results, key=lambda result: result.per_second)[len(results) // 2]
    return dataclasses.replace(median, errors=sum(result.errors for result in results))


def _drive(
    site, top, files: dict[str, Path], warm_up_files: dict[str, Path], answer_files: dict[str, list[Path]], single: dict
):
    """Warm every target up, time ``SINGLE_GETS`` requests one after another of each page of ``single`` (``{row:
    bench.sessions.Request}``) alone on the site, then measure the pages in ``_rounds()`` rounds (in ``ROWS``'s
    order), each page after a run of the ceiling (``top``), so that the ceiling is measured over the same minutes
    as the pages on a machine whose other load may drift; each POST row (``POSTS``) sends round ``n``'s own
    requests, ``answer_files[name][n]``.

    Returns:
        ``(runs, ceilings, start, end, latencies)``: each page's ``wrk.Result``-s and the ceiling's runs before
        them (lists, by the page's name, in round order); the site's workers' resident memory (MiB by pid) after the
        warm-up and after the last run; the single requests' latencies (lists of ms, by row).
    """
    from bench import servers, wrk

    seconds = int(os.environ.get("BENCH_SECONDS") or 5)
    warm_up_seconds = int(os.environ.get("BENCH_WARM_UP_SECONDS") or 2)

    def drive(name: str, path: Path, duration: int) -> wrk.Result:
        server = top if name == "ceiling" else site
        result = wrk.run(server.port, path, duration)
        servers.settle(server)
        return result

    for name, path in {**files, **warm_up_files}.items():
        drive(name, path, warm_up_seconds)
    latencies = {name: servers.timed(site, request, SINGLE_GETS) for name, request in single.items()}
    start = {worker.pid: worker.rss_mib for worker in servers.workers(site)}
    runs: dict[str, list] = {name: [] for name in ROWS if name in files or name in answer_files}
    ceilings: dict[str, list] = {name: [] for name in runs}
    for number in range(_rounds()):
        for name in runs:
            ceilings[name].append(drive("ceiling", files["ceiling"], seconds))
            runs[name].append(drive(name, answer_files[name][number] if name in POSTS else files[name], seconds))
    end = {worker.pid: worker.rss_mib for worker in servers.workers(site)}
    return runs, ceilings, start, end, latencies


def main() -> None:
    """Run both data sets and print their tables; exit status 1 with a message when something fails."""
    from bench import wrk
    from bench.targets import print_targets

    wrk.require()
    database_url = os.environ.get("BENCH_DATABASE_URL") or DEFAULT_DATABASE_URL
    began = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="quizsite-bench-") as temporary:
        work = Path(temporary)
        env = _environment(database_url, work / "static")
        os.environ.clear()
        os.environ.update(env, DJANGO_SETTINGS_MODULE="quizsite.settings")
        import django
        from django.core.management import call_command

        django.setup()
        call_command("collectstatic", interactive=False, verbosity=0)
        rounds = []
        try:
            for label, shape in (("Full data set", FULL), ("Small data set (ten times smaller)", SMALL)):
                print(f"{label}: building and measuring…", flush=True)
                rounds.append(_round(label, shape, env, work, database_url))
                report.print_round(rounds[-1])
        finally:
            if os.environ.get("BENCH_KEEP_DATABASE") != "1":
                _recreate(database_url, create=False)
        report.print_comparison(rounds[0], rounds[1])
        print_targets(rounds[0], rounds[1])
    print(f"\nTotal: {time.monotonic() - began:.0f} s.")
