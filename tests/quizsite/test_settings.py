"""Settings read from the environment, checked in fresh processes: a process reads the settings module once,
and each test needs its own environment."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def clean_env(**variables: str) -> dict[str, str]:
    """This machine's environment without any Django, database or gunicorn variable, plus ``variables``.

    The process still reads the checkout's ``.env.development`` (debug on) for what ``variables`` leave unset.
    """
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "DATABASE_URL", "GUNICORN_", "REDIS_URL"))
    }
    env.update(variables)
    return env


def deployed_env(**variables: str) -> dict[str, str]:
    """``clean_env`` as a deployment sees it, without ``.env.development``: ``DJANGO_DEBUG`` set but empty.

    The settings read an empty variable as unset, and the development file never overrides a variable of the
    environment, so the process decides debug as one started where the file does not exist.
    """
    return clean_env(DJANGO_DEBUG="", **variables)


def production_env(**overrides: str) -> dict[str, str]:
    """The values of .env.example, with a generated secret key for the one it leaves empty."""
    values = {}
    for line in (ROOT / ".env.example").read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            name, _equals, value = line.partition("=")
            values[name.strip()] = value.strip()
    values["DJANGO_SECRET_KEY"] = secrets.token_urlsafe(50)
    values.update(overrides)
    return clean_env(**values)


def run(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)


def setting(env: dict[str, str], name: str, module: str = "quizsite.settings") -> str:
    """The repr of one setting as a process with ``env`` sees it, loaded the way ``module`` loads it."""
    code = (
        "import os; os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'quizsite.settings'); "
        f"import {module}; from django.conf import settings; print(repr(settings.{name}))"
    )
    result = run(env, "-c", code)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_check_deploy_with_env_example_and_https_reports_no_issues():
    result = run(production_env(DJANGO_HTTPS="1"), "manage.py", "check", "--deploy", "--fail-level", "WARNING")

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "System check identified no issues (1 silenced)."
    assert result.stderr == ""


def test_check_deploy_silences_nothing_once_hsts_preload_is_chosen():
    env = production_env(DJANGO_HTTPS="1", DJANGO_HSTS_PRELOAD="1")

    result = run(env, "manage.py", "check", "--deploy", "--fail-level", "WARNING")

    assert result.stdout.strip() == "System check identified no issues (0 silenced)."


def test_check_deploy_without_https_warns_about_cookies_redirect_and_hsts():
    result = run(production_env(DJANGO_HTTPS="0"), "manage.py", "check", "--deploy", "--fail-level", "WARNING")

    assert result.returncode == 1
    for check in ("security.W004", "security.W008", "security.W012", "security.W016"):
        assert check in result.stderr


def test_missing_secret_key_with_debug_off_stops_the_start_naming_the_variable():
    result = run(deployed_env(DJANGO_ALLOWED_HOSTS="example.com"), "manage.py", "check")

    assert result.returncode == 1
    assert "ImproperlyConfigured: DJANGO_SECRET_KEY is required when debug is off" in result.stderr


def test_missing_allowed_hosts_with_debug_off_stops_the_start_naming_the_variable():
    env = deployed_env(DJANGO_SECRET_KEY=secrets.token_urlsafe(50))

    result = run(env, "manage.py", "check")

    assert result.returncode == 1
    assert "ImproperlyConfigured: DJANGO_ALLOWED_HOSTS is required when debug is off" in result.stderr


def test_a_number_that_is_not_one_stops_the_start_naming_the_variable():
    result = run(clean_env(DJANGO_CONN_MAX_AGE="ten minutes"), "manage.py", "check")

    assert result.returncode == 1
    assert "DJANGO_CONN_MAX_AGE must be a whole number, not 'ten minutes'" in result.stderr


def debug_of_manage_py(env: dict[str, str]) -> str:
    """``settings.DEBUG`` as a ``manage.py`` command started with ``env`` sees it."""
    code = "from django.conf import settings; print(settings.DEBUG)"
    result = run(env, "manage.py", "shell", "--no-imports", "-c", code)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_web_server_entry_point_and_manage_py_run_with_debug_off_when_nothing_turns_it_on():
    """gunicorn loads quizsite.wsgi: with nothing set, it refuses to start rather than run with debug on."""
    refused = run(deployed_env(), "-c", "import quizsite.wsgi")
    env = deployed_env(DJANGO_SECRET_KEY=secrets.token_urlsafe(50), DJANGO_ALLOWED_HOSTS="example.com")

    assert "DJANGO_SECRET_KEY is required when debug is off" in refused.stderr
    assert setting(env, "DEBUG", module="quizsite.wsgi") == "False"
    assert debug_of_manage_py(env) == "False"


def test_make_writes_the_development_file_that_turns_debug_on(tmp_path):
    """The Makefile's rule for .env.development (a prerequisite of `make install`), run in an empty folder."""
    subprocess.run(["make", "-s", "-f", str(ROOT / "Makefile"), "-C", str(tmp_path), ".env.development"], check=True)
    lines = (tmp_path / ".env.development").read_text().splitlines()
    assert [line for line in lines if not line.startswith("#")] == ["DJANGO_DEBUG=1"]


