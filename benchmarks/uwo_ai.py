"""UWO computer opponent: strength, decision time, and the catalog's balance with it.

Run: ``.venv/bin/python benchmarks/uwo_ai.py [--games N] [--seed S] [--jobs J] [--only PART]``

*Strength* plays seeded matches between two players (``boardgames.uwo.players.PLAYERS``:
random, greedy, easy, normal, hard).  Games go in pairs on the same deal with the
sides swapped, so each player plays the Gnorfs (who begin) in half of them and no
deal favours one player.  A player *beats* another in the share of all games it
wins (draws count as not won); the score, draws counting half, is printed beside it.
The issue's targets: normal beats random in at least 95% and greedy in at least 70%,
hard beats normal in at least 60%.

*Time* is the time of each decision (one ``choose`` call), whose 95th percentile
must be at most 200 ms for normal and 1 s for hard.  The baseline, measured in the
same run on the same positions' machine, is the one-ply greedy player: the ratio
column says how many greedy decisions one decision costs.

*Balance* plays the same level on both seats, N games with the Gnorfs beginning (as
the rulebook has it) and N with the Pnorfs beginning, and reports the first player's
and the Gnorfs' share of the decided games (the target: 45-55% each).  ``--decks``
points at another decks folder to try a retuned ``uwo/cards.txt``.

Every action is checked against the engine before it is applied: an illegal one
stops the run with the player's name and the action.  ``--jobs`` games run in
parallel processes (default 2: this machine's cores); decision times are per process.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing import Pool

from boardgames.uwo.engine import Game
from boardgames.uwo.players import PLAYERS, percentile
from boardgames.uwo.side import Side

#: (player A, player B): the matches of the strength table, targets first.
MATCHES: tuple[tuple[str, str], ...] = (
    ("normal", "random"),
    ("normal", "greedy"),
    ("hard", "normal"),
    ("greedy", "random"),
    ("easy", "greedy"),
    ("normal", "easy"),
)
TARGETS = {("normal", "random"): 0.95, ("normal", "greedy"): 0.70, ("hard", "normal"): 0.60}
#: Each level of the ladder beats the one below in this share of the decided games.
LADDER = (("easy", "beginner"), ("normal", "easy"), ("hard", "normal"))
LADDER_TARGET = 0.70
TIME_LIMITS_MS = {"normal": 200.0, "hard": 1000.0}


@dataclass
class GameRecord:
    #: 0: player A won, 1: player B won, None: a draw.
    winner: int | None
    #: Which side won (None: a draw) and which side moved first.
    side_won: Side | None
    first: Side
    turns: int
    times: tuple[list[float], list[float]]
    #: How the game ended, in the engine's words ("the 300-turn limit was reached", ...).
    reason: str = ""
    #: Per player, the thinking time of each of its own turns: every decision it made
    #: while that turn was its own, added up (a plan is made once and sent step by step,
    #: so a step's time says little; a turn's time is what a person waits for).
    turn_times: tuple[list[float], list[float]] = ([], [])


def play_one(job: tuple[str, str, int, int, Side | None]) -> GameRecord:
    """Game ``i`` of a match: deal ``i // 2``; player A has the Gnorfs in even games.
    ``first`` forces who begins (balance runs); ``None`` is the rulebook's Gnorfs."""
    a, b, seed, i, first = job
    deal = random.Random(f"uwo-ai/{seed}/{a}-{b}/{i // 2}")
    game = Game.new(deal, first=first or Side.GNORFS)
    a_side = Side.GNORFS if i % 2 == 0 else Side.PNORFS
    names = {a_side: a, a_side.other: b}
    index = {a_side: 0, a_side.other: 1}
    players = {s: PLAYERS[names[s]](s, random.Random(f"uwo-ai/{seed}/{a}-{b}/{i}/{s.name}")) for s in Side}
    times: tuple[list[float], list[float]] = ([], [])
    per_turn: dict[tuple[int, int], float] = {}
    while not game.is_over():
        side = game.to_act
        assert side is not None
        view = game.view(side)
        started = time.perf_counter()
        action = players[side].choose(view)
        took = time.perf_counter() - started
        times[index[side]].append(took)
        if game.current is side:
            key = (index[side], game.turn)
            per_turn[key] = per_turn.get(key, 0.0) + took
        if not game.is_legal(action):
            raise AssertionError(f"game {i}: {names[side]} sent an illegal action: {action}")
        game.apply(action)
    outcome = game.outcome()
    assert outcome is not None
    w = outcome.winner
    turn_times: tuple[list[float], list[float]] = ([], [])
    for (who, _), took in sorted(per_turn.items()):
        turn_times[who].append(took)
    return GameRecord(
        None if w is None else index[w], w, first or Side.GNORFS, game.turn, times, outcome.reason, turn_times
    )


