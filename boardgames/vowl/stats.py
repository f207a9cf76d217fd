"""Solitaire-practice statistics, kept between sessions in the player's data folder.

A practising player wants to see progress: how many cards they have solved, their
best time for each pile size, and their streak of piles beaten in a row.  Stats are
per player name, stored as one versioned JSON file (``vowl-stats.json``); a file
that cannot be read is set aside by ``boardgames.common.storage`` and a fresh one
started, with a message for the screen - never a crash.

To draw progress (``boardgames.vowl.stats_screen``) a record also keeps its last
``MAX_SESSIONS`` practice sessions - piles played and beaten, and how long each
solved card took - and its best times per *level*: the scoring board (standard or
advanced) and the sand timer (25 or 15 seconds), the rulebook's two ways to make
the game harder ("Increased Difficulty").  Both are optional in the file, so a
record written before they existed still reads (version 1 throughout).
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from boardgames.common.storage import MIB, data_dir, load_json, refuse, save_json

if TYPE_CHECKING:
    from boardgames.common.saves import _Syncer

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
#: How many practice sessions a record keeps (the oldest go first).
MAX_SESSIONS = 60
#: How many solve times one session keeps.
MAX_TIMES = 400
#: The boards a level names (the scoring board's two sides).
BOARDS = ("standard", "advanced")
#: The sand timers a level names, in seconds.
TIMERS = (25, 15)


def seconds(value: float) -> str:
    """A time as every practice screen writes it ("8.6 s"): the toast of a new best, the
    panel and the table of bests, from the one value the record keeps (``kept_time``).

    Rounded half up from the hundredths kept, in decimal: the toast formatted the raw
    8.549 s as "8.5 s" while the table showed the kept 8.55 as "8.6 s".
    """
    from decimal import ROUND_HALF_UP, Decimal  # noqa: PLC0415 - practice screens only

    return f"{Decimal(repr(kept_time(value))).quantize(Decimal('0.1'), rounding=ROUND_HALF_UP)} s"


def kept_time(value: float) -> float:
    """How a time is kept in the file: to the hundredth of a second."""
    return round(value, 2)


def level_key(board: str, timer: int) -> str:
    """How a level is written in the file: ``"standard 25"``."""
    return f"{board} {timer}"


def _check_seconds(value: object, what: str) -> float:
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or not 0 <= value <= MAX_SECONDS
    ):
        raise ValueError(f"{what} must be a number of seconds from 0 to {MAX_SECONDS}")
    return float(value)


def _check_count(value: object, what: str) -> int:
    if type(value) is not int or not 0 <= value <= MAX_COUNT:
        raise ValueError(f"{what} must be a whole number from 0 to {MAX_COUNT:,}")
    return value


def _best_times(times: object) -> dict[int, float]:
    """A ``{pile size: seconds}`` object, checked."""
    if not isinstance(times, dict) or len(times) > MAX_PILE:
        raise ValueError("best times must be an object of pile sizes")
    best: dict[int, float] = {}
    for key, seconds in times.items():
        if not (
            isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= 3 and 1 <= int(key) <= MAX_PILE
        ):
            raise ValueError(f"a best time's pile size must be from 1 to {MAX_PILE}")
        best[int(key)] = _check_seconds(seconds, "a best time")
    return best


@dataclass
class Session:
    """One practice session: from opening practice to leaving it."""

    started: float  # seconds since the epoch (the player's clock, for the chart's order only)
    piles: int = 0
    beaten: int = 0
    cards: int = 0
    #: how long each solved card took, in seconds, in the order they were solved
    times: list[float] = field(default_factory=list)

    @property
    def success_rate(self) -> float | None:
        """Piles beaten / piles played, or ``None`` before the first pile."""
        return self.beaten / self.piles if self.piles else None

    def to_json(self) -> dict[str, Any]:
        return {
            "started": self.started,
            "piles": self.piles,
            "beaten": self.beaten,
            "cards": self.cards,
            "times": list(self.times),
        }

    @classmethod
    def from_json(cls, data: object) -> Session:
        if not isinstance(data, dict) or set(data) != {"started", "piles", "beaten", "cards", "times"}:
            raise ValueError("a session must hold started, piles, beaten, cards and times")
        started = data["started"]
        if isinstance(started, bool) or not isinstance(started, int | float) or not 0 <= started <= 253402300799:
            raise ValueError("a session's start must be a time in seconds since 1970")
        piles, beaten, cards = (_check_count(data[k], f"a session's {k}") for k in ("piles", "beaten", "cards"))
        if beaten > piles:
            raise ValueError("a session cannot beat more piles than it played")
        times = data["times"]
        if not isinstance(times, list) or len(times) > MAX_TIMES:
            raise ValueError(f"a session's times must be a list of at most {MAX_TIMES}")
        return cls(float(started), piles, beaten, cards, [_check_seconds(t, "a solve time") for t in times])


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
    #: level ("standard 25") -> pile size -> fastest time at that level
    best_by_level: dict[str, dict[int, float]] = field(default_factory=dict)
    #: the last ``MAX_SESSIONS`` practice sessions, oldest first
    sessions: list[Session] = field(default_factory=list)

    def start_session(self, started: float) -> Session:
        """A new practice session (the oldest is dropped past ``MAX_SESSIONS``)."""
        session = Session(started)
        self.sessions.append(session)
        del self.sessions[:-MAX_SESSIONS]
        return session

    def record_pile(
        self,
        size: int,
        solved: int,
        beaten: bool,
        elapsed: float,
        *,
        level: str | None = None,
        card_times: tuple[float, ...] = (),
        session: Session | None = None,
    ) -> bool:
        """Add one finished pile; return True when it set a new best time for its size
        (at its *level*, when one is given: a 15-second timer's best is its own).

        *card_times* are the seconds each solved card took; they go to *session* (the
        current practice session) for the charts.
        """
        self.piles_played += 1
        self.cards_solved += solved
        if session is not None:
            session.piles += 1
            session.cards += solved
            session.times.extend(kept_time(t) for t in card_times[: max(0, MAX_TIMES - len(session.times))])
        if not beaten:
            self.streak = 0
            return False
        self.piles_beaten += 1
        if session is not None:
            session.beaten += 1
        self.streak += 1
        self.best_streak = max(self.best_streak, self.streak)
        table = self.best_times if level is None else self.best_by_level.setdefault(level, {})
        new = _improve(table, size, elapsed)
        if level is not None:
            _improve(self.best_times, size, elapsed)  # the best over every level, as before
        return new

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["best_times"] = {str(k): v for k, v in sorted(self.best_times.items())}
        data["best_by_level"] = {
            level: {str(k): v for k, v in sorted(times.items())} for level, times in sorted(self.best_by_level.items())
        }
        data["sessions"] = [s.to_json() for s in self.sessions]
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
        unknown = set(data) - {*COUNTS, "best_times", "best_by_level", "sessions"}
        if unknown:
            raise ValueError("a player's record has fields stats do not have")
        counts = {name: _check_count(data.get(name), name) for name in COUNTS}
        best = _best_times(data.get("best_times"))
        levels = data.get("best_by_level", {})  # optional: records from before levels
        allowed = {level_key(b, t) for b in BOARDS for t in TIMERS}
        if not isinstance(levels, dict) or not set(levels) <= allowed:
            raise ValueError(f"best_by_level must be an object of levels ({', '.join(sorted(allowed))})")
        by_level = {level: _best_times(times) for level, times in levels.items()}
        sessions = data.get("sessions", [])
        if not isinstance(sessions, list) or len(sessions) > MAX_SESSIONS:
            raise ValueError(f"sessions must be a list of at most {MAX_SESSIONS}")
        return cls(**counts, best_times=best, best_by_level=by_level, sessions=[Session.from_json(s) for s in sessions])


def _improve(table: dict[int, float], size: int, elapsed: float) -> bool:
    best = table.get(size)
    kept = kept_time(elapsed)
    if best is None or kept < best:
        table[size] = kept
        return True
    return False


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
        self._syncer: _Syncer | None = None
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

    @property
    def players(self) -> dict[str, PracticeStats]:
        """Every player with a record, by name (for the stats screen)."""
        return dict(self._players)

    def save(self) -> str | None:
        """Write the file; return a warning (and keep playing) if that fails.

        Written at once, synced in the background (as the autosave is): it is written
        as a pile ends, and an ``fsync`` here held the turn's review for the disk."""
        from boardgames.common.saves import background_syncer  # noqa: PLC0415 - at the first pile's end

        data = {"version": VERSION, "players": {n: s.to_json() for n, s in self._players.items()}}
        warning = save_json(self.path, data, sync=False)
        if warning:
            self.warning = warning
            return warning
        if self._syncer is None:
            self._syncer = background_syncer()
        self._syncer.sync(self.path)
        return None

    def flush(self) -> None:
        """Wait until the last save is on disk (its ``fsync`` done)."""
        if self._syncer is not None:
            self._syncer.wait()
