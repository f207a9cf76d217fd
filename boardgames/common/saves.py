"""Autosaves: every game in progress is a seed, a setup and the list of actions.

Our engines are deterministic given their seeded ``random.Random`` and the actions
applied, so a game is saved as *what was done*, not as a snapshot of its internals:
the setup (JSON the game defines), the seed, and every action so far.  Resuming
replays them, which gives back exactly the same cards, scores, turn and random
stream.  This keeps saves small, versioned and independent of engine internals.

Files are versioned JSON in ``<data dir>/saves/<game>-<id>.json``, written
atomically after every action (``storage.save_json``: temporary file, fsync,
rename), so a ``kill -9`` loses at most the action in progress.  Finished games
move to ``<data dir>/history/``.  A file that cannot be read (corrupt, truncated,
from a future version) is set aside by ``storage.load_json`` and reported.

Actions are frozen dataclasses; ``encode``/``decode`` turn them (and the enums,
tuples, frozensets and nested dataclasses they hold) into plain JSON and back,
using the classes a game registers.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import time
import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from boardgames.common.errors import UserFacingError
from boardgames.common.storage import data_dir, load_json, save_json, set_aside

VERSION = 1


class SaveFormatError(ValueError):
    """A save whose content does not decode (unknown action, bad field)."""


# ----------------------------------------------------------------------------- codec


def encode(value: Any) -> Any:
    """Plain JSON for an action and everything inside it."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, enum.Enum):
        return {"$enum": type(value).__name__, "value": encode(value.value)}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {"$type": type(value).__name__}
        for f in dataclasses.fields(value):
            if f.init:
                out[f.name] = encode(getattr(value, f.name))
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
    """The inverse of ``encode``; *classes* maps class names to the game's types."""
    if data is None or isinstance(data, bool | int | float | str):
        return data
    if isinstance(data, list):
        return [decode(v, classes) for v in data]
    if not isinstance(data, dict):
        raise SaveFormatError(f"unexpected {type(data).__name__} in a save")
    if "$enum" in data:
        cls = _lookup(classes, data["$enum"])
        return cls(decode(data["value"], classes))
    if "$type" in data:
        cls = _lookup(classes, data["$type"])
        kwargs = {k: decode(v, classes) for k, v in data.items() if k != "$type"}
        try:
            return cls(**kwargs)
        except TypeError as exc:
            raise SaveFormatError(f"bad {cls.__name__} in a save: {exc}") from None
    if "$tuple" in data:
        return tuple(decode(v, classes) for v in data["$tuple"])
    if "$frozenset" in data:
        return frozenset(decode(v, classes) for v in data["$frozenset"])
    if "$dict" in data:
        return {decode(k, classes): decode(v, classes) for k, v in data["$dict"]}
    raise SaveFormatError(f"unknown value in a save: {sorted(data)}")


def _lookup(classes: Mapping[str, type], name: Any) -> type:
    try:
        return classes[name]
    except (KeyError, TypeError):
        raise SaveFormatError(f"unknown kind {name!r} in a save") from None


def classes_of(*modules: ModuleType) -> dict[str, type]:
    """Every dataclass and enum defined in *modules*, by name (what ``decode`` needs)."""
    found: dict[str, type] = {}
    for module in modules:
        for name, obj in vars(module).items():
            if isinstance(obj, type) and (dataclasses.is_dataclass(obj) or issubclass(obj, enum.Enum)):
                if getattr(obj, "__module__", None) == module.__name__ or name not in found:
                    found[name] = obj
    return found


# ----------------------------------------------------------------------------- records


