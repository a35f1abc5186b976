"""Paralyse (MAGIC-P-PARALYSE, 002:L2497-2507) in fights, its recovery and in water, Wrath
of Bruinen in water (MAGIC-P-BRUINEN, 002:L2455-2461) and Compel's move (MAGIC-P-COMPEL,
002:L2555-2563): scripted dice, expected outcomes derived from the French text at the
lines cited."""

from __future__ import annotations

from typing import Any

from battlesim.engines.sbg.core import effects
from battlesim.engines.sbg.core.actions import Charge, Move
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.effects import Bar
from battlesim.engines.sbg.core.marks import paralysed
from battlesim.engines.sbg.core.state import BattleState, Tick, tick
from battlesim.engines.sbg.core.table import Table, TerrainKind, TerrainPiece
from battlesim.engines.sbg.core.tables_preset import rectangle
from battlesim.engines.sbg.rules.combats import Combat
from battlesim.engines.sbg.rules.fighting import duel
from battlesim.engines.sbg.rules.magic.powers_hold import CompelMove
from battlesim.engines.sbg.rules.magic.powers_rare import swim_when_paralysed
from battlesim.engines.sbg.rules.might import SpendMight
from tests.engines.sbg.builders import BASE_GAP, add, battle, profile, rolls
from tests.engines.sbg.test_magic import HERO, cast_at, caster_profile

STREAM = Table("ford", (TerrainPiece("stream", TerrainKind.DIFFICULT, rectangle(12, 24, 24, 6)),))


def _paralysed_enemy(dice: list[int], **where: Any) -> tuple[BattleState, Any, Any]:
    """A wizard (side 0) Paralyses an enemy 4" away with a 4 (Paralyse 4+, no resist)."""
    state = battle([4, *dice], **where)
    wizard = add(state, "w", 0, 10, 10, caster_profile(("Paralyse", 4, 12.0)))
    enemy = add(state, "e", 1, 10, 14)
    assert cast_at(state, wizard, "paralyse", enemy, 1) and paralysed(state, enemy)
    return state, wizard, enemy


def _duel_rolls(state: BattleState) -> list[str]:
    return [purpose for purpose, _ in rolls(state) if purpose.startswith("duel")]


def test_magic_p_paralyse_alone_it_loses_without_duel_dice() -> None:
    """002:L2499 « ne jette pas de dé de Duel et perd automatiquement ses combats »: no Duel
    die is rolled by either side and the Paralysed model's side loses."""
    state, _, enemy = _paralysed_enemy([])
    soldier = add(state, "s", 0, 10, 14 + BASE_GAP)
    assert duel(state, Combat(enemy, [soldier])) == 0
    assert _duel_rolls(state) == []
    assert state.log.of_kind("duel")[-1].data["auto"] is True


def test_magic_p_paralyse_joined_by_a_friend_its_side_rolls_the_friends_dice() -> None:
    """002:L2499 « à moins qu'elle soit rejointe par une figurine alliée »: the friend's die
    (5) against the soldier's (2) wins; the Paralysed model rolls none."""
    state, _, enemy = _paralysed_enemy([2, 5])
    soldier = add(state, "s", 0, 10, 14 + BASE_GAP)
    friend = add(state, "f", 1, 10 + BASE_GAP, 14 + BASE_GAP)
    assert duel(state, Combat(soldier, [enemy, friend])) == 1
    assert _duel_rolls(state) == ["duel s", "duel f"]


def test_magic_p_paralyse_friends_that_did_nothing_else_add_a_die() -> None:
    """002:L2503: a friend in contact that fought this turn adds nothing (one die, 3: still
    Paralysed); the next turn, having done nothing else, it adds a die (3 and 6: it
    recovers and stands up)."""
    state, _, enemy = _paralysed_enemy([3, 3, 6])
    friend = add(state, "f", 1, 10 + BASE_GAP, 14)
    friend.fought = True
    tick(state, Tick.TURN_END)
    assert paralysed(state, enemy) and enemy.prone
    assert rolls(state)[-1] == ("recover from paralysis e", [3])
    friend.fought = False
    tick(state, Tick.TURN_END)
    assert rolls(state)[-1] == ("recover from paralysis e", [3, 6])
    assert not paralysed(state, enemy) and not enemy.prone


