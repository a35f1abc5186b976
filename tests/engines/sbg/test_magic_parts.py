"""MAGIC-TGT-03 (002:L2305, L2331): against a Cavalry model the powers that name the choice
are aimed at the rider or at the mount, as the caster's player chooses and announces before
the casting roll; only that part may resist. Each test scripts the dice and asserts the
outcome read from the French text at the lines cited."""

from __future__ import annotations

from typing import Any

from battlesim.engines.dice import Dice
from battlesim.engines.sbg.core.decisions import Decision
from battlesim.engines.sbg.core.mounts import loose_profile
from battlesim.engines.sbg.core.state import BattleState, ModelState
from battlesim.engines.sbg.policies.players import HeuristicPlayer, RandomPlayer
from battlesim.engines.sbg.rules import characteristics
from battlesim.engines.sbg.rules.cavalry import MOUNT, RIDER
from battlesim.engines.sbg.rules.courage import courage_value
from battlesim.engines.sbg.rules.magic import casting
from battlesim.engines.sbg.rules.magic.casting import SpellPlan, options
from battlesim.engines.sbg.rules.magic.parts import ChoosePowerPart
from battlesim.engines.sbg.rules.magic.resisting import ChooseResist
from tests.engines.sbg.builders import add, battle
from tests.engines.sbg.test_cavalry import mounted
from tests.engines.sbg.test_magic import Player, caster_profile, names

CAVALRY_HERO = frozenset({"man", "hero"})


class PartPlayer(Player):
    """Aims at ``part``, resists with ``resist`` points; records each decision asked, with
    the casting events logged by then."""

    def __init__(self, part: str = RIDER, resist: int = 0) -> None:
        super().__init__(resist)
        self.part = part
        self.asked: list[tuple[Decision[Any], int]] = []

    def decide(self, state: BattleState, decision: Decision[Any]) -> Any:
        self.asked.append((decision, len(names(state, "cast"))))
        if isinstance(decision, ChoosePowerPart):
            return self.part
        return super().decide(state, decision)


def cast_part(
    state: BattleState,
    caster: ModelState,
    power: str,
    target: ModelState,
    part: str,
    resist: int = 0,
) -> tuple[bool, PartPlayer, PartPlayer]:
    found = options(state, caster)
    option = next(o for o in found if o.power.name == power and o.target == target.uid)
    ours, theirs = PartPlayer(part), PartPlayer(resist=resist)
    players = (ours, theirs) if caster.player == 0 else (theirs, ours)
    return casting.cast_spell(state, players, caster, SpellPlan(option, 1)), ours, theirs


def rider(state: BattleState, mount: str = "horse", player: int = 1, **changes: Any) -> Any:
    values: dict[str, Any] = {"keywords": CAVALRY_HERO, **changes}
    return add(state, "r", player, 10, 16, mounted(mount, **values))


def test_magic_tgt_03_the_part_is_chosen_before_the_casting_roll() -> None:
    """MAGIC-TGT-03 (002:L2305, « vous devez choisir avant de faire le jet pour le lancer »;
    MAGIC-P-BLACKDART, L2653): the caster's player is asked rider or mount before any
    casting die, and the choice is announced (logged) before the cast."""
    state = battle([1])
    wizard = add(state, "w", 0, 10, 10, caster_profile(("Black Dart", 5, 12.0)))
    target = rider(state)
    cast, ours, _ = cast_part(state, wizard, "black dart", target, MOUNT)
    assert not cast
    ((decision, casts_before),) = [(d, n) for d, n in ours.asked]
    assert isinstance(decision, ChoosePowerPart) and casts_before == 0
    assert decision.parts == (RIDER, MOUNT) and decision.target is target
    kinds = [e.kind for e in state.log.events if e.kind in ("power_part", "cast")]
    assert kinds == ["power_part", "cast"]
    assert names(state, "power_part")[0]["part"] == MOUNT


def test_magic_tgt_03_black_dart_at_the_mount_only_the_mount_resists_rider_thrown() -> None:
    """MAGIC-TGT-03 (002:L2331: « seul cet élément de la figurine pourra ensuite tenter de
    Résister »), MAGIC-P-BLACKDART (L2653): aimed at the horse (no Will), the rider's Will
    is not offered; the S9 hit (a 3) slays the horse (W1); the rider is thrown (a 6: on his
    feet, CAV-THROWN-03) and keeps his Wound and Will."""
    state = battle([5, 3, 6])
    wizard = add(state, "w", 0, 10, 10, caster_profile(("Black Dart", 5, 12.0)))
    target = rider(state, will=3, wounds=2)
    cast, _, theirs = cast_part(state, wizard, "black dart", target, MOUNT, resist=1)
    assert cast
    assert not [d for d, _ in theirs.asked if isinstance(d, ChooseResist)]
    assert not names(state, "resist")
    assert names(state, "mount_slain") and names(state, "thrown_rider")[0]["roll"] == 6
    assert target.mount is None and target.alive
    assert target.wounds == 2 and target.will == 3


