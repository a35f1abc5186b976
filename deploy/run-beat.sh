#!/usr/bin/env bash
# Run Celery beat: every SBG_RECOVER_EVERY_SECONDS it queues the recovery of lost chunks
# (a worker killed mid-chunk, a broker that lost its queue). One is enough; a second one
# on another machine only sends the same idempotent task twice as often.
set -euo pipefail
cd "$(dirname "$0")/.."
python=${SBG_PYTHON:-.venv/bin/python}
var_dir=${SBG_VAR_DIR:-var}
mkdir -p "$var_dir"
exec "$python" -m celery -A config beat --loglevel="${LOG_LEVEL:-INFO}" \
  --schedule "$var_dir/celerybeat-schedule"
