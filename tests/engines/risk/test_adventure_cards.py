"""Adventure cards: power cards and events (003:L104, L118; effects of reference §1.6)."""

from __future__ import annotations

import pytest

from battlesim.engines.risk.actions import Attack, CardPlay, IllegalActionError
from battlesim.engines.risk.adventure import resolve_event
from battlesim.engines.risk.combat import attack_options, check_attack
from battlesim.engines.risk.data import Seat, Timing
from battlesim.engines.risk.players import Player
from battlesim.engines.risk.powers import play_power, power_options
from battlesim.engines.risk.state import Effect, EffectKind, GameState
from battlesim.engines.risk.turn import invade
from tests.engines.risk.conftest import adventure, card, give, players_for, position


class Eager(Player):
    """Plays the first card offered, defends with one die (003:L76), moves in the least."""

    def defend(self, state: GameState, seat: Seat, attack: Attack) -> int:
        return 1

    def play_power(
        self,
        state: GameState,
        seat: Seat,
        timing: Timing,
        options: list[CardPlay],
        attack: Attack | None,
    ) -> CardPlay | None:
        return options[0] if options else None

    def move_in(self, state: GameState, seat: Seat, attack: Attack, least: int, most: int) -> int:
        return least


class Passive(Eager):
    def play_power(
        self,
        state: GameState,
        seat: Seat,
        timing: Timing,
        options: list[CardPlay],
        attack: Attack | None,
    ) -> CardPlay | None:
        return None


def seats(state: GameState, first: type[Player], rest: type[Player] = Passive) -> dict[int, Player]:
    return {s: (first if s == 0 else rest)(state.dice) for s in range(len(state.players))}


def test_ambush_adds_three_to_the_attacking_territory() -> None:
    """Ambush: +3 battalions in the attacking territory when the invasion starts."""
    state = position([1, 6])
    give(state, 0, 2, "Gap of Rohan")
    state.players[0].adventures = [adventure("Ambush")]
    invade(state, 0, seats(state, Eager), Attack("Gap of Rohan", "Fangorn", 1))
    assert state.armies["Gap of Rohan"] == 2 + 3 - 1


def test_courage_adds_four_defenders() -> None:
    """Courage Alone Will Not Save You: when invaded, +4 defenders."""
    state = position([6, 1, 1])
    give(state, 0, 3, "Gap of Rohan")
    state.players[1].adventures = [adventure("Courage Alone Will Not Save You")]
    invade(state, 0, seats(state, Passive, Eager), Attack("Gap of Rohan", "Fangorn", 1))
    assert state.armies["Fangorn"] == 1 + 4 - 1


def test_siege_machines_cancel_the_stronghold_bonus() -> None:
    """Siege Machines: the target stronghold loses its +1 (003:L78) for this invasion."""
    state = position([6, 5])
    give(state, 0, 3, "Gap of Rohan")
    give(state, 1, 2, "Minas Tirith")
    state.players[0].adventures = [adventure("Siege Machines")]
    invade(state, 0, seats(state, Eager), Attack("Gap of Rohan", "Minas Tirith", 1))
    throw = state.log.of_kind("throw")[-1].data
    assert throw["defence_bonus"] == 0 and throw["defender_losses"] == 1


def test_black_sails_on_a_seaborne_invasion() -> None:
    """Black Sails: +1 to the highest die of a seaborne invasion (sea link Umbar-Belfalas)."""
    state = position([5, 5])
    give(state, 0, 2, "Belfalas")
    give(state, 1, 3, "Umbar")
    state.players[1].adventures = [adventure("Black Sails")]
    state.current = 1
    invade(state, 1, seats(state, Passive, Eager), Attack("Umbar", "Belfalas", 1))
    assert state.armies["Belfalas"] == 1  # 5+1 beats 5


def test_violent_storms_destroy_seaborne_attackers() -> None:
    """Violent Storms: the attackers of a seaborne invasion are destroyed, no throw."""
    state = position([])
    give(state, 0, 2, "Belfalas")
    give(state, 1, 4, "Umbar")
    state.players[0].adventures = [adventure("Violent Storms")]
    state.current = 1
    invade(state, 1, seats(state, Eager), Attack("Umbar", "Belfalas", 2))
    assert (state.armies["Umbar"], state.armies["Belfalas"]) == (2, 2)
    assert state.log.of_kind("throw") == []


def test_grima_turns_two_defenders() -> None:
    """Grima Wormtongue: move up to 2 defenders to your side before invading."""
    state = position([6, 1])
    give(state, 0, 2, "Gap of Rohan")
    give(state, 1, 4, "Fangorn")
    state.players[0].adventures = [adventure("Grima Wormtongue")]
    invade(state, 0, seats(state, Eager), Attack("Gap of Rohan", "Fangorn", 1))
    assert (state.armies["Gap of Rohan"], state.armies["Fangorn"]) == (4, 1)


