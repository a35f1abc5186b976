"""Engine input: profiles and forces as frozen values, built from plain data.

A profile carries the card (characteristics, keywords, wargear, special rules) and the options
bought for it; a force is one side's models with its leader and warbands. Plain data (dicts
from JSON, army lists, ``samples.py``) enter through ``force_from_data``.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from battlesim.engines.sbg.core import names
from battlesim.engines.sbg.core.bases import MM_PER_INCH, base_for
from battlesim.engines.sbg.core.data import BARDED_MOUNTS, BARDING_DEFENCE, MOUNT_PROFILES

ModelId = str
PlayerId = int  # 0 or 1: the two sides at the table


class Alignment(enum.Enum):
    """GEN-SIDE-01 (002:L223): every model is Good or Evil."""

    GOOD = "good"
    EVIL = "evil"


class UnitDataError(ValueError):
    """Plain force data is missing a field or holds an impossible value."""


@dataclass(frozen=True, slots=True)
class MountProfile:
    """CAV-PROF-01 (002:L1443-1475): a mount's characteristics (special rules excluded).

    ``kind`` names the animal for heights and keywords (an armoured horse is a horse);
    ``shoot`` is 0 when the card prints no Shoot value (War Camel).
    """

    name: str
    kind: str
    move: float
    fight: int
    shoot: int
    strength: int
    defence: int
    attacks: int
    wounds: int
    courage: int
    # a mount bought from the data's card (options.py): its own rules (Feral, Raging Beast),
    # which stay with it riderless, and a Hero mount's stores (the White Warg's)
    rules: tuple[str, ...] = ()
    might: int = 0
    will: int = 0
    fate: int = 0


@dataclass(frozen=True, slots=True)
class PowerSpec:
    """MAGIC-CAST-01, MAGIC-RNG-01 (002:L2315, L2321): a Magical Power as the caster's card
    lists it, with the caster's own casting value ("4" for 4+) and range in inches (0 for
    the powers whose range the description gives: auras, self)."""

    name: str
    casting: int
    range: float = 0.0


@dataclass(frozen=True, slots=True)
class SiegeEngineSpec:
    """SE-PROF-01 (002:L3022-3027): a Siege Engine's reduced card (Strength in brackets,
    Defence, Wounds), its special rules (Area Effect, Indirect Fire...) and the upgrades bought
    for it (SE-UPG-*). It rides on the card of the crewman it is bought with (its Siege Veteran
    or Engineer Captain, SE-VET-01); ``force_from_data`` puts the engine on the table beside him.
    ``large``: SE-SHOOT-02, Large or Small (data.ASSUMPTIONS "siege-engine-size")."""

    name: str
    strength: int
    defence: int
    wounds: int
    large: bool = True
    rules: tuple[str, ...] = ()
    upgrades: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Profile:
    """One profile card (002:L123-161) plus the options bought for it (PROF-07)."""

    name: str
    move: float
    fight: int
    shoot: int  # the "4+" of "3/4+": lower is better (CHAR-F-01)
    strength: int
    defence: int
    attacks: int
    wounds: int
    courage: int
    keywords: frozenset[str] = frozenset()
    wargear: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    might: int = 0
    will: int = 0
    fate: int = 0
    points: int = 0
    base_mm: float = 25.0
    # WB-MOV-08 (002:L1891): a War Beast's trample hits "given in its profile" (0 = none)
    trample_hits: int = 0
    trample_strength: int = 0
    # WB-GEN-06 (002:L1870), L796: the howdah's own Defence and Wounds (0: no howdah profile)
    howdah_defence: int = 0
    howdah_wounds: int = 0
    mount: MountProfile | None = None  # CAV-DEF-01/02: a Cavalry model's mount
    powers: tuple[PowerSpec, ...] = ()  # MAGIC-WHO-01: the Magical Powers on its card
    siege_engine: SiegeEngineSpec | None = None  # SE-VET-01: the engine this crewman leads
    # BSData bf2e-3118-471d-9720 Skin-changer: the card of the model's other form (its bear)
    form: Profile | None = None
    # battlesim/engines/sbg/options.py: bought options the engine plays from the data's own
    # effects (characteristic changes already on this card, or the mount it rides)
    changed_by: tuple[str, ...] = ()

    @property
    def is_hero(self) -> bool:
        return "hero" in self.keywords

    @property
    def gear(self) -> frozenset[str]:
        """Everything the model carries: card wargear and bought options."""
        return frozenset(self.wargear) | frozenset(self.options)

    def has(self, item: str) -> bool:
        return item in self.wargear or item in self.options


@dataclass(frozen=True, slots=True)
class ModelSpec:
    """One model of a force: its id and its profile."""

    uid: ModelId
    profile: Profile


@dataclass(frozen=True, slots=True)
class Force:
    """A side's models with its leader and warbands (hero id -> follower ids)."""

    name: str
    alignment: Alignment
    models: tuple[ModelSpec, ...]
    leader: ModelId | None = None
    warbands: tuple[tuple[ModelId, tuple[ModelId, ...]], ...] = field(default=())
    # WB-GEN-02/05 (002:L1866-1870): War Beast id -> the models riding it, commander first
    crews: tuple[tuple[ModelId, tuple[ModelId, ...]], ...] = field(default=())
    # SE-CREW-01 (002:L3029): Siege Engine id -> its crew, the Siege Veteran (or Engineer
    # Captain) first
    engines: tuple[tuple[ModelId, tuple[ModelId, ...]], ...] = field(default=())

    @property
    def points(self) -> int:
        return sum(spec.profile.points for spec in self.models)


