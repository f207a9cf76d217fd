"""``FrozenRecord``: the small frozen values of the menu's first frame, without ``@dataclass``.

Why not ``@dataclass(frozen=True)``: defining one costs about 3M instructions
(``dataclasses`` compiles its generated methods with ``exec``), and the settings,
the loaded files and the saves listing are defined on the main menu's first-frame
path; ``vowl check`` would pay for ``dataclasses`` and ``inspect`` just
for ``skeleton.Verdict``.  Nor a ``msgspec.Struct`` (``common.values``): outside the
app, importing msgspec costs more than ``dataclasses`` did.  Nor a ``NamedTuple``: a
record is not a tuple, and must not equal one.

A record's fields are its own ``__slots__``, in order (so a record is not subclassed
further: the subclass's slots would be its only fields).  The base gives what a frozen
dataclass generates, with methods shared by every record: nothing is generated or
compiled when a record class is defined - ``__init_subclass__`` checks the slots and
makes one ``operator.attrgetter`` for them, and that is all:

- ``__init__`` takes every field, by position, in slot order;
- assigning or deleting an attribute raises ``AttributeError``;
- ``==`` holds only between records of the same class with equal fields (another
  type gets ``NotImplemented``, as from a dataclass: a tuple of the same fields is
  not equal);
- ``hash`` is the fields' hash; a record that must not be hashed says
  ``__hash__ = None``, as any Python class does;
- ``repr`` is a dataclass's: ``Unread(path=PosixPath('a'), root=PosixPath('.'))``;
- ``copy``, ``deepcopy`` and ``pickle`` rebuild it through its class's ``__init__``
  from its fields (``__reduce__``).

Each record keeps a one-line typed ``__init__`` that hands its arguments to the base,
in slot order: ``def __init__(self, path: Path, root: Path) -> None:
super().__init__(path, root)``.  A generic ``__init__(*values)`` reading names and
defaults from a table would save that line, but mypy would no longer check the calls
(a wrong type, a missing or misspelt keyword) - the one thing a dataclass gave for
free that this must not lose - and a default would live away from its field.  The
class-level annotations stay beside ``__slots__`` so type checkers see each field's
type (and they cost nothing at run time: ``from __future__ import annotations``).

``saves.SaveRecord`` is not a record: it changes (its actions are read later) and has
no hash, as the non-frozen dataclass it replaced; it keeps its own methods.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, ClassVar


def _values_getter(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """What reads a record's fields into a tuple: ``attrgetter`` (in C: equality and hash
    about three times as fast as a loop in Python), which returns a bare value for one name."""
    if len(names) == 1:
        get = attrgetter(names[0])
        return lambda record: (get(record),)
    return attrgetter(*names) if names else (lambda record: ())


class FrozenRecord:
    """Base of a frozen value whose fields are its class's ``__slots__`` (module docstring)."""

    __slots__: ClassVar[tuple[str, ...]] = ()
    #: Reads the fields into a tuple, in order: what equality, hash, repr and copies use.
    #: Made when the class is defined; read from the class, so a function is not bound.
    _values_of: ClassVar[Callable[[Any], tuple[Any, ...]]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # A subclass without a tuple of its own would take its base's fields, or each
        # letter of a string, for its own: refused when the class is defined.
        super().__init_subclass__(**kwargs)
        if type(cls.__dict__.get("__slots__")) is not tuple:
            raise TypeError(f"{cls.__qualname__} must name its fields in a tuple __slots__ of its own")
        cls._values_of = _values_getter(cls.__slots__)

    def __init__(self, *values: object) -> None:
        names = self.__slots__
        if len(values) != len(names):
            raise TypeError(
                f"{type(self).__qualname__} takes {len(names)} fields ({', '.join(names)}), {len(values)} given"
            )
        for name, value in zip(names, values):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self.__class__._values_of(self) == self.__class__._values_of(other)

    def __hash__(self) -> int:
        return hash(self.__class__._values_of(self))

    def __repr__(self) -> str:
        fields = ", ".join(
            [f"{name}={value!r}" for name, value in zip(self.__slots__, self.__class__._values_of(self))]
        )
        return f"{type(self).__qualname__}({fields})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (self.__class__, self.__class__._values_of(self))
