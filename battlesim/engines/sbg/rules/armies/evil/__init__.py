"""Army rules of the Evil factions (issue 19): each unit cites its BattleScribe rule id and
plays the data's English rule text where the rulebook is silent. Names the data spells
differently and the list-building and flavour names are in core/names_evil.yaml."""

from battlesim.engines.sbg.rules.armies.evil import (  # noqa: F401  (each registers its rules)
    banners,
    bats,
    dragons,
    easterlings,
    fighters,
    fortitude,
    harad,
    hordes,
    hunters,
    isengard,
    mordor,
    mordor_heroes,
    orcs,
    phase_powers,
    ruffians,
    sauron,
    shadows,
    singles,
    spiders,
    spirits,
    trolls,
    umbar,
)
