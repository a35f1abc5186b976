"""One settings module, driven by the environment, with embedded defaults.

Defaults run everything on one machine with no server: SQLite in ``var/`` and a Celery
worker over kombu's filesystem transport. ``DATABASE_URL`` switches to PostgreSQL and
``REDIS_URL`` to a Redis broker. See ``deploy/example.env`` for every variable.
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF, UNSAFE_INLINE

from config.env import env_bool, env_int, env_list, env_str, secret_key_refusal

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("SBG_VAR_DIR", str(BASE_DIR / "var")))
VAR_DIR.mkdir(parents=True, exist_ok=True)

DEBUG = env_bool("DJANGO_DEBUG", True)
SECRET_KEY = env_str("DJANGO_SECRET_KEY", "dev-only-insecure-key-change-me")
if not DEBUG and (refusal := secret_key_refusal(SECRET_KEY)):
    raise RuntimeError(f"DJANGO_SECRET_KEY: {refusal} (DJANGO_DEBUG is off).")
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "csp",
    "accounts",
    "profiles",
    "armybuilder",
    "battlesim",
    "battlesim.play",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language: the browser's cookie, else its Accept-Language; URLs carry none.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A signed-in user's own language choice (accounts.Preferences) wins over the browser's.
    "accounts.middleware.UserLanguageMiddleware",
    "config.fairness.ConcurrencyLimitMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "config" / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# SQLite by default; the test database is a file too, so a worker process can share it.
DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", f"sqlite:///{VAR_DIR / 'db.sqlite3'}"),
        conn_max_age=env_int("DATABASE_CONN_MAX_AGE", 0),
    )
}
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # One test database file per test process, so parallel runs never share one.
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / f"test_db_{os.getpid()}.sqlite3")}
    # IMMEDIATE transactions take the write lock up front, so concurrent writers (web and
    # worker processes) wait for each other instead of failing with "database is locked".
    DATABASES["default"]["OPTIONS"] = {"timeout": 30, "transaction_mode": "IMMEDIATE"}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

LANGUAGE_CODE = "en-gb"
# The site speaks English and French (the rulebook's language); the catalogue's data names
# stay as the data gives them. Catalogues: locale/<lang>/LC_MESSAGES, compiled by bin/start
# and bin/test (bin/compile-messages), never committed.
LANGUAGES = [("en-gb", "English"), ("fr", "Français")]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "staticfiles"
STATIC_ROOT.mkdir(exist_ok=True)
STATICFILES_DIRS = [BASE_DIR / "config" / "static"]

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_FILTER_BACKENDS": [
        "django_filters.rest_framework.DjangoFilterBackend",
        "rest_framework.filters.SearchFilter",
        "rest_framework.filters.OrderingFilter",
    ],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "config.errors.api_exception_handler",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Middle-earth SBG platform API",
    "DESCRIPTION": "Profiles catalogue, army lists and battle simulations.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI from the pinned sidecar package, served by the site: docs work offline.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # the two SBG seats (player_a, player_b) share one choice set: one enum, one name
    "ENUM_NAME_OVERRIDES": {"SbgPlayerEnum": "battlesim.api.SBG_PLAYER_CHOICES"},
}

# Rate limits (DRF throttles, config/throttles.py): POSTs per address, account or user.
SBG_RATE_LIMITS = {
    "login": env_str("SBG_RATE_LOGIN", "30/minute"),
    "login-account": env_str("SBG_RATE_LOGIN_ACCOUNT", "10/hour"),
    "signup": env_str("SBG_RATE_SIGNUP", "10/hour"),
    "jobs": env_str("SBG_RATE_JOBS", "60/hour"),
}

# API requests one account (or address) may have in flight (config/fairness.py); 0: any.
SBG_MAX_CONCURRENT_REQUESTS = env_int("SBG_MAX_CONCURRENT_REQUESTS", 2)

# Content-Security-Policy (django-csp): scripts only from this site, no plugins, no framing.
# Inline styles stay allowed: matplotlib's SVG charts and the progress bar's width use them.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF, UNSAFE_INLINE],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "frame-ancestors": [NONE],
        "form-action": [SELF],
    }
}

# Celery: a Redis broker when REDIS_URL is set, else kombu's filesystem transport, which
# needs no server and still runs tasks in a separate worker process.
REDIS_URL = env_str("REDIS_URL")
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
CELERY_TASK_EAGER_PROPAGATES = True
# Simulation jobs: chunking, and how fast a lost chunk is noticed (battlesim/recovery.py).
SBG_CHUNK_SIZE = env_int("SBG_CHUNK_SIZE", 25)  # at most; fitted to the measured rate
SBG_CHUNK_SECONDS = env_int("SBG_CHUNK_SECONDS", 20)  # the work a chunk aims to hold
# The slowest battle expected (an SBG battle takes about a second; Monopoly far less).
SBG_SLOWEST_BATTLE_SECONDS = env_int("SBG_SLOWEST_BATTLE_SECONDS", 8)
# A running chunk renews its lease every heartbeat; a lease this old means its worker died.
SBG_CHUNK_LEASE_SECONDS = env_int("SBG_CHUNK_LEASE_SECONDS", 30)
SBG_CHUNK_HEARTBEAT_SECONDS = max(1, SBG_CHUNK_LEASE_SECONDS // 6)
# Chunks waiting while nothing ran this long were lost by the broker: send them again.
SBG_IDLE_RESEND_SECONDS = env_int("SBG_IDLE_RESEND_SECONDS", 30)
SBG_RECOVER_EVERY_SECONDS = env_int("SBG_RECOVER_EVERY_SECONDS", 10)
SBG_WORKER_HEARTBEAT_SECONDS = env_int("SBG_WORKER_HEARTBEAT_SECONDS", 15)

if REDIS_URL:
    CELERY_BROKER_URL = REDIS_URL
    # A task unacknowledged this long goes back to the queue: the broker's own backstop,
    # longer than the slowest chunk (three times its expected duration), so that a running
    # chunk is never handed to a second worker. The lease above recovers far sooner.
    CELERY_BROKER_TRANSPORT_OPTIONS: dict[str, object] = {
        "visibility_timeout": env_int(
            "SBG_VISIBILITY_TIMEOUT", max(120, 3 * SBG_CHUNK_SIZE * SBG_SLOWEST_BATTLE_SECONDS)
        )
    }
else:
    _queue_dir = VAR_DIR / "broker"
    for _sub in ("queue", "processed", "control"):
        (_queue_dir / _sub).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_URL = "filesystem://"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_queue_dir / "queue"),
        "data_folder_out": str(_queue_dir / "queue"),
        "processed_folder": str(_queue_dir / "processed"),
        # Exchange tables (worker control, beat): in var/, not in the working directory.
        "control_folder": str(_queue_dir / "control"),
        "store_processed": False,
    }
CELERY_RESULT_BACKEND = None
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# The queue of web, workers and beat (tests give each run a queue of its own).
CELERY_TASK_DEFAULT_QUEUE = env_str("SBG_CELERY_QUEUE", "celery")
# Celery beat (bin/start, deploy/run-beat.sh): the recovery of lost chunks. A run not
# started within one period is dropped; the next one does the same work.
CELERY_BEAT_SCHEDULE = {
    "recover-chunks": {
        "task": "battlesim.chunks_recover",
        "schedule": float(SBG_RECOVER_EVERY_SECONDS),
        "options": {"expires": float(SBG_RECOVER_EVERY_SECONDS), "priority": 0},
    }
}
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")

# Where the community BattleScribe data may be found for tests and benchmarks.
SBG_BSDATA_DIR = Path(env_str("SBG_BSDATA_DIR", str(BASE_DIR.parent / "shared" / "bsdata")))

# Logs to standard error: JSON lines (config/logs.py) unless SBG_LOG_FORMAT=text, which is
# the default while DJANGO_DEBUG is on. Workers log the same way (Celery keeps its hands off
# the root logger), with the job and chunk ids as keys.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "json": {"()": "config.logs.JsonLinesFormatter"},
        "text": {"format": "[%(asctime)s: %(levelname)s/%(processName)s] %(name)s: %(message)s"},
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": env_str("SBG_LOG_FORMAT", "text" if DEBUG else "json"),
        }
    },
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}
CELERY_WORKER_HIJACK_ROOT_LOGGER = False

# The throttles' counters: shared by every web process through Redis when there is one.
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": env_str("SBG_CACHE_URL", REDIS_URL),
            "KEY_PREFIX": "sbg",
        }
    }

if not DEBUG:
    # Behind a TLS-terminating proxy (deploy/nginx.conf sets X-Forwarded-Proto).
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SBG_SSL_REDIRECT", True)
    SECURE_REDIRECT_EXEMPT = [r"^health/$"]  # probes of the service manager speak plain HTTP
    SECURE_HSTS_SECONDS = env_int("SBG_HSTS_SECONDS", 31_536_000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SBG_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SBG_HSTS_PRELOAD", True)
    SESSION_COOKIE_SECURE = env_bool("SBG_SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
    STORAGES = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }

# Simulation jobs: per-user limits, chunking, which full logs are kept.
SBG_MAX_BATTLES_PER_JOB = env_int("SBG_MAX_BATTLES_PER_JOB", 10_000)
SBG_MAX_ACTIVE_JOBS = env_int("SBG_MAX_ACTIVE_JOBS", 3)
# Seconds between two AI moves shown at a table (tests set it near zero).
PLAY_AI_DELAY = float(env_str("SBG_PLAY_AI_DELAY", "0.8"))
SBG_LOGS_FIRST = env_int("SBG_LOGS_FIRST", 20)
SBG_LOGS_EVERY = env_int("SBG_LOGS_EVERY", 250)
