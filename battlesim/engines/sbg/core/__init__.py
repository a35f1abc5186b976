"""The core layer: facts, geometry, state and the rule API; imports nothing from rules, phases or
policies."""