def test_magic_tgt_03_black_dart_at_the_rider_only_the_rider_resists() -> None:
    """MAGIC-TGT-03, MAGIC-P-BLACKDART (L2653): aimed at the rider, the rider resists (its
    Will die, a 2, fails against a 5) and takes the S9 hit (a 3: W2 -> 1); the horse keeps
    its Wound."""
    state = battle([5, 2, 3])
    wizard = add(state, "w", 0, 10, 10, caster_profile(("Black Dart", 5, 12.0)))
    target = rider(state, will=1, wounds=2)
    assert target.mount is not None
    cast, _, _ = cast_part(state, wizard, "black dart", target, RIDER, resist=1)
    assert cast
    assert [r["model"] for r in names(state, "resist")] == [target.uid]
    assert target.will == 0 and target.wounds == 1
    assert target.mount is not None and target.mount.wounds == 1


def test_magic_tgt_03_a_mount_with_will_resists_with_its_own() -> None:
    """MAGIC-P-STRWILL (L2673: the mount may be the one given the Will point), then
    MAGIC-TGT-03 (L2331): Chill Soul (L2627) at that mount is resisted by the mount's own
    die (a 6 against the 4: resisted, the 6 refunds its point); the rider's Will untouched."""
    state = battle([4, 4, 6])
    wizard = add(state, "w", 1, 10, 30, caster_profile(("Chill Soul", 4, 24.0)))
    friend = add(state, "p", 0, 12, 10, caster_profile(("Strengthen Will", 4, 12.0)))
    target = rider(state, player=0, will=2)
    assert target.mount is not None
    cast, _, _ = cast_part(state, friend, "strengthen will", target, MOUNT)
    assert cast and target.mount.will == 1 and target.will == 2
    resisted, _, theirs = cast_part(state, wizard, "chill soul", target, MOUNT, resist=1)
    assert not resisted
    (decision,) = [d for d, _ in theirs.asked if isinstance(d, ChooseResist)]
    assert decision.part == MOUNT
    assert names(state, "resist")[-1]["part"] == MOUNT
    assert target.mount.will == 1 and target.will == 2 and target.mount.wounds == 1


def test_magic_p_chill_at_the_mount_slays_it_and_throws_the_rider() -> None:
    """MAGIC-P-CHILL (L2627: « l'attaquant doit choisir qui entre le cavalier et la monture
    prend la blessure »): the horse loses its Wound, is slain, and the rider is thrown (a 3:
    CAV-THROWN-02, he does nothing more this turn); the rider keeps his Wound."""
    state = battle([4, 3])
    wizard = add(state, "w", 0, 10, 10, caster_profile(("Chill Soul", 4, 12.0)))
    target = rider(state)
    cast, _, _ = cast_part(state, wizard, "chill soul", target, MOUNT)
    assert cast and target.alive and target.mount is None and target.unhorsed
    assert names(state, "thrown_rider")[0]["roll"] == 3 and target.wounds == 1


def test_magic_p_wither_at_the_mount_lowers_the_mounts_strength() -> None:
    """MAGIC-P-WITHER (L2385): aimed at the warg (S4, its S3 rider: the model fights with
    S4, CAV-FIGHT-01), the warg's Strength drops to 3 and the model's with it."""
    state = battle([4, 4])
    wizard = add(state, "w", 0, 10, 10, caster_profile(("Wither", 4, 12.0)))
    target = rider(state, "warg")
    assert characteristics.strength_value(state, target) == 4
    assert cast_part(state, wizard, "wither", target, MOUNT)[0]
    assert characteristics.strength_value(state, target) == 3
    assert target.mount is not None and target.mount.strength_lost == 1


def test_magic_p_draincour_at_the_mount_counts_once_riderless() -> None:
    """MAGIC-P-DRAINCOUR (L2485): aimed at the horse (Courage 2), the rider's Courage stays
    3; the horse's own Courage is 1 once it is riderless (its test, CAV-LOOSE-01)."""
    state = battle([4])
    wizard = add(state, "w", 0, 10, 10, caster_profile(("Drain Courage", 4, 12.0)))
    target = rider(state)
    assert cast_part(state, wizard, "drain courage", target, MOUNT)[0]
    assert courage_value(state, target) == 3
    assert target.mount is not None
    assert loose_profile(target.mount, target.profile).courage == 1


