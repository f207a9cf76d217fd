"""The rulebook's "Record Your Favourite License Plates" page, kept on disk.

At the end of a game players mark the plates they liked; each favourite keeps the
plate, its owner and its requirements card (the three things the printed page has
slots for), plus who wrote it.  They live in ``favourites-vntypl8s.json`` in the
player's data directory, written atomically through ``boardgames.common.storage``;
an unreadable file is set aside and the player is told, never shown a traceback.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from boardgames.common.storage import data_dir, load_json, save_json

FILE_NAME = "favourites-vntypl8s.json"
VERSION = 1


@dataclass(frozen=True, slots=True)
class Favourite:
    plate: str
    owner: str
    requirements: str
    writer: str = ""

    def line(self) -> str:
        by = f"  by {self.writer}" if self.writer else ""
        return f"{self.plate:<8}  0WN3R: {self.owner}  R3QRMNTS: {self.requirements}{by}"

    def key(self) -> tuple[str, str, str]:
        return (self.plate, self.owner, self.requirements)


@dataclass(frozen=True, slots=True)
class LoadedFavourites:
    favourites: tuple[Favourite, ...]
    warning: str | None = None


def favourites_path() -> Path:
    return data_dir() / FILE_NAME


def _parse(item: object) -> Favourite | None:
    if not isinstance(item, dict):
        return None
    fields = [item.get(k) for k in ("plate", "owner", "requirements", "writer")]
    if not all(isinstance(f, str) for f in fields[:3]):
        return None
    writer = fields[3] if isinstance(fields[3], str) else ""
    return Favourite(fields[0], fields[1], fields[2], writer)  # type: ignore[arg-type]


def load_favourites(path: Path | None = None) -> LoadedFavourites:
    """Every saved favourite, newest first; unreadable entries are skipped with a warning."""
    loaded = load_json(path or favourites_path(), VERSION)
    if loaded.data is None:
        return LoadedFavourites((), loaded.warning)
    raw = loaded.data.get("plates", [])
    items = raw if isinstance(raw, list) else []
    parsed = [_parse(i) for i in items]
    good = tuple(f for f in parsed if f is not None)
    warning = loaded.warning
    if len(good) != len(parsed) or not isinstance(raw, list):
        warning = "Some saved favourite plates could not be read and were left out."
    return LoadedFavourites(good, warning)


def add_favourites(new: Iterable[Favourite], path: Path | None = None) -> str | None:
    """Put *new* at the top of the list (no duplicates); return a warning if saving failed."""
    target = path or favourites_path()
    current = load_favourites(target)
    seen: set[tuple[str, str, str]] = set()
    merged: list[Favourite] = []
    for fav in [*new, *current.favourites]:
        if fav.key() not in seen:
            seen.add(fav.key())
            merged.append(fav)
    data = {
        "version": VERSION,
        "plates": [
            {"plate": f.plate, "owner": f.owner, "requirements": f.requirements, "writer": f.writer}
            for f in merged
        ],
    }
    return save_json(target, data)
