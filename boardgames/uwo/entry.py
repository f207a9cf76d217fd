"""UWO's place in the suite: command line, catalog validation, menu entry.

- ``boardgames uwo [--first-game] [--seed N]``: a hot-seat duel on this terminal;
- ``boardgames uwo selfplay --games N --seed S``: whole games between computer
  players, ending with one summary line
  ``games: N gnorfs: W pnorfs: L draws: D avg_turns: T``.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from boardgames.uwo.cards import load_catalog

if TYPE_CHECKING:
    from textual.screen import Screen


def validate_decks() -> None:
    load_catalog()


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1, got {value}")
    return value


def cmd_play(args: argparse.Namespace) -> int:
    from boardgames.app import BoardgamesApp  # noqa: PLC0415 - only when a screen opens
    from boardgames.uwo.screen import UwoScreen  # noqa: PLC0415

    app = BoardgamesApp(start=lambda: UwoScreen(first_game=args.first_game), seed=args.seed)
    app.run()
    return 0


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


def register(subparsers: argparse._SubParsersAction) -> None:
    from boardgames.uwo.players import PLAYERS  # noqa: PLC0415

    p = subparsers.add_parser(
        "uwo",
        help="UWO: a tactical duel of Gnorfs and Pnorfs for two players",
        description=(
            "UWO. Starts a hot-seat duel on this terminal: the Gnorfs (green) against "
            "the Pnorfs (purple). F1 in the game shows the rules."
        ),
    )
    p.add_argument(
        "--first-game", action="store_true", help="the rulebook's first-game variant: 8 UMOs each, corners empty"
    )
    p.add_argument("--seed", type=int, default=None, help="seed the shuffles (the same deal every time)")
    p.set_defaults(func=cmd_play)
    sub = p.add_subparsers(title="tools", metavar="TOOL")
    s = sub.add_parser(
        "selfplay",
        help="play whole games between computer players and report the results",
        description=(
            "Play N whole games between computer players (seeded: the same command gives the same "
            "games) and end with one line: games: N gnorfs: W pnorfs: L draws: D avg_turns: T"
        ),
    )
    s.add_argument("--games", type=_positive, default=100, help="how many games (default 100)")
    s.add_argument(
        "--seed", dest="sp_seed", metavar="S", type=int, default=0, help="seed of the whole series (default 0)"
    )
    for side in ("gnorfs", "pnorfs"):
        s.add_argument(
            f"--{side}", choices=sorted(PLAYERS), default="random",
            help=f"who plays the {side.title()} (default random)",
        )
    s.add_argument("--first-game", action="store_true", help="play the 8-UMO first-game variant")
    s.add_argument("--each", action="store_true", help="also print one line per game")
    s.set_defaults(func=cmd_selfplay)


def new_game_screen() -> Screen:
    from boardgames.uwo.screen import UwoScreen  # noqa: PLC0415

    return UwoScreen(ask_variant=True)
