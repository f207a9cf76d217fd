"""Small JSON files in the player's data directory, written so they never break.

Stats, favourites and (later) saves live under ``platformdirs.user_data_dir``.
Writes are atomic (temporary file, fsync, rename) so a crash leaves either the old
or the new file.  A file that cannot be read back (corrupt, truncated, from a
future version) is *set aside* - renamed, never deleted - and the caller gets a
fresh default plus a message to show the player.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

#: Overrides the data directory (tests point it at a temporary folder).
DATA_ENV = "BOARDGAMES_DATA"
APP_NAME = "boardgames"


def data_dir() -> Path:
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


@dataclass(frozen=True, slots=True)
class Loaded:
    """What ``load_json`` found: the data, and a message when something was set aside."""

    data: dict[str, Any] | None
    warning: str | None = None


def load_json(path: Path, version: int) -> Loaded:
    """Read a versioned JSON object; set the file aside if it cannot be trusted.

    Returns ``Loaded(None)`` when the file does not exist yet.
    """
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return Loaded(None)
    except OSError as exc:
        return Loaded(None, f"Could not read {path} ({exc.strerror}); starting afresh.")
    try:
        data = json.loads(raw.decode("utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        found = data.get("version")
        if found != version:
            raise ValueError(f"version {found!r}, expected {version}")
    except (ValueError, UnicodeDecodeError) as exc:
        aside = set_aside(path)
        return Loaded(
            None,
            f"{path.name} was unreadable ({exc}); it was kept as {aside.name} and a new one started.",
        )
    return Loaded(data)


def set_aside(path: Path) -> Path:
    """Rename a bad file next to itself with a timestamp; return the new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
        n += 1
    try:
        path.rename(target)
    except OSError:
        return path
    return target


def save_json(path: Path, data: dict[str, Any]) -> str | None:
    """Write *data* atomically; return a warning instead of raising on failure.

    A read-only or full disk must never stop a game: the caller shows the warning
    and play goes on without saving.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(data, fh, indent=1, sort_keys=True)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError as exc:
        return f"Could not save {path.name} ({exc.strerror}); play continues without saving."
    return None
