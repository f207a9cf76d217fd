"""The player's settings: what the suite remembers between runs (the theme, for now).

``<data dir>/settings.json`` is read like every other file the app reads
(``storage.load_json``: no FIFO or outside link opened, a size cap, no deep nesting)
and then checked field by field here.  A file that does not validate is set aside
with one message and the defaults are used; a value that is well formed but unknown
here (a theme this version does not have) is ignored with a message and the file is
kept, so a newer version's settings are not destroyed by an older one.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from boardgames.common.records import FrozenRecord
from boardgames.common.storage import KIB, data_dir, load_json, refuse, save_json
from boardgames.common.text import plain

VERSION = 1
FILE = "settings.json"
LIMIT = 64 * KIB
#: Textual theme names: "textual-dark", "nord", "catppuccin-latte"...  Compiled by ``re``
#: (its cache) when a saved theme is first checked, not as the menu starts.
THEME_PATTERN = r"[a-z0-9][a-z0-9_-]{0,63}"


class Settings(FrozenRecord):
    """What the player chose; ``None`` means "the suite's default".

    A frozen value (``FrozenRecord``, not a ``@dataclass``: the main menu's first frame
    loads the settings), as ``LoadedSettings`` and ``storage.Loaded``.
    """

    __slots__ = ("theme",)
    theme: str | None

    def __init__(self, theme: str | None = None) -> None:
        super().__init__(theme)

    def to_json(self) -> dict[str, Any]:
        return {"version": VERSION, "theme": self.theme}

    def with_theme(self, theme: str) -> Settings:
        return Settings(theme=theme)


class LoadedSettings(FrozenRecord):
    """The settings read, and a message when the file was set aside (a frozen value)."""

    __slots__ = ("settings", "warning")
    settings: Settings
    warning: str | None

    def __init__(self, settings: Settings, warning: str | None = None) -> None:
        super().__init__(settings, warning)


def settings_path(root: Path | None = None) -> Path:
    return (root or data_dir()) / FILE


def load_settings(root: Path | None = None) -> LoadedSettings:
    """The saved settings (defaults when there are none), and a message if the file was bad."""
    path = settings_path(root)
    loaded = load_json(path, VERSION, limit=LIMIT, then=" and the default settings are used")
    if loaded.data is None:
        return LoadedSettings(Settings(), loaded.warning)
    theme = loaded.data.get("theme")
    if theme is not None and (not isinstance(theme, str) or not re.fullmatch(THEME_PATTERN, theme)):
        refused = refuse(path, "has a theme that is not a theme's name", then=" and the default settings are used")
        return LoadedSettings(Settings(), refused.warning)
    return LoadedSettings(Settings(theme=theme))


def save_settings(settings: Settings, root: Path | None = None) -> str | None:
    """Write *settings* atomically; a warning (never an exception) when it cannot."""
    return save_json(settings_path(root), settings.to_json())


def unknown_theme(theme: str) -> str:
    return f"The saved theme {plain(theme)!r} is not one this version has; the default theme is used."
