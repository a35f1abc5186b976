from __future__ import annotations

from django.apps import AppConfig


class BattlesimConfig(AppConfig):
    name = "battlesim"
    verbose_name = "Battle simulator"
