"""``FrozenRecord`` (``boardgames.common.records``) gives the small frozen values of the
menu's first frame what a frozen dataclass would, without defining one:
fields from ``__slots__``, immutable, equal only within the same class, hashed (or not,
when a record says so), a dataclass's repr, copied and pickled whole.  The records
built on it keep their own constructors, defaults and methods."""

from __future__ import annotations

import copy
import pickle
from pathlib import Path
from typing import Any

import pytest

from boardgames.common.records import FrozenRecord
from boardgames.common.saves import Listing, SaveRecord, Unread
from boardgames.common.settings import LoadedSettings, Settings
from boardgames.common.skeleton import Rejection, Verdict
from boardgames.common.storage import Loaded


class Point(FrozenRecord):
    __slots__ = ("x", "y")
    x: int
    y: int

    def __init__(self, x: int, y: int = 0) -> None:
        super().__init__(x, y)


class Pair(FrozenRecord):
    """The same fields as ``Point``, another class."""

    __slots__ = ("x", "y")
    x: int
    y: int

    def __init__(self, x: int, y: int) -> None:
        super().__init__(x, y)


class Bag(FrozenRecord):
    """A record that must not be hashed (it holds a list)."""

    __slots__ = ("items",)
    __hash__ = None  # type: ignore[assignment]
    items: list[Any]

    def __init__(self, items: list[Any]) -> None:
        super().__init__(items)


class Empty(FrozenRecord):
    __slots__ = ()


class Bare(FrozenRecord):
    """No ``__init__`` of its own: the base's, every field by position."""

    __slots__ = ("a", "b")
    a: object
    b: object


def test_fields_come_from_the_slots_in_order_with_the_subclass_defaults() -> None:
    p = Point(1)
    assert (p.x, p.y) == (1, 0) and Point(x=1, y=2).y == 2
    assert repr(Point(1, 2)) == "Point(x=1, y=2)" and repr(Bag([1])) == "Bag(items=[1])"
    b = Bare(1, "two")
    assert (b.a, b.b) == (1, "two") and repr(b) == "Bare(a=1, b='two')"
    with pytest.raises(TypeError, match=r"Bare takes 2 fields \(a, b\), 1 given"):
        Bare(1)
    assert Empty() == Empty() and repr(Empty()) == "Empty()" and hash(Empty()) == hash(())


def test_equal_only_to_the_same_class_with_the_same_fields() -> None:
    assert Point(1, 2) == Point(1, 2) and (Point(1, 2) != Point(1, 2)) is False
    assert Point(1, 2) != Point(1, 3)
    assert Point(1, 2) != Pair(1, 2) and Pair(1, 2) != Point(1, 2)
    assert Point(1, 2) != (1, 2) and Point(1, 2).__eq__((1, 2)) is NotImplemented
    assert Point(1, 2).__eq__(Pair(1, 2)) is NotImplemented


def test_hashed_by_its_fields_unless_it_opts_out() -> None:
    assert hash(Point(1, 2)) == hash(Point(1, 2)) and len({Point(1, 2), Point(1, 2), Point(2, 1)}) == 2
    with pytest.raises(TypeError, match="unhashable"):
        hash(Bag([1]))
    assert Bag([1]) == Bag([1]) != Bag([2])


def test_frozen() -> None:
    p = Point(1, 2)
    with pytest.raises(AttributeError, match="cannot assign to field 'x'"):
        p.x = 3
    with pytest.raises(AttributeError, match="cannot delete field 'y'"):
        del p.y
    with pytest.raises(AttributeError):
        p.z = 1
    assert (p.x, p.y) == (1, 2)


@pytest.mark.parametrize("record", [Point(1, 2), Point(3), Bag([1, [2]]), Bare("a", ("b",)), Empty()])
def test_copied_and_pickled_whole(record: FrozenRecord) -> None:
    for again in (copy.copy(record), copy.deepcopy(record), pickle.loads(pickle.dumps(record))):
        assert type(again) is type(record) and again == record and repr(again) == repr(record)
    bag = Bag([1, [2]])
    assert copy.deepcopy(bag).items[1] is not bag.items[1] and copy.copy(bag).items is bag.items