def test_magic_p_curse_and_sapwill_at_the_mount_leave_the_riders_stores() -> None:
    """MAGIC-P-CURSE (L2595), MAGIC-P-SAPWILL (L2683): aimed at the horse, which has no
    Fate nor Will of its own, the rider keeps his Fate 2 and Will 2."""
    state = battle([4, 4, 6])
    wizard = add(state, "w", 0, 10, 10, caster_profile(("Curse", 4, 12.0), ("Sap Will", 4, 12.0)))
    target = rider(state, fate=2, will=2)
    assert cast_part(state, wizard, "curse", target, MOUNT)[0]
    wizard.status.clear()  # a new turn
    option = next(o for o in options(state, wizard) if o.power.name == "sap will")
    players = (PartPlayer(MOUNT), PartPlayer())
    assert casting.cast_spell(state, players, wizard, SpellPlan(option, 1))
    assert target.fate == 2 and target.will == 2
    assert target.mount is not None and target.mount.fate == 0 and target.mount.will == 0


def test_magic_p_renew_on_the_mount_heals_the_mount() -> None:
    """MAGIC-P-RENEW (L2529: « le lanceur doit choisir qui entre le cavalier et la monture
    regagne le PV »): the fell beast (W3, 1 left) regains one; the rider's lost Wound stays
    lost."""
    state = battle([4])
    healer = add(state, "p", 0, 10, 10, caster_profile(("Renew", 4, 12.0)))
    target = rider(state, "fell beast", player=0, wounds=3)
    assert target.mount is not None
    target.mount.wounds, target.wounds = 1, 2
    assert cast_part(state, healer, "renew", target, MOUNT)[0]
    assert target.mount.wounds == 2 and target.wounds == 2


def test_magic_tgt_03_no_choice_on_foot_nor_for_other_powers() -> None:
    """MAGIC-TGT-03 applies only to a Cavalry model and the powers that say so: Black Dart
    at infantry, and Transfix (which names no part) at a rider, ask no part."""
    state = battle([1, 1])
    wizard = add(state, "w", 0, 10, 10, caster_profile(("Black Dart", 5, 12.0)))
    add(state, "e", 1, 10, 16)
    ours = PartPlayer(MOUNT)
    option = next(o for o in options(state, wizard) if o.power.name == "black dart")
    casting.cast_spell(state, (ours, PartPlayer()), wizard, SpellPlan(option, 1))
    other = battle([1])
    seer = add(other, "w", 0, 10, 10, caster_profile(("Transfix", 3, 12.0)))
    rider(other)
    option = next(o for o in options(other, seer) if o.power.name == "transfix")
    casting.cast_spell(other, (ours, PartPlayer()), seer, SpellPlan(option, 1))
    assert not [d for d, _ in ours.asked if isinstance(d, ChoosePowerPart)]
    assert not names(state, "power_part") and not names(other, "power_part")


def test_heuristic_aims_at_the_mount_when_the_rider_would_resist() -> None:
    """The heuristic's Black Dart goes at the horse (W1, no Will) when the rider has Will 3
    and Fate; at the rider of a horse when he has neither and 1 Wound (the horse would
    flee alone, CAV-LOOSE-02). Its Renew goes to the part that lost a Wound."""
    state = battle()
    wizard = add(state, "w", 0, 10, 10, caster_profile(("Black Dart", 4, 12.0)))
    hardy = rider(state, will=3, fate=2, wounds=2)
    player = HeuristicPlayer()
    assert (
        player.decide(state, ChoosePowerPart(wizard, hardy, "black dart", (RIDER, MOUNT))) == MOUNT
    )
    plain = add(state, "q", 1, 20, 16, mounted("horse"))
    assert (
        player.decide(state, ChoosePowerPart(wizard, plain, "black dart", (RIDER, MOUNT))) == RIDER
    )
    healer = add(state, "p", 1, 30, 10, caster_profile(("Renew", 4, 12.0)))
    beast = add(state, "b", 1, 30, 16, mounted("fell beast", keywords=CAVALRY_HERO, wounds=3))
    assert beast.mount is not None
    beast.mount.wounds = 1
    assert player.decide(state, ChoosePowerPart(healer, beast, "renew", (RIDER, MOUNT))) == MOUNT
    beast.mount.wounds, beast.wounds = 3, 1
    assert player.decide(state, ChoosePowerPart(healer, beast, "renew", (RIDER, MOUNT))) == RIDER


def test_random_player_picks_among_the_legal_parts() -> None:
    """The random player's choice is a logged die among the parts offered."""
    seen = set()
    for seed in range(12):
        state = battle(Dice(seed))
        wizard = add(state, "w", 0, 10, 10, caster_profile(("Black Dart", 4, 12.0)))
        target = rider(state)
        part = RandomPlayer().decide(
            state, ChoosePowerPart(wizard, target, "black dart", (RIDER, MOUNT))
        )
        assert part in (RIDER, MOUNT)
        seen.add(part)
    assert seen == {RIDER, MOUNT}
