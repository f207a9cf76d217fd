"""Who decides for a seat outside the screen: the ``Player`` protocol and self-play.

A player is handed only its own seat's view (``Game.view(side)``), which carries
the legal actions whenever that seat must act; it returns one of them.  It never
sees the engine, so it cannot read the other hand or a deck's order.  The random
player lives here; the computer opponent's levels plug into ``PLAYERS`` and so
into ``boardgames uwo selfplay`` and the screen without changing either.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Protocol

from boardgames.uwo.actions import Action
from boardgames.uwo.engine import Game
from boardgames.uwo.side import Side
from boardgames.uwo.view import Outcome, UwoView


class Player(Protocol):
    """Chooses the action of one seat from what that seat may see."""

    #: Shown in logs and reports ("random", "normal", ...).
    name: str

    def choose(self, view: UwoView) -> Action:
        """One of ``view.legal`` (never empty when the player is asked)."""
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


#: The players ``selfplay`` knows by name; the computer opponent adds its levels here.
PLAYERS: dict[str, PlayerFactory] = {
    "random": lambda side, rng: RandomPlayer(rng),
}


@dataclass(frozen=True, slots=True)
class GameResult:
    seed: int
    outcome: Outcome
    turns: int
    #: Which side moved first: always the Gnorfs (rulebook), recorded for the balance report.
    first: Side = Side.GNORFS


def _rng(seed: int, index: int, what: str) -> random.Random:
    # String seeds are hashed with SHA-512 by ``random``: stable across runs and platforms.
    return random.Random(f"uwo/{seed}/{index}/{what}")


def play_game(
    game: Game,
    players: dict[Side, Player],
    *,
    on_step: Callable[[Game, Action], None] | None = None,
) -> Outcome:
    """Play ``game`` to its end; each decision by the seat to act, from its own view."""
    while True:
        side = game.to_act
        if side is None:
            outcome = game.outcome()
            assert outcome is not None
            return outcome
        action = players[side].choose(game.view(side))
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
        game = Game.new(_rng(seed, i, "deal"), first_game=first_game)
        players = {
            Side.GNORFS: gnorfs(Side.GNORFS, _rng(seed, i, "gnorfs")),
            Side.PNORFS: pnorfs(Side.PNORFS, _rng(seed, i, "pnorfs")),
        }
        outcome = play_game(game, players)
        yield GameResult(i, outcome, game.turn)


@dataclass
class Summary:
    games: int = 0
    gnorfs: int = 0
    pnorfs: int = 0
    draws: int = 0
    turns: int = 0
    results: list[GameResult] = field(default_factory=list)

    def add(self, result: GameResult) -> None:
        self.games += 1
        self.turns += result.turns
        self.results.append(result)
        if result.outcome.winner is Side.GNORFS:
            self.gnorfs += 1
        elif result.outcome.winner is Side.PNORFS:
            self.pnorfs += 1
        else:
            self.draws += 1

    @property
    def avg_turns(self) -> float:
        return self.turns / self.games if self.games else 0.0

    def line(self) -> str:
        """``games: N gnorfs: W pnorfs: L draws: D avg_turns: T`` (the command's last line)."""
        return (
            f"games: {self.games} gnorfs: {self.gnorfs} pnorfs: {self.pnorfs} "
            f"draws: {self.draws} avg_turns: {self.avg_turns:.1f}"
        )


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
