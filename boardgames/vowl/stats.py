"""Solitaire-practice statistics, kept between sessions in the player's data folder.

A practising player wants to see progress: how many cards they have solved, their
best time for each pile size, and their streak of piles beaten in a row.  Stats are
per player name, stored as one versioned JSON file (``vowl-stats.json``); a file
that cannot be read is set aside by ``boardgames.common.storage`` and a fresh one
started, with a message for the screen - never a crash.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from boardgames.common.storage import MIB, data_dir, load_json, refuse, save_json

VERSION = 1
FILENAME = "vowl-stats.json"
#: The largest stats file read: thousands of players' records fit in far less.
LIMIT = 1 * MIB
#: The counts a record holds (whole numbers from 0 to ``MAX_COUNT``).
COUNTS = ("cards_solved", "piles_played", "piles_beaten", "streak", "best_streak")
MAX_COUNT = 10**9
#: A pile is a die roll plus a few extra cards: no pile comes near this size.
MAX_PILE = 100
#: The longest best time kept (a day): sand timers run 15 or 25 seconds.
MAX_SECONDS = 86_400
#: The longest player name a stats file may hold.
MAX_NAME = 100


@dataclass
class PracticeStats:
    """One player's practice record."""

    cards_solved: int = 0
    piles_played: int = 0
    piles_beaten: int = 0
    streak: int = 0
    best_streak: int = 0
    #: pile size -> fastest time (seconds) in which a pile of that size was beaten
    best_times: dict[int, float] = field(default_factory=dict)

    def record_pile(self, size: int, solved: int, beaten: bool, elapsed: float) -> bool:
        """Add one finished pile; return True when it set a new best time for its size."""
        self.piles_played += 1
        self.cards_solved += solved
        if not beaten:
            self.streak = 0
            return False
        self.piles_beaten += 1
        self.streak += 1
        self.best_streak = max(self.best_streak, self.streak)
        best = self.best_times.get(size)
        if best is None or elapsed < best:
            self.best_times[size] = round(elapsed, 2)
            return True
        return False

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["best_times"] = {str(k): v for k, v in sorted(self.best_times.items())}
        return data

    @classmethod
    def from_json(cls, data: object) -> PracticeStats:
        """Rebuild from JSON, every field checked; ``ValueError`` in words on a malformed record.

        The file is outside input: a count must be a whole number (not ``true``, not
        ``1e400``) from 0 to ``MAX_COUNT``; a best time's key a pile size from 1 to
        ``MAX_PILE`` and its value a finite number of seconds from 0 to ``MAX_SECONDS``.
        """
        if not isinstance(data, dict):
            raise ValueError("a player's record is not an object")
        unknown = set(data) - {*COUNTS, "best_times"}
        if unknown:
            raise ValueError("a player's record has fields stats do not have")
        counts: dict[str, int] = {}
        for name in COUNTS:
            value = data.get(name)
            if type(value) is not int or not 0 <= value <= MAX_COUNT:
                raise ValueError(f"{name} must be a whole number from 0 to {MAX_COUNT:,}")
            counts[name] = value
        times = data.get("best_times")
        if not isinstance(times, dict) or len(times) > MAX_PILE:
            raise ValueError("best_times must be an object of pile sizes")
        best: dict[int, float] = {}
        for key, seconds in times.items():
            if not (isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= 3
                    and 1 <= int(key) <= MAX_PILE):
                raise ValueError(f"a best time's pile size must be from 1 to {MAX_PILE}")
            if (isinstance(seconds, bool) or not isinstance(seconds, int | float)
                    or not math.isfinite(seconds) or not 0 <= seconds <= MAX_SECONDS):
                raise ValueError(f"a best time must be a number of seconds from 0 to {MAX_SECONDS}")
            best[int(key)] = float(seconds)
        return cls(**counts, best_times=best)


def _players(data: object) -> dict[str, PracticeStats]:
    """Every player's record in a stats file's ``players`` object (``ValueError`` if any is bad)."""
    if not isinstance(data, dict):
        raise ValueError("players must be an object")
    players: dict[str, PracticeStats] = {}
    for name, record in data.items():
        if not 1 <= len(name) <= MAX_NAME:
            raise ValueError(f"a player's name must be 1 to {MAX_NAME} characters")
        players[name] = PracticeStats.from_json(record)
    return players


class StatsStore:
    """All players' practice stats in one file; every problem becomes a ``warning``."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or data_dir() / FILENAME
        self.warning: str | None = None
        self._players: dict[str, PracticeStats] = {}
        loaded = load_json(self.path, VERSION, limit=LIMIT, then=" and new stats started")
        self.warning = loaded.warning
        if loaded.data is not None:
            try:
                self._players = _players(loaded.data.get("players"))
            except ValueError as exc:
                self.warning = refuse(self.path, f"had a damaged record ({exc})", then=" and new stats started").warning
                self._players = {}

    def get(self, player: str) -> PracticeStats:
        return self._players.setdefault(player, PracticeStats())

    def save(self) -> str | None:
        """Write the file; return a warning (and keep playing) if that fails."""
        data = {"version": VERSION, "players": {n: s.to_json() for n, s in self._players.items()}}
        warning = save_json(self.path, data)
        if warning:
            self.warning = warning
        return warning
