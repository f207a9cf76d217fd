"""The engines' small immutable values (actions, events, views): ``msgspec.Struct``s.

Why not ``@dataclass(frozen=True, slots=True)``: on CPython 3.11 such a class costs
about 0.75 ms to *define* (``dataclasses`` compiles six generated methods with
``exec`` and rebuilds the class for its slots), and every game imports a hundred of
them before its first frame (``vowl.events`` alone took 26 ms).  A frozen
``msgspec.Struct`` is defined in about 0.01 ms, builds an instance about five times
faster (which UWO's computer, building thousands of actions and views a turn, feels
too) and compares and hashes in C.  Importing msgspec costs about 4 ms inside the
app, where what it needs (``typing``, ``inspect``, ``uuid``, ``decimal``) is already
loaded.

What every value class keeps, and how (``tests/common/test_values.py`` pins it):

- **immutable**: ``frozen=True`` on *every* class, a subclass included (mypy does not
  inherit it; msgspec does);  assigning a field raises ``AttributeError``;
- **equality only between the same type**, field by field, and a **hash** from the
  same fields (a field left out of equality: ``EqualityWithout``);
- a **readable repr**: ``Answer(word='savor', elapsed=None)``;
- **pickling** (UWO's computer thinks in another process from a pickled view);
- ``msgspec.structs.replace`` / ``fields`` where code used ``dataclasses``'; saves find
  the fields a value is built from through ``init_fields`` (a dataclass or a Struct);
- keyword-only fields: ``kw_only=True`` on the class that declares them (Vowl's
  ``audience``);  ``__post_init__`` runs after ``__init__`` (it may normalise a field
  with ``msgspec.structs.force_setattr``);
- ``match`` by position (``__match_args__``) or by keyword; and mypy reads the fields,
  the signature and the read-only attributes (``dataclass_transform``).

This module imports msgspec only when asked about a Struct, which only exists once an
engine module imported msgspec: the saves layer uses it before any game is loaded.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, ClassVar

_FIELDS: dict[type, Mapping[str, bool] | None] = {}


def init_fields(cls: type) -> Mapping[str, bool] | None:
    """The fields *cls* is built from, each with whether it must be given; ``None``
    when *cls* is not a value class (a dataclass or a ``msgspec.Struct``)."""
    try:
        return _FIELDS[cls]
    except KeyError:
        found = _FIELDS[cls] = _init_fields(cls)
        return found


def _init_fields(cls: type) -> Mapping[str, bool] | None:
    if dataclasses.is_dataclass(cls):
        return {
            f.name: f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
            for f in dataclasses.fields(cls)
            if f.init
        }
    if isinstance(getattr(cls, "__struct_fields__", None), tuple) and cls.__module__.partition(".")[0] != "msgspec":
        # A Struct exists only once its module imported msgspec: nothing is loaded here.
        from msgspec.structs import fields  # noqa: PLC0415

        return {f.name: f.required for f in fields(cls)}
    return None


def is_value(obj: object) -> bool:
    """Is *obj* an instance of a value class (``init_fields``)?"""
    return not isinstance(obj, type) and init_fields(type(obj)) is not None


class EqualityWithout:
    """Mixin for a Struct with fields left out of ``==`` and ``hash`` (what
    ``field(compare=False)`` did for a dataclass), named in ``not_compared``.

    Put it before ``msgspec.Struct`` in the bases; like the generated methods it
    replaces, two values are equal only when of the same type.
    """

    __slots__ = ()
    __struct_fields__: ClassVar[tuple[str, ...]]
    #: The fields ``==`` and ``hash`` ignore (a hint for the screen, a name for the wording).
    not_compared: ClassVar[frozenset[str]] = frozenset()

    def _compared(self) -> tuple[Any, ...]:
        return tuple(getattr(self, f) for f in self.__struct_fields__ if f not in self.not_compared)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, EqualityWithout)
        return self._compared() == other._compared()

    def __hash__(self) -> int:
        return hash(self._compared())