class _Mighty:
    """Spends the Might a roll needs."""

    def decide(self, state: BattleState, decision: Decision[Any]) -> Any:
        if isinstance(decision, SpendMight):
            return decision.ask.cost
        return decision.default(state)


def test_magic_p_paralyse_might_raises_the_recovery_die() -> None:
    """002:L2503 « La Puissance peut être utilisée pour ajuster le résultat »: a Paralysed
    Hero rolls a 5 and spends 1 Might: it recovers."""
    state = battle([4, 5])
    wizard = add(state, "w", 0, 10, 10, caster_profile(("Paralyse", 4, 12.0)))
    hero = add(state, "h", 1, 10, 14, profile(keywords=HERO, might=2))
    cast_at(state, wizard, "paralyse", hero, 1)
    state.players = (_Mighty(), _Mighty())  # type: ignore[assignment]
    tick(state, Tick.TURN_END)
    assert not paralysed(state, hero) and hero.might == 1


def test_magic_p_paralyse_in_water_it_swims_at_the_start_of_its_move() -> None:
    """002:L2505: a Paralysed model starting its move in water takes a Swim test; a 1
    (ADV-WATER-04) drowns it. Dry, it takes none."""
    state = battle([4, 1], table=STREAM)
    wizard = add(state, "w", 0, 12, 18, caster_profile(("Paralyse", 4, 12.0)))
    swimmer = add(state, "e", 1, 12, 23)
    dry = add(state, "d", 1, 20, 18)
    cast_at(state, wizard, "paralyse", swimmer, 1)
    swim_when_paralysed(state, 1)
    assert not swimmer.alive and dry.alive
    assert rolls(state) == [("cast w (4+)", [4]), ("swim e", [1])]


def test_magic_p_bruinen_strength_8_in_water_2_on_dry_ground() -> None:
    """002:L2459 « une touche de Force 2 (ou de Force 8 si elles sont dans une rivière ou
    dans une zone aquatique) »: both enemies within 3" are knocked down; a 4 To Wound kills
    the one in the stream (S8 against Defence 4) but not the one on the bank (S2)."""
    state = battle([4, 4, 4], table=STREAM)
    elrond = add(state, "w", 0, 12, 19, caster_profile(("Wrath of Bruinen", 4, 0.0)))
    wet = add(state, "e", 1, 12, 19 + BASE_GAP + 1.5)
    dry = add(state, "d", 1, 12 + BASE_GAP + 1.5, 19)
    cast_at(state, elrond, "wrath of bruinen", elrond, 1)
    purposes = [p for p, _ in rolls(state)]
    assert any("-> e (S8 D4)" in p for p in purposes)
    assert any("-> d (S2 D4)" in p for p in purposes)
    assert not wet.alive and dry.alive and dry.prone


class _Compeller:
    """The caster's side answers the compelled move with ``action``."""

    def __init__(self, action: Any) -> None:
        self.action = action

    def decide(self, state: BattleState, decision: Decision[Any]) -> Any:
        if isinstance(decision, CompelMove):
            return self.action
        return decision.default(state)


def _compel(action: Any, *, moved: bool = True) -> tuple[BattleState, Any, Any]:
    """A wizard Compels an enemy (Move 6) that already moved this turn."""
    state = battle([4])
    wizard = add(state, "w", 0, 10, 10, caster_profile(("Compel", 4, 12.0)))
    enemy = add(state, "e", 1, 10, 20)
    enemy.done_moving = moved
    state.players = (_Compeller(action), _Compeller(None))  # type: ignore[assignment]
    cast_at(state, wizard, "compel", enemy, 1)
    return state, wizard, enemy


def test_magic_p_compel_moves_it_half_its_move_even_after_it_moved() -> None:
    """002:L2557 « Le lanceur peut déplacer la figurine ciblée de la moitié de son
    mouvement ... même si la figurine s'est déjà déplacée »: 3" of its 6" Move, after its
    own move; then it cannot move again and is Transfixed (« Immobilisation »)."""
    state, _, enemy = _compel(Move("e", (10, 17)))
    assert enemy.position == (10, 17)
    assert enemy.done_moving and effects.barred(state, enemy, Bar.STRIKE)


