"""Pure-Python game engines. Nothing under this package imports Django or Celery."""
