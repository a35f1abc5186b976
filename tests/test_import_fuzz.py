"""Property tests of the list importers (JSON export, BattleScribe .ros and .rosz): whatever
the upload, the answer is a list or a ``ValidationError`` naming the fault, and a refused
upload leaves nothing behind."""

from __future__ import annotations

import io
import zipfile
from typing import Any
from xml.sax.saxutils import quoteattr

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from armybuilder.battlescribe.importer import army_list_import_roster
from armybuilder.battlescribe.reader import RosterFileError, roster_read
from armybuilder.exports import JSON_FORMAT, JSON_VERSION
from armybuilder.imports import army_list_import_json
from armybuilder.models import ArmyList
from profiles.importers.battlescribe import SBG_GAME_SYSTEM_ID
from profiles.models import ProfileOption
from tests.factories import FactionFactory, HeroProfileFactory, ProfileFactory

FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)


def maybe(valid: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Mostly a well-formed value, sometimes any JSON value at all."""
    return st.one_of(valid, valid, json_values)


options = st.lists(
    st.fixed_dictionaries(
        {"name": maybe(st.sampled_from(["Shield", "Nope"])), "count": maybe(st.integers(-2, 3))}
    ),
    max_size=2,
)
entries = st.lists(
    st.fixed_dictionaries(
        {
            "role": maybe(st.sampled_from(["captain", "follower"])),
            "profile": maybe(st.sampled_from(["Captain", "Warrior", "Balrog"])),
            "count": maybe(st.integers(-1, 30)),
        },
        optional={"options": maybe(options)},
    ),
    max_size=4,
)
warbands = st.lists(
    st.fixed_dictionaries({"entries": maybe(entries)}, optional={"army_leader": json_values}),
    max_size=3,
)
contingents = st.lists(
    st.fixed_dictionaries(
        {"faction_name": maybe(st.just("Fuzz Realm")), "warbands": maybe(warbands)},
        optional={"release": json_values, "faction": json_values},
    ),
    max_size=2,
)
documents = st.fixed_dictionaries(
    {
        "format": maybe(st.just(JSON_FORMAT)),
        "version": maybe(st.just(JSON_VERSION)),
        "name": maybe(st.text(max_size=120)),
        "points_limit": maybe(st.integers(-10, 10**20)),
        "contingents": maybe(contingents),
    }
)


@pytest.fixture
def owner(db: None) -> User:
    faction = FactionFactory(name="Fuzz Realm")
    HeroProfileFactory(faction=faction, name="Captain", points=50, unique=False)
    warrior = ProfileFactory(faction=faction, name="Warrior", points=8)
    ProfileOption.objects.create(profile=warrior, name="Shield", points=1)
    return User.objects.create_user("owner", password="pw-owner-123")


def _imports_or_refuses(owner: User, run: Any) -> None:
    before = ArmyList.objects.count()
    try:
        army = run()
    except ValidationError as error:
        assert error.message_dict  # names a field or path
        assert ArmyList.objects.count() == before  # nothing half-saved
    else:
        assert army.owner == owner and ArmyList.objects.count() == before + 1


@FUZZ
@given(document=documents)
def test_a_json_import_creates_a_list_or_names_the_fault(owner: User, document: Any) -> None:
    _imports_or_refuses(owner, lambda: army_list_import_json(owner=owner, document=document))


@FUZZ
@given(document=json_values)
def test_any_json_value_is_refused_cleanly(owner: User, document: Any) -> None:
    _imports_or_refuses(owner, lambda: army_list_import_json(owner=owner, document=document))


attribute_text = st.one_of(
    st.sampled_from(["1", "0", "-1", "2.5", "nan", "inf", "1e400", "", "Points", " Points"]),
    st.text(st.characters(codec="utf-8", exclude_categories=["Cs", "Cc"]), max_size=10),
)


def _attrs(values: dict[str, str]) -> str:
    return "".join(f" {name}={quoteattr(value)}" for name, value in values.items())


@st.composite
def selections(draw: st.DrawFn, depth: int = 0) -> str:
    attrs = draw(
        st.dictionaries(
            st.sampled_from(["name", "entryId", "number", "type"]), attribute_text, max_size=4
        )
    )
    costs = draw(st.lists(st.dictionaries(st.sampled_from(["name", "value"]), attribute_text)))
    cost_xml = "".join(f"<cost{_attrs(c)}/>" for c in costs)
    children = draw(st.lists(selections(depth + 1), max_size=2)) if depth < 2 else []
    return (
        f"<selection{_attrs(attrs)}><costs>{cost_xml}</costs>"
        f"<selections>{''.join(children)}</selections></selection>"
    )


@st.composite
def rosters(draw: st.DrawFn) -> bytes:
    system = draw(st.sampled_from([SBG_GAME_SYSTEM_ID, "", "other"]))
    limit = draw(attribute_text)
    forces = []
    for _ in range(draw(st.integers(0, 2))):
        attrs = draw(
            st.dictionaries(
                st.sampled_from(["catalogueId", "catalogueName", "name"]), attribute_text
            )
        )
        body = "".join(draw(st.lists(selections(), max_size=3)))
        forces.append(f"<force{_attrs(attrs)}><selections>{body}</selections></force>")
    return (
        f'<roster name="r" gameSystemId={quoteattr(system)}><costLimits>'
        f'<costLimit name="Points" value={quoteattr(limit)}/></costLimits>'
        f"<forces>{''.join(forces)}</forces></roster>"
    ).encode()


def _zipped(xml: bytes) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("list.ros", xml)
    return buffer.getvalue()


def _reads_or_refuses(data: bytes) -> None:
    try:
        roster_read(data)
    except RosterFileError as error:
        assert error.path and error.message


@FUZZ
@given(data=st.binary(max_size=400))
def test_any_bytes_are_read_or_refused_by_the_roster_reader(data: bytes) -> None:
    _reads_or_refuses(data)
    _reads_or_refuses(b"PK\x03\x04" + data)


@FUZZ
@given(xml=rosters(), changes=st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255))))
def test_a_damaged_rosz_is_read_or_refused(xml: bytes, changes: list[tuple[int, int]]) -> None:
    data = bytearray(_zipped(xml))
    for position, value in changes:
        data[position % len(data)] = value
    _reads_or_refuses(bytes(data))


@FUZZ
@given(xml=rosters(), zipped=st.booleans())
def test_a_ros_or_rosz_import_creates_a_list_or_names_the_fault(
    owner: User, xml: bytes, zipped: bool
) -> None:
    data = _zipped(xml) if zipped else xml
    _imports_or_refuses(owner, lambda: army_list_import_roster(owner=owner, data=data))
