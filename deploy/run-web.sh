#!/usr/bin/env bash
# Run the web application under gunicorn: migrations, static files, then serve.
# Reads the environment of deploy/example.env. Used by systemd and by the container.
set -euo pipefail
cd "$(dirname "$0")/.."
python=${SBG_PYTHON:-.venv/bin/python}
"$python" manage.py migrate --noinput
"$python" manage.py collectstatic --noinput >/dev/null
"$python" manage.py load_starter
exec "$python" -m gunicorn config.wsgi:application \
  --bind "${SBG_WEB_BIND:-0.0.0.0:8000}" --workers "${SBG_WEB_WORKERS:-3}" \
  --preload --access-logfile - --timeout 60