@dataclass
class Match:
    a: str
    b: str
    records: list[GameRecord] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def games(self) -> int:
        return len(self.records)

    def wins(self, who: int | None) -> int:
        return sum(1 for r in self.records if r.winner == who)

    def times(self, who: int) -> list[float]:
        return [t for r in self.records for t in r.times[who]]

    def turn_times(self, who: int) -> list[float]:
        return [t for r in self.records for t in r.turn_times[who]]

    def draws_by(self, words: str) -> int:
        return sum(1 for r in self.records if r.winner is None and words in r.reason)


def run_match(a: str, b: str, games: int, seed: int, jobs: int, first: Side | None = None, offset: int = 0) -> Match:
    """Games ``offset`` .. ``offset + games - 1`` of the match: each game's deal and
    players come from its own index, so two runs with offsets 0 and N together are
    exactly the run of 2N games (one long match split over processes or machines)."""
    started = time.perf_counter()
    work = [(a, b, seed, i, first) for i in range(offset, offset + games)]
    if jobs > 1:
        with Pool(jobs) as pool:
            records = pool.map(play_one, work, chunksize=1)
    else:
        records = [play_one(w) for w in work]
    return Match(a, b, records, time.perf_counter() - started)


def interval(wins: int, n: int) -> str:
    """A 95% Wilson interval for a win share, as ``lo-hi`` per cent."""
    if not n:
        return "-"
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return f"{100 * (centre - half):.0f}-{100 * (centre + half):.0f}%"


def strength(games: int, seed: int, jobs: int, matches: Sequence[tuple[str, str]], offset: int = 0) -> list[Match]:
    part = f", games {offset}-{offset + games - 1} of the match" if offset else ""
    print(f"Strength: {games} games per match, pairs of games on one deal with the sides swapped (seed {seed}{part}).")
    print(
        f"{'A':<7}{'B':<8}{'games':>6}{'A won':>7}{'B won':>7}{'draws':>7}{'A wins':>8}{'95% CI':>10}"
        f"{'A score':>9}{'target':>8}{'turns':>7}{'A p95 ms':>10}{'B p95 ms':>10}{'min':>6}"
        f"{'A of decided':>13}{'cap':>5}{'rep':>5}{'A turn p95':>11}{'B turn p95':>11}"
    )
    out = []
    for a, b in matches:
        m = run_match(a, b, games, seed, jobs, offset=offset)
        out.append(m)
        wa, wb, d = m.wins(0), m.wins(1), m.wins(None)
        target = TARGETS.get((a, b))
        verdict = "" if target is None else (f"{target:.0%} ok" if wa / m.games >= target else f"{target:.0%} NO")
        print(
            f"{a:<7}{b:<8}{m.games:>6}{wa:>7}{wb:>7}{d:>7}{wa / m.games:>8.1%}{interval(wa, m.games):>10}"
            f"{(wa + d / 2) / m.games:>9.1%}{verdict:>8}{sum(r.turns for r in m.records) / m.games:>7.0f}"
            f"{1000 * percentile(m.times(0), 95):>10.1f}{1000 * percentile(m.times(1), 95):>10.1f}"
            f"{m.seconds / 60:>6.1f}"
            f"{wa / max(1, wa + wb):>13.1%}{m.draws_by('turn limit'):>5}{m.draws_by('same position'):>5}"
            f"{1000 * percentile(m.turn_times(0), 95):>11.1f}{1000 * percentile(m.turn_times(1), 95):>11.1f}",
            flush=True,
        )
    return out


