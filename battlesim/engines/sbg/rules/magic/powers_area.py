"""Powers on every enemy around the caster or in range, and powers that hurl: Instill Fear,
Nature's Wrath, Wrath of Bruinen, Sorcerous Blast, Call Winds."""

from __future__ import annotations

from battlesim.engines.sbg.core.effects import Bar
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.rules.chariots import chariot_of
from battlesim.engines.sbg.rules.courage import courage_test
from battlesim.engines.sbg.rules.howdah import riding
from battlesim.engines.sbg.rules.magic import lasting, worth
from battlesim.engines.sbg.rules.magic.harm import (
    hit,
    knock_prone,
    may_knock,
    push_away,
    wound_chance,
)
from battlesim.engines.sbg.rules.magic.spells import Aim, Duration, Spell, power
from battlesim.engines.sbg.rules.terrain_rules import FLYING_MOVE, flies
from battlesim.engines.sbg.rules.terror import pass_chance
from battlesim.engines.sbg.rules.water import in_water


def _around(state: BattleState, caster: ModelState, reach: float) -> list[ModelState]:
    return [e for e in state.enemies(caster) if state.distance(caster, e) <= reach + 1e-9]


def _fear_worth(state: BattleState, caster: ModelState, target: ModelState, chan: bool) -> float:
    spec = next((p for p in caster.profile.powers if "fear" in p.name.lower()), None)
    reach = spec.range if spec is not None else 0.0
    return sum(
        (1 - pass_chance(state, e)) * (0.35 if state.engaged(e) else 0.15) * worth.of(e)
        for e in _around(state, caster, reach)
        if riding(e) is None
    )


@power(
    "MAGIC-P-FEAR",
    "instill fear",
    "002:L2565-2571",
    Aim.ENEMIES_IN_RANGE,
    Duration.INSTANT,
    worth=_fear_worth,
)
def magic_p_fear(state: BattleState, spell: Spell) -> None:
    """Every enemy in range tests Courage (channelled: 3D6 less the highest), nearest first;
    one that fails moves its full Move directly away from the caster, stopping short of
    models and at the table edge (a flyer flies 12" over them, SR-FLY-03, 002:L2895), and
    cannot move again this turn. War Beasts' crews and
    models that cannot be moved are immune (data.ASSUMPTIONS "instill fear")."""
    for model in sorted(spell.affected, key=lambda m: (state.distance(spell.caster, m), m.uid)):
        if not model.alive or riding(model) is not None or "war beast" in model.triggers:
            continue
        if courage_test(state, model, "instill fear", drop_highest=spell.channelled):
            continue
        flying = flies(state, model)  # SR-FLY-03: a flyer flees flying, with a 12" Move
        move = max(model.profile.move, FLYING_MOVE) if flying else model.profile.move
        push_away(state, model, spell.caster, move, "instill fear", flying=flying)
        model.done_moving = True
        lasting.put(state, spell, model, bars=frozenset({Bar.MOVE}), name="fled in fear")


def _prone_worth(
    state: BattleState,
    caster: ModelState,
    target: ModelState,
    chan: bool,
    strength: int,
    wet: int = 0,
) -> float:
    """Knocking enemies down around the caster, and each one's hit (``wet``: in water)."""
    total = 0.0
    for enemy in _around(state, caster, 3.0):
        if may_knock(state, enemy) and not enemy.prone:
            total += 0.2 * worth.of(enemy) * (1.5 if state.engaged(enemy) else 1.0)
        hit_by = wet if wet and in_water(state, enemy) else strength
        if hit_by:
            total += wound_chance(state, hit_by, enemy) * worth.per_wound(enemy)
    return total


def _natwrath_worth(
    state: BattleState, caster: ModelState, target: ModelState, chan: bool
) -> float:
    return _prone_worth(state, caster, target, chan, 2 if chan else 0)


@power(
    "MAGIC-P-NATWRATH",
    "nature's wrath",
    "002:L2463-2469",
    Aim.AROUND,
    Duration.INSTANT,
    worth=_natwrath_worth,
    radius=3.0,
    aliases=("natures wrath",),
)
def magic_p_natwrath(state: BattleState, spell: Spell) -> None:
    """Every enemy within 3" of the caster is knocked Prone (Cavalry Knocked Flying);
    channelled: each also suffers one Strength 2 hit after."""
    for model in spell.affected:
        if chariot_of(model) is None:  # BSData 3edc-8429-ce12-df4c, 0c07-53ee-1be2-9ff4
            knock_prone(state, model, spell.power.id)
        if spell.channelled:
            hit(state, spell.caster, model, 2, f"cast by {spell.caster.uid}")


def _bruinen_worth(state: BattleState, caster: ModelState, target: ModelState, chan: bool) -> float:
    return _prone_worth(state, caster, target, chan, BRUINEN_DRY[chan], BRUINEN_WET[chan])


