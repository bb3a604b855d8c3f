"""A ``redis-server`` of a test module's own, on a free loopback port: Redis as ``docker-compose.yml`` runs it, which
the tests may stop, restart, freeze and thaw without touching the machine's shared Redis.

Needs ``redis-server`` on PATH (Debian's redis-server package; .ci/run installs it).
"""

import os
import shutil
import signal
import subprocess
import time

import pytest
import redis


class RedisServer:
    """A ``redis-server`` on a free loopback port, without persistence (as docker-compose.yml runs it).

    Args:
        port: the port; the same across restarts, as a container's address stays.
    """

    def __init__(self, port: int):
        self.port = port
        self.url = f"redis://127.0.0.1:{port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [redis_server_binary(), "--bind", "127.0.0.1", "--port", str(self.port)]
            + ["--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
            start_new_session=True,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                redis.Redis(port=self.port, socket_timeout=1).ping()
                return
            except redis.exceptions.ConnectionError:
                time.sleep(0.05)
        raise AssertionError(f"redis-server did not start on port {self.port}")

    def stop(self) -> None:
        """Stop the server, as ``docker compose stop redis`` does (SIGTERM; a frozen server is thawed first)."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGCONT)
        self.process.terminate()
        self.process.wait(timeout=10)

    def freeze(self) -> None:
        self.process.send_signal(signal.SIGSTOP)

    def thaw(self) -> None:
        self.process.send_signal(signal.SIGCONT)

    def client(self) -> redis.Redis:
        return redis.Redis(port=self.port, socket_timeout=2)


def redis_server_binary() -> str:
    """The path of ``redis-server``; skips (or fails, with ``QUIZSITE_REQUIRE_REDIS=1``) when it is missing."""
    path = shutil.which("redis-server")
    if path is None:
        message = "redis-server is not installed"
        if os.environ.get("QUIZSITE_REQUIRE_REDIS") == "1":
            pytest.fail(f"{message}, and QUIZSITE_REQUIRE_REDIS is set.")
        pytest.skip(message)
    return path
