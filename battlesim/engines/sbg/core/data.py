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
STAIRS_SLIP_MAX: Final = 3  # SIEGE-STAIRS-02 (002:L3268): backing down the stairs, 1-3 slips
CRAWL_DISTANCE: Final = 1.0  # MOVE-PRONE-04 (002:L657), inches
FALL_STRENGTH: Final = 3  # MOVE-FALL-02 (002:L637): Strength 3 hits
WILL_OF_SAURON: Final = 3  # RING-WILL-01 (002:L2224): 3+ the owner moves the bearer
RING_ROOM_GAP: Final = 0.02  # inches: a bearer pushed aside ends just out of contact (assumption)
STEALTH_RANGE: Final = 6.0  # SR-STEALTH (002:L2763): seen by enemies within 6"
HEROIC_RANGE: Final = 6.0  # HERO-HM-03, HERO-HS-02, HERO-HR-01, HERO-HMA-03, HERO-HAC-02
MARCH_INFANTRY: Final = 3  # HERO-HMA-01 (002:L1663): +3" Infantry
MARCH_FAST: Final = 5  # HERO-HMA-01: +5" Cavalry or Fly
# HERO-HCHAL-01: heroic tiers, lowest first (not defined in seed 002: ASSUMPTIONS "heroic-tiers")
HEROIC_TIERS: Final = (
    "independent hero",
    "minor hero",
    "hero of fortitude",
    "hero of valour",
    "hero of legend",
)

# --- Mount profiles (CAV-PROF-01, 002:L1443-1475), special rules excluded: the one table.
# name -> (kind, Move, Fight, Shoot, Strength, Defence, Attacks, Wounds, Courage). Shoot 6 is
# the printed "6+"; the War Camel prints a bare "0" (no Shoot value), kept as 0. "Armoured
# horse" is the Horse with barding (+1 Defence, 002:L1475), the name the army lists use.
MOUNT_PROFILES: Final = MappingProxyType(
    {
        "horse": ("horse", 10.0, 3, 6, 3, 4, 0, 1, 2),
        "armoured horse": ("horse", 10.0, 3, 6, 3, 5, 0, 1, 2),
        "war goat": ("goat", 8.0, 2, 6, 4, 5, 0, 1, 3),
        "pony": ("pony", 8.0, 2, 6, 2, 3, 0, 1, 2),
        "warg": ("warg", 10.0, 3, 6, 4, 4, 1, 1, 2),
        "shadow warg": ("warg", 10.0, 3, 6, 4, 4, 1, 1, 2),
        "fell beast": ("fell beast", 3.0, 5, 5, 6, 6, 2, 3, 3),
        "war camel": ("camel", 10.0, 0, 0, 4, 4, 0, 1, 2),
        # the chariots' own cards (rules/chariots.py): BSData ba9e-83fc-e9b2-02fc (Shoot
        # none), e6b3-e3a3-02d3-32bf (its Fight 4/4+ and Attacks 2: "The Chariot in Combat")
        "khandish chariot": ("chariot", 10.0, 0, 0, 3, 7, 0, 3, 3),
        "iron hills chariot": ("chariot", 8.0, 4, 0, 4, 8, 2, 5, 3),
    }
)
BARDING_DEFENCE: Final = 1  # CAV-PROF-01 (002:L1475): "+1D avec un caparaçon"
# CAV-PROF-01 (002:L1443-1475): only the cards whose D is marked "*" take barding.
BARDED_MOUNTS: Final = frozenset({"horse", "fell beast"})
# CAV-MOVE-05 (002:L1286): after a failed Leap or Jump, a further D6 of 1 throws the rider.
THROWN_ON_FAILED_LEAP: Final = 1
THROWN_HIT_STRENGTH: Final = 3  # CAV-THROWN-01 (002:L1357): one Strength 3 hit
DESCENT_HIT_STRENGTH: Final = 3  # CAV-MOVE-07 (002:L1306)
# A mounted model's circle has the area of the 25 x 50 mm cavalry oval (bases.py).
CAVALRY_CIRCLE_MM: Final = (25.0 * 50.0) ** 0.5

# --- War Beasts (part 2 §3, 002:L1860-1927) ---------------------------------------------
WAR_BEAST_OBSTACLE_LIMIT: Final = 2.0  # WB-MOV-01 (002:L1878): no crossing 2" or higher
WAR_BEAST_BUMP_HITS: Final = 3  # WB-MOV-10 (002:L1893): three S9 hits each
WAR_BEAST_BUMP_STRENGTH: Final = 9
HOWDAH_HEIGHT: Final = 4.0  # ambiguity 5 (assumption): the howdah floor, inches up
SURVIVOR_RING_STEP: Final = 0.25  # inches between rings searched to place fallen riders

# In-the-way table (002:L781-785, SHOOT-ITW-02): the score needed for the shot to go on.
IN_THE_WAY_SCORE: Final = MappingProxyType(
    {
        "fortification": 5,
        "wall": 4,
        "howdah": 4,
        "rocks": 4,
        "hedge": 4,
        "model": 4,
        "fence": 3,
        "bush": 3,
    }
)

# --- Table and game length -------------------------------------------------------------
TABLE_SIZE: Final = 48.0  # issue 4: 48" x 48" by default
DEFAULT_TURN_LIMIT: Final = 16  # a safeguard, not a rule: the scenarios end by their own condition

# EPSILON absorbs floating-point noise in "base contact" and "within 1"" (ambiguity A7).
EPSILON: Final = 1e-6
CONTACT_TOLERANCE: Final = 0.01  # inches; two bases this close count as touching

# --- Assumptions: the one place where the engine decides what the sources leave open. ----
# SR-GEN-02 (002:L2705): the Active special rules of part 2 §9 (checklist "A"), by the names
# the engine plays them under; a model that cannot act has none of them (core/effects.py).
ACTIVE_RULES: Final = frozenset(
    {
        *("unyielding combat stance", "ancient enemies", "poisoned weapon", "poisoned arrows"),
        *("backstabbers", "expert rider", "cave dweller", "monstrous charge"),
        *("woodland creature", "mighty blow", "bane weapons", "bane of kings", "bodyguard"),
        *("hatred", "survival instinct", "throw stones", "blades of the dead"),
        *("master of battle", "mountain dweller", "spider climb", "shieldwall"),
        *("light-footed", "sworn protector", "blood & glory", "expert shot", "venom", "fly"),
    }
)

