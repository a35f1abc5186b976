"""Every number of the SBG rules core, and every assumption the sources do not settle.

Rule numbers come from the French rulebook (seed 002, cited ``002:Lnnn``) through the English
checklists in ``shared/rules``. What the seed leaves open is listed in ``ASSUMPTIONS`` with
the reading the engine uses; nothing outside this module decides such a point.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

# --- Wound chart (002:L880-892, SHOOT-WND-02): rows Strength 1-10, columns Defence 1-10.
# "6/4" means a natural 6 then a 4+; None means the target cannot be wounded. Stored as data,
# not a formula: S1/D1 and S2/D1 are both 4+.
WOUND_CHART: Final[tuple[tuple[str | None, ...], ...]] = (
    ("4", "5", "5", "6", "6", "6/4", "6/5", "6/6", None, None),
    ("4", "4", "5", "5", "6", "6", "6/4", "6/5", "6/6", None),
    ("3", "4", "4", "5", "5", "6", "6", "6/4", "6/5", "6/6"),
    ("3", "3", "4", "4", "5", "5", "6", "6", "6/4", "6/5"),
    ("3", "3", "3", "4", "4", "5", "5", "6", "6", "6/4"),
    ("3", "3", "3", "3", "4", "4", "5", "5", "6", "6"),
    ("3", "3", "3", "3", "3", "4", "4", "5", "5", "6"),
    ("3", "3", "3", "3", "3", "3", "4", "4", "5", "5"),
    ("3", "3", "3", "3", "3", "3", "3", "4", "4", "5"),
    ("3", "3", "3", "3", "3", "3", "3", "3", "4", "4"),
)

STAT_MIN: Final = 1  # CHAR-CAP-01 (002:L245): Fight, Strength, Defence, Courage in 1..10
STAT_MAX: Final = 10
COURAGE_PASS: Final = 10  # COUR-TEST-01 (002:L1200): 2D6 + Courage >= 10
CONTROL_ZONE: Final = 1.0  # MOVE-ZOC-01 (002:L410), inches
BACK_AWAY: Final = 1.0  # FIGHT-BACK-01 (002:L984), inches
SPEAR_SUPPORT_ATTACKS: Final = 1  # WPN-SPEAR-01 (002:L1990)
BANNER_RANGE: Final = 3.0  # EQP-BAN-01 (002:L2170)
STAND_FAST_RANGE: Final = 6.0  # COUR-SF-02 (002:L1248)
DRUM_RANGE: Final = 12.0  # EQP-DRUM-01 (002:L2188)
DIFFICULT_TERRAIN_COST: Final = 2.0  # MOVE-TER-02 (002:L522), ambiguity A1 reading
CLIMB_COST: Final = 2.0  # MOVE-CLIMB-02 (002:L597): a climbable surface is difficult terrain
FALL_STRENGTH: Final = 3  # MOVE-FALL-02 (002:L637): Strength 3 hits
WILL_OF_SAURON: Final = 3  # RING-WILL-01 (002:L2224): 3+ the owner moves the bearer
RING_ROOM_GAP: Final = 0.02  # inches: a bearer pushed aside ends just out of contact (assumption)
STEALTH_RANGE: Final = 6.0  # SR-STEALTH (002:L2763): seen by enemies within 6"

# In-the-way table (002:L781-785, SHOOT-ITW-02): the score needed for the shot to go on.
IN_THE_WAY_SCORE: Final = MappingProxyType(
    {"fortification": 5, "wall": 4, "rocks": 4, "hedge": 4, "model": 4, "fence": 3, "bush": 3}
)

# --- Table and game length -------------------------------------------------------------
TABLE_SIZE: Final = 48.0  # issue 4: 48" x 48" by default
DEFAULT_TURN_LIMIT: Final = 12

# EPSILON absorbs floating-point noise in "base contact" and "within 1"" (ambiguity A7).
EPSILON: Final = 1e-6
CONTACT_TOLERANCE: Final = 0.01  # inches; two bases this close count as touching

# --- Assumptions: the one place where the engine decides what the sources leave open. ----
ASSUMPTIONS: Final = MappingProxyType(
    {
        "base-sizes": "Bases are circles: 25 mm infantry unless the unit data says otherwise "
        "(geometry.base_for when available); 1 inch = 25.4 mm.",
        "model-height": "Infantry height 1.1 inch (A3); used only where geometry needs it.",
        "zoc-boundary": "A point is inside a control zone iff strictly closer than 1 inch (A7).",
        "straight-moves": "Players move models in straight segments; a path is legal if the "
        "whole segment is legal (a subset of the paths L384 allows).",
        "duel-tie-same-alignment": "FIGHT-DUEL-03 assumes Good against Evil; when both sides "
        "share an alignment the Priority player's roll gives 1-3 to the other side, 4-6 to "
        "the Priority side.",
        "broken-timing": "Broken iff casualties > starting models / 2, checked at the start of "
        "each turn, permanent (A22).",
        "back-away-directions": "Backing away tries the direction directly away from the "
        "winners first, then rotations by 30 degree steps; the first legal one is taken (A12).",
        "separation": "A trapped survivor is separated by moving the winners 0.05 inch directly "
        "away (FIGHT-TRAP-04 'back off slightly').",
        "combat-split": "Combats are stars: one model against every enemy touching it (A11); "
        "the Priority side's models are grouped first.",
        "points": "Sample force points follow the current profile cards as remembered; they "
        "size the sample forces only and decide no rule.",
        "to-the-death": "Matched Play Guide 'To the Death!' (not in the shared sources): deploy "
        "within 12 inch of opposite edges; the battle ends at the end of a turn in which a "
        "force is at or below a quarter of its starting models; 3 VP enemy broken (5 if yours "
        "is not), 3 VP enemy leader slain (1 if wounded), 1 VP per enemy banner destroyed, and "
        "1 VP to the side that destroyed the greater share of the enemy force (our tie-break "
        "for battles where no side breaks before the turn limit).",
        "domination": "Matched Play Guide 'Domination' (not in the shared sources): five "
        "objectives (centre, and four 12 inch from the centre along the diagonals); held by "
        "the side with more models within 3 inch; 3 VP per objective held at the end, 1 VP "
        "enemy broken, 1 VP enemy leader slain; same end condition as To the Death!.",
        "turn-limit": "A battle stops after 12 turns at most (issue 4 safeguard), then VPs.",
        "heroic-actions": "Heroic actions (HERO-HA..HCHAL) are not played here: Might is "
        "spent only to modify dice (might.boost).",
        "fate": "A side spends Fate only on a blow that would slay the model (policy "
        "heroics.fate_when_slain); an instant kill is a blow of all the model's Wounds "
        "(HERO-FATE-04).",
        "will": "After a failed Courage test Will is spent first, and only when Will and the "
        "Might the player adds cover the whole shortfall (HERO-WILL-04). Casting and resisting "
        "(HERO-WILL-02/03) are the dice of will.py; no magical power calls them yet.",
        "might-rolls": "Might raises one die of the Hero's own (HERO-MIGHT-05): in a Duel its "
        "best die (only the highest counts); k points on a 6/x To Wound roll add k to both "
        "dice (A37); k points on a Courage test add k to the 2D6 total, which cannot pass 12 "
        "(DICE-MOD-01); a Leap, Jump or Climb succeeds on 2+, or on the 6 a charger needs.",
        "might-bidding": "Duel Might (HERO-MIGHT-04) is asked after banner re-rolls; the side "
        "losing bids first, then the other, until neither spends; on a tie that would go to "
        "the roll-off the Priority side bids first. The roll-off die is never modified.",
        "terrain-moves": "A move asks for at most one test: a Leap (MOVE-LEAP), a Jump over a "
        "gap (MOVE-JUMP), a Climb up a sheer platform side, ending on top (MOVE-CLIMB), or a "
        "Climb down from a sheer platform higher than the model (MOVE-DESC-03); two tests in "
        "one move are refused. Climbing over a wall taller than the model (no stable top, "
        "MOVE-CLIMB-07) is refused. Ladders and ropes are not table pieces yet (MOVE-CLIMB-08).",
        "climb-cost": "The height climbed (up or down) costs twice its inches, as difficult "
        "terrain (MOVE-CLIMB-02); a move is only allowed if its Move covers the whole climb, so "
        "multi-turn climbs (MOVE-CLIMB-06) never arise and a 2-5 always reaches the top.",
        "terrain-height": "Gaps, drops and falls compare with the height used for obstacles: "
        "the model's, or the mount's shoulders for cavalry (MOVE-OBS-05).",
        "gap-floor": "A gap's floor is not a place models stand in this engine: a model that "
        "rolls a 1 to jump (MOVE-JUMP-05) takes falling damage for the gap's depth and is "
        "placed prone touching the near edge.",
        "falling-hits": "MOVE-FALL-02 reading: hits = 1 + whole inches of the fall beyond the "
        "model's height, only if the fall is higher than the model; any fall leaves the model "
        "prone, a controlled descent does not (part 1 §4.9 AMBIGUOUS).",
        "blocked-landing": "A Jump or Climb of 2-5 whose landing spot would touch an enemy "
        "(MOVE-JUMP-04, MOVE-CLIMB-05) or another base leaves the model where it stopped "
        "before the test, as for a Leap.",
        "barrier-charge": "A charge may end touching any obstacle the target touches, on the "
        "far side within 1 inch of it (FIGHT-BAR-05); whether the obstacle protects is decided "
        "at the fight (FIGHT-BAR-01/04): if not, it is a normal fight.",
        "barrier-fights": "Only a defender fought solely across its barrier gets the barrier "
        "steps (FIGHT-BAR-09..12); any other combat with a barrier link (attacked from both "
        "sides, one attacker against several defenders: FIGHT-BAR-13/16/17) is a normal "
        "multiple combat ignoring the barrier. Attackers fight in name order (the attacking "
        "player's choice, FIGHT-BAR-12); a slayer always crosses if there is room (FIGHT-BAR-09 "
        "'may'). A pair still linked at the end of the Fight phase is separated.",
        "barrier-in-the-way": "A barrier piece without a cover class counts as a wall (4+).",
        "back-over-edge": "Backing away over a sheer edge is tried only when no other "
        "direction and no making way works (FIGHT-BACK-04); the fall follows the strikes.",
        "make-way": "Making way tries the friend's shortest shift among 0.25, 0.5, 0.75, 1 "
        "inch, sideways first then along the loser's path (FIGHT-WAY-01).",
        "supporters": "Every eligible spear or pike supports automatically (a player would "
        "almost always choose to); one per fighter plus a second-rank pike (WPN-PIKE-01).",
        "ring-timing": "The One Ring (RING-ON-01, RING-OFF-01, RING-WILL-01): at the start of "
        "its side's Move phase a bearer already wearing the Ring rolls against the Will of "
        "Sauron, then its owner may put the Ring on or try once to take it off (Courage test), "
        "before any model of that side moves; the owner may try even when the opponent moves "
        "the bearer this turn. The text allows 'any time in the Move phase': the start is "
        "where the choice matters most.",
        "ring-might": "Might on the Will of Sauron roll (RING-WILL-01) is the owner's choice "
        "(Player.resist_sauron); the heuristic spends it only when it turns a 1-2 into a 3+.",
        "ring-mounted": "A mounted bearer (RING-ON-01: mount flees, Thrown Rider test) is not "
        "played: putting the Ring on while Cavalry is refused (no sample bearer is mounted).",
        "ring-spotting": "RING-INV-04: -1 per full inch of base-to-base distance at the "
        "declaration of the charge; Will may be spent as on any Courage test (HERO-WILL-04); "
        "a failed test forbids charging that bearer for the rest of the turn, and the player "
        "chooses another action for the model.",
        "ring-moves": "RING-INV-02: an invisible bearer passes through any model and so "
        "through enemy control zones, but still never ends its move inside one (MOVE-ZOC-01).",
        "ring-room": "RING-INV-03: an enemy may end a move (not a charge into a fight) over an "
        "invisible bearer that is not engaged; the bearer is shifted directly away from the "
        "enemy (then by 15 degree steps) to 0.02 inch out of contact, not onto any base and "
        "not touching an enemy; if no such spot exists the move is refused. Being pushed over "
        "a wall or a cliff is not played.",
        "ring-foe-moves": "RING-WILL-02: when the opponent moves the bearer, any move with a "
        "Jump, Leap or Climb test is refused (it could hurt the bearer); charges are allowed.",
        "ring-fight": "RING-INV-05: a model touching an invisible bearer halves its Fight value "
        "(after Feint or Stun) in every fight it is part of; supporters are not engaged and "
        "keep theirs. Special-strike eligibility still compares printed Fight values.",
        "ring-heroics": "RING-INV-06: heroic actions are not played yet; "
        "one_ring.heroics_help_allies is the query their code must ask.",
        "ring-precious": "RING-PREC-01: every battle here is a matched-play game, so a bearer "
        "left as the last model of its army while wearing the Ring is removed at once (also "
        "when it puts the Ring on as the last model).",
        "stealth": "SR-STEALTH / EQP-CLOAK-01: 'partially concealed by terrain' means terrain "
        "hides at least one of the sight samples of the target (models do not count); such a "
        "model more than 6 inch away cannot be charged or shot. Stealth does not work on "
        "Cavalry. Magic and special rules do not target models yet.",
        "missile-choice": "MSL-GEN-01: a model with several missile weapons always uses the "
        "longest-ranged one (then the strongest); the choice is not offered to players.",
        "weapon-choice": "WPN-SWAP-03/04: a model with several hand weapons fights the whole "
        "game with one chosen before the game: a swapped weapon, else a one-handed non-spear "
        "weapon (name order), else its spear or two-handed weapon; a profile naming no known "
        "weapon type fights with a sword (the player's free choice, WPN-SWAP-04).",
        "spear-heroes": "WPN-SPEAR-05: Might on Duel and To Wound rolls and Heroic Actions in "
        "the Fight phase are not played yet, so a spear Hero always may support; the heroic "
        "actions code must stop a Hero that declared one in the Fight phase from supporting.",
        "shielding": "ARM-SH-03..05: each side of a fight declares Shielding (all its models or "
        "none) before supporters and special strikes; a Shielding model rolls twice its Attacks "
        "in the Duel, has no Elven-made advantage and no special strike, and does not strike "
        "if it wins. A model with a shield that gives no Defence (bow, pike) may still Shield.",
        "hand-and-a-half": "WPN-HAH-01: the style is chosen for each fight after Shielding; used "
        "two-handed it has the two-handed -1 Duel (none if masterforged) and +1 To Wound, and "
        "the model loses its shield's +1 Defence for that fight (ARM-SH-02).",
        "bpa-prone": "A prone Monster that wins makes no Brutal Power Attack, as it makes no "
        "strikes (FIGHT-PRONE-01); a supporting Monster is never offered one (MON-BPA-03).",
        "bpa-modifiers": "MON-BPA-02 (part 2 §2.2 AMBIGUOUS): Rend and unique BPAs use the bare "
        "Strength characteristic; no Strength, To Wound or re-roll modifier of strikes "
        "(two-handed, special strikes, Trapped doubling) applies. Armour and Defence hooks "
        "still apply to the hits Hurl and Bludgeon deal (a hit is not a strike).",
        "bpa-order": "MON-BPA-05: winning Monsters are asked in the fight's order; a BPA is "
        "resolved completely when named, Rend included, before the losers back away (no "
        "observable difference: BPAs ignore Trapped); Hurl and Barge end the fight, so the "
        "other losers neither back away nor are struck (part 2 §2.4 AMBIGUOUS).",
        "hurl-path": "Hurl (HURL-03/04, part 2 §2.4 AMBIGUOUS): the hurled base slides along "
        "the Monster-victim centre line, followed in 0.1 inch steps against terrain; any base it "
        "overlaps is passed through; it stops touching the first Strength 6+ model, at the "
        "first blocking piece (walls, rocks, trees: pieces a base cannot stand on, an obstacle "
        "hit) or at the table edge (no obstacle hit; it is never thrown off the table). Woods "
        "and hills do not stop it; no falling damage is added for a drop on the way.",
        "hurl-hits": "Hurl: at most one S3 hit per model; a passed model's fight is every model "
        "linked to it by base contact (the Monster and its victim excepted); the hurled model "
        "suffers one S6 hit in all (the landing or the collision) and the Strength 6+ model it "
        "hits one S6 hit and stays standing (part 2 §2.4 AMBIGUOUS). A Cavalry model (one "
        "model in this engine) suffers both the mount's and the rider's hit.",
        "hurl-nudge": "HURL-07: each model under the landing spot is nudged to the nearest spot "
        "(0.05 inch steps, up to 3 inch, any heading) where its base overlaps no other base and "
        "fits the table; if none exists the hurled model stops short instead. Bases never "
        "overlap.",
        "barge": "Barge: enemies are moved farthest from the Monster first; each goes 3 inch "
        "along a heading its controller picks among those where the whole move obeys the "
        "back-away checks (on the table, no terrain test or drop, through no base, ending 1 inch "
        "from the winners, touching no enemy). Else one friend not engaged may make way by "
        "3 inch; else the longest legal move in 0.25 inch steps, then Prone. The D6 inch move "
        "(BARGE-05) is offered as new charges only (a reposition scores nothing here), without "
        "terrain tests; the new fight is resolved after the fights already split.",
        "bludgeon": "Bludgeon (Ent, BattleScribe rule text): the bludgeon is an enemy of the "
        "fight that is not a Monster; the Ent hits other enemies of the fight with it; a "
        "Cavalry bludgeon is the whole model (no dismounting yet).",
        "charge-and-target-search": "Players are offered the 4 nearest enemies in charge reach "
        "and the 3 nearest visible targets among the 6 nearest in range (speed).",
    }
)
