"""``{% simulation_breadth profile %}``: whether the battle simulator plays every rule of a
profile, or which it leaves out (battlesim/breadth.py)."""

from __future__ import annotations

from typing import Any

from django import template

from battlesim.breadth import profile_breadth
from profiles.models import Profile

register = template.Library()


@register.inclusion_tag("profiles/_breadth.html")
def simulation_breadth(profile: Profile) -> dict[str, Any]:
    return {"breadth": profile_breadth(profile)}
