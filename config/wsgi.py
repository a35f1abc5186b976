from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

# Import every view (and the engines behind them) now, not on a worker's first request:
# about a CPU second per process that would otherwise land on the first visitors; with
# gunicorn's --preload the workers fork warm and share these pages of memory.
get_resolver().url_patterns  # noqa: B018 - evaluated for its side effect
