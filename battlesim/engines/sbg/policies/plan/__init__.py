"""A heuristic with a plan (issue 29): roles from profile and list, an army intent per turn,
and habits that follow them. ``player.PlanPlayer`` is the player; the other modules hold the
parts it reads (roles, the scenario's objectives, the intent)."""
