from __future__ import annotations

from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "battlesim.play"
    label = "play"
    verbose_name = "Board games played by people"
    default_auto_field = "django.db.models.BigAutoField"
