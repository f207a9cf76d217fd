"""UWO balance by self-play: side, first-player and game-length figures for the catalog.

Run: ``.venv/bin/python benchmarks/uwo_balance.py [--games N] [--seed S] [--decks DIR]``.

Two random legal players (``boardgames.uwo.players.RandomPlayer``) play N seeded
games with the rulebook's order (Gnorfs first) and N with the Pnorfs first.  The
catalog is the same for both armies, so a side's edge can only come from moving
first: the two halves show whether it does.  The baseline is the coin: a side's share
of the decisive games should be near 50%; the table prints each share and its
distance from 50% in standard errors.  ``--decks`` points at another decks folder
(a copy of ``decks/`` with a changed ``uwo/cards.txt``) to try a tuning.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from collections import Counter

from boardgames.uwo.actions import Action, Attack, Blast, EndTurn, Evade, Morph, StopDuel, Swap, TakeHit
from boardgames.uwo.engine import Game
from boardgames.uwo.events import Attacked, Blasted, Destroyed, Evaded, Morphed, Rode
from boardgames.uwo.players import RandomPlayer
from boardgames.uwo.side import Side


class EagerPlayer(RandomPlayer):
    """Random, but never passes up a fight: attacks or counter-attacks whenever it can,
    always defends (a defensive morph if it has one, else an evasion), and ends or
    swaps a turn only when nothing else is left.  Closer to how people play than the
    pure random player, and much quicker to finish a game."""

    def pick(self, legal: tuple[Action, ...] | list[Action]) -> Action:
        for wanted in ((Attack, Blast), (Morph,), (Evade,)):
            if wanted == (Morph,) and not any(isinstance(a, TakeHit) for a in legal):
                continue  # morphing first is a defence only; in a turn it stays random
            hits = [a for a in legal if isinstance(a, wanted)]
            if hits:
                return self.rng.choice(hits)
        rest = [a for a in legal if not isinstance(a, (EndTurn, Swap, StopDuel, TakeHit))]
        return super().pick(rest or legal)


PLAYER_KINDS = {"random": RandomPlayer, "eager": EagerPlayer}


def run(
    games: int, seed: int, first: Side, first_game: bool, kind: str = "random"
) -> tuple[Counter, list[int], Counter]:
    results: Counter = Counter()
    lengths: list[int] = []
    events: Counter = Counter()
    for i in range(games):
        g = Game.new(random.Random(f"balance/{seed}/{i}"), first=first, first_game=first_game)
        player = PLAYER_KINDS[kind](random.Random(f"balance/{seed}/{i}/players"))
        while not g.is_over():
            for e in g.apply(player.pick(g.legal_actions())):
                if isinstance(e, (Attacked, Evaded, Destroyed, Blasted, Rode)):
                    events[type(e).__name__] += 1
                elif isinstance(e, Morphed) and e.defensive:
                    events["defensive morph"] += 1
        outcome = g.outcome()
        assert outcome is not None
        results[outcome.winner] += 1
        lengths.append(g.turn)
    return results, lengths, events


def share(wins: int, losses: int) -> tuple[float, float]:
    """Share of the decisive games and its distance from 50% in standard errors."""
    n = wins + losses
    if not n:
        return 0.0, 0.0
    p = wins / n
    return p, (p - 0.5) / math.sqrt(0.25 / n)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--decks", help="a decks folder to use instead of decks/")
    ap.add_argument("--first-game", action="store_true", help="the 8-UMO variant")
    ap.add_argument("--players", choices=sorted(PLAYER_KINDS), default="random")
    args = ap.parse_args(argv)
    if args.decks:
        os.environ["BOARDGAMES_DECKS"] = args.decks
    print(
        f"{'order':<14}{'games':>7}{'gnorfs':>8}{'pnorfs':>8}{'draws':>7}{'first wins':>12}"
        f"{'(σ)':>7}{'avg turns':>11}{'p90':>6}{'s':>7}"
    )
    total_first = total_second = 0
    all_events: Counter = Counter()
    for first in Side:
        t = time.perf_counter()
        res, lengths, events = run(args.games, args.seed + first, first, args.first_game, args.players)
        all_events += events
        fw, sw = res[first], res[first.other]
        total_first += fw
        total_second += sw
        p, z = share(fw, sw)
        lengths.sort()
        print(
            f"{first.title + ' first':<14}{args.games:>7}{res[Side.GNORFS]:>8}{res[Side.PNORFS]:>8}"
            f"{res[None]:>7}{p:>11.1%}{z:>+7.1f}{sum(lengths) / len(lengths):>11.1f}"
            f"{lengths[int(0.9 * len(lengths))]:>6}{time.perf_counter() - t:>7.1f}"
        )
    p, z = share(total_first, total_second)
    print(f"{'both':<14}{2 * args.games:>7}{'':>8}{'':>8}{'':>7}{p:>11.1%}{z:>+7.1f}")
    n = 2 * args.games
    print("per game: " + ", ".join(f"{k} {v / n:.1f}" for k, v in sorted(all_events.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
