"""Who decides for a seat outside the screen: the ``Player`` protocol and self-play.

A player is handed only its own seat's view (``Game.view(side)``), which carries
the legal actions whenever that seat must act; it returns one of them.  It never
sees the engine, so it cannot read the other hand or a deck's order.  The random
player lives here; the computer opponent's levels (``boardgames.uwo.ai``) are in
``PLAYERS`` beside it, and so in ``boardgames uwo selfplay`` and on the screen.

Self-play times every decision (``time.perf_counter`` around ``choose``): the
summary line ends with the 95th percentile, ``p95_ms``.  Only the timing reads a
clock; what is decided never depends on it.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from boardgames.uwo.actions import Action
from boardgames.uwo.engine import Game
from boardgames.uwo.levels import PLAYER_NAMES
from boardgames.uwo.side import Side
from boardgames.uwo.view import Outcome, UwoView


class Player(Protocol):
    """Chooses the action of one seat from what that seat may see."""

    #: Shown in logs and reports ("random", "normal", ...).
    name: str

    def choose(self, view: UwoView) -> Action:
        """One of ``view.legal`` (never empty when the player is asked)."""
        ...


@runtime_checkable
class Restorable(Player, Protocol):
    """A player whose decisions depend only on the view and a state it can hand over:
    the search process (``boardgames.uwo.thinker``) rebuilds it by its level, restores the
    state, decides and sends the new state back (the computer's levels are such players)."""

    def snapshot(self) -> tuple[object, ...]:
        """Everything besides the view that its next decisions depend on (picklable)."""
        ...

    def restore(self, state: tuple[object, ...]) -> None:
        """Take over another player's ``snapshot()``: the same decisions follow."""
        ...


#: Builds the player of one seat for one game, from its own seeded ``random.Random``.
PlayerFactory = Callable[[Side, random.Random], Player]


def _type_name(t: type) -> str:
    return t.__name__


class RandomPlayer:
    """A random legal player: first a kind of action at random, then one of that kind.

    Picking the kind first (morph, move, attack, end turn, ...) rather than one action
    out of the whole list keeps the numerous morphs and moves from drowning out the
    few attacks, so random games come to an end instead of wandering until the turn
    limit; every legal action still has a chance.
    """

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: UwoView) -> Action:
        return self.pick(view.legal)

    def pick(self, legal: tuple[Action, ...] | list[Action]) -> Action:
        if not legal:
            raise ValueError("asked to choose with no legal action")
        kinds = sorted({type(a) for a in legal}, key=_type_name)
        kind = self.rng.choice(kinds)
        return self.rng.choice([a for a in legal if type(a) is kind])


def _level(name: str) -> PlayerFactory:
    def make(side: Side, rng: random.Random) -> Player:
        # The search is imported when a computer player is first made, not with this
        # module: a duel between people, and its first frame, never load it.
        from boardgames.uwo.ai import make_player  # noqa: PLC0415

        return make_player(name, side, rng)

    return make


#: The players ``selfplay`` knows by name, weakest first: the random legal player, the
#: one-ply greedy baseline, and the computer opponent's levels (``boardgames.uwo.ai``);
#: their names, in this order, are ``boardgames.uwo.levels.PLAYER_NAMES`` (also the parser's).
PLAYERS: dict[str, PlayerFactory] = {
    "random": lambda side, rng: RandomPlayer(rng),
    **{name: _level(name) for name in PLAYER_NAMES if name != "random"},
}


@dataclass(frozen=True, slots=True)
class ComputerOpponent:
    """A duel against the computer: it plays ``side`` at ``level``; the person the other side."""

    level: str
    side: Side

    def __post_init__(self) -> None:
        if self.level not in PLAYERS:
            raise ValueError(f"unknown level {self.level!r}: one of {', '.join(PLAYERS)}")

    @property
    def human(self) -> Side:
        return self.side.other

    def player(self, rng: random.Random) -> Player:
        """The computer's player for one game, deciding with ``rng``."""
        return PLAYERS[self.level](self.side, rng)

    def describe(self) -> str:
        """``"the computer (normal)"``, for the status line and the log."""
        return f"the computer ({self.level})"


@dataclass(frozen=True, slots=True)
class GameResult:
    seed: int
    outcome: Outcome
    turns: int
    #: Which side moved first: always the Gnorfs (rulebook), recorded for the balance report.
    first: Side = Side.GNORFS
    #: Seconds each decision took, per side (``choose`` only, not the engine's work).
    times: tuple[tuple[float, ...], tuple[float, ...]] = ((), ())