@power(
    "MAGIC-P-BRUINEN",
    "wrath of bruinen",
    "002:L2455-2461",
    Aim.AROUND,
    Duration.INSTANT,
    worth=_bruinen_worth,
    radius=3.0,
)
def magic_p_bruinen(state: BattleState, spell: Spell) -> None:
    """Every enemy within 3" is knocked Prone and suffers one Strength 2 hit, Strength 8 if
    it stands in a river or any water (ADV-WATER-01: a water piece of the table); channelled
    S3, S9 in water (reading 21). Where it stands is read before it falls."""
    for model in spell.affected:
        wet = in_water(state, model)
        knock_prone(state, model, spell.power.id)
        strength = (BRUINEN_WET if wet else BRUINEN_DRY)[spell.channelled]
        hit(state, spell.caster, model, strength, f"cast by {spell.caster.uid}")


BRUINEN_DRY = (2, 3)  # MAGIC-P-BRUINEN (002:L2459-2461): plain, channelled
BRUINEN_WET = (8, 9)  # "... ou de Force 8 si elles sont dans une rivière" (S9 channelled)


def _blast_worth(state: BattleState, caster: ModelState, target: ModelState, chan: bool) -> float:
    harm = wound_chance(state, 6 if chan else 5, target) * worth.per_wound(target)
    prone = 0.2 if worth.fights_ahead(state, target) else 0.03  # trapped, or a half move lost
    return harm * 1.3 + prone * worth.of(target) * may_knock(state, target)


@power(
    "MAGIC-P-BLAST",
    "sorcerous blast",
    "002:L2543-2553",
    Aim.ENEMY,
    Duration.INSTANT,
    worth=_blast_worth,
)
def magic_p_blast(state: BattleState, spell: Spell) -> None:
    """The target is hurled D6" directly away from the caster and knocked Prone, and suffers
    one Strength 5 hit (channelled S6). BLAST-a: stopped by a model of Strength 5 or less,
    both are Prone and the other suffers one S3 hit (S4 channelled); BLAST-b: stopped by a
    model of Strength 6 or more, neither moves on and both suffer one S3 hit (reading 24;
    the target's S3 stays S3). A War Beast is neither moved nor knocked down (WB-MAG-03).
    Terrain does not stop it (data.ASSUMPTIONS "power pushes")."""
    target, caster = spell.target, spell.caster
    source = f"cast by {caster.uid}"
    side_hit = 4 if spell.channelled else 3
    blocker = None
    fought = list(state.contacts(target))  # the fight it is hurled out of
    moved = "war beast" not in target.triggers and riding(target) is None
    if moved and chariot_of(target) is None:  # The Chariot and Magic (chariots.py)
        (die,) = state.roll(1, "sorcerous blast (D6 inches)")
        blocker = push_away(state, target, caster, float(die), "sorcerous blast")
        knock_prone(state, target, spell.power.id)
    hit(state, caster, target, 6 if spell.channelled else 5, source)
    if blocker is not None and blocker.alive:
        if blocker.profile.strength <= 5:
            fought += state.contacts(blocker)
            knock_prone(state, blocker, spell.power.id)
            hit(state, None, blocker, side_hit, source)
        else:
            hit(state, None, target, 3, source)
            hit(state, None, blocker, 3, source)
    _fights_knocked_down(state, spell, fought, {target.uid, getattr(blocker, "uid", "")})


def _fights_knocked_down(
    state: BattleState, spell: Spell, fought: list[ModelState], done: set[str]
) -> None:
    """002:L2547 (reading 24, READINGS.md): « Si la cible ou une des figurines qui est jetée à
    terre était engagée en combat, alors toutes les figurines participant à ce combat sont
    également jetées à terre » and each « subit une touche de Force 3 » (S4 channelled): the
    models touching the target before it was hurled, and those touching a blocker knocked
    down; a model that keeps its footing (War Beasts) takes no hit, a Cavalry model's rider
    is thrown instead (its Vol plané brings its own S3 hit)."""
    source = f"cast by {spell.caster.uid}"
    for model in fought:
        if model.uid in done or not model.alive or model.prone:
            continue
        done.add(model.uid)
        mounted = model.mount is not None  # a rider is thrown (Vol plané, its own S3 hit)
        knock_prone(state, model, spell.power.id)
        if model.alive and model.prone and not mounted:
            hit(state, None, model, 4 if spell.channelled else 3, source)


def _winds_worth(state: BattleState, caster: ModelState, target: ModelState, chan: bool) -> float:
    return 0.25 * worth.of(target) * may_knock(state, target)


@power(
    "MAGIC-P-CALLWINDS",
    "call winds",
    "002:L2389-2395",
    Aim.ENEMY,
    Duration.INSTANT,
    worth=_winds_worth,
)
def magic_p_callwinds(state: BattleState, spell: Spell) -> None:
    """The target is pushed D6" (channelled 2D6") directly away from the caster, stopping
    1" short of a model or blocking terrain it would contact (002:L2391), and knocked
    Prone; if it was in a fight every model of that fight is knocked Prone too (the pushed
    model leaves it). War Beasts are not moved (WB-MAG-03)."""
    target = spell.target
    if "war beast" in target.triggers or riding(target) is not None:
        return
    if chariot_of(target) is not None:  # The Chariot and Magic (chariots.py)
        return
    fighting = state.contacts(target)
    dice = state.roll(2 if spell.channelled else 1, "call winds (inches)")
    push_away(state, target, spell.caster, float(sum(dice)), "call winds", short=1.0)
    knock_prone(state, target, spell.power.id)
    for model in fighting:
        knock_prone(state, model, spell.power.id)
