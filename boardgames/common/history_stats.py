"""What the finished games add up to: UWO's results per computer level, VNTYPL8S's plates.

Computed from the history (``common.history``: each game replayed from its file,
nothing new written), so the numbers can never disagree with the games they count.
Only what a game's public end shows is read: the setup (UWO's computer, its level and
side), the outcome, and the final public view (VNTYPL8S's plates, every one revealed
by the end of its round).  The games' own classes are not imported here (``common``
imports no game): the fields are read by name, as the games' setups and views declare them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from boardgames.common.history import Finished


class LevelTally(NamedTuple):
    """One computer level: how the person at the keyboard fared against it."""

    level: str
    won: int
    lost: int
    drawn: int

    @property
    def played(self) -> int:
        return self.won + self.lost + self.drawn


def uwo_by_level(games: Iterable[Finished], levels: Iterable[str] = ()) -> tuple[LevelTally, ...]:
    """Wins, losses and draws of the person against each computer level (hot-seat duels
    left out), in the order of *levels* (the levels the game offers), then any other."""
    counts: dict[str, list[int]] = {level: [0, 0, 0] for level in levels}
    for game in games:
        computer = getattr(game.setup, "computer", None)
        if game.record.game != "uwo" or computer is None or game.outcome is None:
            continue
        winner = getattr(game.outcome, "winner", None)
        tally = counts.setdefault(str(computer.level), [0, 0, 0])
        if winner is None:
            tally[2] += 1
        elif winner == computer.side:
            tally[1] += 1
        else:
            tally[0] += 1
    return tuple(LevelTally(level, *c) for level, c in counts.items())


class PlateEntry(NamedTuple):
    """One plate written in a finished VNTYPL8S game."""

    plate: str
    owner: str
    writer: str
    guessed_by: str | None
    """Who guessed its owner; ``None``: nobody did."""
    when: str


def plate_gallery(games: Iterable[Finished]) -> tuple[PlateEntry, ...]:
    """Every plate of every finished VNTYPL8S game, the newest game first, in the order played."""
    out: list[PlateEntry] = []
    for game in games:
        if game.record.game != "vntypl8s":
            continue
        names = [p.name for p in getattr(game.final, "players", ())]
        for r in getattr(game.final, "history", ()):
            guessed = names[r.guessed_by] if r.guessed_by is not None else None
            out.append(PlateEntry(r.plate, r.owner, names[r.writer], guessed, game.when))
    return tuple(out)