_OPTIONAL_ZERO = ("trample_hits", "trample_strength", "howdah_defence", "howdah_wounds")
_STATS = ("move", "fight", "shoot", "strength", "defence", "attacks", "wounds", "courage")


# A card whose army data gives no number ("*", "-", "?" or blank) plays with these values; the
# card also carries a rule "Characteristic X (*)" that no rule plays, so the battle's
# ``ignored`` list and the breadth command say so (data.ASSUMPTIONS "stand-in").
STAND_IN: dict[str, int] = {
    **{"move": 6, "fight": 1, "strength": 1, "defence": 1},
    **{"attacks": 1, "wounds": 1, "courage": 1},
}


def stand_in_rule(field: str, symbol: str) -> str:
    """The rule name that marks a stand-in characteristic: "Characteristic Move (*)"."""
    return f"Characteristic {field.title()} ({symbol})"


_STORES = frozenset({"might", "will", "fate"})


# Rules that leave a "?" characteristic never read (BSData b106-f127-a9e9-ce9f Tom is Master,
# 2d59-3255-94a5-3ccf River-daughter): the model makes no Strikes, wins its fights, passes
# Courage, and nothing targets or harms it (rules/armies/good/wanderers.py), so the card's
# "?" is no stand-in (data.ASSUMPTIONS "question-mark").
MOOTS_QUESTION_MARKS = frozenset({"tom is master", "river-daughter"})


def is_stand_in(field: str, symbol: str, rules: Sequence[str] = ()) -> bool:
    """Whether the card's value for a characteristic printed ``symbol`` is a stand-in. A "-"
    Might, Will or Fate is a store of none (the Great Beast of Gorgoroth's): the card's 0 is
    the value itself, so no rule marks it; so is a "?" or blank one (Quickbeam's Fate, Tom
    Bombadil's Might): no points given, none to spend. A "*" store is set by the model's own
    rules (Sauron's Fate by his One Ring, the Necromancer's by Will spent as Fate): those
    rules are counted by name, on a store of 0 (data.ASSUMPTIONS "stand-in"). A "?" on a card
    whose ``rules`` make it never read is none either (``MOOTS_QUESTION_MARKS``)."""
    if symbol == "?" and any(names.parse(rule).full in MOOTS_QUESTION_MARKS for rule in rules):
        return False
    return not (field in _STORES and symbol in ("-", "?", "*"))


def _lower_all(values: Sequence[str]) -> tuple[str, ...]:
    return tuple(value.strip().lower() for value in values)


def _gear(values: Sequence[str]) -> tuple[str, ...]:
    """Wargear under the names the rules know (core/names.py): "Throwing Daggers" is the
    throwing weapons, "Elven-made Sword" a sword plus the Elven-made quality."""
    found = (part for value in values for part in _gear_parts(value))
    return tuple(dict.fromkeys(found))


def _gear_parts(value: str) -> tuple[str, ...]:
    """An item with a bracketed parameter ("War Drum (Orc)") keeps it: no rule reads the
    bracket yet, so it must not pass for the plain item."""
    parsed = names.parse(value, wargear=True)
    return (parsed.full,) if parsed.parameters else parsed.parts


