"""Solitaire-practice statistics, kept between sessions in the player's data folder.

A practising player wants to see progress: how many cards they have solved, their
best time for each pile size, and their streak of piles beaten in a row.  Stats are
per player name, stored as one versioned JSON file (``vowl-stats.json``); a file
that cannot be read is set aside by ``boardgames.common.storage`` and a fresh one
started, with a message for the screen - never a crash.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from boardgames.common.storage import data_dir, load_json, save_json, set_aside

VERSION = 1
FILENAME = "vowl-stats.json"


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
    def from_json(cls, data: dict[str, Any]) -> PracticeStats:
        """Rebuild from JSON; raises ValueError/TypeError on a malformed record."""
        return cls(
            cards_solved=int(data["cards_solved"]),
            piles_played=int(data["piles_played"]),
            piles_beaten=int(data["piles_beaten"]),
            streak=int(data["streak"]),
            best_streak=int(data["best_streak"]),
            best_times={int(k): float(v) for k, v in dict(data["best_times"]).items()},
        )


class StatsStore:
    """All players' practice stats in one file; every problem becomes a ``warning``."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or data_dir() / FILENAME
        self.warning: str | None = None
        self._players: dict[str, PracticeStats] = {}
        loaded = load_json(self.path, VERSION)
        self.warning = loaded.warning
        if loaded.data is not None:
            try:
                self._players = {
                    str(name): PracticeStats.from_json(rec)
                    for name, rec in dict(loaded.data["players"]).items()
                }
            except (KeyError, TypeError, ValueError, AttributeError) as exc:
                aside = set_aside(self.path)
                self.warning = (
                    f"{self.path.name} had a damaged record ({exc!r}); it was kept as "
                    f"{aside.name} and new stats started."
                )
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
