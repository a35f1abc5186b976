from __future__ import annotations

from django.apps import AppConfig


class ArmybuilderConfig(AppConfig):
    name = "armybuilder"
    verbose_name = "Army builder"
