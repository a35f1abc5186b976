"""The policies layer: the heuristic and random players; the rules and phases never import it."""