def default_base_mm(keywords: Sequence[str]) -> float:
    """A round base's diameter by model type when the data gives none (data.ASSUMPTIONS):
    25 mm, 40 mm for a Troll or Monster, 60 mm for an Ent or a dragon; a mounted model's
    circle is sized from its mount (mounts.py)."""
    base = base_for(frozenset(keywords))
    return base.width * MM_PER_INCH if base.is_circle else 25.0


def profile_from_data(data: Mapping[str, Any]) -> Profile:
    """Build a profile from plain data; every characteristic is required."""
    missing = [key for key in ("name", *_STATS) if key not in data]
    if missing:
        raise UnitDataError(f"profile {data.get('name', '?')!r} lacks {', '.join(missing)}")
    stats = {key: data[key] for key in _STATS}
    if any(not isinstance(value, int | float) or value < 0 for value in stats.values()):
        raise UnitDataError(f"profile {data['name']!r} has a negative or non-numeric value")
    return Profile(
        name=str(data["name"]),
        keywords=frozenset(_lower_all(data.get("keywords", ()))),
        wargear=_gear(data.get("wargear", ())),
        options=_gear(data.get("options", ())),
        rules=tuple(data.get("rules", ())),  # as written: cards and replays show them
        might=int(data.get("might", 0)),
        will=int(data.get("will", 0)),
        fate=int(data.get("fate", 0)),
        points=int(data.get("points", 0)),
        base_mm=float(data.get("base_mm", default_base_mm(data.get("keywords", ())))),
        trample_hits=int(data.get("trample_hits", 0)),
        trample_strength=int(data.get("trample_strength", 0)),
        howdah_defence=int(data.get("howdah_defence", 0)),
        howdah_wounds=int(data.get("howdah_wounds", 0)),
        mount=_mount_from_data(data),
        powers=_powers_from_data(data.get("powers", ())),
        siege_engine=_engine_from_data(data.get("siege_engine")),
        form=_form_from_data(data),
        changed_by=_gear(data.get("changed_by", ())),
        move=float(stats["move"]),
        **{key: int(v) for key, v in stats.items() if key != "move"},
    )


def profile_to_data(profile: Profile) -> dict[str, Any]:
    """The plain-data form ``profile_from_data`` reads (JSON-ready; keywords sorted)."""
    data = {name: getattr(profile, name) for name in Profile.__slots__}
    data["keywords"] = sorted(profile.keywords)
    data["wargear"], data["options"] = list(profile.wargear), list(profile.options)
    data["rules"] = list(profile.rules)
    mount = data.pop("mount")
    if mount is not None:  # only mounted profiles carry the key (older logs stay identical)
        data["mount"] = _mount_to_data(mount)
    for key in _OPTIONAL_ZERO:  # only War Beasts carry them: other profiles' data unchanged
        if not data[key]:
            del data[key]
    engine = data.pop("siege_engine")
    if engine is not None:  # only a siege crewman carries the key (older logs stay identical)
        data["siege_engine"] = {
            **{name: getattr(engine, name) for name in SiegeEngineSpec.__slots__},
            "rules": list(engine.rules),
            "upgrades": list(engine.upgrades),
        }
    if not data["changed_by"]:  # only cards with data-played options carry the key
        del data["changed_by"]
    else:
        data["changed_by"] = list(profile.changed_by)
    form = data.pop("form")
    if form is not None:  # only a Skin-changer carries the key (older logs stay identical)
        data["form"] = profile_to_data(form)
    powers = data.pop("powers")
    if powers:  # only casters carry the key (older logs stay identical)
        data["powers"] = [
            {"name": p.name, "casting_value": p.casting, "range": p.range} for p in powers
        ]
    return data


def _form_from_data(data: Mapping[str, Any]) -> Profile | None:
    """The other form's card; it stands on the model's own base unless it names one (the
    model is swapped where it stands: READINGS "Skin-changer")."""
    form = data.get("form")
    if not form:
        return None
    keywords = data.get("keywords", ())
    base = float(data.get("base_mm", default_base_mm(keywords)))
    return profile_from_data({"base_mm": base, **form})


