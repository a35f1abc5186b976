"""The rules layer: the game's mechanics, each a small module; it imports only the core.

Importing any rule loads them all (below), so every hook, subscriber and registered rule is
in place whichever module a caller starts from: play never depends on what was imported.
"""

from battlesim.engines.sbg.core import effects  # noqa: F401  (effects with a duration)
from battlesim.engines.sbg.rules import (  # noqa: F401  (each registers its rules on import)
    back_away,
    barriers,
    cavalry,
    combat,
    courage,
    crossing,
    demolition,
    elevation,
    equipment,
    falling,
    fight_stances,
    fortifications,
    game_types,
    guard_rules,
    heroic_actions,
    heroics,
    kinds,
    long_climb,
    magic,
    master_of_battle,
    might,
    monsters,
    muster,
    named_targets,
    objects,
    one_ring,
    passengers,
    pools,
    priority_rules,
    prone,
    prone_leap,
    reinforcements,
    ring_fight,
    ring_moves,
    scenario_library,
    scenario_play,
    scenarios,
    sentries,
    shooting_rules,
    siege_crew,
    siege_engines,
    siege_ladders,
    siege_moves,
    sight,
    special_rules,
    special_strikes,
    stealth,
    strike_rules,
    terrain_rules,
    terror,
    war_beasts,
    wargear_rules,
    water,
    weapons,
    will,
)
from battlesim.engines.sbg.rules.armies import (
    evil,  # noqa: F401  (Evil army rules)
    good,  # noqa: F401  (army rules, Good side)
)
