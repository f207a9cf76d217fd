"""Autosaves: every game in progress is a seed, a setup and the list of actions.

Our engines are deterministic given their seeded ``random.Random`` and the actions
applied, so a game is saved as *what was done*, not as a snapshot of its internals:
the setup (JSON the game defines), the seed, and every action so far.  Resuming
replays them, which gives back exactly the same cards, scores, turn and random
stream.  This keeps saves small, versioned and independent of engine internals.

Files are ``<data dir>/saves/<game>-<id>.json``, JSON Lines since version 2: a
header line (every field but the actions, which it counts), then one line per
action.  The header stands apart so the saves can be listed (the menu, ``--resume``)
by reading each file's first line only, whatever the games' length; the actions are
read when a game is resumed (``SaveRecord.read_actions``).  Version-1 files (one JSON
object) are still listed, read whole, and resumed; they become version 2 when next
written.  A file is rewritten atomically after every action (a temporary file renamed
over the old one; the ``fsync`` follows in a background thread, ``Autosaver``), so a
``kill -9`` loses at most the action in progress.  Finished games move to
``<data dir>/history/``; a save whose actions end the game, or marked finished, is
never listed to be resumed.  One window at a time holds a game (``SaveLock``, a file
in ``<data dir>/locks/``), so two copies of the suite never overwrite each other's
moves; a save larger than ``SAVE_LIMIT`` is never written (it could not be read back).  docs/saves.md describes the format for players.

A save is outside input: anyone can edit it.  So nothing in it is used before it
is checked, and nothing it says can build a path outside the saves folder:

- ``storage.read_first_line`` and ``read_bytes`` read it safely (no FIFO, device or
  outside link opened, a size cap, a cap on the header line), ``storage.parse_json``
  parses each line safely (no deep nesting, no infinite or huge numbers);
- ``SaveRecord.from_header`` (``from_json`` for version 1) checks every top-level
  field (``id`` and ``game`` by pattern, the file's name must be ``<game>-<id>.json``,
  the seed, the times...); ``read_actions`` checks the lines that follow;
- ``SaveStore.path`` refuses any record whose file would not be a plain name
  inside the saves folder (defence in depth: ids are checked on load already);
- ``decode`` rebuilds actions only from the classes a game registers and checks
  every field against the class's type annotations, so the engine never sees a
  ``Move`` whose square is a string.

A file that fails any of it is *set aside* (renamed beside itself, never deleted)
with one message; the other saves are listed as ever.

Actions are frozen value classes (``msgspec.Struct``s, or dataclasses: ``common.values``);
``encode``/``decode`` turn them (and the enums, tuples, frozensets and nested values they
hold) into plain JSON and back, using the classes a game registers.
"""

from __future__ import annotations

import contextlib
import copy
import enum
import errno
import functools
import json
import math
import os
import re
import threading
import time
import types
import typing
import uuid
import weakref
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Literal, NoReturn, Union

from boardgames.common.errors import UserFacingError
from boardgames.common.records import FrozenRecord
from boardgames.common.storage import (
    KIB,
    MIB,
    FileProblem,
    FolderProblem,
    data_dir,
    own_folder,
    parse_json,
    read_bytes,
    read_first_line,
    read_json,
    refuse,
    set_aside,
    write_atomically,
)
from boardgames.common.text import plain
from boardgames.common.values import init_fields

if TYPE_CHECKING:
    from concurrent.futures import Future, ThreadPoolExecutor

#: The format written: JSON Lines, a header line, then one line per action.
VERSION = 2
#: The format saves had until version 2 (one JSON object): still listed and resumed,
#: written again as version 2 by the next action played (docs/saves.md).
OLD_VERSION = 1

#: The largest save file read (a long game is a few hundred kilobytes).
SAVE_LIMIT = 2 * MIB
#: The longest header line read (a real one is a few hundred bytes; a title of 1,000
#: characters escaped is at most 12 KiB): what listing reads of a file, at most.
HEADER_LIMIT = 64 * KIB
#: The most actions a header may announce (a line is at least two bytes).
MAX_ACTIONS = SAVE_LIMIT // 2
#: A game's key, as in ``boardgames.games`` ("vowl", "uwo", "vntypl8s").  The patterns
#: are kept as text and compiled by ``re`` (its cache) when a save is first read: the
#: main menu's first frame, with no save to list, compiles none.
GAME_PATTERN = r"[a-z][a-z0-9_]{0,31}"
#: A save's id: what ``SaveRecord`` generates (12 hex digits) and anything as plain -
#: letters, digits, ``_`` and ``-``, so it can never be a path or a dot-name.
ID_PATTERN = r"[A-Za-z0-9_-]{1,64}"
#: The only file names a save may have.
FILENAME_PATTERN = rf"(?P<game>{GAME_PATTERN})-(?P<id>{ID_PATTERN})\.json"
#: Seeds are ``getrandbits(64)`` (``BoardgamesApp.new_seed``).
MAX_SEED = 2**64 - 1
#: The last second of the year 9999 (UTC): later "saved at" times are not real ones.
LATEST_TIME = 253402300799.0
#: The longest title a save may hold (titles are names and scores; the menu shows fewer).
MAX_TITLE = 1000
#: How deeply ``decode`` follows nested values (a real save nests 6 levels in an action).
MAX_DECODE_DEPTH = 32

#: What a save must hold, all of it written since version 1: in version 2's header
#: ``actions`` is the number of action lines that follow, in version 1 the list itself.
#: Other top-level keys are ignored (and not written back).
REQUIRED = ("game", "id", "setup", "seed", "actions", "title", "started", "updated", "finished")


class SaveFormatError(ValueError):
    """A save whose content does not decode (unknown action, bad field)."""


class SavesSetAside(UserFacingError):
    """``--resume`` met saves that could not be read and set them aside (the message says which)."""