def test_magic_p_compel_no_more_than_half_its_move() -> None:
    """002:L2557: 4" is more than half of a 6" Move: refused, it stays where it is."""
    state, _, enemy = _compel(Move("e", (10, 16)))
    assert enemy.position == (10, 20)
    assert any(e.data["model"] == "e" for e in state.log.of_kind("refused"))


def test_magic_p_compel_into_a_charge_without_a_terror_test() -> None:
    """002:L2557 « et même charger une figurine ennemie. Aucun test de Bravoure n'est requis
    pour charger une figurine terrifiante »: compelled 2" into contact with a terrifying
    Troll of the caster's side, no Courage die rolled; it is Engaged."""
    state = battle([4])
    wizard = add(state, "w", 0, 10, 10, caster_profile(("Compel", 4, 12.0)))
    add(state, "t", 0, 20, 10 + BASE_GAP, profile(rules=("Terror",)))
    enemy = add(state, "e", 1, 20, 12 + 2 * BASE_GAP)
    charge = Charge("e", "t", (20, 10 + 2 * BASE_GAP))
    state.players = (_Compeller(charge), _Compeller(None))  # type: ignore[assignment]
    cast_at(state, wizard, "compel", enemy, 1)
    assert state.engaged(enemy) and len(rolls(state)) == 1  # the casting die only


def _shrouded_friend(dice: list[int]) -> tuple[BattleState, Any, Any]:
    """An elf (side 0) shrouds a friend at (14, 10) with a 4."""
    state = battle([4, *dice])
    elf = add(state, "w", 0, 10, 10, caster_profile(("Shroud of Shadows", 4, 12.0)))
    friend = add(state, "f", 0, 14, 10)
    cast_at(state, elf, "shroud of shadows", friend, 1)
    return state, elf, friend


def test_magic_p_shroud_a_failed_test_bars_that_charge_only() -> None:
    """002:L2663 « Si une figurine rate ce test, elle ne peut juste pas voir la figurine
    Invisible, et peut tout de même poursuivre son tour normalement, sans toutefois pouvoir
    charger la figurine Invisible ce tour »: 1+1+3-2 fails; asked again, no die is rolled,
    the charge is refused, but the orc may still move."""
    from battlesim.engines.sbg.core.actions import IllegalActionError
    from battlesim.engines.sbg.rules.magic.powers_shroud import dares
    from battlesim.engines.sbg.rules.movement import apply_action

    state, _, friend = _shrouded_friend([1, 1])
    orc = add(state, "o", 1, 14, 10 + BASE_GAP + 1.5)
    charge = Charge("o", "f", (14, 10 + BASE_GAP))
    assert not dares(state, orc, charge) and not dares(state, orc, charge)
    assert len(rolls(state)) == 2  # the casting die and one Courage test (2D6)
    try:
        apply_action(state, orc, charge)
        refused = False
    except IllegalActionError:
        refused = True
    assert refused and orc.position == (14, 10 + BASE_GAP + 1.5)
    apply_action(state, orc, Move("o", (18, 14)))
    assert orc.position == (18, 14)


def test_magic_p_shroud_never_in_the_way_and_no_control_zone() -> None:
    """002:L2659 « ne compte jamais comme étant Sur la trajectoire »; « Elle n'a plus de
    zone de contrôle ... et les figurines ennemies peuvent bouger à travers elle »: an
    archer's line past it meets no body; an orc may end 0.5" from it without charging."""
    from battlesim.engines.sbg.rules.movement import apply_action
    from battlesim.engines.sbg.rules.sight import blockers

    state, _, friend = _shrouded_friend([])
    archer = add(state, "a", 1, 14, 20, profile(wargear=("sword", "bow")))
    behind = add(state, "b", 0, 14, 4)
    assert blockers(state, archer, behind) == []
    orc = add(state, "o", 1, 18, 10)
    apply_action(state, orc, Move("o", (14 + BASE_GAP + 0.5, 10)))
    assert orc.position == (14 + BASE_GAP + 0.5, 10)