ASSUMPTIONS: Final = MappingProxyType(
    {
        "stand-in": "A characteristic the army data gives no number for ('*', '-', '?' or "
        "blank) plays as core/units.STAND_IN (Move 6, every other value 1); the card carries "
        "'Characteristic X (*)', which no rule plays, so the result lists it as ignored. A '-', "
        "'?' or blank Might, Will or Fate is a store of none (no points given, none to spend), a "
        "'*' one is set by the model's own rules (counted by name): the card's 0 is its value, "
        "not a stand-in.",
        "question-mark": "A '?' Fight, Strength, Defence, Attacks, Wounds or Courage (Tom "
        "Bombadil's and Goldberry's only, BSData b106-f127-a9e9-ce9f, 2d59-3255-94a5-3ccf) is "
        "never read: their rules let nothing target them, win their fights with no Strikes made, "
        "pass their Courage tests, and the engine also loses any blow, fall or knock-down meant "
        "for them ('he will suffer no effects'); the card keeps the stand-in values unused "
        "(core/units.MOOTS_QUESTION_MARKS, rules/untouchable.py).",
        "bases": "25 mm round infantry, 40 mm round large infantry and monsters, 60 mm round big "
        "monsters (Ent, dragon, Balrog, Fell Beast, eagle), 100 mm round War Beasts (Mumak: its "
        "large oval base taken as a circle), 50 x 25 mm oval cavalry (BASE-01 gives no sizes).",
        "heights": "Heights head to feet in inches by race keyword (Man 1.2, Hobbit 0.75, Dwarf "
        "0.95, Orc 1.1, Elf 1.25, Troll 2.4, Ent 4.0...); cavalry: the mount's shoulders (Horse "
        "1.2) for obstacles, shoulders + 0.8 for the rider's line of sight (MOVE-OBS-04/05).",
        "line-of-sight": "Models are vertical prisms of base and height, eyes at 90% of the "
        "height; 9 body samples (3 across x legs/body/head); a sample is hidden if terrain taller "
        "than the sight line there, or another model's prism (80% of its base radius), cuts the 3D "
        "segment; anything hiding a sample is in the way (LOS-06, A10, SHOOT-ITW-01).",
        "elevation": "Elevated pieces are flat-topped for sight and for the ground level.",
        "terrain-footprint": "Against terrain an oval or square base counts as its circumscribed "
        "circle (it never overlaps terrain; it may stop a little early).",
        "unlisted-cover": "Terrain missing from the in-the-way table (hills, trees, ruins) needs "
        "4+, the walls and rocks row (note to SHOOT-ITW, 5.4).",
        "paths": "Moves are straight legs; routes around terrain follow the shortest path among "
        "the corners of the terrain grown by the base (MOVE-GEN-05), ignoring other models.",
        "generated-tables": "8 to 12 features (houses, woods, hills, walls, fences, rocks, rough "
        "ground), at least 6% of the table covered, 2 inch between features, nothing in the 12 "
        "inch deployment strips nor blocking within 2 inch of an objective.",
        "zoc-boundary": "A point is inside a control zone iff strictly closer than 1 inch (A7).",
        "straight-moves": "Players move models in straight segments; a path is legal if the "
        "whole segment is legal (a subset of the paths L384 allows).",
        "duel-tie-same-alignment": "FIGHT-DUEL-03 assumes Good against Evil; when both sides "
        "share an alignment the Priority player's roll gives 1-3 to the other side, 4-6 to "
        "the Priority side.",
        "broken-timing": "Broken iff casualties > starting models / 2, checked at the start of "
        "each turn, permanent (A22).",
        "back-away-directions": "The back-away headings offered to the loser's player are "
        "the direction directly away from the winners and rotations of it by 5 degree steps up "
        "to 90 degrees either side (a finer choice would not change play); a heading the "
        "player names outside them is accepted if legal. A single winner: the loser ends a full "
        "1 inch from it (L970). Several winners (A12 revised, L974, L1060): the loser ends "
        "farther from each winner than it was and touching no enemy.",
        "separation": "A trapped survivor is separated by moving the winners 0.05 inch directly "
        "away (FIGHT-TRAP-04 'back off slightly').",
        "combat-split": "Combats are stars: one model against every enemy touching it (A11); "
        "the Priority player chooses among the distinct splits found by three rankings of the "
        "would-be centres (most contacts first with its side's first, the other side's first, "
        "fewest contacts first; MOVE-SEP-04), not among every valid split.",
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
        "turn-limit": "A battle stops after 16 turns at most (issue 4 safeguard; a scenario may "
        "set its own limit), then VPs.",
        "heroic-actions": "Heroic Actions are played (heroic_actions.py); Might modifying "
        "dice is might.boost (Player.spend_might).",
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
        "one move are refused. A wall taller than the model is climbed onto (rampart-top) "
        "or, if too thin to stand on, refused (MOVE-CLIMB-07). Ladders, ropes and steps "
        "are points on a sheer side (TerrainPiece.ladders): a climb or descent passing "
        "within 0.5 inch of one uses it, with no test and its height costing inch for inch "
        "(MOVE-CLIMB-08).",
        "climb-cost": "The height climbed (up or down) costs twice its inches, as difficult "
        "terrain (MOVE-CLIMB-02). When the Move left at the foot covers the climb, a 2-5 "
        "reaches the top and stops there, a 6 goes on to the destination, and a destination "
        "beyond the Move is refused; only a climb the Move cannot finish from the foot is left "
        "for the next turn (climb-turns).",
        "rampart-top": "002:L547, L590-593, L611: an obstacle taller than the model needs a "
        "Climb test; L611 forbids only tops where a model cannot stand stably. A climbable "
        "obstacle at least as thick as the model's base diameter (table.RAMPART_THICKNESS: "
        "20 mm, the smallest base) is a rampart: the climb (twice its height, MOVE-CLIMB-02) "
        "ends on its top, where the model stands with its whole base, the ground there being "
        "the obstacle's height (sight, elevated fights and charges at its foot as on a sheer "
        "platform, FIGHT-ELEV; no barrier for a model on top). Leaving it is a drop: a Climb-"
        "down test on a later move when higher than the model (MOVE-DESC-03). A thinner wall "
        "taller than the model is refused (L611); a Leap never ends on an obstacle's top.",
        "terrain-height": "Gaps, drops and falls compare with the height used for obstacles: "
        "the model's, or the mount's shoulders for cavalry (MOVE-OBS-05).",
        "gap-floor": "002:L566: a model that rolls a 1 to jump (MOVE-JUMP-05) falls to the "
        "gap's floor (ground level minus its depth), prone, its base just past the near edge "
        "on the line of the jump, and takes falling damage for the depth; a gap narrower than "
        "its base cannot hold it, and it lies prone touching the near edge instead. Only a "
        "fall puts a model there: no move or placement may end on a floor (a base overlapping "
        "a gap stays illegal), so a model down in a gap cannot walk along it, back away or be "
        "pushed (it is trapped). Leaving it crosses the side like an obstacle as high as the "
        "depth (MOVE-OBS-02/03: free, Leap, or Climb when deeper than the model, twice the "
        "depth in Move, MOVE-CLIMB-02), ending touching the edge. Sight: the sides do not "
        "hide it (the 2.5D model has no walls for gaps), its eyes are at floor level plus its "
        "height; fights with a model on the edge compare ground levels (FIGHT-ELEV-01).",
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
        "multiple combat ignoring the barrier, after which an attacker that slew the defender "
        "it fought across crosses (to its far side, touching the barrier) unless an enemy "
        "charged it from its own side. Combats are split as for any fight (MOVE-SEP stars), "
        "which gives one-on-one barrier fights where the links allow (FIGHT-BAR-15) without "
        "searching for the largest number of them. Attackers fight in "
        "name order (the attacking "
        "player's choice, FIGHT-BAR-12); a slayer always crosses if there is room (FIGHT-BAR-09 "
        "'may'). A pair still linked at the end of the Fight phase is separated.",
        "elevated-fights": "FIGHT-ELEV-01..04 apply to sheer-sided elevated pieces only (hills "
        "are walked up, so the enemy reaches the same level). A charger at the foot of the "
        "side, within 1 inch of the defender, fights it as across a barrier; its Move must "
        "cover the path plus twice the height when the side is higher than the model (no "
        "Climb test for the charge). The side's in-the-way score is its cover class, a wall "
        "(4+) without one. A slayer takes the defender's place if free; an attacker that must "
        "back away from a position needing a Climb test falls its full height, prone. Climbing "
        "onto the defender instead stays legal and needs a 6 (MOVE-CLIMB-05).",
        "doors": "A doorway is an open table piece marked door, one base wide, so that no "
        "enemy gets through without touching its occupant: a model standing on it (its centre "
        "inside) that did not charge, charged by enemies outside it, fights them with the "
        "barrier steps (FIGHT-DOOR-01), strikes through it needing 4+ in the way; a slayer "
        "takes its place. No preset table has doorways yet (houses are solid blocks).",
        "barrier-in-the-way": "A barrier piece without a cover class counts as a wall (4+).",
        "back-over-edge": "Backing away over a sheer edge is tried only when no other "
        "direction and no making way works (FIGHT-BACK-04); the fall follows the strikes.",
        "make-way": "Making way tries the friend's shortest shift among 0.25, 0.5, 0.75, 1 "
        "inch, sideways first then along the loser's path (FIGHT-WAY-01).",
        "supporters": "Every eligible spear or pike supports automatically (a player would "
        "almost always choose to); one per fighter plus a second-rank pike (WPN-PIKE-01).",
        "war-beast-crew": "Howdah models ride the beast: they stand at its centre, never move "
        "(WB-MOV-04: stationary crew count as not having moved), hold no control zone of their "
        "own (the beast's covers the ground) and never touch another base; their eyes are "
        "HOWDAH_HEIGHT above the ground. The first crew model listed is the commander.",
        "war-beast-trample": "A War Beast moves by trampling only: one straight segment up to "
        "its Move (ambiguity 7); round bases make the pivot (WB-MOV-07) contact nothing. A "
        "model is contacted when the beast's base comes within contact tolerance of it; the "
        "beast stops touching a survivor. A fortification with Defence 9+ (WB-MOV-10) is not "
        "a table piece yet. Obstacles 2 inch or higher and any Jump/Climb/Leap test are refused.",
        "war-beast-panic": "Panic (WB-DMG-02/03): a failed test after a Wound makes the "
        "opponent move the beast in the Move phase of the next turn (the Move phase after the "
        "one in progress, even if the beast has not moved yet); a failed test for an empty "
        "howdah, taken at the start of the beast's move, makes that move the panic move (a "
        "pass lets it 'act normally'). A panic move still due is not put off by a later "
        "failure. The panic move is a normal trample, possibly off the table: "
        "beast and crew are then casualties), as if it were his own: his models are the "
        "friends he may stop before, the owner's models are trampled. A beast that cannot "
        "make that move (charged) is no longer panicking at the end of that Move phase. The "
        "leader spends Will, or else Might (+1 to a die per point), only when it alone covers "
        "the shortfall; after a pass, later tests that turn pass (ambiguity 10).",
        "war-beast-fall": "Riders thrown from a War Beast fall HOWDAH_HEIGHT inches (falling "
        "rule) and are placed prone as close as possible to the beast (WB-DMG-01, WB-GEN-06).",
        "war-beast-not-yet": "Not played yet, as the engine lacks the piece: fortifications with "
        "Defence 9+ met by a trample (WB-MOV-10), water areas (WB-MOV-02), howdah floors "
        "(crew never move inside it, WB-MOV-04). A trampled Cavalry model (one model here) "
        "suffers the hits twice, for rider and mount (WB-MOV-08, as for Hurl).",
        "siege-engine-size": "SE-SHOOT-02: the data prints no Large or Small on an engine's "
        "card; an engine whose card says nothing (every one of the 2018 data) is Large, so it "
        'needs two crew and is a Siege target (SE-TGT-01). A card may say "large": false.',
        "siege-engine-base": "SE-PROF-01: an engine stands on a 40 mm round base (the Large "
        "base of bases.py); its crew deploy in contact around it at the back of the zone "
        "(SE-CREW-03, SE-DEPLOY-01).",
        "siege-engine-crew": "SE-SHOOT-01, SE-INEXP-01: every able trained crewman in contact "
        "works the engine; other friends in contact make up the number only when trained crew "
        "are too few (then, if they outnumber the trained, it hits on a 6). A Hero of the crew "
        "with Might is the Siege Veteran or Engineer Captain (SE-VET-01, SE-UPG-ENGCAPT). "
        "Might on the Scatter roll raises it towards the 6 of a perfect shot.",
        "siege-engine-push": "SE-MOVE-01: an engine is pushed before its side's models move, "
        "by the friends on foot in contact with it then (they move with it, the same way); the "
        "whole move must avoid difficult terrain, obstacles and enemy control zones. The "
        "heuristic pushes only an engine with no enemy within 48 inches.",
        "siege-engine-sabotage": "SE-ATK-02: 'a whole turn' is from the start of a turn (in "
        "contact then) to its End phase (still in contact), with no shot, spell or fight in it. "
        "Touching an engine does not engage a model (SE-ATK-03, reading 32); the players do "
        "not seek engines out to sabotage them.",
        "siege-engine-cavalry": "SE-WOUND-04: a cavalry model hit by an engine: the mount is "
        "rolled for first (slain outright if wounded), then the rider, then the knock-down.",
        "siege-engine-heads": "SE-UPG-HEADS: the heads land where the scatter puts the shot; "
        "every enemy that suffered the S3 hit tests its Courage (wounded or not), friends in "
        "the 2 inches take the hit without a test; a model that fails is removed as a fleeing "
        "casualty. Piercing Shot (BSData 9ab3-1e2b-0a19-417b): its S9 hit is the engine's "
        "shot (killed outright if wounded, SE-WOUND-02); the fling follows HURL's path "
        "(rules/monsters/hurl.py), and a wall that stops it deals the S6 hit to the flung model "
        "only (terrain has no Defence here).",
        "ram": "SIEGE-RAM-02: the ram's carriers are its holder and the friends on foot, "
        "unengaged, standing, that fought no one, in base contact with him or with another "
        "carrier (a ram is long; ADV-HEAVY-01's helpers, chained as SIEGE-TOWER-02's pushers); "
        "the ten strongest count. It hits at the end of the Fight phase when its holder "
        "touches the enemy gate, unengaged; the carriers then make no other attack on the gate.",
        "siege-ladder": "SIEGE-LADDER-01..04: the table's curtain walls are thin, so the "
        "rampart is the ground just behind the wall; a raised ladder stands where its carrier "
        "touched the wall, foot on its side, top behind. A move over the wall passing within "
        "0.5 inch of the foot climbs it (no test, the wall's height in Move, MOVE-CLIMB-08) and "
        "ends behind it; short of Move the model stays at the foot. The raisers' models within "
        "0.5 inch of the foot are on the ladder (nearest the foot highest); models within "
        "1 inch of the top, behind the wall, are at it (« se poste au niveau d'une échelle »). "
        "The push is made at the Move phase's end by defenders at the top that have not "
        "moved (they spend their whole Move); every model that falls from a ladder falls the "
        "wall's full height; a pushed ladder lies at the wall's foot, a Heavy object again, to "
        "be carried and raised anew. An unguarded ladder (no model of its side on it or at its "
        "top) is attacked, as a gate is, at the Fight phase's end by enemies at its top that "
        "fought no one; a ladder lying on the ground is not attacked.",
        "siege-tower": "SIEGE-TOWER-01..04: a tower is a round piece 4 inch across facing the "
        "fortified wall nearest where the scenario sets it; it is pushed straight on at the "
        "start of the Move phase and stops at anything in its way; those aboard are chosen at "
        "deployment (BoardTower: the nearest Infantry, a third of those beyond six pushers "
        "and the ladder carriers) and leave only by the lowered ramp (READINGS).",
        "siege-defences": "SIEGE-ROCKS-01/BOIL-01: rocks and cauldrons are markers where the "
        "scenario sets them, of the besieged side (side 1); the players never carry them; "
        "the heuristic posts the defenders nearest each one beside it (READINGS).",
        "gates": "SIEGE-GATE-01/GATEATK-01: a gate is a round piece spanning its gateway (Storm "
        "the Gate: a castle gate 3 inch wide); models in contact that fought no one attack it "
        "at the end of the Fight phase with one To Wound roll per Attack (no weapon or strike "
        "modifiers); a broken gate is taken away and the gateway is open.",
        "demolition": "DEMO-*: a charge is lit when at least two enemy models or one enemy "
        "Siege target stand within 2 inch of it (for a desperate detonation too, reading); a "
        "slow fuse rolls again at the start of the next Fight phase with +1, and a modified 6 "
        "is titanic (reading 34); one Wounds roll for everything in the blast; walls take "
        "nothing. A charge lying on the ground is shot as a 25 mm marker half an inch high "
        "(terrain sight only, no In The Way test for models; a carried one is not shot apart "
        "from its carrier). Not played yet: charges bought in a list "
        "(the Uruk-hai Demolition Team's Demolition Charge card is not imported) and the "
        "players carrying one to a gate: only ``demolition.place_charge`` puts one down.",
        "war-beast-objects": "Objects are not carried in this engine yet: a War Beast never "
        "carries one (WB-GEN-07) holds trivially.",
        "war-beast-heroics": "WB-MOV-05/06: a Heroic Move or March declared by the model "
        "leading the beast moves the beast (its trample; March: +3 inch), friends within 6 "
        "inch of the leader's base following; riders declare no Fight-phase Heroic Action "
        "(WB-CC-01) and no other rider's Heroic Move moves the beast; a War Beast never "
        "follows another Hero's 'With Me!' or 'At the Double!', nor loses its move to it.",
        "war-beast-magic": "No magical powers are played yet: WB-MAG-01..05 are query "
        "functions in war_beasts.py for the future magic module (no effect in battles).",
        "war-beast-fight": "Irresistible Force (WB-CC-02) knocks the enemies prone after they "
        "backed away and before the strikes; when a War Beast loses, the winners back away 1 "
        "inch from it as losers would (WB-CC-03).",
        "prone-moves": "A prone model may crawl 1 inch, then stand up (half its Move); after "
        "crawling it moves no further that phase, while a model that only stands up may use the "
        "other half of its Move and charge (MOVE-PRONE-14 reading). Lying down comes after the "
        "model's action and needs half its Move still unspent (MOVE-PRONE-06). A straight move "
        "may pass over one prone model with a Leap test and no other test (MOVE-PRONE-11): "
        "2-5 lands 0.02 inch beyond it and stops, 6 goes on, 1 stops 0.02 inch short of a "
        "friend or charges an enemy.",
        "reinforcements": "Reserves (Scenario.reserves) count in the starting strength "
        "(COUR-BRK-01). A warband enters by one edge point chosen by its player, each model "
        "placed touching the edge there then moving normally without charging; if the entry "
        "spot is taken (a base or an enemy zone) the models still waiting arrive next turn "
        "(MOVE-REINF-02; the competitive +1 arrival roll is not in the seed). No sample "
        "scenario has reserves yet.",
        "edge entry": "Armies entering by their table edge (Deployment.by_edge, "
        "SE-DEPLOY-02): every warband enters in turn 1, its Hero first, as a reinforcement "
        "by its side's own edge; a War Beast and its crew, which cannot enter a model at a "
        "time, are deployed like the Siege Engines, within 6 inch of that edge (no source "
        "says how a War Beast enters).",
        "table-talk": "Rules about players' handling of real models do not arise: bases are "
        "round and have no facing (MOVE-GEN-08, SHOOT-MOVE-02); the engine never moves models "
        "apart for clarity (MOVE-SEP-05); a shot follows the one straight line between the "
        "bases, so there is no path to dispute (SHOOT-ITW-04); shots are resolved one by one, "
        "never batched (SHOOT-VOLLEY-01). Move values come from the profiles, which follow the "
        "movement table (MOVE-GEN-04). Combats are split before the Fight phase only "
        "(MOVE-SEP-06: no rule here acts on engaged models during the Move phase).",
        "climb-turns": "MOVE-CLIMB-06, part 1 §13 A28: a Climb the Move cannot finish climbs "
        "all the Move left at the foot (half as many inches) and the model stays there with "
        "the height reached; each later move up is a new Climb test, a 1 falling from that "
        "height. Any other move, or being moved, loses the height. No charge ends half way.",
        "stand-fast-voice": "COUR-SF-05: Saruman's 12-inch Stand Fast! that also rallies "
        "Heroes (002:L194) belongs to his profile's special rule, not played yet: every Hero's "
        "Stand Fast! reaches 6 inches and Warriors only.",
        "cavalry-base": "A mounted model stands on a circle with the area of the 25 x 50 mm "
        "cavalry oval (about 35 mm), unless its data gives a larger base; a rider on foot and a "
        "riderless mount keep their centre (foot: 25 mm; riderless mount: the cavalry circle).",
        "cavalry-profile": "CAV-FIGHT-01: a mounted model always uses the higher Fight, Strength "
        "and Attacks of rider and mount (higher is never worse); Move is the mount's, Courage, "
        "Shoot, Defence and Wounds the rider's. The mount's Defence is its card's (barding "
        "included) and no rider modifier (shield, Piercing Strike, SPS-CAV-01) touches it. "
        "SPS-CAV-01: a Feint lowers the rider's own Fight only, so the model fights with the "
        "higher of that and the mount's Fight; a Stab backlash hits the rider. A "
        "profile with the Cavalry keyword but no mount named (nor a 'mount' entry) plays as "
        "one model: Cavalry for the keyword rules (x4 difficult terrain, never knocked down "
        "by a charge, no charge bonus against it), with no mount of its own.",
        "cavalry-lying-down": "CAV-MOVE-01: cavalry may neither lie down nor crawl "
        "(cavalry.is_cavalry, MOVE-PRONE-13) nor use ladders and ropes (MOVE-CLIMB-08); cavalry "
        "in doorways (CAV-MOVE-09) and deep water (CAV-MOVE-10) are not played yet; stairs "
        "(CAV-MOVE-08): see 'stairs'.",
        "stairs": "SIEGE-MOVE-01/03, SIEGE-STAIRS-01/02 (002:L3244-3268): a flight of stairs "
        "(TerrainKind.STAIRS) climbs from the ground at its low end to its height at the high "
        "end, along its rise; the players' agreements the text asks for are taken once: every "
        "flight is wide enough for Cavalry, which pays twice the Move on it (CAV-MOVE-08, "
        "002:L1310, reading 35), Infantry no more than on open ground; the flight has no sheer "
        "sides (stepping off it is free). SIEGE-MOVE-03 (L3252, interior floors): a raised "
        "floor (a sheer piece: a wall walk, a gallery, a tower's storey) is reached by the "
        "stairs landing on it (top within 0.1 inch of the floor's height): changing floor costs "
        "the walk up the flight, no test and no more Move, as SIEGE-MOVE-01 says of stairs; "
        "for sight a flight is a solid block of its top's height (the 2.5D prisms of LOS-06); "
        "without stairs it is the climb of MOVE-CLIMB (twice the height). The Theoden example "
        "(L3260) is one group's agreement, not played. SIEGE-STAIRS-02: 'back away down the "
        "stairs' is a loser whose centre is on a flight with a winner standing higher when the "
        "Duel is won (and not holding its ground); it rolls after the back-away, before the "
        "Strikes, backed away or Trapped alike; no falling damage (the text names none).",
        "mirror": "The Mirror of Galadriel (BSData 022c-3102-e0fb-55f1) stands on a 40 mm base: "
        "the data gives it no base size; 40 mm is the size of a large object the rulebook's "
        "bases name (bases.LARGE_BASE), taken for a free-standing mirror on a plinth.",
        "cavalry-descent": "CAV-MOVE-07: a mounted model climbs down a drop higher than its mount "
        "without a test and without extra Move cost (Eomer 'continues his move normally'); the "
        "hits are 1 + whole inches beyond the mount's shoulders (A31). A mounted model that "
        "falls (a failed Jump) is hit the same way and, if the mount lives, is knocked to the "
        "ground (CAV-LOOSE-03).",
        "cavalry-dismount": "CAV-DISM-01: a model dismounts only as its move starts (a subset "
        "of 'at any point'); the rider keeps the centre of the cavalry base and moves with its "
        "own Move less the Move already spent (A: the mounted allowance spent). No model ever "
        "remounts (CAV-LOOSE-05): there is no remount action.",
        "riderless-mount-room": "CAV-LOOSE-01, CAV-LOOSE-04, CAV-LOOSE-06: a riderless "
        "mount that passes its test while its rider lives (thrown, knocked down, dismounted) "
        "becomes a new model '<uid>m', not one of the starting models, on the nearest free spot "
        "round its rider (touching it first, then rings 0.25 inch apart, at most 3 inch; none: "
        "it has fled), out of base contact with enemies unless its rider is in a fight "
        "(CAV-DISM-03: no dismounting into combat). Bases never overlap, so instead of "
        "sharing its rider's space in a fight it stays engaged with its rider's enemies "
        "until either side moves; it is not among "
        "the losers of a fight already being resolved.",
        "cavalry-thrown-in-fight": "CAV-THROWN-01/02 (A33): a thrown rider still rolls its Duel "
        "dice but makes no strikes until the end of the turn; CAV-STRIKE-02: a mount slain in "
        "a fight throws its rider after all the strikes of that fight.",
        "cavalry-strikes": "CAV-STRIKE-01: the striking player chooses rider or mount per "
        "Attack; both dice of a trapped set go to the same part, and a set aimed at a mount "
        "that dies on its first die stops there. Whirl strikes choose too. CAV-STRIKE-04 "
        "('all models' rules) has no such rule in the engine yet.",
        "cavalry-charge": "CAV-CHG-02/03: the engine's charge has one target; the bonuses are "
        "decided when the combat is resolved: mounted, charged this turn, not in difficult "
        "terrain, not fighting across a barrier, and every enemy in base contact not Cavalry. "
        "A charge whose path (any part of the base, start included) touches difficult terrain "
        "loses every charge bonus, not only the lance's: WPN-LANCE-01 (002:L2022) denies the "
        "lance to a model that 'charged through difficult terrain' and CAV-MOVE-04 (002:L1282) "
        "counts the lance among the charge bonuses lost there. "
        "Deep water and Transfixed are not in the engine. MON-CAV-01 extends "
        "cavalry.knockdown_immune.",
        "cavalry-magic": "CAV-MAGIC-01: no magical powers yet; a power against a cavalry "
        "model will target the whole model. CAV-SHOOT-05: Heroic Accuracy re-rolls in-the-way "
        "tests only, never the rider-or-mount die.",
        "cavalry-break-point": "CAV-BRK-01: casualties = models on foot removed + min(riders "
        "lost, mounts lost) per side; fled riderless mounts and mounts slain under a living "
        "rider count as mounts lost; a riderless mount staying on the table counts as alive "
        "for the quarter-strength end.",
        "ring-timing": "The One Ring (RING-ON-01, RING-OFF-01, RING-WILL-01): at the start of "
        "the Move phase, before Heroic Actions are declared, every bearer already wearing the "
        "Ring rolls against the Will of Sauron (so a Heroic Move cannot escape the roll; a "
        "bearer the opponent moves declares no Move-phase Heroic Action, RING-WILL-02); at the "
        "start of its side's moves its owner may put the Ring on or try once to take it off "
        "(Courage test), before any model of that side moves; the owner may try even when the "
        "opponent moves the bearer this turn. The text allows 'any time in the Move phase': "
        "the start is where the choice matters most.",
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
        "ring-heroics": "RING-INV-06: an invisible Hero's Heroic Actions reach no friend "
        "(heroic_actions.heeded asks one_ring.heroics_help_allies): no 'With Me!', 'Forced "
        "March!', 'Fire!', 'Take Aim!', shared resist die, nor friends moving again after its "
        "Heroic Combat.",
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
        "weapon type fights with a sword (the player's free choice, WPN-SWAP-04), except a "
        "War Beast, whose profile lists no weapon: it has no weapon type, hence no special "
        "strike (WPN-SS-01, 002:L1973), without being unarmed (WPN-UNARMED-01).",
        "spear-heroes": "WPN-SPEAR-05: a spear Hero that declared a Heroic Action in this "
        "Fight phase (even one later cancelled) does not support in it.",
        "shielding": "ARM-SH-03..05: each side of a fight declares Shielding (all its models or "
        "none) before supporters and special strikes; a Shielding model rolls twice its Attacks "
        "in the Duel, has no Elven-made advantage and no special strike, and does not strike "
        "if it wins. A model with a shield that gives no Defence (bow, pike) may still Shield.",
        "hand-and-a-half": "WPN-HAH-01: the style is chosen for each fight after Shielding; used "
        "two-handed it has the two-handed -1 Duel (none if masterforged) and +1 To Wound, and "
        "the model loses its shield's +1 Defence for that fight (ARM-SH-02).",
        "heroic-order-same-alignment": "HERO-HA-06 names Good and Evil: when both sides share "
        "an alignment, the Priority player's D6 gives 4-6 to the Priority side, 1-3 to the "
        "other (as for the Duel roll-off).",
        "heroic-same-side-order": "HERO-HA-06: several Heroes of one side act in the order "
        "their player declared them.",
        "heroic-calls": "'With Me!', 'Forced March!', 'Fire!' and 'Take Aim!' are called when "
        "the player says so (Player.call_friends); range 6 inch from the Hero's starting "
        "position, base to base; friends must end within 6 inch of the Hero's final position "
        "(part 1 §9.4 reading). Heroic March does not change the move order: the Hero moves in "
        "its side's turn, its Forced March friends right after it (§9.8 reading).",
        "heroic-off-table": "Moves never leave the table in this engine, so the off-table "
        "clauses (HERO-HM-06, HERO-HMA-06) never arise.",
        "heroic-resolve": "Heroic Resolve (HERO-HR-01) records one free resist die for the "
        "models within 6 inch and keeps the Hero from moving (HR-02); magical powers are not "
        "played, so the die is never rolled. Seed 002 gives Heroic Resolve no Courage effect.",
        "heroic-accuracy-combat": "Ambiguity A18: Heroic Accuracy and 'Take Aim!' re-roll a "
        "failed (1-3) shooting-into-combat roll (SHOOT-CMB-03) like any failed in-the-way test; "
        "never the rider-or-mount roll (HERO-HAC-01).",
        "heroic-strike-roll": "Heroic Strike's D6 (HST-01) and Heroic Strength's D3 (HSTR-01) "
        "are rolled at the start of the Hero's first combat of the phase; no roll if it does "
        "not fight. Heroic Defence covers every To Wound roll against the Hero in the Fight "
        "phase: strikes, stab backlash, Brutal Power Attack hits, falls and the Thrown Rider hit; "
        "never rolls against its mount (HD-01).",
        "heroic-combat-move": "After a successful Heroic Combat the Hero moves first, then its "
        "friends of the fight, each with its full Move (spent reset), the move checked like "
        "any other; combats are then split again (HERO-HC-04) and a combat whose models have "
        "all fought already is not fought again.",
        "heroic-tiers": "Heroic tiers (HERO-HCHAL-01) come from a keyword or rule of the "
        "profile: Independent < Minor < Fortitude < Valour < Legend (BattleScribe game system "
        "names); a Hero without one counts as the lowest. A challenger with several enemy "
        "Heroes in contact challenges the highest tier (then the first by id). In a challenge "
        "the winning Hero may strike any loser of the fight (normal rules).",
        "challenge-exclusive": "HERO-HCHAL-02 makes a challenge a duel of two Heroes until "
        "one dies: a Hero whose rival lives can neither challenge nor be challenged.",
        "master-of-battle": "SR-MASTERBATTLE: each Master of Battle within 6 inch (base to "
        "base) of the declaring enemy Hero is asked at once, before the normal reply; the copy "
        "is its one Heroic Action of the phase and keeps the action's own conditions (not "
        "engaged, a Hero to challenge); an '(N+)' in the rule's name is the D6 needed, rolled "
        "only when the Master wants the copy; an enemy Master may copy the copy.",
        "challenge-charge": "HERO-HCHAL-02 'must charge each other': a Hero whose rival lives "
        "and can be charged has any other move replaced by that charge; no other model may "
        "charge either Hero.",
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
        "hits one S6 hit and stays standing (part 2 §2.4 AMBIGUOUS). A Cavalry model "
        "suffers one hit on its mount (its Defence) and one on its rider; a ridden Monster "
        "without a mount card suffers both.",
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
        "terrain tests; the fights still to fight are then formed again: a charge into one not "
        "yet fought joins it, else the new fight is resolved after those already split.",
        "bludgeon": "Bludgeon (Ent, BattleScribe rule text): the bludgeon is an enemy of the "
        "fight that is not a Monster; the Ent hits other enemies of the fight with it; a "
        "Cavalry bludgeon is the whole model; a surviving one is knocked Prone, which throws "
        "its rider (CAV-LOOSE-03).",
        "charge-and-target-search": "Players are offered the 4 nearest enemies in charge reach "
        "and the 3 nearest visible targets among the 6 nearest in range (speed).",
        "disputes": "GEN-DISPUTE-01 (002:L213-217): the engine never rolls off over a rule; "
        "every open point is settled by an entry of this table.",
        "cocked-dice": "DICE-COCKED-01 (002:L253): simulated dice are never cocked.",
        "measuring": "MEAS-04 (002:L283): players may measure anything at any time: they read "
        "exact positions and distances from the battle state.",
        "rerolls": "DICE-REROLL-03, DICE-REROLL-04 (002:L257), A26: a rule's re-rolls are "
        "automatic (every To Wound 1 under Feint or Stab; the banner's lowest losing die), so "
        "no choice waits on another result; each die is re-rolled at most once whatever its "
        "sources.",
        "narrative-priority": "PRIO-01 (002:L347): in matched play (the default game type) "
        "Priority in turn 1 is rolled (PRIO-02); Good gets it for free only in a narrative "
        "game (job option mode=narrative, GAME-NARR-03, rules/game_types.py).",
        "narrative-good": "GAME-NARR-03 (002:L3411): when both forces are Good (or neither "
        "is), a narrative game's first Priority is rolled as in matched play.",
        "scenario-library": "Issue 20: the Matched Play Guide and the siege scenarios are not "
        "among the shared sources; each scenario of rules/scenario_library.py lists its facts "
        "taken from general knowledge in its own 'assumptions', flagged ASSUMPTION.",
        "objects": "ADV-LIGHT-01/02 (002:L2946-2950): a scenario's object is a 25 mm marker; "
        "a model moving into base contact always picks it up (the players never refuse it); "
        "passing it to a friend is not offered (the engine's players would never choose it); "
        "a dropped object lies where its carrier stood.",
        "auto-priority": "PRIO-04: a once-per-game rule that wins Priority (the Palantír) is "
        "declared by each side before the roll; if both sides declare, both uses are spent "
        "and the dice decide.",
        "combat-order": "TURN-05 (002:L333): the Priority player orders the combats "
        "(Player.combat_order); the heuristic player keeps them as split, by centre model id.",
        "terrain-features": "SR-WOODLAND, SR-MOUNTAIN: a piece is woods when its name holds "
        "wood, forest, trees or thicket (bois, forêt), rocky when it holds rock, boulder, "
        "scree or stony (rocher), water when it holds water, river, stream, marsh, ford, "
        "pond, lake, brook or pool (rivière, eau, gué: Spectral Walk, ADV-WATER); tables "
        "name their pieces so (presets, generator). ADV-WATER-01 (002:L2909): water is deep "
        "when its name holds deep, lake or pool (profonde), shallow otherwise.",
        "optional-rerolls": "A rule's 'may re-roll' (SR-MOUNTAIN, SR-EXPRIDER) re-rolls a "
        "Leap, Jump or Climb die that would fail (below 2, or below 6 for a charger) and a "
        "Thrown Rider 1, never a die that already passes.",
        "bane-d3": "SR-BANE: the D3 is rolled only for a wound no save stopped (« non sauvé "
        "par du Destin », L2773; Fate first in the example at 002:L1786-1788), so the Fate "
        "decision is taken on a one-Wound blow; one Fate success stops it (HERO-FATE-04). "
        "Saves ordered before Fate (Oblivious to Pain...) also see one Wound. With Mighty "
        "Blow too, the blow is D3 + 1.",
        "sworn-protector-unnamed": "SR-SWORNPROT: a card that names no model in brackets "
        "(the data's Champions of Erebor) guards its army's leader.",
        "bodyguard-hero": "SR-BODYGUARD: the highest-ranked Hero of the army is its leader "
        "(the builder makes the highest heroic tier the leader, LIST-LEADER-TIER); with no "
        "leader the rule gives nothing.",
        "two-elven-made-swords": "Elladan and Elrohir on foot always fight with both swords "
        "(+1 Attack), never one sword as two-handed nor parrying: the players make no choice.",
        "throw-stones": "SR-THROWSTONES: the data's two weapon profiles are an 8 inch S1 stone "
        "and a 12 inch S8 boulder; a card of Strength 6 or more throws the boulder, any other "
        "the stone. A model with a missile weapon uses that instead.",
        # MAGIC-* (rules/magic): what the seed and the data leave open about powers
        "power values": "A power whose casting value is above 6 and range 6 or less has the "
        'two swapped in the BattleScribe data ("3"/"12"): read as 12" and 3+; a power '
        "without a range (auras, self) has range 0 and its description's reach.",
        "power timing": "MAGIC-WHEN-01: a caster is offered one casting before its move and, if "
        "it cast nothing, one at its end; a Hero that cannot move (engaged) cannot cast anyway.",
        "power part": "MAGIC-TGT-03: the caster's player chooses rider or mount (rules/magic/"
        "parts.py); a mount has no Will nor Fate of its own at the start (a card's stores are "
        "its rider's when shared, Deadly Union), so it resists only with Will a power gave it "
        "or its own Resistant to Magic (its rider's Fortify Spirit and Heroic Resolve are the "
        "rider's); Banishment may take the mount only if the mount's card is a Spirit.",
        "compel move": "MAGIC-P-COMPEL: an Engaged or Prone target is not moved (the engine's "
        "moves never leave a fight; standing it up is not offered); the move is a straight "
        "Move or Charge as any model's, under its control zones, no jump nor climb; dropping an "
        "object or putting on the One Ring is not offered.",
        "power pushes": "Instill Fear, Sorcerous Blast and Call Winds move a model straight "
        'away from the caster in 0.1" steps, stopping short of the first base and at the '
        'table edge; terrain does not stop them but Call Winds, which stops 1" short of a '
        "model or of impassable terrain, an obstacle or a gap (002:L2391).",
        "instill fear": "MAGIC-P-FEAR: models riding a War Beast and War Beasts are not "
        "moved (they cannot be moved against their will); a model that flees out of a fight "
        "leaves it.",
        "broken staff": "MAGIC-P-STAFFBROKEN: a model fighting with the broken staff is left "
        "Unarmed; another hand weapon on its card is not taken up.",
        "blinding light": 'MAGIC-P-BLINDLIGHT: the daylight within 12" has no use on the '
        "engine's tables; friends behind impassable terrain are not told apart; a shot at a "
        "covered model hits on a natural 6 only (no Might).",
        "collapse rocks": "MAGIC-P-COLLAPSE: the target stands on a piece whose name says "
        "ruin, rock, stone, house, tower, wall, cave, cliff or crag.",
        "set ablaze": 'SR-ABLAZE (002:L2797): a Prone model crawling its full 1" puts the '
        "flames out (whether it lay down or was knocked down); entering water is read as "
        "ending a move in a water piece (a move through water to dry ground does not).",
        "shatter": "MAGIC-P-SHATTER: the caster destroys the target's missile weapon if it "
        "has one, else its hand weapon (not a staff of power); armour and shields are kept.",
        "paralyse": "MAGIC-P-PARALYSE: a fight where every model of both sides is Paralysed is "
        "rolled as usual; only the Paralysed model's own Might raises its recovery die (its "
        "best); the channelled S5 hit comes before the recovery roll.",
        "shroud": "MAGIC-P-SHROUD: powers, shooting, charges (a failed test bars charging it "
        "this turn only), In The Way and control zones are played (a shrouded mover ignores "
        "every zone but a Nazgul's or Sauron's); moving through models and allies' Heroic "
        "Actions are not played.",
        "strengthen will": "MAGIC-P-STRWILL: the caster is not offered itself as the target.",
        "tremor resist": "MAGIC-P-TREMOR (reading 25): the target, always affected, resists "
        "for all.",
        "instant lasting": "An Instant power's lasting change (Drain Courage, Wither) stays "
        "when its caster dies (checklist §8.3 reading); Temporary and Exhaustion effects end.",
    }
)
