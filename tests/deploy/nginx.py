"""The front of docker-compose.yml (service ``proxy``) run natively: Debian's nginx with the repository's
configuration, docker/nginx/default.conf.template, rendered as the official nginx image renders it.

Standard library only. nginx runs as the current user from a temporary folder (its configuration, temporary
files, logs and pid file), in the foreground, listening on 127.0.0.1; it is stopped by the code that started it.
"""

import contextlib
import grp
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

from tests.deploy.support import ROOT, STARTUP_SECONDS, free_port

TEMPLATE = ROOT / "docker" / "nginx" / "default.conf.template"
# What docker-compose.yml gives the proxy when nginx is the front (no proxy in front of it is trusted).
NO_TRUSTED_PROXY = "0.0.0.0/32"


def nginx_binary() -> str | None:
    """The path of nginx, or None when it is not installed (Debian puts it in /usr/sbin, off a user's PATH)."""
    return shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")


def render_template(text: str, variables: dict[str, str]) -> str:
    """Replace ``${NAME}`` and ``$NAME`` for each name of ``variables``, and nothing else, as the official nginx
    image does (envsubst, told the names of the variables its environment defines).

    Raises:
        AssertionError: when the result still holds an upper-case ``${NAME}``: a variable the image would leave
            as it is and nginx would then refuse.
    """
    for name, value in variables.items():
        text = re.sub(rf"\$(?:\{{{name}\}}|{name}\b)", lambda _match, value=value: value, text)
    left = sorted(set(re.findall(r"\$\{[A-Z_]+\}", text)))
    assert not left, f"Variables of {TEMPLATE.name} left unset: {left}"
    return text


class Nginx:
    """nginx in front of a gunicorn on the loopback, configured from the repository's template.

    Use as a context manager, or ``start()`` and ``stop()``.

    Args:
        upstream_port: the port gunicorn listens on at 127.0.0.1 (``PROXY_UPSTREAM``).
        workdir: an empty folder of its own (configuration, temporary files, logs).
        trusted_network: ``PROXY_TRUSTED_NETWORK``; by default none, as when nginx is the front.
    """

    def __init__(self, upstream_port: int, workdir: Path, trusted_network: str = NO_TRUSTED_PROXY):
        self.workdir = workdir
        self.port = free_port()
        self.variables = {
            "PROXY_LISTEN": f"127.0.0.1:{self.port}",
            "PROXY_UPSTREAM": f"127.0.0.1:{upstream_port}",
            "PROXY_TRUSTED_NETWORK": trusted_network,
        }
        self.process: subprocess.Popen | None = None

    def write_configuration(self) -> Path:
        """The main configuration, as the image's /etc/nginx/nginx.conf but with every path in ``workdir``,
        including the rendered template as the image includes conf.d/*.conf; returns its path."""
        (self.workdir / "default.conf").write_text(render_template(TEMPLATE.read_text(), self.variables))
        for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (self.workdir / name).mkdir(exist_ok=True)
        # As root (CI's containers), nginx would otherwise hand its workers to `nobody`, who cannot write here.
        user = ""
        if os.geteuid() == 0:
            user = f"user {pwd.getpwuid(os.geteuid()).pw_name} {grp.getgrgid(os.getegid()).gr_name};"
        main = self.workdir / "nginx.conf"
        main.write_text(
            f"""{user}
worker_processes 1;
events {{ worker_connections 256; }}
http {{
    default_type application/octet-stream;
    access_log {self.workdir}/access.log;
    client_body_temp_path {self.workdir}/client_body;
    proxy_temp_path {self.workdir}/proxy;
    fastcgi_temp_path {self.workdir}/fastcgi;
    uwsgi_temp_path {self.workdir}/uwsgi;
    scgi_temp_path {self.workdir}/scgi;
    include {self.workdir}/default.conf;
}}
"""
        )
        return main

    def start(self) -> "Nginx":
        """Check the configuration (``nginx -t``), start nginx and wait until its port accepts connections.

        Raises:
            AssertionError: when the configuration is refused or nginx exits or does not listen within 30 s,
                with its error log.
        """
        main = self.write_configuration()
        command = [
            nginx_binary(),
            *("-p", str(self.workdir), "-c", str(main), "-e", str(self.workdir / "error.log")),
            *("-g", f"daemon off; pid {self.workdir}/nginx.pid;"),
        ]
        check = subprocess.run([*command, "-t"], capture_output=True, text=True, timeout=30)
        assert check.returncode == 0, f"nginx -t refused the configuration:\n{check.stderr}"
        began = time.monotonic()
        self.process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
        )
        while time.monotonic() - began < STARTUP_SECONDS:
            if self.process.poll() is not None:
                raise AssertionError(f"nginx exited with {self.process.returncode}:\n{self.log()}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return self
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise AssertionError(f"nginx did not listen within {STARTUP_SECONDS} s:\n{self.log()}")

    def stop(self) -> None:
        """A fast stop (SIGTERM to the master, which stops its workers); SIGKILL to all of them after 10 s."""
        if self.process is None or self.process.poll() is not None:
            return
        try:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
        finally:
            # Workers left behind by a killed master would keep the port.
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def log(self) -> str:
        path = self.workdir / "error.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def __enter__(self) -> "Nginx":
        return self.start()

    def __exit__(self, *exc_info) -> None:
        self.stop()