def test_corsairs_tax_seaborne_invasions() -> None:
    """Corsairs of Umbar: until your next turn, seaborne invasions lose 3 battalions first."""
    state = position([6, 1])
    give(state, 0, 3, "Belfalas")
    give(state, 1, 5, "Umbar")
    resolve_event(state, 0, adventure("Corsairs of Umbar"), Passive(state.dice))
    state.current = 1
    with pytest.raises(IllegalActionError):
        check_attack(state, 1, Attack("Umbar", "Belfalas", 2))  # 5 - 3 leaves one die
    invade(state, 1, seats(state, Passive), Attack("Umbar", "Belfalas", 1))
    assert state.armies["Umbar"] == 5 - 3


def test_winter_storms_stop_invasions() -> None:
    """Winter Storms: no invasions into or out of the revealed territories."""
    state = position()
    give(state, 0, 5, "Gap of Rohan")
    deck = [card("Mount Doom"), card("Nurn"), card("Harad"), card("Fangorn")]
    state.territory_deck = list(deck)
    resolve_event(state, 1, adventure("Winter Storms"), Passive(state.dice))
    assert "Fangorn" not in {t for _, t in attack_options(state, 0)}
    assert state.territory_deck == deck[1:] + deck[:1]  # shown cards go under (assumption)


def test_you_shall_not_pass_blocks_a_bridge_unless_a_leader_crosses() -> None:
    """You Shall Not Pass: block a bridge until your next turn unless a Leader crosses."""
    state = position()
    give(state, 0, 5, "Minas Tirith")
    state.effects.append(
        Effect(EffectKind.BRIDGE_BLOCK, 1, frozenset(("Minas Tirith", "Ithilien")))
    )
    assert ("Minas Tirith", "Ithilien") not in attack_options(state, 0)
    state.leaders["Minas Tirith"] = 0
    assert ("Minas Tirith", "Ithilien") in attack_options(state, 0)


def test_the_way_under_the_mountains() -> None:
    """The Way Is Under the Mountains: invade between territories of one mountain range."""
    state = position()
    give(state, 0, 5, "Eregion")
    assert ("Eregion", "Lórien") not in attack_options(state, 0)
    state.players[0].adventures = [adventure("The Way Is Under the Mountains")]
    assert ("Eregion", "Lórien") in attack_options(state, 0)


def test_raiders_halve_the_revealed_territories() -> None:
    """Raiders: each revealed territory loses half its battalions, rounded down, 1 left."""
    state = position()
    give(state, 1, 7, "Nurn")
    give(state, 1, 1, "Harad")
    state.territory_deck = [card("Nurn"), card("Harad")]
    resolve_event(state, 0, adventure("Raiders"), Passive(state.dice))
    assert (state.armies["Nurn"], state.armies["Harad"]) == (4, 1)


def test_a_second_leader_is_appointed() -> None:
    """Appoint a Second Leader: place a second leader (003:L10 two leaders each)."""
    state = position()
    give(state, 0, 3, "The Shire", "Buckland")
    state.leaders["The Shire"] = 0
    state.players[0].leaders_in_pool = 1
    resolve_event(state, 0, adventure("Appoint a Second Leader"), Passive(state.dice))
    assert state.leaders_of(0) == ["Buckland", "The Shire"]


def test_hunt_for_the_ringbearer_moves_the_fellowship() -> None:
    """Hunt for the Ringbearer: not holding its territory, move the Fellowship one step."""
    state = position()
    state.players[0].adventures = [adventure("Hunt for the Ringbearer")]
    play_power(state, 0, Timing.TURN, CardPlay(adventure("Hunt for the Ringbearer").id))
    assert state.fellowship_territory() == "Buckland"
    assert state.players[0].played[0].name == "Hunt for the Ringbearer"


def test_no_card_play_after_an_adventure_draw() -> None:
    """003:L120: once a card is drawn, no other cards may be played."""
    state = position()
    state.players[0].adventures = [adventure("Smeagol")]
    assert power_options(state, 0, Timing.FELLOWSHIP)
    state.flags.drew_adventure = True
    assert power_options(state, 0, Timing.FELLOWSHIP) == []
    with pytest.raises(IllegalActionError):
        play_power(state, 0, Timing.FELLOWSHIP, CardPlay(adventure("Smeagol").id))


def test_every_strategy_is_a_player() -> None:
    """The four strategies answer the same decision points."""
    state = position()
    assert sorted(type(p).name for p in players_for(state).values()) == ["aggressive"] * 4