@dataclass
class SaveRecord:
    """One game in progress: enough to rebuild it exactly."""

    game: str
    setup: dict[str, Any]
    seed: int
    actions: list[Any] = field(default_factory=list)  # encoded actions, in order
    title: str = ""  # what the resume menu shows ("Ann Lee, Bob Roy — turn 3")
    id: str = field(default_factory=lambda: uuid.uuid4().hex[:12])
    started: float = field(default_factory=time.time)
    updated: float = field(default_factory=time.time)
    finished: bool = False

    @property
    def filename(self) -> str:
        return f"{self.game}-{self.id}.json"

    def to_json(self) -> dict[str, Any]:
        return {"version": VERSION, **dataclasses.asdict(self)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SaveRecord:
        fields = {f.name for f in dataclasses.fields(cls)}
        missing = {"game", "setup", "seed", "actions"} - set(data)
        if missing:
            raise SaveFormatError(f"missing {', '.join(sorted(missing))}")
        record = cls(**{k: v for k, v in data.items() if k in fields})
        if not isinstance(record.actions, list) or not isinstance(record.setup, dict):
            raise SaveFormatError("actions must be a list and setup an object")
        if not isinstance(record.seed, int):
            raise SaveFormatError("the seed must be a whole number")
        return record


@dataclass(frozen=True)
class Listing:
    """The unfinished games found, and a message for each file that was set aside."""

    records: tuple[SaveRecord, ...]
    warnings: tuple[str, ...]


class SaveStore:
    """The saves folder.  Every failure is a warning for the player, never an exception."""

    def __init__(self, root: Path | None = None) -> None:
        base = root or data_dir()
        self.saves = base / "saves"
        self.history = base / "history"

    def path(self, record: SaveRecord) -> Path:
        return self.saves / record.filename

    def write(self, record: SaveRecord) -> str | None:
        """Save *record* now (atomically); return a warning if the disk refused."""
        record.updated = time.time()
        return save_json(self.path(record), record.to_json())

    def unfinished(self, game: str | None = None) -> Listing:
        """Games that can be resumed, newest first; unreadable files are set aside."""
        records: list[SaveRecord] = []
        warnings: list[str] = []
        try:
            paths = sorted(self.saves.glob("*.json"))
        except OSError:
            paths = []
        for path in paths:
            loaded = load_json(path, VERSION)
            if loaded.warning:
                warnings.append(loaded.warning)
            if loaded.data is None:
                continue
            try:
                record = SaveRecord.from_json(loaded.data)
            except (SaveFormatError, TypeError) as exc:
                aside = set_aside(path)
                warnings.append(f"{path.name} is not a save we can read ({exc}); kept as {aside.name}.")
                continue
            if game is None or record.game == game:
                records.append(record)
        records.sort(key=lambda r: r.updated, reverse=True)
        return Listing(tuple(records), tuple(warnings))

    def finish(self, record: SaveRecord) -> str | None:
        """Move a finished game to the history folder."""
        record.finished = True
        warning = save_json(self.history / record.filename, record.to_json())
        if warning:
            return warning
        try:
            self.path(record).unlink(missing_ok=True)
        except OSError as exc:
            return f"Could not tidy {record.filename} ({exc.strerror})."
        return None

    def discard(self, record: SaveRecord) -> None:
        """Forget an unfinished game the players chose not to resume."""
        try:
            self.path(record).unlink(missing_ok=True)
        except OSError:
            pass


def latest_unfinished(game: str, title: str) -> SaveRecord:
    """The most recent unfinished *game*, for ``boardgames <game> --resume``.

    Raises ``UserFacingError`` (exit 1) when there is none, naming the game by *title*.
    """
    listing = SaveStore().unfinished(game)
    if not listing.records:
        raise UserFacingError(f"There is no unfinished {title} game to resume.", exit_code=1)
    return listing.records[0]


def replay(record: SaveRecord, classes: Mapping[str, type]) -> Iterable[Any]:
    """The record's actions, decoded, in order."""
    for data in record.actions:
        yield decode(data, classes)


class Autosaver:
    """Saves one game after every action; the screen calls ``record`` and ``finish``.

    The first failure to write is returned as a warning for the player; after it,
    saving stops for this game and play simply goes on.
    """

    def __init__(self, store: SaveStore, record: SaveRecord) -> None:
        self.store = store
        self.record = record
        self.enabled = True

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
        warning = self.store.write(self.record)
        if warning:
            self.enabled = False
        return warning

    def finish(self) -> str | None:
        if not self.enabled:
            return None
        return self.store.finish(self.record)
