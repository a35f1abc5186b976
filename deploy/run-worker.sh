#!/usr/bin/env bash
# Run one Celery worker node against the shared PostgreSQL and Redis. Start as many as you
# like on as many machines as you like; each takes jobs from the same queue.
set -euo pipefail
cd "$(dirname "$0")/.."
python=${SBG_PYTHON:-.venv/bin/python}
exec "$python" -m celery -A config worker --loglevel="${LOG_LEVEL:-INFO}" \
  --concurrency="${SBG_WORKER_CONCURRENCY:-$(nproc)}" -n "${SBG_WORKER_NAME:-worker-%h-$$}"