def _powers_from_data(entries: Sequence[Mapping[str, Any]]) -> tuple[PowerSpec, ...]:
    """``[{"name", "casting_value", "range"}]`` as the catalogue imported them; a casting
    value above 6 with a range of 6 or less is read as the two swapped (the BattleScribe
    data has "3"/"12" for 12" and 3+; data.ASSUMPTIONS "power values")."""
    found = []
    for entry in entries:
        try:
            name = str(entry["name"]).strip()
            casting = int(entry["casting_value"])
            reach = float(entry.get("range") or 0)
        except (KeyError, TypeError, ValueError) as error:
            raise UnitDataError(f"power {entry!r} needs a name and a casting value") from error
        if casting > 6 and 0 < reach <= 6:
            casting, reach = int(reach), float(casting)
        if not name or not 1 <= casting <= 6 or reach < 0:
            raise UnitDataError(f"power {name!r}: casting value {casting} or range {reach}")
        found.append(PowerSpec(name, casting, reach))
    return tuple(found)


def _engine_from_data(data: Mapping[str, Any] | None) -> SiegeEngineSpec | None:
    """SE-PROF-01: ``{"name", "strength", "defence", "wounds", "large", "rules",
    "upgrades"}``; Strength, Defence and Wounds are required (the card prints them)."""
    if data is None:
        return None
    try:
        values = {key: int(data[key]) for key in ("strength", "defence", "wounds")}
        name = str(data["name"]).strip()
    except (KeyError, TypeError, ValueError) as error:
        wants = "a name, Strength, Defence and Wounds"
        raise UnitDataError(f"siege engine {data!r} needs {wants}") from error
    if not name or not all(1 <= v <= 10 for v in values.values()):
        raise UnitDataError(f"siege engine {name!r}: Strength and Defence 1-10, Wounds 1-10")
    return SiegeEngineSpec(
        name=name,
        large=bool(data.get("large", True)),
        rules=tuple(str(rule) for rule in data.get("rules", ())),
        upgrades=tuple(str(item) for item in data.get("upgrades", ())),
        **values,
    )


# SE-PROF-01: the engine's card as a model's: it neither moves, fights nor takes Courage
# tests by itself (SE-MOVE-01, SE-COUR-01); the rules that say so read the keyword.
SIEGE_ENGINE = "siege engine"
# SIEGE-GATE-01 (002:L3240): a gate or door of a fortification, a piece with Defence and
# structure points that stands on the table like an engine (rules/fortifications.py)
GATE = "gate"
SIEGE_TOWER = "siege tower"  # SIEGE-TOWER-01 (002:L3343): the attacker's tower
RALLYING_POINT = "rallying point"  # SIEGE-RALLY-01 (002:L3309): the besieged side's marker
# an object with Defence and Wounds standing on the table (the Mirror of Galadriel)
OBJECT_PIECE = "object piece"
# pieces that are no models of an army
STRUCTURES = frozenset({SIEGE_ENGINE, GATE, SIEGE_TOWER, RALLYING_POINT, OBJECT_PIECE})
# SR-FLY-05 (002:L2899): a model with Fly and a large base may perch on top of terrain, over
# models beneath it (rules/perch.py); large: at least the 40 mm of bases.LARGE_BASE
PERCHING = "fly"


def engine_profile(spec: SiegeEngineSpec) -> Profile:
    """The engine on the table: its Strength, Defence and Wounds; nothing else to roll."""
    keywords = frozenset({SIEGE_ENGINE, "large" if spec.large else "small"})
    return Profile(
        name=spec.name,
        move=0.0,
        fight=0,
        shoot=6,
        strength=spec.strength,
        defence=spec.defence,
        attacks=0,
        wounds=spec.wounds,
        courage=0,
        keywords=keywords,
        rules=spec.rules + spec.upgrades,
        base_mm=default_base_mm(sorted(keywords)),
    )


_MOUNT_STATS = ("move", "fight", "shoot", "strength", "defence", "attacks", "wounds", "courage")


