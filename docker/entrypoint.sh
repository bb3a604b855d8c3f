#!/bin/sh
# The web container's command (Dockerfile CMD): wait for the database and apply migrations
# (docker/prepare_database.py), then replace this shell with gunicorn serving quizsite.wsgi, so that gunicorn
# receives the container's stop signal and finishes the requests in flight.
#
# It runs outside a container too (tests/deploy run it against a local PostgreSQL): it needs python and
# gunicorn on PATH and the environment that .env.example documents. Static files are collected when the image
# is built, not here.
#
# gunicorn, from the environment (defaults in brackets):
#   GUNICORN_BIND [0.0.0.0:8000]     address and port to listen on
#   GUNICORN_WORKERS [3]             worker processes; each holds one database connection per thread
#   GUNICORN_THREADS [1]             threads per worker
#   GUNICORN_TIMEOUT [30]            seconds a request may take before its worker is restarted
#   GUNICORN_GRACEFUL_TIMEOUT [20]   seconds to finish requests in flight after a stop signal
#   GUNICORN_ACCESS_LOG [1]          one line per request on stdout; 0 turns it off
# Any other gunicorn option: GUNICORN_CMD_ARGS, which gunicorn reads itself.
set -eu
cd "$(dirname "$0")/.."

python docker/prepare_database.py

# Proxy headers are trusted by Django alone (DJANGO_BEHIND_PROXY), so gunicorn trusts none itself. No control
# socket: it would be written under $HOME, which the container's user does not have, and shared by every
# gunicorn that runs on the same machine as the same user.
set -- quizsite.wsgi \
    --bind "${GUNICORN_BIND:-0.0.0.0:8000}" \
    --workers "${GUNICORN_WORKERS:-3}" \
    --threads "${GUNICORN_THREADS:-1}" \
    --timeout "${GUNICORN_TIMEOUT:-30}" \
    --graceful-timeout "${GUNICORN_GRACEFUL_TIMEOUT:-20}" \
    --forwarded-allow-ips "" \
    --no-control-socket \
    --error-logfile -
if [ "${GUNICORN_ACCESS_LOG:-1}" != "0" ]; then
    set -- "$@" --access-logfile -
fi
# Workers' heartbeat files on a memory file system: on a container's disk layer they can stall a worker.
if [ -d /dev/shm ]; then
    set -- "$@" --worker-tmp-dir /dev/shm
fi
# Its error log (stderr) joins the access log and Django's log on stdout.
exec gunicorn "$@" 2>&1