def test_the_development_file_turns_debug_on_and_the_environment_wins_over_it():
    """With .env.development in the checkout (``make`` writes it), every command runs with debug on."""
    production = clean_env(DJANGO_DEBUG="0", DJANGO_SECRET_KEY=secrets.token_urlsafe(50), DJANGO_ALLOWED_HOSTS="x")

    assert debug_of_manage_py(clean_env()) == "True"
    assert setting(clean_env(), "DEBUG", module="quizsite.wsgi") == "True"
    assert debug_of_manage_py(production) == "False"


def test_https_turns_on_redirect_secure_cookies_and_hsts():
    env = production_env(DJANGO_HTTPS="1")

    assert setting(env, "SECURE_SSL_REDIRECT") == "True"
    assert setting(env, "SESSION_COOKIE_SECURE") == "True"
    assert setting(env, "CSRF_COOKIE_SECURE") == "True"
    assert setting(env, "SECURE_HSTS_SECONDS") == "31536000"


def test_x_forwarded_proto_is_trusted_only_behind_a_proxy():
    assert setting(production_env(DJANGO_BEHIND_PROXY="0"), "SECURE_PROXY_SSL_HEADER") == "None"
    assert setting(production_env(DJANGO_BEHIND_PROXY="1"), "SECURE_PROXY_SSL_HEADER") == (
        "('HTTP_X_FORWARDED_PROTO', 'https')"
    )


def test_email_goes_to_the_console_in_development_and_over_smtp_in_production():
    assert setting(clean_env(DJANGO_DEBUG="1"), "MAILERS") == (
        "{'default': {'BACKEND': 'django.core.mail.backends.console.EmailBackend'}}"
    )
    env = production_env(
        DJANGO_EMAIL_HOST="smtp.example.com",
        DJANGO_EMAIL_HOST_USER="quiz",
        DJANGO_EMAIL_HOST_PASSWORD="secret",
        DJANGO_EMAIL_USE_SSL="1",
    )
    assert setting(env, "MAILERS") == (
        "{'default': {'BACKEND': 'django.core.mail.backends.smtp.EmailBackend', 'OPTIONS': {'host': "
        "'smtp.example.com', 'port': 465, 'username': 'quiz', 'password': 'secret', 'use_tls': False, "
        "'use_ssl': True, 'timeout': 10}}}"
    )


def test_email_ssl_and_starttls_together_stop_the_start_naming_both():
    result = run(clean_env(DJANGO_EMAIL_USE_SSL="1", DJANGO_EMAIL_USE_TLS="1"), "manage.py", "check")

    assert result.returncode == 1
    assert "DJANGO_EMAIL_USE_SSL=1 and DJANGO_EMAIL_USE_TLS=1 exclude each other" in result.stderr


@pytest.mark.parametrize(
    ("variables", "backend", "sessions"),
    [
        ({"REDIS_URL": "redis://redis:6379/0"}, "django_redis.cache.RedisCache", "cached_db"),
        ({"REDIS_URL": "redis://redis:6379/0", "DJANGO_DEBUG": "1"}, "django_redis.cache.RedisCache", "cached_db"),
        ({"REDIS_URL": "", "DJANGO_DEBUG": "1"}, "django.core.cache.backends.locmem.LocMemCache", "cached_db"),
        ({"REDIS_URL": ""}, "django.core.cache.backends.db.DatabaseCache", "db"),
    ],
    ids=["redis", "redis-with-debug", "debug-without-redis", "production-without-redis"],
)
def test_the_cache_is_redis_with_redis_url_else_memory_in_debug_else_a_database_table(variables, backend, sessions):
    """Production never gets the per-process memory cache: the sign-up limit's counts must be shared by every
    process. Sessions are read from the cache unless the cache is the database itself."""
    env = production_env(**variables)

    assert setting(env, "CACHES['default']['BACKEND']") == f"'{backend}'"
    assert setting(env, "CACHES['rate_limits']['BACKEND']") == f"'{backend}'"
    assert setting(env, "SESSION_ENGINE") == f"'django.contrib.sessions.backends.{sessions}'"


def test_redis_url_is_the_location_of_both_cache_aliases():
    env = production_env(REDIS_URL="redis://redis:6379/0")

    assert setting(env, "CACHES['default']['LOCATION']") == "'redis://redis:6379/0'"
    assert setting(env, "CACHES['rate_limits']['LOCATION']") == "'redis://redis:6379/0'"
    assert setting(env, "CACHES['rate_limits']['KEY_PREFIX']") == "'rate'"


