"""Running wrk (https://github.com/wg/wrk, the Debian package ``wrk``) with ``bench/requests.lua``."""

import json
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # bench.sessions needs Django set up, which running wrk does not
    from bench.sessions import Request

SCRIPT = Path(__file__).resolve().parent / "requests.lua"
CONNECTIONS = 8
THREADS = 1


@dataclass(frozen=True)
class Result:
    """One wrk run: ``requests`` completed in ``seconds``; ``p50_ms`` and ``p99_ms`` latencies (float,
    milliseconds); ``errors``: responses with a status of 400 or more plus socket errors (connect, read, write,
    timeout)."""

    requests: int
    seconds: float
    p50_ms: float
    p99_ms: float
    errors: int

    @property
    def per_second(self) -> float:
        """Requests per second (float)."""
        return self.requests / self.seconds


def require() -> str:
    """The path of the wrk executable.

    Raises:
        SystemExit: wrk is not installed, with how to install it.
    """
    path = shutil.which("wrk")
    if path is None:
        raise SystemExit("wrk is not installed: `apt-get install wrk` as root (make bench does it when run as root).")
    return path


def write_requests(requests: list["Request"], path: Path) -> Path:
    """Write ``requests`` in the script's format (tab-separated, one a line) to ``path`` and return it.

    Raises:
        ValueError: a request holds a tab or a newline.
    """
    lines = []
    for request in requests:
        fields = (str(request.group), request.method, request.path, request.cookie, request.body)
        if any("\t" in value or "\n" in value for value in fields):
            raise ValueError(f"A tab or newline in {request!r}.")
        lines.append("\t".join(fields) + "\n")
    path.write_text("".join(lines))
    return path


def run(port: int, requests_file: Path, seconds: int) -> Result:
    """Drive ``127.0.0.1:port`` for ``seconds`` with ``CONNECTIONS`` connections over ``THREADS`` threads, sending
    the requests of ``requests_file`` (``write_requests``) in turn.

    Raises:
        subprocess.CalledProcessError: wrk failed.
    """
    completed = subprocess.run(
        [
            require(),
            f"--connections={CONNECTIONS}",
            f"--threads={THREADS}",
            f"--duration={seconds}s",
            "--timeout=5s",
            f"--script={SCRIPT}",
            f"http://127.0.0.1:{port}/",
            "--",
            str(requests_file),
            str(THREADS),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    summary = json.loads(completed.stdout.strip().splitlines()[-1])
    return Result(
        requests=summary["requests"],
        seconds=summary["duration_us"] / 1e6,
        p50_ms=summary["p50_us"] / 1000,
        p99_ms=summary["p99_us"] / 1000,
        errors=summary["status_errors"] + summary["socket_errors"],
    )
