"""The games' own values (actions, views, events) on the wire: plain JSON in the saves' format.

An action a client sends is decoded exactly as a saved one (``saves.decode`` with the
game's action classes, every field checked against its annotation) and must be one of
the game's actions: the host reads it as hostile input.

Views and events come from the host, the judge; the client rebuilds them from the classes
its game registers (``NetGame.value_classes``) and nothing else, to a bounded depth, but
without ``saves.decode``'s field check: a view may hold kinds a save never does (UWO's
``positions`` is a ``Mapping``, which that check refuses).  Values a game holds as
singletons of a catalog (UWO's card ``Kind``s compare by identity) are looked up by key
(``NetGame.interned``), so a client's view is equal to the host's.
"""

from __future__ import annotations

import enum
import functools
import math
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

from boardgames.common.saves import SaveFormatError, decode, encode
from boardgames.common.values import init_fields

#: How deeply a value from the host may nest (a UWO view nests about 8 levels).
MAX_DEPTH = 48


class WireValueError(ValueError):
    """A value on the wire that is not one of the game's."""


def to_wire(value: object) -> Any:
    """Plain JSON for a game's value (``saves.encode``: ``TypeError`` when it holds a kind a save cannot)."""
    return encode(value)


def action_from_wire(data: Any, classes: Mapping[str, type], is_action: Callable[[object], bool]) -> object:
    """A client's action, checked as a save's (``WireValueError`` in words when it is not one)."""
    try:
        action = decode(data, classes)
    except SaveFormatError as exc:
        raise WireValueError(str(exc)) from None
    except RecursionError:
        raise WireValueError("an action nested too deeply") from None
    if not is_action(action):
        raise WireValueError(f"a {type(action).__name__} is not an action of this game")
    return action


def value_from_wire(
    data: Any, classes: Mapping[str, type], interned: Mapping[str, Callable[[Any], object]] | None = None
) -> Any:
    """A view or an event from the host, rebuilt from *classes* (``WireValueError`` if it cannot be)."""
    return _rebuild(data, classes, interned or {}, 0)


@functools.cache
def _int_enums(cls: type) -> dict[str, type[enum.IntEnum]]:
    """The fields of *cls* annotated with an ``IntEnum`` (or one or ``None``): the saves' JSON
    writes those as plain numbers, so a value rebuilt from it must turn them back."""
    try:
        hints = typing.get_type_hints(cls)
    except Exception:  # noqa: BLE001 - an annotation that cannot be resolved: nothing to turn back
        return {}
    found: dict[str, type[enum.IntEnum]] = {}
    for key, hint in hints.items():
        options = (
            typing.get_args(hint)
            if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union
            else (hint,)
        )
        kinds = [o for o in options if isinstance(o, type) and issubclass(o, enum.IntEnum)]
        if len(kinds) == 1:
            found[key] = kinds[0]
    return found


def _rebuild(
    data: Any, classes: Mapping[str, type], interned: Mapping[str, Callable[[Any], object]], depth: int
) -> Any:
    if depth > MAX_DEPTH:
        raise WireValueError(f"a value nested deeper than {MAX_DEPTH} levels")
    if data is None or isinstance(data, bool | int | str):
        return data
    if isinstance(data, float):
        if not math.isfinite(data):
            raise WireValueError("a number that is not finite")
        return data
    if isinstance(data, list):
        return [_rebuild(v, classes, interned, depth + 1) for v in data]
    if not isinstance(data, dict):
        raise WireValueError(f"an unexpected {type(data).__name__}")

    def inner(value: Any) -> Any:
        return _rebuild(value, classes, interned, depth + 1)

    def items(key: str) -> list[Any]:
        value = data[key]
        if len(data) != 1 or not isinstance(value, list):
            raise WireValueError(f"a {key} value must hold exactly one list")
        return value

    try:
        if "$type" in data:
            name = data["$type"]
            if not isinstance(name, str):
                raise WireValueError("a value's type must be a name")
            if name in interned:
                return interned[name](data)
            cls = classes.get(name)
            fields = init_fields(cls) if isinstance(cls, type) else None
            if cls is None or fields is None:
                raise WireValueError(f"unknown kind of value {name[:40]!r}")
            kwargs = {k: inner(v) for k, v in data.items() if k != "$type"}
            if not set(kwargs) <= set(fields):
                raise WireValueError(f"a {name} with a field it does not have")
            for key, kind in _int_enums(cls).items():
                if type(kwargs.get(key)) is int:
                    kwargs[key] = kind(kwargs[key])  # saved as a number: the enum again (UWO's Side)
            return cls(**kwargs)
        if "$enum" in data:
            cls = classes.get(data["$enum"])
            if not (isinstance(cls, type) and issubclass(cls, enum.Enum)) or set(data) != {"$enum", "value"}:
                raise WireValueError("unknown kind of value")
            return cls(inner(data["value"]))
        if "$tuple" in data:
            return tuple(inner(v) for v in items("$tuple"))
        if "$frozenset" in data:
            return frozenset(inner(v) for v in items("$frozenset"))
        if "$dict" in data:
            pairs = items("$dict")
            if not all(isinstance(p, list) and len(p) == 2 for p in pairs):
                raise WireValueError("a dictionary entry that is not a pair")
            return {inner(k): inner(v) for k, v in pairs}
    except WireValueError:
        raise
    except Exception as exc:  # noqa: BLE001 - a constructor's or a hash's refusal: not a value of ours
        raise WireValueError(f"a value that cannot be built ({type(exc).__name__})") from None
    raise WireValueError("an object that is not a value")