def time_table(matches: Sequence[Match]) -> None:
    """Decision time per level over every match it played, against the greedy baseline."""
    per: dict[str, list[float]] = {}
    for m in matches:
        per.setdefault(m.a, []).extend(m.times(0))
        per.setdefault(m.b, []).extend(m.times(1))
    if "greedy" not in per:
        return
    base = percentile(per["greedy"], 95)
    print("\nDecision time (every decision of every match above; baseline: greedy, one ply):")
    print(
        f"{'level':<8}{'decisions':>10}{'mean ms':>9}{'p50 ms':>8}{'p95 ms':>8}{'max ms':>8}"
        f"{'p95 vs greedy':>15}{'limit':>8}"
    )
    for level in PLAYERS:
        ts = per.get(level)
        if not ts:
            continue
        limit = TIME_LIMITS_MS.get(level)
        p95 = 1000 * percentile(ts, 95)
        verdict = "" if limit is None else (f"{limit:.0f} ok" if p95 <= limit else f"{limit:.0f} NO")
        print(
            f"{level:<8}{len(ts):>10}{1000 * sum(ts) / len(ts):>9.1f}{1000 * percentile(ts, 50):>8.1f}"
            f"{p95:>8.1f}{1000 * max(ts):>8.1f}{p95 / (1000 * base) if base else 0:>14.1f}x{verdict:>8}"
        )


def balance(level: str, games: int, seed: int, jobs: int) -> None:
    print(f"\nBalance: {level} against {level}, {games} games with each side beginning (seed {seed}).")
    print(f"{'first':<14}{'games':>6}{'gnorfs':>8}{'pnorfs':>8}{'draws':>7}{'first wins':>12}{'turns':>7}")
    first_wins = decided = gnorf_wins = 0
    for first in Side:
        m = run_match(level, level, games, seed + first, jobs, first=first)
        g = sum(1 for r in m.records if r.side_won is Side.GNORFS)
        p = sum(1 for r in m.records if r.side_won is Side.PNORFS)
        d = m.games - g - p
        fw = g if first is Side.GNORFS else p
        first_wins += fw
        gnorf_wins += g
        decided += g + p
        print(
            f"{first.title + ' first':<14}{m.games:>6}{g:>8}{p:>8}{d:>7}{fw / max(1, g + p):>12.1%}"
            f"{sum(r.turns for r in m.records) / m.games:>7.0f}",
            flush=True,
        )
    print(
        f"decided games: {decided}; first player won {first_wins / max(1, decided):.1%} "
        f"({interval(first_wins, decided)}), the Gnorfs {gnorf_wins / max(1, decided):.1%} "
        f"({interval(gnorf_wins, decided)}); target 45-55% each"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per match (even; default 200)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2, help="parallel processes (default 2)")
    ap.add_argument(
        "--offset",
        type=int,
        default=0,
        help="strength: begin at this game of each match (even; runs with offsets 0 and N "
        "together are the run of 2N games)",
    )
    ap.add_argument("--only", choices=("strength", "balance"), help="run one part only")
    ap.add_argument("--match", action="append", metavar="A:B", help="play these matches instead (repeatable)")
    ap.add_argument("--balance-level", default="normal", choices=tuple(PLAYERS))
    ap.add_argument("--decks", help="a decks folder to use instead of decks/ (balance tuning)")
    args = ap.parse_args(argv)
    if args.decks:
        os.environ["BOARDGAMES_DECKS"] = args.decks
    matches = [tuple(m.split(":")) for m in args.match] if args.match else list(MATCHES)
    if args.only != "balance":
        if args.offset % 2:
            ap.error("--offset must be even: games go in pairs on one deal")
        played = strength(args.games, args.seed, args.jobs, matches, args.offset)  # type: ignore[arg-type]
        time_table(played)
        checked = sum(len(t) for m in played for r in m.records for t in r.times)
        print(f"\n{checked} decisions checked against the engine before being applied: all legal.")
    if args.only != "strength":
        balance(args.balance_level, args.games, args.seed, args.jobs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
