"""Small typed readers of the environment that fail loudly on bad values."""

from __future__ import annotations

import os


class ConfigError(ValueError):
    """An environment variable holds a value the site cannot use."""


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool = False) -> bool:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    lowered = raw.strip().lower()
    if lowered in {"1", "true", "yes", "on"}:
        return True
    if lowered in {"0", "false", "no", "off"}:
        return False
    raise ConfigError(f"{name} must be a boolean (1/0, true/false), not {raw!r}")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    try:
        return int(raw)
    except ValueError as exc:
        raise ConfigError(f"{name} must be an integer, not {raw!r}") from exc


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


# The placeholder of deploy/example.env and the development default: never in production.
PLACEHOLDER_SECRET_KEYS = ("CHANGE-me-to-a-long-random-string", "dev-only-insecure-key-change-me")


def secret_key_refusal(key: str) -> str | None:
    """Why ``key`` may not sign a production site's sessions, or ``None`` if it may."""
    if key in PLACEHOLDER_SECRET_KEYS or "CHANGE" in key or key.startswith("dev-only"):
        return "still the example value; set a long random string"
    if key.startswith("django-insecure"):
        return "a key Django generated for development"
    if len(key) < 50 or len(set(key)) < 5:
        return "shorter than 50 characters or too few distinct ones"
    return None