class GameInUse(UserFacingError):
    """The game is open in another window (another copy of the suite holds its lock).

    Two copies writing the same save would each rewrite it from their own actions, and
    the other's moves would be lost without a word: the second one is told instead.
    """

    def __init__(self, record: SaveRecord) -> None:
        super().__init__(
            f"This game is open in another window ({plain(record.title or record.filename, 80)}). "
            "Play it there, or leave it there first and then resume it here.",
            exit_code=1,
        )


# ----------------------------------------------------------------------------- codec


def encode(value: Any) -> Any:
    """Plain JSON for an action and everything inside it."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, enum.Enum):
        return {"$enum": type(value).__name__, "value": encode(value.value)}
    fields = None if isinstance(value, type) else init_fields(type(value))  # a dataclass or a msgspec.Struct
    if fields is not None:
        out: dict[str, Any] = {"$type": type(value).__name__}
        for name in fields:
            out[name] = encode(getattr(value, name))
        return out
    if isinstance(value, tuple):
        return {"$tuple": [encode(v) for v in value]}
    if isinstance(value, frozenset | set):
        items = [encode(v) for v in value]
        items.sort(key=lambda v: json.dumps(v, sort_keys=True))  # stable files
        return {"$frozenset": items}
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        return {"$dict": [[encode(k), encode(v)] for k, v in value.items()]}
    raise TypeError(f"cannot save a {type(value).__name__}")


def decode(data: Any, classes: Mapping[str, type]) -> Any:
    """The inverse of ``encode``; *classes* maps class names to the game's types.

    Whatever *data* holds, the only exception is ``SaveFormatError``: an unknown
    kind, a marker object with other keys, a value a set cannot hold, an enum value
    that does not exist, a dataclass field missing, unknown or of the wrong type
    (checked against the class's annotations: ``_conforms``).
    """
    return _decode(data, classes, 0)


def _decode(data: Any, classes: Mapping[str, type], depth: int) -> Any:
    if depth > MAX_DECODE_DEPTH:
        raise SaveFormatError(f"values nested deeper than {MAX_DECODE_DEPTH} levels")
    if data is None or isinstance(data, bool | int | str):
        return data
    if isinstance(data, float):
        if not math.isfinite(data):
            raise SaveFormatError("a number that is not finite")
        return data
    if isinstance(data, list):
        return [_decode(v, classes, depth + 1) for v in data]
    if not isinstance(data, dict):
        raise SaveFormatError(f"unexpected {type(data).__name__} in a save")
    if "$enum" in data:
        _only(data, "$enum", "value")
        cls = _lookup(classes, data["$enum"])
        if not (isinstance(cls, type) and issubclass(cls, enum.Enum)):
            raise SaveFormatError(f"{cls.__name__} is not a kind of value")
        value = _decode(data["value"], classes, depth + 1)
        try:
            return cls(value)
        except Exception:  # noqa: BLE001 - ValueError, or TypeError for an unhashable value
            raise SaveFormatError(f"{cls.__name__} has no such value") from None
    if "$type" in data:
        return _decode_dataclass(data, classes, depth)
    if "$tuple" in data:
        return tuple(_decode(v, classes, depth + 1) for v in _items(data, "$tuple"))
    if "$frozenset" in data:
        items = [_decode(v, classes, depth + 1) for v in _items(data, "$frozenset")]
        try:
            return frozenset(items)
        except TypeError:
            raise SaveFormatError("a set holding a value that cannot be in a set") from None
    if "$dict" in data:
        out: dict[Any, Any] = {}
        for pair in _items(data, "$dict"):
            if not isinstance(pair, list) or len(pair) != 2:
                raise SaveFormatError("a dictionary entry that is not a [key, value] pair")
            key = _decode(pair[0], classes, depth + 1)
            try:
                out[key] = _decode(pair[1], classes, depth + 1)
            except TypeError:
                raise SaveFormatError("a dictionary key that cannot be a key") from None
        return out
    raise SaveFormatError(f"unknown value in a save: {plain(sorted(map(str, data)), 60)}")


def _only(data: dict[Any, Any], *keys: str) -> None:
    if set(data) != set(keys):
        raise SaveFormatError(f"a {keys[0]} value must hold exactly {', '.join(keys)}")


def _items(data: dict[Any, Any], key: str) -> list[Any]:
    _only(data, key)
    items = data[key]
    if not isinstance(items, list):
        raise SaveFormatError(f"a {key} value must hold a list")
    return items


def _decode_dataclass(data: dict[Any, Any], classes: Mapping[str, type], depth: int) -> Any:
    cls = _lookup(classes, data["$type"])
    fields = init_fields(cls) if isinstance(cls, type) else None  # name -> must be given
    if fields is None:
        raise SaveFormatError(f"{cls.__name__} is not a kind of action")
    hints = _hints(cls)
    kwargs: dict[str, Any] = {}
    for key, raw in data.items():
        if key == "$type":
            continue
        if key not in fields:
            raise SaveFormatError(f"bad {cls.__name__}: it has no field {plain(key, 40)!r}")
        value = _decode(raw, classes, depth + 1)
        if not _conforms(value, hints[key]):
            raise SaveFormatError(f"bad {cls.__name__}: {key} must be {_describe(hints[key])}")
        kwargs[key] = value
    missing = [name for name, required in fields.items() if required and name not in kwargs]
    if missing:
        raise SaveFormatError(f"bad {cls.__name__}: {', '.join(missing)} missing")
    try:
        return cls(**kwargs)
    except Exception as exc:  # noqa: BLE001 - whatever its __post_init__ refuses is a format error here
        raise SaveFormatError(f"bad {cls.__name__}: {plain(exc, 80)}") from None


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    """The resolved annotations of a value class (once per class)."""
    try:
        return typing.get_type_hints(cls)
    except Exception:  # noqa: BLE001 - an annotation that cannot be resolved: nothing to check against
        raise SaveFormatError(f"{cls.__name__} cannot be checked") from None


def _conforms(value: Any, hint: Any) -> bool:
    """Whether *value* is of the annotated type *hint* (the kinds our actions use).

    ``int`` is not ``bool``; ``float`` takes a whole number but never an infinite one;
    ``tuple[X, ...]``, ``tuple[X, Y]``, ``frozenset[X]``, ``list[X]``, ``dict[K, V]``,
    ``X | None``, ``Literal[...]``, enums and dataclasses are checked all the way down.
    An annotation of another kind is refused (``SaveFormatError``): a save must not
    reach an engine unchecked, and ``tests/common/test_hostile_files.py`` checks that
    every registered action class uses only these kinds.
    """
    if hint is Any or hint is object:
        return True
    if hint is None or hint is type(None):
        return value is None
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is Union or origin is types.UnionType:
        return any(_conforms(value, a) for a in args)
    if origin is Literal:
        return any(type(value) is type(a) and value == a for a in args)
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
    if hint is str:
        return isinstance(value, str)
    if origin is tuple:
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_conforms(v, args[0]) for v in value)
        if args == ((),):
            return value == ()
        return len(value) == len(args) and all(_conforms(v, a) for v, a in zip(value, args, strict=True))
    if origin in (frozenset, set, list):
        return isinstance(value, origin) and all(_conforms(v, args[0]) for v in value)
    if origin is dict:
        return isinstance(value, dict) and all(
            _conforms(k, args[0]) and _conforms(v, args[1]) for k, v in value.items()
        )
    if origin is None and isinstance(hint, type):
        return isinstance(value, hint)  # an enum, a dataclass, or a bare tuple/frozenset
    raise SaveFormatError(f"a field of a kind a save cannot check ({hint!r})")


def _describe(hint: Any) -> str:
    """A type annotation in words a message can hold: ``tuple[int, ...]``, ``float | None``."""
    if hint is type(None) or hint is None:
        return "None"
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is Union or origin is types.UnionType:
        return " | ".join(_describe(a) for a in args)
    if origin is Literal:
        return " or ".join(repr(a) for a in args)
    if origin is not None:
        inner = ", ".join("..." if a is Ellipsis else _describe(a) for a in args)
        return f"{origin.__name__}[{inner}]"
    return getattr(hint, "__name__", str(hint))


def _lookup(classes: Mapping[str, type], name: Any) -> type:
    try:
        return classes[name]
    except (KeyError, TypeError):
        raise SaveFormatError(f"unknown kind {plain(name, 40)!r} in a save") from None


def classes_of(*modules: ModuleType) -> dict[str, type]:
    """Every value class (a dataclass or a ``msgspec.Struct``) and enum defined in *modules*,
    by name (what ``decode`` needs)."""
    found: dict[str, type] = {}
    for module in modules:
        for name, obj in vars(module).items():
            ours = isinstance(obj, type) and (init_fields(obj) is not None or issubclass(obj, enum.Enum))
            if ours and (getattr(obj, "__module__", None) == module.__name__ or name not in found):
                found[name] = obj
    return found


# ----------------------------------------------------------------------------- records


def _new_id() -> str:
    return uuid.uuid4().hex[:12]


class ActionsNotRead(list[Any]):
    """Where a record listed from its header keeps its actions until ``read_actions``.

    Empty, it would pass for a game with no actions: a caller that forgot to read
    them would replay, count or compare nothing, without a word (two tests did).  So
    any look at it is a programming error, said at once.
    """

    def _not_read(self) -> NoReturn:
        raise RuntimeError("the actions of a save listed from its header are read by read_actions() first")

    def __len__(self) -> NoReturn:
        self._not_read()

    def __iter__(self) -> NoReturn:
        self._not_read()

    def __bool__(self) -> NoReturn:
        self._not_read()

    def __getitem__(self, index: Any) -> NoReturn:
        self._not_read()

    def __contains__(self, value: object) -> NoReturn:
        self._not_read()

    def __eq__(self, other: object) -> NoReturn:
        self._not_read()

    def append(self, value: Any) -> NoReturn:
        self._not_read()

    def __repr__(self) -> str:
        return "<actions not read yet>"


class Unread(FrozenRecord):
    """Where the actions of a save listed from its header still are: its file, and the
    data folder a link there may lead into (``storage.read_bytes``'s *root*).

    A frozen value (``FrozenRecord``, not a ``@dataclass``: the main menu lists the
    saves for its first frame), as ``Listing``.
    """

    __slots__ = ("path", "root")
    path: Path
    root: Path

    def __init__(self, path: Path, root: Path) -> None:
        super().__init__(path, root)


#: A field of ``SaveRecord`` left out: made fresh for each record (a dataclass's ``default_factory``).
_FRESH: Any = object()


class SaveRecord:
    """One game in progress: enough to rebuild it exactly.

    A record listed from its file's header (``SaveStore.unfinished``) has no actions
    yet: ``unread`` says where they are, and ``read_actions`` (called by ``replay``
    and before any write) reads and checks them, so a long game costs its length only
    when it is resumed.

    What ``@dataclass`` made, written out by hand (defining a dataclass costs about 3M
    instructions, before the main menu's first frame): the same ``__init__``
    (``actions``, ``id``, ``started`` and ``updated`` made fresh for each record, in
    that order), equality and repr with ``unread`` left out, and no hash.
    """

    game: str
    setup: dict[str, Any]
    seed: int
    actions: list[Any]  # encoded actions, in order
    title: str  # what the resume menu shows ("Ann Lee, Bob Roy — turn 3")
    id: str
    started: float
    updated: float
    finished: bool
    unread: Unread | None

    __match_args__ = ("game", "setup", "seed", "actions", "title", "id", "started", "updated", "finished", "unread")
    __hash__ = None  # type: ignore[assignment]  # mutable: as a dataclass with eq and not frozen

    def __init__(
        self,
        game: str,
        setup: dict[str, Any],
        seed: int,
        actions: list[Any] = _FRESH,
        title: str = "",
        id: str = _FRESH,
        started: float = _FRESH,
        updated: float = _FRESH,
        finished: bool = False,
        unread: Unread | None = None,
    ) -> None:
        self.game = game
        self.setup = setup
        self.seed = seed
        self.actions = [] if actions is _FRESH else actions
        self.title = title
        self.id = _new_id() if id is _FRESH else id
        self.started = time.time() if started is _FRESH else started
        self.updated = time.time() if updated is _FRESH else updated
        self.finished = finished
        self.unread = unread

    def _compared(self) -> tuple[Any, ...]:
        """The fields equality and repr read (all but ``unread``)."""
        return (
            self.game,
            self.setup,
            self.seed,
            self.actions,
            self.title,
            self.id,
            self.started,
            self.updated,
            self.finished,
        )

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._compared() == other._compared()

    def __repr__(self) -> str:
        names = self.__match_args__[:-1]
        return f"SaveRecord({', '.join(f'{n}={v!r}' for n, v in zip(names, self._compared()))})"

    @property
    def filename(self) -> str:
        return f"{self.game}-{self.id}.json"

    def to_json(self) -> dict[str, Any]:
        """The whole record as one object, in the layout of version 1 (what saves were
        before version 2, and what ``from_json`` reads): plain data for tests and tools."""
        self.read_actions()
        return {"version": OLD_VERSION, **copy.deepcopy(dict(zip(self.__match_args__[:-1], self._compared())))}

    def header(self) -> dict[str, Any]:
        """Version 2's first line: every field but the actions, which it counts."""
        return {
            "version": VERSION,
            "game": self.game,
            "id": self.id,
            "title": self.title,
            "started": self.started,
            "updated": self.updated,
            "finished": self.finished,
            "seed": self.seed,
            "actions": len(self.actions),
            "setup": self.setup,
        }

    def to_text(self) -> str:
        """The whole file, version 2 (``save_text``)."""
        self.read_actions()
        return save_text(self.header(), action_lines(self.actions))

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SaveRecord:
        """The record a version-1 save holds, every field checked; ``SaveFormatError`` in words if not.

        The messages name the field and what it must be, never the value found (a
        value from a file is not ours to print).
        """
        if not isinstance(data, Mapping):
            raise SaveFormatError("it is not a JSON object")
        missing = [k for k in REQUIRED if k not in data]
        if missing:
            raise SaveFormatError(f"missing {', '.join(missing)}")
        if not isinstance(data["actions"], list):
            raise SaveFormatError("the actions must be a list")
        return cls._checked(data, data["actions"])

    @classmethod
    def from_header(cls, data: Mapping[str, Any]) -> tuple[SaveRecord, int]:
        """The record a version-2 header holds, without its actions, and how many follow.

        Every field is checked as ``from_json`` checks it: listing a save from its
        header is as strict as reading it whole was.
        """
        if not isinstance(data, Mapping):
            raise SaveFormatError("it is not a JSON object")
        missing = [k for k in REQUIRED if k not in data]
        if missing:
            raise SaveFormatError(f"missing {', '.join(missing)}")
        count = data["actions"]
        if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= MAX_ACTIONS:
            raise SaveFormatError(f"the number of actions must be a whole number from 0 to {MAX_ACTIONS}")
        return cls._checked(data, []), count

    @classmethod
    def _checked(cls, data: Mapping[str, Any], actions: list[Any]) -> SaveRecord:
        """Every field but the actions checked (both versions); *actions* as given."""
        game, ident, title = data["game"], data["id"], data["title"]
        if not isinstance(game, str) or not re.fullmatch(GAME_PATTERN, game):
            raise SaveFormatError("the game must be a game's short name, such as 'vowl'")
        if not isinstance(ident, str) or not re.fullmatch(ID_PATTERN, ident):
            raise SaveFormatError("the id must be 1 to 64 letters, digits, '_' or '-'")
        if not isinstance(data["setup"], dict):
            raise SaveFormatError("the setup must be an object")
        seed = data["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
            raise SaveFormatError("the seed must be a whole number from 0 to 2**64 - 1")
        if not isinstance(title, str) or len(title) > MAX_TITLE:
            raise SaveFormatError(f"the title must be text of at most {MAX_TITLE} characters")
        for key in ("started", "updated"):
            t = data[key]
            if not isinstance(t, int | float) or isinstance(t, bool) or not 0 <= t <= LATEST_TIME:
                raise SaveFormatError(f"{key!r} must be a time in seconds between 1970 and the year 9999")
        if not isinstance(data["finished"], bool):
            raise SaveFormatError("'finished' must be true or false")
        return cls(
            game=game,
            setup=data["setup"],
            seed=seed,
            actions=actions,
            title=title,
            id=ident,
            started=float(data["started"]),
            updated=float(data["updated"]),
            finished=data["finished"],
        )

    def read_actions(self) -> None:
        """Read the actions of a record listed from its header; nothing to do for any other.

        The whole file is read (``storage.read_bytes``: the same checks, at most
        ``SAVE_LIMIT``) and checked: its header again (the same game, id, setup, seed
        and start as listed: the file may have been changed since), as many action
        lines as the header counts, each a JSON value read safely, and a newline at
        the end (a file cut short is not a shorter game).  ``SaveFormatError`` in
        words when it is not so: ``GameSession.resume`` turns that into the one
        message, and the caller sets the file aside.
        """
        unread = self.unread
        if unread is None:
            return
        try:
            raw = read_bytes(unread.path, limit=SAVE_LIMIT, root=unread.root)
        except FileNotFoundError:
            raise SaveFormatError("its file is gone") from None
        except FileProblem as exc:
            raise SaveFormatError(f"it was unreadable ({exc})") from None
        lines = raw.split(b"\n")
        if lines.pop() != b"":
            raise SaveFormatError("its last line is cut short")
        if not lines:
            raise SaveFormatError("it is empty")
        try:
            again, count = _parse_header(lines[0])
        except FileProblem as exc:
            raise SaveFormatError(f"its header was unreadable ({exc})") from None
        listed = (self.game, self.id, self.setup, self.seed, self.started)
        if (again.game, again.id, again.setup, again.seed, again.started) != listed:
            raise SaveFormatError("it was changed after it was listed")
        body = lines[1:]
        if len(body) != count:
            raise SaveFormatError(
                f"the number of actions in its header ({count}) is not the number of lines after it ({len(body)})"
            )
        actions: list[Any] = []
        for number, line in enumerate(body, start=2):
            try:
                actions.append(parse_json(line))
            except FileProblem as exc:
                raise SaveFormatError(f"line {number} was unreadable ({exc})") from None
        self.actions, self.title, self.updated, self.finished = actions, again.title, again.updated, again.finished
        self.unread = None


def action_lines(actions: Iterable[Any]) -> str:
    """Encoded actions as version 2 writes them: one JSON value a line, each ending with a newline.

    ``json.dumps`` escapes every newline inside a string and writes ASCII only, so one
    action is always exactly one line.
    """
    return "".join(json.dumps(a, sort_keys=True, allow_nan=False) + "\n" for a in actions)


class SaveTooLarge(ValueError):
    """A save that would be larger than ``SAVE_LIMIT``: written, it could never be read back."""


def save_text(header: Mapping[str, Any], actions_text: str) -> str:
    """A version-2 file: the *header* on the first line, then *actions_text* (``action_lines``).

    ``ValueError`` for a header longer than ``HEADER_LIMIT``, ``SaveTooLarge`` for a file
    larger than ``SAVE_LIMIT``: a file its own reading would refuse (and set aside, the
    game lost) is never written.
    """
    line = json.dumps(header, allow_nan=False)
    if len(line) > HEADER_LIMIT:
        raise ValueError(f"its header would be longer than {HEADER_LIMIT // KIB} KiB")
    # ``json.dumps`` writes ASCII only: a character is a byte, so no encoding to measure
    if len(line) + 1 + len(actions_text) > SAVE_LIMIT:
        raise SaveTooLarge(f"its file would be larger than {SAVE_LIMIT // MIB} MiB, more than a save may be")
    return line + "\n" + actions_text


def too_large(name: str, problem: SaveTooLarge) -> str:
    """What the players are told when the game outgrew its save: play goes on, the file stays readable."""
    return (
        f"This game has grown too large to save ({problem}); play continues without saving, and "
        f"{plain(name)} keeps the game as it was before this move."
    )


def _wrong_version() -> FileProblem:
    return FileProblem(f"not version {OLD_VERSION} or {VERSION} of its format")


def _parse_header(line: bytes) -> tuple[SaveRecord, int]:
    """A version-2 header line, checked: ``FileProblem`` for unreadable JSON or another
    version, ``SaveFormatError`` for a field."""
    return _header_record(parse_json(line))


def _header_record(data: Any) -> tuple[SaveRecord, int]:
    """``_parse_header`` of a line already parsed."""
    return SaveRecord.from_header(_of_version(data, VERSION))


def _of_version(data: Any, version: int) -> dict[str, Any]:
    """*data* if it is a JSON object of the format *version*; ``FileProblem`` if not."""
    if not isinstance(data, dict):
        raise FileProblem("not a JSON object")
    found = data.get("version")
    if type(found) is not int or found != version:
        raise _wrong_version()
    return data


def _is_old(data: Any) -> bool:
    """Whether a first line read as *data* is a whole version-1 save written on one line."""
    return isinstance(data, dict) and type(data.get("version")) is int and data["version"] == OLD_VERSION


def _read_old(path: Path, root: Path) -> SaveRecord:
    """A version-1 save, read whole and checked, as every save was read before version 2."""
    return SaveRecord.from_json(_of_version(read_json(path, limit=SAVE_LIMIT, root=root), OLD_VERSION))


def _listed(path: Path, root: Path) -> SaveRecord:
    """The save at *path* as listing needs it: from its header alone (version 2), or
    whole and checked as before (version 1, until its game is played again).

    ``FileNotFoundError`` if it is gone, ``FileProblem`` if it cannot be read,
    ``SaveFormatError`` if a field is wrong.  A version-2 file is read no further than
    its first line (``storage.read_first_line``): at most ``HEADER_LIMIT`` and one
    chunk, whatever follows it; its size is refused above ``SAVE_LIMIT`` without
    reading it, as before.
    """
    head = read_first_line(path, line_limit=HEADER_LIMIT, limit=SAVE_LIMIT, root=root)
    if head.strip() == b"{":  # version 1 as the previous versions wrote it: indented
        return _read_old(path, root)
    data = parse_json(head)
    if _is_old(data):  # version 1 written on one line: that line is all of it
        return _read_old(path, root)
    record, _ = _header_record(data)
    record.unread = Unread(path, root)
    record.actions = ActionsNotRead()
    return record


def read_record(path: Path, root: Path | None = None) -> SaveRecord:
    """The whole save at *path*, either version, every part checked (``SaveFormatError``
    or ``FileProblem`` if not): what tools and tests read a save with."""
    record = _listed(path, root if root is not None else path.parent)
    record.read_actions()
    return record


class Listing(FrozenRecord):
    """The unfinished games found, and a message for each file that was set aside.

    ``unlisted`` is the problem when the saves folder itself could not be read (also
    in ``warnings`` the first time it is met in this process).  A frozen value
    (``FrozenRecord``), as ``Unread``; its hash fails on a record, as a dataclass's
    would (``SaveRecord`` has none).
    """

    __slots__ = ("records", "warnings", "unlisted")
    records: tuple[SaveRecord, ...]
    warnings: tuple[str, ...]
    unlisted: str | None

    def __init__(self, records: tuple[SaveRecord, ...], warnings: tuple[str, ...], unlisted: str | None = None) -> None:
        super().__init__(records, warnings, unlisted)


#: Problems already told in this process that could not be cured by setting the file
#: aside (a read-only saves folder): the menu lists saves at every return to it, and
#: one problem is said once, not at every refresh.
_TOLD: set[str] = set()


def _first_time(message: str) -> bool:
    if message in _TOLD:
        return False
    _TOLD.add(message)
    return True


try:
    import fcntl
except ImportError:  # Windows has no flock: a game is not locked there
    fcntl = None  # type: ignore[assignment]

#: How many times ``SaveLock.take`` opens the lock file again when its holder removed it
#: in between (each time another window won the race): after that, it is in use.
LOCK_TRIES = 5


class SaveLock:
    """One writer per save: an ``flock`` on ``locks/<game>-<id>.json.lock``, held while the game is open.

    Why a file of its own: the save is replaced by a rename after every action, and a
    lock on the old file would go with it; in a folder of its own, so that nothing that
    lists or tidies the saves meets it.  The system releases an ``flock`` when its
    process ends, however it ends (a killed window leaves no game locked).  ``release``
    removes the file while it still holds the lock, so a window that opened it in
    between finds it gone (``take`` compares what it locked with what is there) and
    tries again on a new one.  A lock dropped without ``release`` is released when it
    is collected, as a file would be.
    """

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._close = weakref.finalize(self, os.close, fd)

    @classmethod
    def take(cls, path: Path, record: SaveRecord) -> SaveLock:
        """The lock of *record* at *path*; ``GameInUse`` when another window holds it."""
        assert fcntl is not None
        for _ in range(LOCK_TRIES):
            fd = os.open(
                path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0), 0o600
            )
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as exc:
                os.close(fd)
                if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                    raise GameInUse(record) from None
                raise
            held = os.fstat(fd)
            try:
                there = os.lstat(path)
            except FileNotFoundError:
                there = None
            if there is not None and (there.st_dev, there.st_ino) == (held.st_dev, held.st_ino):
                return cls(path, fd)
            os.close(fd)  # its holder removed it as we opened it: lock the one there now
        raise GameInUse(record)

    def release(self) -> None:
        """Let another window open the game (the game ended, or was left); twice is harmless."""
        if not self._close.alive:
            return
        # removed while still held (see the class's docstring); in a read-only folder it
        # stays, unlocked, and is used again next time
        with contextlib.suppress(OSError):
            self.path.unlink(missing_ok=True)
        self._close()


class SaveStore:
    """The saves folder.  Every failure is a warning for the player, never an exception."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root or data_dir()
        self.saves = self.root / "saves"
        self.history = self.root / "history"
        self.locks = self.root / "locks"

    def _inside(self, folder: Path, record: SaveRecord) -> Path:
        """*record*'s file in *folder*; ``SaveFormatError`` if that would be anything else.

        Ids and game names are checked when a save is read; this is the second lock:
        no record, however it was made, names a file outside the folder.  The folder
        itself is looked at first (``storage.own_folder``): a link in place of
        ``saves/`` or ``history/`` would send the write, rename or delete elsewhere.
        """
        try:
            own_folder(self.root, folder.name)
        except FileNotFoundError:
            pass  # not made yet: ``write_atomically`` makes a real folder
        except FolderProblem as exc:
            raise SaveFormatError(str(exc)) from None
        except OSError as exc:
            raise SaveFormatError(f"{plain(folder, None)} cannot be looked at ({exc.strerror})") from None
        name = record.filename
        if not re.fullmatch(FILENAME_PATTERN, name):
            raise SaveFormatError(f"{plain(name, 80)!r} is not a save's file name")
        path = folder / name
        if path.name != name or path.parent != folder or os.path.realpath(path.parent) != os.path.realpath(folder):
            raise SaveFormatError(f"{plain(name, 80)!r} would not be inside {plain(folder)}")
        return path

    def path(self, record: SaveRecord) -> Path:
        """Where *record* is saved: always a plain file name inside the saves folder."""
        return self._inside(self.saves, record)

    def lock(self, record: SaveRecord) -> SaveLock | None:
        """Hold *record*'s game for this window (``SaveLock``); ``GameInUse`` if another holds it.

        ``None`` when no lock can be had here (no ``flock`` on this system, a folder
        that cannot be written, a link in place of ``saves/``): the save itself then
        fails to be written, and says so; the game is not kept from being played.
        """
        if fcntl is None:
            return None
        try:
            name = self.path(record).name  # a record that names no save makes no folder either
            folder = own_folder(self.root, self.locks.name, create=True)
            return SaveLock.take(folder / f"{name}.lock", record)
        except (OSError, SaveFormatError, FolderProblem):
            return None

    def write(self, record: SaveRecord) -> str | None:
        """Save *record* now (atomically); return a warning if the disk refused."""
        try:
            path = self.path(record)
        except SaveFormatError as exc:
            return f"Could not save this game ({exc}); play continues without saving."
        return self._write_text(path, record)

    @staticmethod
    def _write_text(path: Path, record: SaveRecord) -> str | None:
        """*record* written to *path* atomically, version 2; a warning if it cannot be."""
        record.updated = time.time()
        try:
            text = record.to_text()
        except SaveTooLarge as exc:
            return too_large(path.name, exc)
        except (ValueError, TypeError) as exc:  # actions that cannot be read, a value JSON cannot hold
            return f"Could not save {plain(path.name)} ({plain(exc, 120)}); play continues without saving."
        return write_atomically(path, text)

    def unfinished(self, game: str | None = None) -> Listing:
        """Games that can be resumed, newest first; files that are not saves are set aside.

        Each file is read only as far as its header (``_listed``: a version-2 save's
        first line), so listing costs the same however long the games are; the actions
        are read when a game is resumed (``SaveRecord.read_actions``).  With *game*,
        only that game's files (``<game>-*.json``) are read.  A problem a file's
        renaming cannot cure (the folder is read-only) is told once per process.
        """
        return self._scan(self.saves, game, finished=False)

    def finished(self, game: str | None = None) -> Listing:
        """Finished games (the ``history/`` folder), newest first, read as ``unfinished``
        reads the saves: each header checked, a file that is not a save set aside."""
        return self._scan(self.history, game, finished=True)

    def _scan(self, folder: Path, game: str | None, *, finished: bool) -> Listing:
        """The saves in *folder*, newest first: with *finished* every one (the history holds
        nothing else), without only those not marked finished (nothing left to resume)."""
        records: list[SaveRecord] = []
        warnings: list[str] = []
        unlisted: str | None = None
        where = f" in {plain(folder, None)}"
        what = "finished game" if finished else "saved game"
        then = "listed" if finished else "resumed"
        try:
            own_folder(self.root, folder.name)  # never list (and set aside) files through a link
            with os.scandir(folder) as entries:
                names = sorted(e.name for e in entries)
        except FileNotFoundError:
            names = []
        except FolderProblem as exc:
            unlisted = f"{exc} No {what} can be {then} until then."
            if _first_time(unlisted):
                warnings.append(unlisted)
            names = []
        except OSError as exc:
            unlisted = (
                f"Cannot list the {what}s in {plain(folder, None)} ({exc.strerror}); "
                f"no {what} can be {then} until it can be read."
            )
            if _first_time(unlisted):
                warnings.append(unlisted)
            names = []
        for name in names:
            if name.startswith(".") or not name.endswith(".json"):
                continue  # our own temporary files, and files set aside before
            if game is not None and not name.startswith(f"{game}-"):
                continue
            path = folder / name
            if not re.fullmatch(FILENAME_PATTERN, name):
                loaded = refuse(path, "is not named like a save (<game>-<id>.json)", then=where)
            else:
                try:
                    record = _listed(path, self.root)
                    if record.filename != name:
                        raise SaveFormatError(f"it says it is {plain(record.filename)}")
                except FileNotFoundError:
                    continue  # gone since the folder was listed
                except FileProblem as exc:
                    loaded = refuse(path, f"was unreadable ({exc})", then=where)
                except SaveFormatError as exc:
                    loaded = refuse(path, f"is not a save we can read ({exc})", then=where)
                else:
                    # a game marked finished has nothing left to resume (its move to the history stopped short)
                    if (game is None or record.game == game) and (finished or not record.finished):
                        records.append(record)
                    continue
            if loaded.warning and (loaded.aside is not None or _first_time(loaded.warning)):
                warnings.append(loaded.warning)
        records.sort(key=lambda r: r.updated, reverse=True)
        return Listing(tuple(records), tuple(warnings), unlisted)

    def set_aside(self, record: SaveRecord) -> str:
        """Move *record*'s file aside (a save that cannot be resumed); say where, in one sentence."""
        try:
            path = self.path(record)
        except SaveFormatError:
            return "Its file was left alone: its name is not a save's."
        aside = set_aside(path)
        if aside is None:
            return f"Its file could not be moved aside; it is still {plain(path, None)}."
        return f"It was kept as {plain(aside.name)} in {plain(self.saves, None)}."

    def finish(self, record: SaveRecord) -> str | None:
        """Move a finished game to the history folder."""
        try:
            done, path = self._inside(self.history, record), self.path(record)
        except SaveFormatError as exc:
            return f"Could not file this game away ({exc})."
        record.finished = True
        warning = self._write_text(done, record)
        if warning:
            return warning
        try:
            path.unlink(missing_ok=True)
        except OSError as exc:
            return f"Could not tidy {plain(record.filename)} ({exc.strerror})."
        return None

    def discard(self, record: SaveRecord) -> str | None:
        """Forget an unfinished game the players chose not to resume; a warning if it stays.

        A game open in another window is not deleted under it (its next move would
        write it back, and the players here would think it gone).
        """
        try:
            lock = self.lock(record)
        except GameInUse as exc:
            return f"{exc.message} It was not deleted."
        try:
            self.path(record).unlink(missing_ok=True)
        except SaveFormatError as exc:
            return f"Could not delete this game ({exc})."
        except OSError as exc:
            return f"Could not delete {plain(record.filename)} ({exc.strerror})."
        finally:
            if lock is not None:
                lock.release()
        return None


def latest_unfinished(game: str, title: str, store: SaveStore | None = None) -> SaveRecord:
    """The most recent unfinished *game*, for ``boardgames <game> --resume``.

    Raises ``UserFacingError`` (exit 1) when there is none, naming the game by *title*,
    and ``SavesSetAside`` when one of *game*'s files had to be set aside: the newest
    game may be the one that was, so an older one is not opened in its place.
    """
    listing = (store or SaveStore()).unfinished(game)
    if listing.unlisted:
        raise UserFacingError(listing.unlisted, exit_code=1)
    if listing.warnings:
        first, more = listing.warnings[0], len(listing.warnings) - 1
        also = f" ({more} more {title} file{'s were' if more > 1 else ' was'} set aside too.)" if more else ""
        raise SavesSetAside(first + also, exit_code=1)
    if not listing.records:
        raise UserFacingError(f"There is no unfinished {title} game to resume.", exit_code=1)
    return listing.records[0]


def replay(record: SaveRecord, classes: Mapping[str, type]) -> Iterable[Any]:
    """The record's actions, decoded, in order; read from its file first when it was
    listed from its header (``SaveRecord.read_actions``: ``SaveFormatError`` if they
    cannot be, raised where ``GameSession.resume`` catches every replay failure)."""
    record.read_actions()
    for data in record.actions:
        yield decode(data, classes)


class Autosaver:
    """Saves one game after every action; the screen calls ``record`` and ``finish``.

    The first failure to write is returned as a warning for the player; after it,
    saving stops for this game and play simply goes on.

    Cheap per action (the whole file was encoded, written and fsynced on the
    key's path, 4.7 ms at 1,000 actions and growing): each action is turned into JSON
    once, when it is recorded, and the file is the header line followed by the action
    lines kept from the last write - no deep copy of the record, no encoding of old
    actions.  The file is version 2 (a save resumed from version 1 becomes version 2
    here, at the first action played after it).  It is rewritten whole rather than
    appended to: the header changes with every action (title, time, count), and only
    a rename keeps every moment's file whole.  The file is still complete, written atomically (a temporary file renamed over the
    old one) before ``record_action`` returns, so whatever reads the saves folder next
    sees this action; only the ``fsync`` that makes it survive a power cut runs in a
    background thread (``_Syncer``), coalesced, so a burst of keys costs one.  A kill
    of the process loses nothing written: the system has it.  ``flush`` (called by
    ``finish``; the thread is not a daemon, so leaving the program waits for it too)
    makes sure it is on disk.
    """

    def __init__(self, store: SaveStore, record: SaveRecord) -> None:
        self.store = store
        self.record = record
        self.enabled = True
        #: The lines of ``record.actions[:_encoded]`` (``action_lines``), kept between writes.
        self._actions_text = ""
        self._encoded = 0
        self._syncer = _Syncer()
        #: This window's hold on the save (``SaveStore.lock``), from ``claim`` until ``close``.
        self.lock: SaveLock | None = None
        self._claimed = False

    def claim(self) -> None:
        """Hold the game for this window before its file is read or written: ``GameInUse``
        if another window has it open (resuming calls this first; a new game at its
        first save)."""
        if not self._claimed:
            self.lock = self.store.lock(self.record)
            self._claimed = True

    def close(self) -> None:
        """The game is left or over here: another window may open it now."""
        if self.lock is not None:
            self.lock.release()
        self.lock, self._claimed = None, False

    def record_action(self, action: Any, title: str | None = None) -> str | None:
        self.record.actions.append(encode(action))
        if title is not None:
            self.record.title = title
        return self._write()

    def save_now(self) -> str | None:
        return self._write()

    def _write(self) -> str | None:
        if not self.enabled:
            return None
        warning = self._write_file()
        if warning:
            self.enabled = False
        return warning

    def _text(self) -> str:
        """The whole save, version 2: the header line, then the action lines kept from before
        and those of the actions recorded since (each encoded once)."""
        record = self.record
        record.read_actions()  # a record listed from its header and never replayed: its actions first
        actions = record.actions
        if self._encoded > len(actions):  # the list was cut (never by the game): start again
            self._actions_text, self._encoded = "", 0
        if len(actions) > self._encoded:
            self._actions_text += action_lines(actions[self._encoded :])
            self._encoded = len(actions)
        return save_text(record.header(), self._actions_text)

    def _write_file(self) -> str | None:
        """``SaveStore.write``, the cheap way: atomically, the ``fsync`` left to ``_Syncer``."""
        try:
            self.claim()
            path = self.store.path(self.record)
        except GameInUse as exc:
            return f"{exc.message} This window plays on without saving."
        except SaveFormatError as exc:
            return f"Could not save this game ({exc}); play continues without saving."
        self.record.updated = time.time()
        try:
            text = self._text()
        except SaveTooLarge as exc:
            return too_large(path.name, exc)
        except (ValueError, TypeError) as exc:  # unreadable actions, or a value JSON cannot hold (our bug)
            return f"Could not save {plain(path.name)} ({plain(exc, 120)}); play continues without saving."
        warning = write_atomically(path, text, sync=False)  # synced in the background, below
        if warning is None:
            self._syncer.sync(path)
        return warning

    def flush(self) -> None:
        """Wait until every save written so far is on disk (its ``fsync`` done)."""
        self._syncer.wait()

    def finish(self) -> str | None:
        if not self.enabled:
            self.close()
            return None
        self.flush()
        try:
            return self.store.finish(self.record)
        finally:
            self.close()


class _Syncer:
    """``fsync`` of the newest save, in a background thread, so no key waits for the disk.

    A save written while one is being synced is synced next, and any number of them
    in between count once.  The thread is the one worker of a ``ThreadPoolExecutor``
    shared by every game, kept between saves: starting a thread per save made the
    key that wrote it wait until the new thread ran (``Thread.start`` waits for it),
    a context switch that on a busy machine cost more than the save itself.
    The executor's worker is joined at exit, so the interpreter still waits for the
    last sync.  Best effort: a save that cannot be opened again (moved to the history,
    deleted) has nothing left to sync.
    """

    #: How many ``fsync`` calls were made, from any game (tests count them).
    syncs = 0
    #: The one thread every game's saves are synced in (``executor``), made at the first save.
    _executor: ThreadPoolExecutor | None = None
    _executor_lock = threading.Lock()
    #: The executor's worker thread, once it has run a sync.
    _worker: threading.Thread | None = None

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pending: Path | None = None
        self._running: Future[None] | None = None

    @classmethod
    def executor(cls) -> ThreadPoolExecutor:
        """The one worker every game's saves are synced by (made at the first save)."""
        with cls._executor_lock:
            if cls._executor is None:
                from concurrent.futures import ThreadPoolExecutor  # noqa: PLC0415 - at the first save

                cls._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="save-fsync")
            return cls._executor

    def sync(self, path: Path) -> None:
        with self._lock:
            self._pending = path
            if self._running is None:
                self._running = self.executor().submit(self._run)

    def wait(self) -> None:
        with self._lock:
            running = self._running
        if running is not None and threading.current_thread() is not _Syncer._worker:
            running.exception()  # waits; a failed sync (not an OSError: our bug) is not the caller's to raise

    def _run(self) -> None:
        _Syncer._worker = threading.current_thread()  # ``wait`` from here would wait for itself
        while True:
            with self._lock:
                path, self._pending = self._pending, None
                if path is None:
                    self._running = None
                    return
            try:
                fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))  # a link put there: not ours
                try:
                    os.fsync(fd)
                    _Syncer.syncs += 1
                finally:
                    os.close(fd)
                folder = os.open(path.parent, os.O_RDONLY)  # the rename itself
                try:
                    os.fsync(folder)
                finally:
                    os.close(folder)
            except OSError:
                continue  # gone (finished, discarded) or a system without directory fsync


def background_syncer() -> _Syncer:
    """A coalescing ``fsync`` in the autosave's background thread, for another file written
    during play (``storage.save_json(..., sync=False)`` first, then ``.sync(path)``): a
    practice pile's stats synced on the UI thread held the review's frame for the disk."""
    return _Syncer()
