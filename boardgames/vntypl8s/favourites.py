"""The rulebook's "Record Your Favourite License Plates" page, kept on disk.

At the end of a game players mark the plates they liked; each favourite keeps the
plate, its owner and its requirements card (the three things the printed page has
slots for), plus who wrote it.  They live in ``favourites-vntypl8s.json`` in the
player's data directory, written atomically through ``boardgames.common.storage``;
an unreadable file is set aside and the player is told, never shown a traceback.
The file is checked field by field before anything in it is shown (``load_favourites``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from boardgames.common.storage import MIB, data_dir, load_json, refuse, save_json
from boardgames.common.text import plain

FILE_NAME = "favourites-vntypl8s.json"
VERSION = 1
#: The largest favourites file read.
LIMIT = 1 * MIB
#: The most favourites kept: the oldest go first (2000 of them fill well under ``LIMIT``).
MAX_FAVOURITES = 2000
#: Each field of a favourite, and the most characters it may hold (a plate has at most
#: 8, an owner card's title about 20, a player's name 16: these leave room to spare).
LIMITS = {"plate": 32, "owner": 100, "requirements": 32, "writer": 64}


@dataclass(frozen=True, slots=True)
class Favourite:
    plate: str
    owner: str
    requirements: str
    writer: str = ""

    def line(self) -> str:
        """One line for the terminal: the file's text made visible (no escape code gets through)."""
        by = f"  by {plain(self.writer)}" if self.writer else ""
        return f"{plain(self.plate):<8}  0WN3R: {plain(self.owner)}  R3QRMNTS: {plain(self.requirements)}{by}"

    def key(self) -> tuple[str, str, str]:
        return (self.plate, self.owner, self.requirements)


@dataclass(frozen=True, slots=True)
class LoadedFavourites:
    favourites: tuple[Favourite, ...]
    warning: str | None = None


def favourites_path() -> Path:
    return data_dir() / FILE_NAME


def _parse(item: object) -> Favourite:
    """One favourite from the file, every field checked (``ValueError`` in words if not)."""
    if not isinstance(item, dict):
        raise ValueError("a favourite is not an object")
    if set(item) - set(LIMITS):
        raise ValueError("a favourite has fields favourites do not have")
    values: dict[str, str] = {}
    for key, limit in LIMITS.items():
        value = item.get(key, "" if key == "writer" else None)
        if (
            not isinstance(value, str)
            or len(value) > limit
            or not value.isprintable()
            or (key != "writer" and not value.strip())
        ):
            raise ValueError(f"a favourite's {key} must be printable text of 1 to {limit} characters")
        values[key] = value
    return Favourite(values["plate"], values["owner"], values["requirements"], values["writer"])


def load_favourites(path: Path | None = None) -> LoadedFavourites:
    """Every saved favourite, newest first.

    The file is outside input: if anything in it is wrong - its version, its shape,
    one favourite's field - the whole file is set aside (renamed beside itself,
    never deleted) and the warning says so, naming where it went.  It is never
    shown half-read, and never rewritten without the entries that did not read.
    """
    target = path or favourites_path()
    loaded = load_json(target, VERSION, limit=LIMIT)
    if loaded.data is None:
        return LoadedFavourites((), loaded.warning)
    try:
        plates = loaded.data.get("plates", [])
        if not isinstance(plates, list) or len(plates) > MAX_FAVOURITES:
            raise ValueError(f"the plates must be a list of at most {MAX_FAVOURITES}")
        good = tuple(_parse(i) for i in plates)
    except ValueError as exc:
        return LoadedFavourites((), refuse(target, f"was unreadable ({exc})", then=" and a new list started").warning)
    return LoadedFavourites(good)


def add_favourites(new: Iterable[Favourite], path: Path | None = None) -> str | None:
    """Put *new* at the top of the list (no duplicates); return a warning if saving failed
    or if the old file could not be read and was set aside (the new list starts afresh)."""
    target = path or favourites_path()
    current = load_favourites(target)
    seen: set[tuple[str, str, str]] = set()
    merged: list[Favourite] = []
    for fav in [*new, *current.favourites]:
        if fav.key() not in seen:
            seen.add(fav.key())
            merged.append(fav)
    del merged[MAX_FAVOURITES:]
    return _save(target, merged) or current.warning  # a bad old file was set aside: say so once


def remove_favourite(gone: Favourite, path: Path | None = None) -> str | None:
    """Take *gone* off the list (its plate, owner and requirements: the favourite's key);
    return a warning if saving failed or the file could not be read (then nothing is removed)."""
    target = path or favourites_path()
    current = load_favourites(target)
    if current.warning:
        return current.warning
    return _save(target, [f for f in current.favourites if f.key() != gone.key()])


def _save(target: Path, favourites: list[Favourite]) -> str | None:
    data = {
        "version": VERSION,
        "plates": [
            {"plate": f.plate, "owner": f.owner, "requirements": f.requirements, "writer": f.writer} for f in favourites
        ],
    }
    return save_json(target, data)
