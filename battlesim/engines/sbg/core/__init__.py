"""The core layer: facts, geometry, state and the rule API.

It imports nothing from rules, phases or policies."""
