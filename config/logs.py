"""Structured logs: one JSON object a line, from web and worker processes alike.

Anything passed as ``extra`` (``job_id``, ``chunk_id``, ``worker``...) becomes a key, so a
log store can follow one job or one chunk across every process.
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from typing import Any

# The attributes every LogRecord has; anything else came through ``extra``.
_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime"}


class JsonLinesFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "process": record.process,
        }
        entry.update({k: v for k, v in vars(record).items() if k not in _STANDARD})
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str, ensure_ascii=False)
