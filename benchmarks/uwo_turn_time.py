"""UWO computer: thinking time per planned turn, on positions from real games.

``benchmarks/uwo_ai.py`` times whole matches, which takes hours for the hard level;
this one answers "how long does a person wait for the computer's turn?" in minutes,
so a level's budget can be tuned against the issue-14 limit (hard: p95 <= 1 s per
planned turn on a 2-core machine).

Positions: the start of every ``--every``-th turn of ``--games`` seeded games between
two *normal* players (openings, middle games and endgames in the proportions real
games have them).  On each, the level under test plays its whole turn on a copy -
every decision of its own while the turn is its own, the defender's answers in a
duel given by a normal player and not timed - and the sum of its decision times is
that turn's time.  Reported: how many turns, mean, p50, p95, max, in ms.

    PYTHONPATH=$PWD .venv/bin/python benchmarks/uwo_turn_time.py --level hard --games 6
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from boardgames.uwo.engine import Game
from boardgames.uwo.players import PLAYERS, percentile
from boardgames.uwo.side import Side
from boardgames.uwo.view import Phase


def positions(games: int, every: int, seed: int) -> list[Game]:
    out: list[Game] = []
    for i in range(games):
        g = Game.new(random.Random(f"uwo-turn-time/{seed}/{i}"))
        players = {s: PLAYERS["normal"](s, random.Random(f"uwo-turn-time/{seed}/{i}/{s.name}")) for s in Side}
        last = 0
        while not g.is_over():
            if g.phase is Phase.TURN and g.turn != last:
                last = g.turn
                if g.turn % every == 0:
                    out.append(g.copy())
            side = g.to_act
            assert side is not None
            g.apply(players[side].choose(g.view(side)))
    return out


def turn_time(level: str, g: Game, seed: int) -> tuple[float, float]:
    g = g.copy()
    me = g.current
    turn = g.turn
    player = PLAYERS[level](me, random.Random(f"uwo-turn-time/{seed}/{turn}/{level}"))
    other = PLAYERS["normal"](me.other, random.Random(f"uwo-turn-time/{seed}/{turn}/other"))
    spent = cpu = 0.0
    while not g.is_over() and g.current is me and g.turn == turn:
        side = g.to_act
        assert side is not None
        if side is me:
            started, started_cpu = time.perf_counter(), time.process_time()
            action = player.choose(g.view(side))
            spent += time.perf_counter() - started
            cpu += time.process_time() - started_cpu
        else:
            action = other.choose(g.view(side))
        g.apply(action)
    return spent, cpu


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--level", default="hard", choices=tuple(PLAYERS))
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--every", type=int, default=5, help="time every N-th turn of those games")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    found = positions(args.games, args.every, args.seed)
    times = [turn_time(args.level, g, args.seed) for g in found]
    print(
        f"{args.level}: {len(times)} turns from {args.games} normal-vs-normal games "
        f"(every {args.every}th turn, seed {args.seed})"
    )
    for what, ms in (("wall", [1000 * t for t, _ in times]), ("cpu", [1000 * c for _, c in times])):
        # wall: what a person waits on this machine as loaded now; cpu: the work itself
        print(
            f"  {what:<5} mean {sum(ms) / max(1, len(ms)):.0f} ms, p50 {percentile(ms, 50):.0f}, "
            f"p95 {percentile(ms, 95):.0f}, max {max(ms, default=0):.0f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