def test_a_record_names_its_fields_in_a_tuple_of_its_own() -> None:
    with pytest.raises(TypeError, match="tuple __slots__ of its own"):

        class NoSlots(FrozenRecord):  # a __dict__, and no fields
            pass

    with pytest.raises(TypeError, match="tuple __slots__ of its own"):

        class Letters(FrozenRecord):  # "abc" would be three fields a, b, c
            __slots__ = "abc"


PATH = Path("saves/vowl-1.json")
RECORDS: list[tuple[FrozenRecord, FrozenRecord, str]] = [
    # (a record, the same built by keyword with its defaults, its repr)
    (Settings(None), Settings(), "Settings(theme=None)"),
    (
        LoadedSettings(Settings("nord"), None),
        LoadedSettings(settings=Settings(theme="nord")),
        "LoadedSettings(settings=Settings(theme='nord'), warning=None)",
    ),
    (Loaded(None, "moved", None), Loaded(data=None, warning="moved"), "Loaded(data=None, warning='moved', aside=None)"),
    (Unread(PATH, Path(".")), Unread(root=Path("."), path=PATH), f"Unread(path={PATH!r}, root={Path('.')!r})"),
    (
        Listing((), ("w",), None),
        Listing(records=(), warnings=("w",)),
        "Listing(records=(), warnings=('w',), unlisted=None)",
    ),
    (
        Verdict("savior", False, None, ""),
        Verdict(word="savior", accepted=False),
        ("Verdict(word='savior', accepted=False, rejection=None, detail='')"),
    ),
]


@pytest.mark.parametrize(("record", "by_keyword", "shown"), RECORDS, ids=[type(r[0]).__name__ for r in RECORDS])
def test_the_records_keep_what_they_had(record: FrozenRecord, by_keyword: FrozenRecord, shown: str) -> None:
    assert record == by_keyword and hash(record) == hash(by_keyword) and repr(record) == shown
    assert record != tuple(getattr(record, name) for name in record.__slots__)
    for again in (copy.copy(record), copy.deepcopy(record), pickle.loads(pickle.dumps(record))):
        assert type(again) is type(record) and again == record
    name = record.__slots__[0]
    with pytest.raises(AttributeError):
        setattr(record, name, None)
    with pytest.raises(AttributeError):  # a slot could be deleted before the base
        delattr(record, name)
    assert record == by_keyword


def test_the_records_differ_by_any_field_and_keep_their_methods() -> None:
    assert Settings("nord") != Settings() and Settings().with_theme("nord") == Settings("nord")
    assert Settings("nord").to_json() == {"version": 1, "theme": "nord"}
    assert LoadedSettings(Settings(), "moved") != LoadedSettings(Settings())
    assert Loaded(None, "bad", PATH) != Loaded(None, "bad")
    assert Unread(PATH, PATH) != Unread(PATH, Path("."))
    assert Listing((), (), "unreadable") != Listing((), ())
    v = Verdict("savior", False, Rejection.DOES_NOT_FIT, "double vowel IO")
    assert v != Verdict("savior", False, Rejection.DOES_NOT_FIT) and v.message.startswith("rejected")


def test_a_listing_hashes_as_a_dataclass_would_and_fails_on_a_record() -> None:
    record = SaveRecord("vowl", {}, 1, actions=[], id="x", started=0.0, updated=0.0)
    listing = Listing((record,), ())
    assert listing == Listing((copy.deepcopy(record),), ())
    with pytest.raises(TypeError, match="unhashable"):
        hash(listing)


def test_defining_a_record_generates_no_method() -> None:
    """What keeps a record cheap to define: the base's methods are shared,
    none is made per class; only the getter of its fields is."""
    own: dict[str, Any] = dict(vars(Point))
    assert (
        set(own)
        - {"__slots__", "__init__", "__module__", "__qualname__", "__annotations__", "__doc__", "x", "y", "_values_of"}
        == set()
    )
    assert (
        set(vars(Bare))
        - {"__slots__", "__module__", "__qualname__", "__annotations__", "__doc__", "a", "b", "_values_of"}
        == set()
    )
