"""UWO's tool: ``boardgames uwo selfplay --games N --seed S --gnorfs LEVEL --pnorfs LEVEL``,
whole games between computer players (random, greedy, easy, normal, hard), ending with
one summary line ``games: N gnorfs: W pnorfs: L draws: D avg_turns: T p95_ms: M``.

Building its parser imports neither the engine nor the computer opponent (the level
names come from ``levels``).
"""

from __future__ import annotations

import argparse

from boardgames.subcommands import SEED_HELP, SEEDS, whole_number
from boardgames.uwo.levels import PLAYER_NAMES

#: The most games one ``selfplay`` plays (a few hours at ``hard``; a typo beyond is refused).
MAX_SELFPLAY_GAMES = 10_000


def _player_name(text: str) -> str:
    """A player ``selfplay`` knows by name (``players.PLAYERS``, where a test may plug one in).

    Checked when the command line is parsed, not when the parser is built: the players
    import the computer opponent, which ``boardgames --help`` should not pay for.
    """
    from boardgames.uwo.players import PLAYERS  # noqa: PLC0415

    if text not in PLAYERS:
        raise argparse.ArgumentTypeError(f"invalid choice: {text!r} (choose from {', '.join(map(repr, PLAYERS))})")
    return text


def cmd_selfplay(args: argparse.Namespace) -> int:
    from boardgames.uwo.players import PLAYERS, Summary, selfplay_games  # noqa: PLC0415

    summary = Summary()
    for result in selfplay_games(
        args.games, args.sp_seed, PLAYERS[args.gnorfs], PLAYERS[args.pnorfs], first_game=args.first_game
    ):
        summary.add(result)
        if args.each:
            o = result.outcome
            who = "draw" if o.winner is None else f"{o.winner.title} win"
            print(f"game {result.seed}: {who} after {result.turns} turns ({o.reason})")
    print(summary.line())
    return 0


def add(p: argparse.ArgumentParser) -> None:
    """The game's tools, as subcommands of its command."""
    sub = p.add_subparsers(title="tools", metavar="TOOL")
    s = sub.add_parser(
        "selfplay",
        help="play whole games between computer players and report the results",
        description=(
            "Play N whole games between computer players (seeded: the same command gives the same "
            "games) and end with one line: games: N gnorfs: W pnorfs: L draws: D avg_turns: T p95_ms: M, "
            "M being the 95th percentile of the time one decision took, in milliseconds. Levels: "
            "random (random legal actions), greedy (the best action right now, on material), "
            "easy, normal, hard (the computer opponent)."
        ),
    )
    s.add_argument(
        "--games",
        type=whole_number(1, MAX_SELFPLAY_GAMES),
        default=100,
        help=f"how many games, 1 to {MAX_SELFPLAY_GAMES} (default 100)",
    )
    s.add_argument(
        "--seed",
        dest="sp_seed",
        metavar="S",
        type=SEEDS,
        default=0,
        help=f"seed of the whole series ({SEED_HELP}; default 0)",
    )
    for side in ("gnorfs", "pnorfs"):
        s.add_argument(
            f"--{side}",
            type=_player_name,
            default="random",
            metavar="LEVEL",
            help=f"who plays the {side.title()}: {', '.join(PLAYER_NAMES)} (default random)",
        )
    s.add_argument("--first-game", action="store_true", help="play the 8-UMO first-game variant")
    s.add_argument("--each", action="store_true", help="also print one line per game")
    s.set_defaults(func=cmd_selfplay)
