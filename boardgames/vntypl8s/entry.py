"""VNTYPL8S's place in the suite: command line, deck validation, menu entries, resume."""

from __future__ import annotations

import argparse
import functools
import sys
from typing import TYPE_CHECKING

from boardgames.common.dictionary import get_dictionary
from boardgames.common.errors import UserFacingError
from boardgames.vntypl8s.cards import load_decks, normalise_requirement
from boardgames.vntypl8s.judge import PlateJudge, check_requirements

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.app import App
    from textual.screen import Screen

    from boardgames.common.saves import SaveRecord

MIN_PLAYERS = 3
MAX_PLAYERS = 8
MAX_NAME_LENGTH = 16


def validate_decks() -> None:
    load_decks()


@functools.cache
def plate_judge() -> PlateJudge:
    """The process-wide judge (it memoises each owner's title words)."""
    return PlateJudge(get_dictionary())


def parse_players(text: str) -> tuple[str, ...]:
    """``"Ann, Bob,Cy"`` -> the seats in clockwise order; ``ValueError`` with a plain reason."""
    names = tuple(n.strip() for n in text.split(","))
    if any(not n for n in names):
        raise ValueError("a player name is empty (names are separated by commas)")
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise ValueError(f"VNTYPL8S needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(names)}")
    long = [n for n in names if len(n) > MAX_NAME_LENGTH]
    if long:
        raise ValueError(f"the name {long[0]!r} is longer than {MAX_NAME_LENGTH} characters")
    folded = [n.casefold() for n in names]
    for n in names:
        if folded.count(n.casefold()) > 1:
            raise ValueError(f"two players are called {n!r}; give everyone a different name")
    return names


def _players_arg(text: str) -> tuple[str, ...]:
    try:
        return parse_players(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _timer_arg(text: str) -> int:
    try:
        seconds = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of seconds") from None
    if not 10 <= seconds <= 3600:
        raise argparse.ArgumentTypeError("the writing timer must be between 10 and 3600 seconds")
    return seconds


def cmd_check(args: argparse.Namespace) -> int:
    """``boardgames vntypl8s check PLATE --owner TITLE [--requirements XYZ]``.

    Prints ``legal`` or ``illegal:`` and every broken rule, then the requirements
    verdict when a card is given.  Exit 0 legal, 1 illegal, 2 bad usage.
    """
    owner = args.owner.strip()
    if not any(ch.isalpha() for ch in owner):
        print(f"bad owner {args.owner!r}: an owner title needs at least one word", file=sys.stderr)
        return 2
    card = None
    if args.requirements is not None:
        try:
            card = normalise_requirement(args.requirements)
        except ValueError as exc:
            print(f"bad requirements card {args.requirements!r}: {exc}", file=sys.stderr)
            return 2
    judgement = plate_judge().judge(args.plate, owner)
    for line in judgement.lines():
        print(line)
    if card is not None:
        print(check_requirements(args.plate, card).message)
    return 0 if judgement.legal else 1


def cmd_favourites(args: argparse.Namespace) -> int:
    """``boardgames vntypl8s favourites``: the plates players marked, newest first."""
    from boardgames.vntypl8s.favourites import load_favourites  # noqa: PLC0415

    loaded = load_favourites()
    if loaded.warning:
        print(loaded.warning, file=sys.stderr)
    if not loaded.favourites:
        print("no favourite plates yet: mark some at the end of a game")
        return 0
    for fav in loaded.favourites:
        print(fav.line())
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from boardgames.app import BoardgamesApp  # noqa: PLC0415 - only when a screen opens
    from boardgames.vntypl8s import launch  # noqa: PLC0415

    if args.resume:
        if args.players is not None or args.timer is not None:
            raise UserFacingError(
                "--resume takes no --players or --timer: the saved game keeps its own.", exit_code=2
            )
        record = launch.latest_save()  # no saved game ends here, before any screen

        def start() -> Screen:
            return launch.resume_screen(record, app)
    else:
        players, timer = args.players, args.timer

        def start() -> Screen:
            return launch.start_screen(players, timer, app)

    app = BoardgamesApp(start=start, seed=args.seed)
    app.run()
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "vntypl8s",
        help="VNTYPL8S: write vanity plates for secret owners, guess each other's",
        description=(
            "VNTYPL8S, for 3 to 8 players on one terminal. With no options, opens the setup "
            "screen; --players skips it."
        ),
    )
    p.add_argument(
        "--players",
        metavar="NAMES",
        type=_players_arg,
        default=None,
        help='comma-separated names in clockwise seat order, 3 to 8: --players "Ann,Bob,Cy"',
    )
    p.add_argument("--seed", type=int, default=None, help="seed the shuffles (same seed, same deal)")
    p.add_argument(
        "--resume",
        action="store_true",
        help="resume the most recent unfinished VNTYPL8S game (games are saved after every action)",
    )
    p.add_argument(
        "--timer",
        metavar="SECONDS",
        type=_timer_arg,
        default=None,
        help="give each writer SECONDS to write their plate (off by default)",
    )
    p.set_defaults(func=cmd_play)
    sub = p.add_subparsers(title="tools for a real table", metavar="TOOL")
    c = sub.add_parser(
        "check",
        help="is PLATE legal for an owner, and does it meet a requirements card?",
        description=(
            "Print 'legal' or 'illegal:' with every broken rule, then 'requirements: met' or "
            "'requirements: missing ...' when --requirements is given. "
            "Exit 0 legal, 1 illegal, 2 bad usage."
        ),
    )
    c.add_argument("plate", help="the vanity plate, e.g. N0FL4M3S")
    c.add_argument("--owner", required=True, metavar="TITLE", help='the owner card, e.g. "Fire Fighter"')
    c.add_argument("--requirements", metavar="XYZ", help="the requirements card, e.g. SH5")
    c.set_defaults(func=cmd_check)
    f = sub.add_parser("favourites", help="list the favourite plates saved at the end of games")
    f.set_defaults(func=cmd_favourites)


def new_game_screen() -> Screen:
    from boardgames.vntypl8s.screen import Vntypl8sSetupScreen  # noqa: PLC0415

    return Vntypl8sSetupScreen()


def resume_screen(record: SaveRecord, app: App) -> Screen:
    from boardgames.vntypl8s.launch import resume_screen as resume  # noqa: PLC0415

    return resume(record, app)


def favourites_screen() -> Screen:
    from boardgames.vntypl8s.screen import FavouritesScreen  # noqa: PLC0415

    return FavouritesScreen()


def menu_items() -> list[tuple[str, Callable[[], Screen]]]:
    """The rulebook's "Record your favourite license plates" page, on the main menu."""
    return [("favourite license plates", favourites_screen)]
