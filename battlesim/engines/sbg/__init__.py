"""Middle-earth Strategy Battle Game engine (pure Python: no Django, no Celery)."""
