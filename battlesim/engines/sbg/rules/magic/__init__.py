"""Magical Powers (checklist part 2 §8, seed 002:L2285-2693; HERO-HCH-01, part 1 §9.9).

casting.py (who, when, at whom, the casting dice), resisting.py (resist dice, Resistant to
Magic), lasting.py (durations through core/effects.py), harm.py (hits, pushes), worth.py
(for players), and the powers, one registered unit each, in powers_*.py.
"""

from battlesim.engines.sbg.rules.magic import (  # noqa: F401  (each registers its powers)
    casting,
    powers_aid,
    powers_area,
    powers_aura,
    powers_battle,
    powers_harm,
    powers_hold,
    powers_rare,
    powers_shroud,
    resisting,
    will_of_evil,
)
