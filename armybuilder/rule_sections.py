"""The rulebook section each breach's rule id belongs to, named as the reader's edition names it.

A breach shows its stable rule id beside the section a player looks up: in French the
section titles of the *Grand Livre de Règles* (seed 002, line numbers below), in English the
same sections of the English rulebook. Rules the rulebook leaves to the matched-play book
(warbands, alliances, named characters once) point to that part of the rulebook
(« Parties Compétitives », 002:L3433-3435, which names warbands « troupes », L137).
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy

# "rulebook section" is the titles' own context: the same words elsewhere on the site (a
# heading, a filter) read differently. (xgettext needs the context written out in each call.)

_POINTS = pgettext_lazy("rulebook section", "Points value")  # « La valeur en points », 002:L127
_SIDES = pgettext_lazy("rulebook section", "Good versus Evil")  # « Bien contre Mal », 002:L223
_WARBANDS = pgettext_lazy("rulebook section", "Warbands")  # « troupe », 002:L137
_TIER = pgettext_lazy("rulebook section", "Heroic tier")  # « Le rang héroïque », 002:L135
_MATCHED = pgettext_lazy("rulebook section", "Matched play")  # « Parties Compétitives », 002:L3433
_BOWS = pgettext_lazy("rulebook section", "Bow limit")  # « Limite d'Arcs », 002:L2148
# « matrices d'alliance », 002:L3435
_ALLIANCES = pgettext_lazy("rulebook section", "Alliance matrix")
_SIEGE = pgettext_lazy("rulebook section", "Siege engines")  # « Engins de Siège », 002:L3020
_OPTIONS = pgettext_lazy("rulebook section", "Options")  # « Les Options », 002:L147
_CAVALRY = pgettext_lazy("rulebook section", "Cavalry")  # « La Cavalerie », 002:L1260
_SPECIAL = pgettext_lazy("rulebook section", "Special rules")  # « Les Règles Spéciales », 002:L155
# the profiles' own data: « Composition d'un profil », 002:L121
_ARMY_LISTS = pgettext_lazy("rulebook section", "Army lists")

SECTIONS: dict[str, Promise] = {
    "LIST-POINTS": _POINTS,
    "LIST-SIDES": _SIDES,
    "WARBAND-CAPTAIN": _WARBANDS,
    "WARBAND-CAPACITY": _WARBANDS,
    "WARBAND-HERO-FOLLOWER": _WARBANDS,
    "WARBAND-ONLY-KIN": _WARBANDS,
    "WARBAND-LONE-HUNTER": _WARBANDS,
    "LIST-LEADER": _TIER,
    "LIST-LEADER-TIER": _TIER,
    "LIST-UNIQUE": _MATCHED,
    "CONTINGENT-BOWS": _BOWS,
    "CONTINGENT-ALLY-HERO": _ALLIANCES,
    "CONTINGENT-SIEGE": _SIEGE,
    "ENTRY-OPTION": _OPTIONS,
    "ENTRY-OPTION-GROUP": _OPTIONS,
    "ENTRY-MOUNT": _CAVALRY,
    "LIST-DARK-LORD": _SPECIAL,
    "LIST-STEWARD": _SPECIAL,
    "LIST-MASTER": _SPECIAL,
    "LIST-SMEAGOL": _SPECIAL,
    "LIST-GOLDBERRY": _SPECIAL,
    "BS-HIDDEN": _ARMY_LISTS,
    "BS-MAX": _ARMY_LISTS,
    "BS-MIN": _ARMY_LISTS,
}


def section_of(rule_id: str) -> str:
    """The section's title in the active language ("" for an id with no section)."""
    title = SECTIONS.get(rule_id)
    return str(title) if title is not None else ""