def _mount_from_data(data: Mapping[str, Any]) -> MountProfile | None:
    """CAV-DEF-02 (002:L1268): a mount named in the wargear or options, or an explicit
    ``"mount": {"name": ..., characteristics...}`` (missing values come from the table)."""
    explicit = data.get("mount")
    gear = _lower_all(data.get("wargear", ())) + _lower_all(data.get("options", ()))
    if explicit is None:
        # a mount under another spelling is that mount (names.yaml: "Spectral Steed")
        mounts = [names.canonical(item) for item in gear]
        found = [item for item in mounts if item in MOUNT_PROFILES]
        if not found:
            return None
        explicit = {"name": found[0]}
    name = str(explicit["name"]).strip().lower()
    known = MOUNT_PROFILES.get(name)
    if known is None and any(key not in explicit for key in _MOUNT_STATS):
        raise UnitDataError(f"mount {name!r} is not in the mount table and lacks values")
    table = dict(zip(("kind", *_MOUNT_STATS), known, strict=True)) if known else {}
    values = {key: explicit.get(key, table.get(key)) for key in _MOUNT_STATS}
    if "mount" not in data and "barding" in gear and name in BARDED_MOUNTS:
        values["defence"] += BARDING_DEFENCE  # CAV-PROF-01 (002:L1475): +1 D with barding
    return MountProfile(
        name=name,
        kind=str(explicit.get("kind", table.get("kind", name))),
        rules=tuple(str(rule) for rule in explicit.get("rules", ())),
        **{key: int(explicit.get(key) or 0) for key in ("might", "will", "fate")},
        move=float(values["move"]),
        **{key: int(values[key]) for key in _MOUNT_STATS if key != "move"},
    )


_MOUNT_EXTRAS = ("rules", "might", "will", "fate")


def _mount_to_data(mount: MountProfile) -> dict[str, Any]:
    """Only a data mount with rules or stores carries those keys (older logs stay identical)."""
    data = {name: getattr(mount, name) for name in MountProfile.__slots__}
    data["rules"] = list(mount.rules)
    return {k: v for k, v in data.items() if k not in _MOUNT_EXTRAS or v}


def force_from_data(data: Mapping[str, Any], *, prefix: str) -> Force:
    """Build a force: ``units`` is a list of ``{"profile": {...}, "count": n}``.

    A Siege Veteran or Engineer Captain whose card carries a ``"siege_engine"`` brings the
    engine (a model of its own, right after him) and may list the rest of its crew under
    ``"crew"`` (SE-CREW-01).
    A War Beast unit may list its riders under ``"crew"``: ``[{"profile": {...}, "count": n,
    "commander": true}, ...]`` (WB-GEN-02/05); each beast gets its own crew models, listed
    right after it, the commander first. A crew entry may carry ``"leader": true``.
    """
    try:
        alignment = Alignment(str(data["alignment"]).lower())
    except (KeyError, ValueError) as error:
        raise UnitDataError(f"force {data.get('name')!r} needs alignment good or evil") from error
    models: list[ModelSpec] = []
    crews: list[tuple[ModelId, tuple[ModelId, ...]]] = []
    engines: list[tuple[ModelId, tuple[ModelId, ...]]] = []
    leader: ModelId | None = None
    for entry in data.get("units", ()):
        profile = profile_from_data(entry["profile"])
        for _ in range(int(entry.get("count", 1))):
            uid = _add(models, prefix, profile)
            if entry.get("leader") and leader is None:
                leader = uid
            if profile.siege_engine is not None:
                engine = _add(models, prefix, engine_profile(profile.siege_engine))
                crew, crew_leader = _crew(models, prefix, entry.get("crew", ()))
                engines.append((engine, (uid, *crew)))  # SE-CREW-01, SE-VET-01
                leader = leader or crew_leader
                continue
            if entry.get("crew") and "war beast" not in profile.keywords:
                raise UnitDataError(f"{profile.name!r} has a crew but is no War Beast")
            riders, crew_leader = _crew(models, prefix, entry.get("crew", ()))
            if riders:
                crews.append((uid, riders))
            leader = leader or crew_leader
    if not models:
        raise UnitDataError(f"force {data.get('name')!r} has no models")
    name = str(data.get("name", prefix))
    return Force(name, alignment, tuple(models), leader, crews=tuple(crews), engines=tuple(engines))


def _add(models: list[ModelSpec], prefix: str, profile: Profile) -> ModelId:
    uid = f"{prefix}{len(models) + 1:02d}"
    models.append(ModelSpec(uid, profile))
    return uid


def _crew(
    models: list[ModelSpec], prefix: str, entries: Sequence[Mapping[str, Any]]
) -> tuple[tuple[ModelId, ...], ModelId | None]:
    """WB-GEN-05: the howdah models of one beast, the commander's entry first (WB-GEN-02)."""
    riders: list[ModelId] = []
    leader: ModelId | None = None
    for entry in sorted(entries, key=lambda e: not e.get("commander")):
        profile = profile_from_data(entry["profile"])
        for _ in range(int(entry.get("count", 1))):
            uid = _add(models, prefix, profile)
            riders.append(uid)
            if entry.get("leader") and leader is None:
                leader = uid
    return tuple(riders), leader
