"""Game day: a list becomes a game sheet, saved on the server, then a recorded result.

The sheet a phone sends is checked field by field against the game's roster (a hero's
wounds between 0 and its starting Wounds, casualties between 0 and the models), so a bad or
stale client gets a 400 naming the field, never a broken sheet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from armybuilder.figures import list_figures
from armybuilder.models import ArmyList, Game
from armybuilder.selectors import army_list_full, army_list_snapshot
from battlesim.models import BattleResult, SimulationJob

HERO_STATS = ("wounds", "might", "will", "fate")
MAX_NOTES = 4000
MAX_TURN = 99


def _hero_rows(army: ArmyList) -> list[dict[str, Any]]:
    rows = []
    for contingent in army.contingents.all():
        for warband in contingent.warbands.all():
            for entry in warband.entries.all():
                if not entry.profile.is_hero:
                    continue
                for index in range(entry.count):
                    rows.append(_hero_row(entry, index))
    return rows


def _hero_row(entry: Any, index: int) -> dict[str, Any]:
    profile = entry.profile
    suffix = f" ({index + 1})" if entry.count > 1 else ""
    return {
        "key": f"{entry.pk}-{index}",
        "name": profile.name + suffix,
        "start": {
            "wounds": profile.wounds or 1,
            "might": profile.might or 0,
            "will": profile.will or 0,
            "fate": profile.fate or 0,
        },
    }


@transaction.atomic
def game_start(*, army: ArmyList) -> Game:
    """A new game sheet for the list as it is now."""
    army = army_list_full(army=army)
    figures = list_figures(army_list_snapshot(army=army))
    heroes = _hero_rows(army)
    roster = {
        "list_name": army.name,
        "points": figures.points,
        "models": figures.models,
        "break_point": figures.break_point,
        "quarter_point": figures.quarter_point,
        "heroes": heroes,
    }
    sheet = {
        "turn": 1,
        "casualties": 0,
        "notes": "",
        "heroes": {hero["key"]: dict(hero["start"]) for hero in heroes},
    }
    return Game.objects.create(army_list=army, roster=roster, sheet=sheet)


def _number(value: Any, field: str, high: int, low: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValidationError(
            {field: gettext("A whole number from {low} to {high}.").format(low=low, high=high)}
        )
    return value


def sheet_checked(game: Game, sheet: Any) -> dict[str, Any]:
    """The sheet if every field fits the game's roster; else a field-named error."""
    if not isinstance(sheet, dict) or set(sheet) != {"turn", "casualties", "notes", "heroes"}:
        raise ValidationError(
            {"sheet": gettext("turn, casualties, notes and heroes, nothing else.")}
        )
    notes = sheet["notes"]
    if not isinstance(notes, str) or len(notes) > MAX_NOTES or "\x00" in notes:
        raise ValidationError(
            {"notes": gettext("Text of at most {limit} characters.").format(limit=MAX_NOTES)}
        )
    return {
        "turn": _number(sheet["turn"], "turn", MAX_TURN, low=1),
        "casualties": _number(sheet["casualties"], "casualties", game.roster["models"]),
        "notes": notes,
        "heroes": _heroes_checked(game, sheet["heroes"]),
    }


def _heroes_checked(game: Game, heroes: Any) -> dict[str, dict[str, int]]:
    starts = {hero["key"]: hero["start"] for hero in game.roster["heroes"]}
    if not isinstance(heroes, dict) or set(heroes) != set(starts):
        raise ValidationError(
            {"heroes": gettext("One entry for each hero of the game, by its key.")}
        )
    checked = {}
    for key, values in heroes.items():
        if not isinstance(values, dict) or set(values) != set(HERO_STATS):
            raise ValidationError({f"heroes.{key}": gettext("wounds, might, will and fate.")})
        checked[key] = {
            stat: _number(values[stat], f"heroes.{key}.{stat}", starts[key][stat])
            for stat in HERO_STATS
        }
    return checked


@transaction.atomic
def game_save(*, game: Game, sheet: Any) -> Game:
    """Keep the sheet a device sends; the last one saved wins (one player, one sheet)."""
    if game.finished_at is not None:
        raise ValidationError(
            {"sheet": gettext("This game is over; its sheet is kept as it ended.")}
        )
    game.sheet = sheet_checked(game, sheet)
    game.revision += 1
    game.save(update_fields=["sheet", "revision", "updated_at"])
    return game


def game_record(*, game: Game, result: str, opponent: str) -> Game:
    """Close the game with its result and opponent."""
    if result not in Game.Result.values:
        raise ValidationError({"result": gettext("won, drew or lost.")})
    opponent = opponent.strip()
    if not opponent or len(opponent) > 100 or "\x00" in opponent:
        raise ValidationError({"opponent": gettext("Name the opponent (at most 100 characters).")})
    game.result, game.opponent, game.finished_at = result, opponent, timezone.now()
    game.save(update_fields=["result", "opponent", "finished_at", "updated_at"])
    return game


@dataclass(frozen=True, slots=True)
class Record:
    won: int
    drew: int
    lost: int

    @property
    def played(self) -> int:
        return self.won + self.drew + self.lost

    @property
    def win_rate(self) -> float | None:
        return self.won / self.played if self.played else None


def list_record(*, army: ArmyList) -> Record:
    results = list(army.games.exclude(result="").values_list("result", flat=True))
    return Record(results.count("won"), results.count("drew"), results.count("lost"))


def game_json(game: Game) -> dict[str, Any]:
    return {
        "id": game.pk,
        "list": game.army_list_id,
        "roster": game.roster,
        "sheet": game.sheet,
        "revision": game.revision,
        "result": game.result or None,
        "opponent": game.opponent,
        "finished_at": game.finished_at.isoformat() if game.finished_at else None,
    }


@dataclass(frozen=True, slots=True)
class Simulated:
    battles: int
    won: int

    @property
    def win_rate(self) -> float | None:
        return self.won / self.battles if self.battles else None


def simulated_record(*, army: ArmyList) -> Simulated:
    """The owner's simulated SBG battles of this list, beside its real record.

    A job keeps the forces it was given, not the list's id, so a force is this list when it
    bears its name (renaming a list leaves its older simulations out).
    """
    battles = won = 0
    jobs = SimulationJob.objects.filter(owner_id=army.owner_id, game="sbg", battles_done__gt=0)
    for job in jobs.only("options"):
        forces = (job.options or {}).get("forces") or []
        seats = [str(i) for i, force in enumerate(forces[:2]) if force.get("name") == army.name]
        if not seats:
            continue
        results = BattleResult.objects.filter(job=job)
        battles += results.count() * len(seats)
        won += results.filter(winner__in=seats).count()
    return Simulated(battles, won)
