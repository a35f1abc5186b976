"""The army rules of the Good factions (issue 18), one small module per family.

Each rule is played from the English text the BattleScribe data gives (``<rule>``'s
``<description>``), cited by its BattleScribe rule id ("BSData 92b3-3f05-3a60-5952"); the
names the engine does not play on purpose are classed in core/names_good.yaml.
"""

from battlesim.engines.sbg.rules.armies.good import (  # noqa: F401  (each registers its rules)
    archers,
    banners,
    bill,
    bombur,
    broken,
    command,
    companions,
    duels,
    dwarves,
    fate,
    fighters,
    gatekeeper,
    glorfindel,
    ground,
    healers,
    heroics,
    leaders,
    lore,
    master,
    mirror,
    mounts,
    oakenshield,
    presence,
    priority,
    protectors,
    regain,
    shooting,
    skin_changer,
    songs,
    support,
    synergy,
    thranduil,
    wanderers,
    will,
    windlance,
)