def test_redis_errors_are_cache_misses_after_a_tenth_of_a_second_and_redis_is_skipped_for_five_seconds_after():
    """Redis may fail; the site may not (quizsite/cache.py): both aliases fail fast, and a count the cache cannot
    give lets the form through."""
    env = production_env(REDIS_URL="redis://redis:6379/0")
    expected = (
        "{'IGNORE_EXCEPTIONS': True, 'SOCKET_CONNECT_TIMEOUT': 0.1, 'SOCKET_TIMEOUT': 0.1, "
        "'REDIS_CLIENT_CLASS': 'quizsite.cache.FailFastRedis', 'REDIS_CLIENT_KWARGS': {'skip_seconds': 5.0}}"
    )

    assert setting(env, "CACHES['default']['OPTIONS']") == expected
    assert setting(env, "CACHES['rate_limits']['OPTIONS']") == expected
    assert setting(env, "RATELIMIT_FAIL_OPEN") == "True"


def test_a_sign_up_rate_that_is_not_one_stops_the_start_naming_the_variable():
    result = run(clean_env(DJANGO_SIGNUP_RATE="five an hour"), "manage.py", "check")

    assert result.returncode == 1
    assert "DJANGO_SIGNUP_RATE must be a count per period, e.g. 5/h or 20/d, not 'five an hour'" in result.stderr


def test_login_throttling_reads_its_limits_and_cool_off_from_the_environment():
    env = clean_env(
        DJANGO_DEBUG="1",
        DJANGO_LOGIN_FAILURE_LIMIT="10",
        DJANGO_LOGIN_USERNAME_LIMIT="40",
        DJANGO_LOGIN_SPRAY_LIMIT="30",
        DJANGO_LOGIN_COOLOFF_MINUTES="30",
    )

    assert setting(env, "LOGIN_FAILURE_LIMIT") == "10"
    assert setting(env, "LOGIN_USERNAME_LIMIT") == "40"
    assert setting(env, "LOGIN_SPRAY_LIMIT") == "30"
    assert setting(env, "AXES_COOLOFF_TIME") == "datetime.timedelta(seconds=1800)"


def test_the_limits_default_to_what_a_class_of_40_behind_one_address_needs():
    env = clean_env(DJANGO_DEBUG="1")

    limits = [setting(env, name) for name in ("LOGIN_FAILURE_LIMIT", "LOGIN_USERNAME_LIMIT", "LOGIN_SPRAY_LIMIT")]

    assert limits == ["5", "20", "20"]
    assert setting(env, "FORM_RATES") == (
        "{'signup': '60/h', 'password_reset': '60/h', 'emails_to_address': '3/h', 'email_change': '5/h', "
        "'guest': '200/h'}"
    )


@pytest.mark.parametrize(
    ("variable", "value", "message"),
    [
        ("DJANGO_LOGIN_COOLOFF_MINUTES", "0", "DJANGO_LOGIN_COOLOFF_MINUTES must be at least 1, not 0."),
        ("DJANGO_LOGIN_FAILURE_LIMIT", "0", "DJANGO_LOGIN_FAILURE_LIMIT must be at least 1, not 0."),
        ("DJANGO_LOGIN_USERNAME_LIMIT", "0", "DJANGO_LOGIN_USERNAME_LIMIT must be at least 1, not 0."),
        ("DJANGO_LOGIN_SPRAY_LIMIT", "0", "DJANGO_LOGIN_SPRAY_LIMIT must be at least 1, not 0."),
        ("DJANGO_EMAILS_TO_ADDRESS_RATE", "3", "DJANGO_EMAILS_TO_ADDRESS_RATE must be a count per period"),
        ("DJANGO_EMAIL_CHANGE_RATE", "5/w", "DJANGO_EMAIL_CHANGE_RATE must be a count per period"),
        ("DJANGO_SIGNUP_RATE", "5/0h", "DJANGO_SIGNUP_RATE must be a count per period, e.g. 5/h or 20/d, not '5/0h'."),
        ("DJANGO_PASSWORD_RESET_RATE", "0/h", "DJANGO_PASSWORD_RESET_RATE must be a count per period"),
    ],
)
def test_throttling_values_that_would_turn_it_off_or_fail_stop_the_start(variable, value, message):
    result = run(clean_env(**{variable: value}), "manage.py", "check")

    assert result.returncode == 1
    assert message in result.stderr


def test_rate_limit_counters_keep_their_own_cache_alias_that_outlasts_the_longest_period():
    env = clean_env(DJANGO_DEBUG="1", REDIS_URL="", DJANGO_SIGNUP_RATE="20/d")

    assert setting(env, "RATELIMIT_USE_CACHE") == "'rate_limits'"
    assert setting(env, "CACHES['rate_limits']['TIMEOUT']") == str(86400 + 60)


