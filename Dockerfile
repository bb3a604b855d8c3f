# syntax=docker/dockerfile:1
# The Quizsite web image: gunicorn serving the site, static files by WhiteNoise, settings from the environment
# (.env.example). Built and run by docker-compose.yml; see README.md, "Deploy".

# --- Build: dependencies, compiled translations, collected static files -----------------------------------
FROM python:3.13-slim AS build

ENV PYTHONDONTWRITEBYTECODE=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_CACHE_DIR=1

# GNU gettext for compilemessages; only in this stage, so its exact version does not matter.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install --yes --no-install-recommends gettext \
    && rm -rf /var/lib/apt/lists/*

RUN python -m venv /opt/venv
ENV PATH=/opt/venv/bin:$PATH

# The runtime dependencies at the versions and hashes of the lock (requirements/main.txt, exported from
# uv.lock by `make lock`), in a layer of their own so that a change of code does not reinstall them. The
# project itself runs from /app.
COPY requirements/main.txt /tmp/requirements.txt
RUN pip install --require-hashes --no-deps --requirement /tmp/requirements.txt

WORKDIR /app
COPY . .

# The .mo files are committed; compiling them again (when the checkout has locale/) matches them to the .po files.
# Static files: hashed, compressed and listed in a manifest; a stylesheet referring to a missing file stops the
# build here. Settings need a secret key to load: a throwaway one, in this command's environment only, since
# ENV or ARG would keep it in the image. Debug is off, as in every process of the image: the settings' default,
# since .env.development is not copied (.dockerignore). Bytecode compiled now, as the site's user cannot write it at run time.
RUN if [ -d locale ]; then python manage.py compilemessages; fi \
    && DJANGO_SECRET_KEY=build-only-not-a-secret \
       DJANGO_ALLOWED_HOSTS=localhost \
       DJANGO_STATIC_ROOT=/app/staticfiles \
       python manage.py collectstatic --noinput \
    && python -m compileall -q /app

# --- Runtime ----------------------------------------------------------------------------------------------
FROM python:3.13-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PATH=/opt/venv/bin:$PATH \
    DJANGO_STATIC_ROOT=/app/staticfiles

RUN groupadd --system --gid 10001 quizsite \
    && useradd --system --uid 10001 --gid quizsite --no-create-home --home-dir /nonexistent quizsite

COPY --from=build /opt/venv /opt/venv
# Owned by root and read-only for the site's user: the site writes nothing to local disk.
COPY --from=build /app /app
WORKDIR /app

# Numeric, so that an orchestrator can tell it is not root without reading /etc/passwd.
USER 10001:10001
EXPOSE 8000

HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "docker/healthcheck.py"]

# Waits for the database, migrates, then runs gunicorn; `docker compose run --rm web python manage.py …`
# replaces it for one-off commands.
CMD ["docker/entrypoint.sh"]