def game_rng(seed: int, index: int, what: str) -> random.Random:
    """The generator of game ``index`` of a self-play run from ``seed``: ``what`` is
    ``"deal"``, ``"gnorfs"`` or ``"pnorfs"`` (each seat decides from its own).  Public so
    that a benchmark's baseline can play the very same games without the harness.

    String seeds are hashed with SHA-512 by ``random``: stable across runs and platforms."""
    return random.Random(f"uwo/{seed}/{index}/{what}")


def play_game(
    game: Game,
    players: dict[Side, Player],
    *,
    on_step: Callable[[Game, Action], None] | None = None,
    times: tuple[list[float], list[float]] | None = None,
) -> Outcome:
    """Play ``game`` to its end; each decision by the seat to act, from its own view.

    ``times``: per side, a list that receives the seconds each decision took.
    """
    while True:
        side = game.to_act
        if side is None:
            outcome = game.outcome()
            assert outcome is not None
            return outcome
        player = players[side]
        # The random player reads nothing of its view but the legal actions, so it is
        # handed those alone: building a whole view per decision was three quarters of
        # random self-play's time.  The same list, so the same games.
        if isinstance(player, RandomPlayer):
            started = time.perf_counter()
            action = player.pick(game.legal_list())
        else:
            view = game.view(side)
            started = time.perf_counter()
            action = player.choose(view)
        if times is not None:
            times[side].append(time.perf_counter() - started)
        game.apply(action)
        if on_step is not None:
            on_step(game, action)


def selfplay_games(
    games: int,
    seed: int,
    gnorfs: PlayerFactory,
    pnorfs: PlayerFactory,
    *,
    first_game: bool = False,
) -> Iterator[GameResult]:
    """Play ``games`` whole games; game ``i`` is dealt and decided from seeds derived from (seed, i)."""
    for i in range(games):
        game = Game.new(game_rng(seed, i, "deal"), first_game=first_game)
        players = {
            Side.GNORFS: gnorfs(Side.GNORFS, game_rng(seed, i, "gnorfs")),
            Side.PNORFS: pnorfs(Side.PNORFS, game_rng(seed, i, "pnorfs")),
        }
        times: tuple[list[float], list[float]] = ([], [])
        outcome = play_game(game, players, times=times)
        yield GameResult(i, outcome, game.turn, times=(tuple(times[0]), tuple(times[1])))


@dataclass
class Summary:
    games: int = 0
    gnorfs: int = 0
    pnorfs: int = 0
    draws: int = 0
    turns: int = 0
    results: list[GameResult] = field(default_factory=list)
    #: Every decision's time in seconds, both seats.
    times: list[float] = field(default_factory=list)

    def add(self, result: GameResult) -> None:
        self.games += 1
        self.turns += result.turns
        self.results.append(result)
        self.times.extend(result.times[0])
        self.times.extend(result.times[1])
        if result.outcome.winner is Side.GNORFS:
            self.gnorfs += 1
        elif result.outcome.winner is Side.PNORFS:
            self.pnorfs += 1
        else:
            self.draws += 1

    @property
    def avg_turns(self) -> float:
        return self.turns / self.games if self.games else 0.0

    @property
    def p95_ms(self) -> float:
        """The 95th percentile of the decision times, in milliseconds."""
        return 1000.0 * percentile(self.times, 95)

    def line(self) -> str:
        """``games: N gnorfs: W pnorfs: L draws: D avg_turns: T p95_ms: M`` (the command's last line)."""
        return (
            f"games: {self.games} gnorfs: {self.gnorfs} pnorfs: {self.pnorfs} "
            f"draws: {self.draws} avg_turns: {self.avg_turns:.1f} p95_ms: {self.p95_ms:.1f}"
        )


def percentile(values: list[float] | tuple[float, ...], pct: float) -> float:
    """The nearest-rank percentile (0.0 for no values): the smallest value that at least
    ``pct`` per cent of the values do not exceed."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(pct / 100.0 * len(ordered)))
    return ordered[rank - 1]


def selfplay(
    games: int,
    seed: int,
    gnorfs: PlayerFactory | None = None,
    pnorfs: PlayerFactory | None = None,
    *,
    first_game: bool = False,
) -> Summary:
    summary = Summary()
    for result in selfplay_games(
        games, seed, gnorfs or PLAYERS["random"], pnorfs or PLAYERS["random"], first_game=first_game
    ):
        summary.add(result)
    return summary