def test_sqlite_writers_wait_for_the_lock_and_postgresql_prepares_its_statements():
    """``make run`` serves parallel requests; SQLite's default (DEFERRED) transactions fail with "database is
    locked" when two of them write at once. PostgreSQL keeps the plans of statements run often (values bound on
    the server), unless a pooler that cannot keep them asks otherwise."""
    options = "DATABASES['default'].get('OPTIONS', {})"
    sqlite = setting(clean_env(DJANGO_DEBUG="1"), options)
    postgres = setting(clean_env(DJANGO_DEBUG="1", DATABASE_URL="postgres://quiz@db:5432/quiz"), options)
    pooled = setting(
        clean_env(DJANGO_DEBUG="1", DATABASE_URL="postgres://quiz@db:5432/quiz", DJANGO_DB_PREPARED_STATEMENTS="0"),
        options,
    )

    assert sqlite == "{'transaction_mode': 'IMMEDIATE', 'timeout': 20}"
    assert postgres == "{'server_side_binding': True, 'prepare_threshold': 5}"
    assert pooled == "{}"


def language_cookie(env: dict[str, str]) -> str:
    """The ``Set-Cookie`` value of the language switcher's response (a POST to /i18n/setlang/, over HTTPS), in a
    process with ``env``."""
    code = (
        "import os; os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'quizsite.settings'); import django; "
        "django.setup(); from django.test import Client; "
        "response = Client().post('/i18n/setlang/', {'language': 'fr', 'next': '/fr/'}, secure=True); "
        "print(response.status_code, response.cookies['django_language'].OutputString())"
    )
    result = run(env, "-c", code)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_the_language_cookie_is_secure_under_https_and_never_read_by_scripts():
    https = production_env(DJANGO_HTTPS="1", DJANGO_ALLOWED_HOSTS="testserver")
    plain = production_env(DJANGO_HTTPS="0", DJANGO_ALLOWED_HOSTS="testserver")

    assert setting(https, "LANGUAGE_COOKIE_SECURE") == "True"
    assert setting(plain, "LANGUAGE_COOKIE_SECURE") == "False"
    assert language_cookie(https) == "302 django_language=fr; HttpOnly; Path=/; SameSite=Lax; Secure"
    assert language_cookie(plain) == "302 django_language=fr; HttpOnly; Path=/; SameSite=Lax"


@pytest.mark.parametrize("value", ["notaurl", "redis:6379", "http://redis:6379/0"])
def test_a_redis_url_that_is_not_one_stops_the_start_naming_the_variable_and_an_example(value):
    """redis-py would refuse it only at the first cache call: a 500 on every page that writes to the cache."""
    result = run(production_env(REDIS_URL=value), "manage.py", "check")

    assert result.returncode == 1
    assert (
        "ImproperlyConfigured: REDIS_URL must be a Redis URL that starts with redis://, rediss:// or unix://, "
        f"e.g. redis://redis:6379/0, not {value!r}."
    ) in result.stderr


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (
            "redis://127.0.0.1:99999/0",
            "REDIS_URL is not a Redis URL that redis-py can read (Port out of range 0-65535)",
        ),
        (
            "redis://127.0.0.1:6379x/0",
            "REDIS_URL is not a Redis URL that redis-py can read (Port could not be cast to integer value as '6379x')",
        ),
        (
            "redis://redis:6379/0?socket_timeout=abc",
            "REDIS_URL is not a Redis URL that redis-py can read "
            "(Invalid value for 'socket_timeout' in connection URL.)",
        ),
        ("redis://[::1/0", "REDIS_URL is not a Redis URL that redis-py can read (Invalid IPv6 URL)"),
        ("redis://", "REDIS_URL must name the Redis server's host"),
        ("redis://redis:6379/abc", "REDIS_URL must end with a database number (/0 to /15)"),
    ],
)
def test_a_redis_url_that_redis_py_would_refuse_or_misread_stops_the_start(value, message):
    """A port out of range or a bad option: redis-py's ValueError at the first cache call, a 500; no host or a
    database that is not a number: redis-py would quietly use localhost, or database 0."""
    result = run(production_env(REDIS_URL=value), "manage.py", "check")

    assert result.returncode == 1
    assert f"ImproperlyConfigured: {message}" in result.stderr
    assert f"e.g. redis://redis:6379/0, not {value!r}." in result.stderr


@pytest.mark.parametrize("value", ["rediss://cache.example.test:6380/0", "unix:///run/redis/redis.sock?db=0"])
def test_a_redis_url_over_tls_or_a_socket_is_the_cache_location(value):
    assert setting(production_env(REDIS_URL=value), "CACHES['default']['LOCATION']") == repr(value)
