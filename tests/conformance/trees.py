"""Views, events and actions as trees of values: what differs between two views, what a
value holds, so the laws can find a seat's secrets without knowing any game."""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping
from typing import Any

Path = tuple[object, ...]


def children(value: object) -> Iterator[tuple[object, object]]:
    """(step, child) of a value: a Struct's or record's fields, a sequence's items, a mapping's
    values; nothing for a scalar, an enum or a set (compared whole)."""
    if isinstance(value, str | bytes | int | float | enum.Enum) or value is None:
        return
    if isinstance(value, Mapping):
        yield from ((k, v) for k, v in value.items())
    elif isinstance(value, tuple | list):
        yield from enumerate(value)
    else:
        names = getattr(value, "__struct_fields__", None) or getattr(value, "__slots__", None) or ()
        if not names and hasattr(value, "__dataclass_fields__"):
            names = tuple(value.__dataclass_fields__)
        for name in names:
            if hasattr(value, name):
                yield name, getattr(value, name)


def at(value: object, path: Path) -> object:
    """The node at *path* (``MISSING`` when there is none)."""
    for step in path:
        found = dict(children(value)).get(step, MISSING)
        if found is MISSING:
            return MISSING
        value = found
    return value


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


def nodes(value: object, path: Path = ()) -> Iterator[tuple[Path, object]]:
    """Every node of *value*'s tree, with its path, itself first."""
    yield path, value
    for step, child in children(value):
        yield from nodes(child, (*path, step))


def differing(mine: object, table: object, path: Path = ()) -> Iterator[tuple[Path, object]]:
    """The smallest subtrees where *mine* differs from *table*: (path, *mine*'s node there)."""
    if _same(mine, table):
        return
    ours, theirs = dict(children(mine)), dict(children(table))
    if not ours or not theirs or type(mine) is not type(table) or ours.keys() != theirs.keys():
        yield path, mine
        return
    for step, child in ours.items():
        yield from differing(child, theirs[step], (*path, step))


def _same(a: object, b: object) -> bool:
    try:
        return type(a) is type(b) and bool(a == b)
    except Exception:  # noqa: BLE001 - a value that cannot compare is treated as different
        return False
