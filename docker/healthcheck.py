"""The image's HEALTHCHECK: ask this container's gunicorn for /healthz; exit 0 on a 200 answer, else 1.

A 200 may say ``"status": "degraded"``: Redis does not answer, and the site works from the database meanwhile,
so the container stays healthy; only a database it cannot reach (503) makes it unhealthy.

Standard library only: the slim base image has no curl, and starting Django for every probe would cost a
second of CPU each time. The request carries the first host of ``DJANGO_ALLOWED_HOSTS`` (Django answers 400 to
any other) and goes over plain HTTP, which /healthz accepts even when ``DJANGO_HTTPS=1``. The port is the one
of ``GUNICORN_BIND`` (default ``0.0.0.0:8000``), the same variable docker/entrypoint.sh binds with.
"""

import http.client
import os
import sys

TIMEOUT_SECONDS = 4


def probe_address() -> tuple[str, int]:
    """Where gunicorn listens, as ``(host, port)``; a wildcard address is reached on the loopback."""
    host, _colon, port = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000").rpartition(":")
    host = host.strip("[]")
    if host in {"", "0.0.0.0", "::"}:
        host = "127.0.0.1"
    return host, int(port)


def host_header() -> str:
    """A host name Django accepts: the first of ``DJANGO_ALLOWED_HOSTS``, without a leading dot."""
    hosts = [host.strip() for host in os.environ.get("DJANGO_ALLOWED_HOSTS", "").split(",") if host.strip()]
    if not hosts or hosts[0] == "*":
        return "localhost"
    return hosts[0].lstrip(".")


def main() -> int:
    host, port = probe_address()
    try:
        conn = http.client.HTTPConnection(host, port, timeout=TIMEOUT_SECONDS)
        conn.request("GET", "/healthz", headers={"Host": host_header()})
        response = conn.getresponse()
        body = response.read(200).decode("utf-8", "replace")
    except OSError as error:
        print(f"unhealthy: no answer from {host}:{port}: {error}")
        return 1
    if response.status != 200:
        print(f"unhealthy: /healthz answered {response.status}: {body}")
        return 1
    print(f"healthy: {body}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
