"""Settings for Quizsite, read from the environment in this one module.

Debug is decided here alone: off unless ``DJANGO_DEBUG=1``, so a deployed site runs without it unless told
otherwise. Development turns it on in one way: ``DJANGO_DEBUG=1`` in ``.env.development``, a git-ignored file
that ``make install`` writes and that every process started from the checkout reads here (``manage.py``,
pytest, ``make run``); a variable of the environment wins over the file. With debug off, a missing production
value (``DJANGO_SECRET_KEY``, ``DJANGO_ALLOWED_HOSTS``) stops the start with an error that names the variable.
``.env.example`` documents every variable.
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _
from dotenv import load_dotenv

from quizsite.env import env_bool, env_int, env_list, env_mailer, env_rate, env_redis_url
from quizsite.log_config import stdout_logging

BASE_DIR = Path(__file__).resolve().parent.parent


# --- Core -------------------------------------------------------------------------------------------------
# The image leaves .env.development out (.dockerignore), so a container never reads it.
load_dotenv(BASE_DIR / ".env.development", override=False)
DEBUG = env_bool("DJANGO_DEBUG")

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "DJANGO_SECRET_KEY is required when debug is off (DJANGO_DEBUG is not 1). "
            "Set it to a long random value, e.g. from "
            "`python -c 'import secrets; print(secrets.token_urlsafe(50))'`."
        )
    SECRET_KEY = "django-insecure-development-only-key-never-use-in-production"

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]" if DEBUG else "")
if not ALLOWED_HOSTS and not DEBUG:
    # Without it every request would get "400 Bad Request": say so at start instead.
    raise ImproperlyConfigured(
        "DJANGO_ALLOWED_HOSTS is required when debug is off: the host names the site is served under, "
        "comma-separated, e.g. `quiz.example.com` (`.example.com` for every subdomain)."
    )
# Origins (scheme://host[:port]) that may POST forms besides the site itself, e.g. the public address when a
# proxy forwards requests under another host name.
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    # modeltranslation patches the admin, so it comes before it.
    "modeltranslation",
    "quizsite.apps.AdminConfig",  # django.contrib.admin, with the site's AdminSite
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "nested_admin",
    "quizsite",
    "accounts",
    "guides",
    "quizzes",
    "translations",
    "quizsite.apps.AxesConfig",  # django-axes, with a translated name
]

MIDDLEWARE = [
    # First, so that it sees every response, also those built where the middlewares below stopped (see its docstring).
    "quizsite.middleware.SecurityHeadersMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "quizsite.middleware.PrivateWhenPersonalMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "quizsite.middleware.RefuseUnreadableRequestsMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "quizsite.timezones.TimeZoneMiddleware",
    "quizsite.middleware.MethodNotAllowedPageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    # Last, as django-axes asks: it turns a refused login into the lockout page (see "Throttling").
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "quizsite.urls"
WSGI_APPLICATION = "quizsite.wsgi.application"

TEMPLATE_CONTEXT_PROCESSORS = [
    "django.template.context_processors.request",
    "django.template.context_processors.i18n",
    "django.contrib.auth.context_processors.auth",
    "django.contrib.messages.context_processors.messages",
    "django.template.context_processors.csp",
    "quizsite.context_processors.language_switcher",
]
TEMPLATES = [
    # The site's pages: Jinja2 (quizsite/jinja2.py), the same context processors as the admin's engine.
    {
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": False,
        "OPTIONS": {
            "environment": "quizsite.jinja2.environment",
            "context_processors": TEMPLATE_CONTEXT_PROCESSORS,
        },
    },
    # Django's admin, with its apps' templates and our overrides in templates/django/: a name the Jinja2 engine
    # finds is never looked up here, so no admin template may live where it looks (templates/admin/ would be
    # found by Jinja2, which cannot read it).
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates" / "django"],
        "APP_DIRS": True,
        "OPTIONS": {"context_processors": TEMPLATE_CONTEXT_PROCESSORS},
    },
]

# --- Database ---------------------------------------------------------------------------------------------
# The embedded SQLite file by default; DATABASE_URL (postgres://user:pass@host:5432/name) in production.
# Connections are kept open for DJANGO_CONN_MAX_AGE seconds and checked before reuse, so a restarted database
# costs one reconnect, not an error page.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=env_int("DJANGO_CONN_MAX_AGE", 600),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SQLite lets one writer in at a time: a write transaction takes the lock when it begins (IMMEDIATE) rather
    # than part-way, and waits up to 20 s for it, so that parallel requests of `make run` queue instead of failing
    # with "database is locked".
    DATABASES["default"].setdefault("OPTIONS", {}).update(transaction_mode="IMMEDIATE", timeout=20)
elif env_bool("DJANGO_DB_PREPARED_STATEMENTS", True):
    # PostgreSQL plans each query anew unless it is prepared: for a learner's page, whose queries take a tenth of a
    # millisecond to run, planning costs more than running. With the values sent apart from the SQL (server-side
    # binding), psycopg prepares a statement once it has run 5 times on a connection, and PostgreSQL reuses its
    # plan. A pooler that cannot keep prepared statements (PgBouncer before 1.21 in transaction mode) needs
    # DJANGO_DB_PREPARED_STATEMENTS=0.
    DATABASES["default"].setdefault("OPTIONS", {}).update(server_side_binding=True, prepare_threshold=5)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Cache ------------------------------------------------------------------------------------------------
# What the cache holds: sessions (a copy; the database keeps them, see SESSION_ENGINE), the sign-up, password
# reset and guest limits' counters ("Throttling"). The counters need one cache that every web process and
# container shares:
# - REDIS_URL set (redis://host:6379/0): Redis, as docker-compose.yml runs it.
# - Else, with debug on: each process's memory, so that `make run` and the tests need nothing more.
# - Else (production without Redis): a table of the database, which `manage.py createcachetable` creates (the
#   container's start runs it). Still shared, so still correct, only slower; a site deployed before Redis came
#   in keeps working after an upgrade, and one machine needs no second service.
# Redis may fail; the site may not: all it holds is in the database too, or a count. django-redis turns its
# errors into cache misses (sessions are then read from the database, the form limits let forms through), each
# call gives up after REDIS_TIMEOUT_SECONDS, and after a failure each process skips Redis for
# REDIS_SKIP_SECONDS, logging one warning (quizsite/cache.py; django-redis' own log would be a traceback per
# call). When Redis answers again it is used again, with no restart. A Redis on the same network answers in
# 1-3 ms (measured on a busy machine), a TLS handshake in a few round trips: 0.1 s leaves a wide margin, and a
# request that meets a silent Redis stays within a second.
REDIS_URL = env_redis_url()  # redis://, rediss:// or unix://, or the start stops
REDIS_TIMEOUT_SECONDS = 0.1
REDIS_SKIP_SECONDS = 5.0
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": {
                "IGNORE_EXCEPTIONS": True,
                "SOCKET_CONNECT_TIMEOUT": REDIS_TIMEOUT_SECONDS,
                "SOCKET_TIMEOUT": REDIS_TIMEOUT_SECONDS,
                "REDIS_CLIENT_CLASS": "quizsite.cache.FailFastRedis",
                "REDIS_CLIENT_KWARGS": {"skip_seconds": REDIS_SKIP_SECONDS},
            },
        }
    }
elif DEBUG:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "quizsite"}}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "quizsite_cache"}}
_cache_in_database = CACHES["default"]["BACKEND"] == "django.core.cache.backends.db.DatabaseCache"

# --- Accounts ---------------------------------------------------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Sessions live in the database, not in a web process or on its disk: any web container can serve any request
# and a restart logs no one out. They are read from the cache (cached_db: no database query while the cache
# holds the session) and written through to both, so that a cache that restarts empty costs one database read
# per session, never a logout. Over the database cache a read would cost a query all the same and a write
# twice, so there they are read from their own table.
SESSION_ENGINE = (
    "django.contrib.sessions.backends.db" if _cache_in_database else "django.contrib.sessions.backends.cached_db"
)
# django-axes first: it refuses a locked-out login before the next backend computes a password hash.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"
# A password reset link stays valid for this many seconds (Django's default is three days).
PASSWORD_RESET_TIMEOUT = env_int("DJANGO_PASSWORD_RESET_TIMEOUT", 3 * 60 * 60)

# --- E-mail -----------------------------------------------------------------------------------------------
# Password reset e-mails. With debug on they are printed on the console (make run's terminal); with debug
# off they go out through the SMTP server in DJANGO_EMAIL_HOST, with STARTTLS on port 587 unless told
# otherwise (DJANGO_EMAIL_USE_SSL=1: implicit TLS, port 465).
MAILERS = {"default": env_mailer(debug=DEBUG)}
DEFAULT_FROM_EMAIL = os.environ.get("DJANGO_DEFAULT_FROM_EMAIL", "Quizsite <noreply@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# --- Languages --------------------------------------------------------------------------------------------
# English is the source language of all content and the fallback language of every translation.
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("fr", _("French")),
    ("tr", _("Turkish")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

MODELTRANSLATION_DEFAULT_LANGUAGE = "en"
MODELTRANSLATION_FALLBACK_LANGUAGES = ("en",)

# --- Static files -----------------------------------------------------------------------------------------
# With debug off, WhiteNoise serves the files that `collectstatic` gathered into STATIC_ROOT (at image build
# time): compressed, under names that carry a hash of their content, cached by browsers for good. A stylesheet
# that refers to a missing file makes `collectstatic`, and so the build, fail; a template that names one fails
# the deploy tests (tests/deploy), which fetch every static address the pages use.
STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# --- Requests ---------------------------------------------------------------------------------------------
# The largest form the site accepts; bigger requests get a 400. The largest form is a quiz's admin page at the
# editor's limits (quizzes/rules.py: 100 questions of 6 choices; each text's limit is its model field's
# max_length): 6,760 fields with every check box ticked that can be (multiple-answer questions with five right
# choices, every choice pinned), and 21.9 MB with every text at its limit in 4-byte characters, URL-encoded as
# browsers send it (60 questions of 4 choices in three languages: 3,164 fields, about 0.2 MB).
# tests/quizzes/test_admin_long_quiz.py measures that page against these bounds. A reverse proxy in front
# must accept bodies this large.
DATA_UPLOAD_MAX_NUMBER_FIELDS = 7_000
DATA_UPLOAD_MAX_MEMORY_SIZE = 24 * 1024 * 1024

# --- Security ---------------------------------------------------------------------------------------------
SECURE_CSP = {
    "default-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'none'"],
    "object-src": ["'none'"],
}
SESSION_COOKIE_HTTPONLY = True
# The language cookie (the switcher's choice): read by the server only, sent on the site's own pages and, under
# DJANGO_HTTPS=1, over HTTPS only, like the session's.
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"
# A form refused by the CSRF check gets the site's page, in the learner's language (quizsite/errors.py).
CSRF_FAILURE_VIEW = "quizsite.errors.csrf_failure"
X_FRAME_OPTIONS = "DENY"

# --- HTTPS and proxies ------------------------------------------------------------------------------------
# DJANGO_HTTPS=1 when the site is reached over HTTPS only, usually through a proxy that terminates TLS.
HTTPS = env_bool("DJANGO_HTTPS")
SECURE_SSL_REDIRECT = HTTPS
# The container's health check and load balancers probe /healthz over plain HTTP from inside the network.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
LANGUAGE_COOKIE_SECURE = HTTPS
SECURE_HSTS_SECONDS = env_int("DJANGO_HSTS_SECONDS", 31_536_000) if HTTPS else 0  # a year
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_HSTS_INCLUDE_SUBDOMAINS", default=True)
SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD")
if not SECURE_HSTS_PRELOAD:
    # Asking browsers to preload HSTS for the domain binds it and every subdomain to HTTPS for months and is
    # hard to undo, so it is the site owner's decision (DJANGO_HSTS_PRELOAD=1). Until it is taken, only the
    # check that asks for it (security.W021) is silenced; `check --deploy` still reports everything else.
    SILENCED_SYSTEM_CHECKS = ["security.W021"]
# DJANGO_BEHIND_PROXY=1: a proxy in front terminates TLS and sets X-Forwarded-Proto. Only then is the header
# trusted, since a client talking to the site directly could send it too. This is the only place that trusts
# it: the entry point tells gunicorn to trust no proxy headers itself.
# The client's address (quizsite.limits.client_address) is then the one the proxy adds to X-Forwarded-For.
BEHIND_PROXY = env_bool("DJANGO_BEHIND_PROXY")
if BEHIND_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# --- Throttling -------------------------------------------------------------------------------------------
# Wrong passwords (the site's login, the admin's, its "Change password" and the account pages that ask for the
# password again) lock a username from one address, a username from everywhere, or an address that guesses at
# many usernames: the three limits below, each explained where they are applied (quizsite/login_limits.py). The
# counts are rows of the database (django-axes' AccessAttempt), shared by every process; staff unlock by deleting
# the rows in the admin ("Access attempts"). A successful login, or a password reset, clears the failures of that
# username only: django-axes' own reset on success would clear the address's too, so that one account of an
# attacker's own would reset their guesses at others.
LOGIN_FAILURE_LIMIT = env_int("DJANGO_LOGIN_FAILURE_LIMIT", 5, minimum=1)
LOGIN_USERNAME_LIMIT = env_int("DJANGO_LOGIN_USERNAME_LIMIT", 20, minimum=1)
LOGIN_SPRAY_LIMIT = env_int("DJANGO_LOGIN_SPRAY_LIMIT", 20, minimum=1)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("DJANGO_LOGIN_COOLOFF_MINUTES", 15, minimum=1))
# The records the three limits count, in their order; the handler gives each its own limit and tells
# django-axes how many of them a login is over, so axes' single limit is 1.
AXES_HANDLER = "quizsite.login_limits.LoginLimitsHandler"
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "username", "ip_address"]
AXES_FAILURE_LIMIT = 1
AXES_RESET_ON_SUCCESS = False
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_CLIENT_IP_CALLABLE = "quizsite.limits.client_address"
AXES_LOCKOUT_CALLABLE = "quizsite.login_limits.lockout_response"
AXES_USERNAME_CALLABLE = "quizsite.login_limits.tried_username"
# No row per successful login: the failures are all the lock needs.
AXES_DISABLE_ACCESS_LOG = True
AXES_VERBOSE = False


# Forms that anyone may send and that create something or send an e-mail, limited in the cache (quizsite.limits)
# per client address, where a school, an office or a mobile carrier may put hundreds of people: sign-ups
# (accounts created: a class of 40 signs up in one go, with room to spare, while a script is stopped after 60;
# a sign-up refused because its username is taken counts too, as it tells that the account exists), password
# resets (e-mails asked for: a whole class may have forgotten) and guests (visitors without an account who start
# a quiz). The e-mails the site sends to an address that someone typed (password resets, confirmations of a new
# address and the notices that an address is taken) are limited per e-mail address too (compared
# case-insensitively), so that nobody's mailbox can be flooded through the site from many client addresses or
# accounts; past that limit the form answers as always and sends nothing. Changes of address are limited per
# account (each sends an e-mail to an address of the learner's choosing). "60/h": 60 an hour (s, m, h, d).
_form_rates = {
    "signup": env_rate("DJANGO_SIGNUP_RATE", "60/h"),
    "password_reset": env_rate("DJANGO_PASSWORD_RESET_RATE", "60/h"),
    "emails_to_address": env_rate("DJANGO_EMAILS_TO_ADDRESS_RATE", "3/h"),
    "email_change": env_rate("DJANGO_EMAIL_CHANGE_RATE", "5/h"),
    "guest": env_rate("DJANGO_GUEST_RATE", "200/h"),
}
FORM_RATES = {action: rate for action, (rate, _period) in _form_rates.items()}
# The form limits' counters live in their own cache alias: the database cache's increment re-saves a counter
# with the alias's default timeout, which must therefore outlast the longest period (with the default of five
# minutes, "5/h" would have been 5 per five minutes), and enough entries that counters are not culled while
# many addresses are counted. Redis keeps a counter's expiry by itself. A Redis that restarts empty starts
# every count again (the login failures are rows of the database and stay).
CACHES["rate_limits"] = {
    **CACHES["default"],
    "TIMEOUT": max(period for _rate, period in _form_rates.values()) + 60,
    "KEY_PREFIX": "rate",
    "OPTIONS": CACHES["default"]["OPTIONS"] if REDIS_URL else {"MAX_ENTRIES": 1_000_000},
}
RATELIMIT_USE_CACHE = "rate_limits"
# A count the cache cannot give (Redis down) lets the form through: django-ratelimit would otherwise call every
# request over its limit meanwhile (should_limit). quizsite/cache.py logs the failure.
RATELIMIT_FAIL_OPEN = True
# Quiz content snapshots (quizzes/snapshots.py) are kept in each process's memory; with Redis, a process that
# lacks one takes it from the processes that read it first (one look-up instead of two queries). Without Redis
# there is no such tier: the database cache would cost a query too. A snapshot's rows serve one content version,
# so they are kept an hour: after a save, the old ones go unused and leave on their own.
CACHES["snapshots"] = (
    {**CACHES["default"], "KEY_PREFIX": "snapshots", "TIMEOUT": 60 * 60}
    if REDIS_URL
    else {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}
)

# --- Logging ----------------------------------------------------------------------------------------------
# Everything to stdout, where the container runtime collects it (quizsite/log_config.py).
LOG_LEVEL = os.environ.get("DJANGO_LOG_LEVEL", "INFO")
LOGGING = stdout_logging(LOG_LEVEL)
