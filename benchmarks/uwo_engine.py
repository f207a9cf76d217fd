"""UWO engine speed, against baselines measured in the same run.

Run: ``.venv/bin/python benchmarks/uwo_engine.py``.

A computer opponent copies the game and applies actions thousands of times per
decision, and the 1,000-game random-play test applies every action of 1,000 games,
so the per-call cost of the engine's hot path matters.  The baselines:

- ``copy.deepcopy(game)``: what a naive search would do instead of ``Game.copy()``;
- ``random.choice(legal)``: the cheapest possible decision, to put the engine's
  own costs in proportion.

Each row is the best-of-5 mean over positions sampled from seeded random games.
"""

from __future__ import annotations

import copy
import random
import time
from collections.abc import Callable

from boardgames.uwo.engine import Game
from boardgames.uwo.players import RandomPlayer, selfplay
from boardgames.uwo.side import Side


def positions(n: int) -> list[Game]:
    out: list[Game] = []
    seed = 0
    while len(out) < n:
        g = Game.new(random.Random(seed))
        player = RandomPlayer(random.Random(seed + 10_000))
        steps = 0
        while not g.is_over() and len(out) < n:
            g.apply(player.pick(g.legal_list()))
            steps += 1
            if steps % 7 == 0 and not g.is_over():
                out.append(g.copy())
        seed += 1
    return out


def per_call(fn: Callable[[Game], object], games: list[Game]) -> float:
    best = float("inf")
    for _ in range(5):
        t = time.perf_counter()
        for g in games:
            fn(g)
        best = min(best, (time.perf_counter() - t) / len(games))
    return best


def apply_one(g: Game) -> None:
    h = g.copy()
    h.apply(h.legal_list()[0])


def whole_game(seed: int) -> int:
    g = Game.new(random.Random(seed))
    player = RandomPlayer(random.Random(seed))
    n = 0
    while not g.is_over():
        g.apply(player.pick(g.legal_list()))
        n += 1
    return n


def main() -> None:
    games = positions(2000)
    rng = random.Random(1)
    legal = {id(g): g.legal_list() for g in games}
    choice_cost = per_call(lambda g: rng.choice(legal[id(g)]), games)
    rows = [
        ("random.choice(legal)  [baseline]", choice_cost),
        ("copy.deepcopy(game)   [baseline]", per_call(copy.deepcopy, games[:300])),
        ("game.copy()", per_call(Game.copy, games)),
        ("game.legal_list()", per_call(Game.legal_list, games)),
        ("copy + apply(first legal)", per_call(apply_one, games)),
        ("game.view(side to act)", per_call(lambda g: g.view(g.to_act or Side.GNORFS), games)),
    ]
    deep = rows[1][1]
    print(f"{'operation':<36}{'µs/call':>10}{'vs deepcopy':>13}{'vs choice':>11}")
    for name, secs in rows:
        print(f"{name:<36}{secs * 1e6:>10.1f}{deep / secs:>12.1f}x{secs / choice_cost:>10.1f}x")
    t = time.perf_counter()
    steps = sum(whole_game(s) for s in range(50))
    secs = time.perf_counter() - t
    print(
        f"\n50 whole random games: {steps} actions in {secs:.2f} s "
        f"({secs / steps * 1e6:.1f} µs per decision, legal actions + choice + apply)"
    )
    t = time.perf_counter()
    summary = selfplay(50, 0)
    played = time.perf_counter() - t
    print(
        f"selfplay, random against random: {summary.games / played:.1f} games/s; the engine alone "
        f"[baseline]: {50 / secs:.1f} games/s; ratio {secs / played:.2f} (target: as fast as the engine, "
        "about 1: self-play adds only the timing of each decision)"
    )


if __name__ == "__main__":
    main()
