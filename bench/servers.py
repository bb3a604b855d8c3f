"""The site and the ceiling under gunicorn, started as the container starts the site (``docker/entrypoint.sh``,
natively, as the deploy tests run it: ``tests/deploy/support.py``), and their workers' memory."""

import http.client
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from tests.deploy.support import Server, free_port

if TYPE_CHECKING:  # bench.load needs Django set up
    from bench.load import Request

WORKERS = 2


def start(env: dict[str, str], log: Path, settings_module: str = "quizsite.settings") -> Server:
    """Start gunicorn (``WORKERS`` sync workers, a free loopback port, no access log) through the entry point,
    with ``env`` and ``DJANGO_SETTINGS_MODULE=settings_module``, once ``/healthz`` answers.

    Raises:
        AssertionError: it did not start within 30 s (with its log).
    """
    overrides = {
        "DJANGO_SETTINGS_MODULE": settings_module,
        "GUNICORN_WORKERS": str(WORKERS),
        "GUNICORN_ACCESS_LOG": "0",
        "GUNICORN_TIMEOUT": "30",
    }
    return Server({**env, **overrides}, free_port(), log).start()


@dataclass(frozen=True)
class Worker:
    """A gunicorn worker process: its ``pid`` and resident memory ``rss_mib`` (float, MiB)."""

    pid: int
    rss_mib: float


def workers(server: Server) -> list[Worker]:
    """The server's worker processes (the children of gunicorn's master, which the entry point ``exec``-s into)
    and their resident memory now, read from ``/proc``; sorted by pid."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) != server.process.pid:
                continue
            status = (stat.parent / "status").read_text()
        except (OSError, IndexError):
            continue  # a process that ended meanwhile
        kib = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:"))
        found.append(Worker(pid=int(stat.parent.name), rss_mib=kib / 1024))
    return sorted(found, key=lambda worker: worker.pid)


def _cpu_ticks(pids: list[int]) -> int:
    ticks = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])  # utime and stime
    return ticks


def settle(server: Server, quiet_seconds: float = 0.3, timeout: float = 60) -> None:
    """Wait until the server's workers have used no CPU for ``quiet_seconds`` (at most ``timeout`` seconds).

    When wrk stops, requests it had sent may still wait in the listening socket's queue, and gunicorn's workers
    serve them to closed connections; the next measurement would otherwise share the CPU with them.
    """
    pids = [worker.pid for worker in workers(server)]
    deadline = time.monotonic() + timeout
    before = _cpu_ticks(pids)
    while time.monotonic() < deadline:
        time.sleep(quiet_seconds)
        now = _cpu_ticks(pids)
        if now == before:
            return
        before = now


def check(server: Server, request: "Request", status: int = 200) -> None:
    """Send the GET ``request`` once, as wrk will, and check the answer's status, so that a session the workers
    cannot read (a redirect to log in) or a wrong address fails the run instead of being measured.

    Raises:
        AssertionError: the status is not ``status``.
    """
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    connection.request(request.method, request.path, headers={"Cookie": request.cookie, "X-Forwarded-Proto": "https"})
    response = connection.getresponse()
    connection.close()
    assert response.status == status, f"{request.method} {request.path} answered {response.status}, not {status}."


def timed(server: Server, request: "Request", times: int) -> list[float]:
    """Send the GET ``request`` ``times`` times one after another, each on a connection of its own and alone on
    the server, and return each one's latency (float, milliseconds: from sending it to the whole response read).

    Raises:
        AssertionError: a response's status is not 200.
    """
    latencies = []
    for _ in range(times):
        began = time.perf_counter()
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        connection.request(
            request.method, request.path, headers={"Cookie": request.cookie, "X-Forwarded-Proto": "https"}
        )
        response = connection.getresponse()
        response.read()
        connection.close()
        latencies.append((time.perf_counter() - began) * 1000)
        assert response.status == 200, f"{request.method} {request.path} answered {response.status}, not 200."
    return latencies
