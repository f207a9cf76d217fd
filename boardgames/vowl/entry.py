"""Vowl's place in the suite: command line, deck validation, menu entry."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from boardgames.common.dictionary import get_dictionary
from boardgames.common.skeleton import SkeletonError, SkeletonMatcher, normalise_skeleton
from boardgames.vowl.cards import load_decks

if TYPE_CHECKING:
    from textual.app import App
    from textual.screen import Screen

    from boardgames.common.saves import SaveRecord


def validate_decks() -> None:
    load_decks()


def matcher() -> SkeletonMatcher:
    return SkeletonMatcher(get_dictionary())


def cmd_check(args: argparse.Namespace) -> int:
    """``boardgames vowl check SKELETON WORD``: exit 0 accepted, 1 rejected, 2 bad skeleton."""
    try:
        skeleton = normalise_skeleton(args.skeleton)
    except SkeletonError as exc:
        print(f"malformed skeleton {args.skeleton!r}: {exc}", file=sys.stderr)
        return 2
    verdict = matcher().check(skeleton, args.word)
    print(verdict.message)
    return 0 if verdict.accepted else 1


def cmd_solve(args: argparse.Namespace) -> int:
    """``boardgames vowl solve SKELETON``: every answer, sorted; exit 1 when there is none."""
    try:
        skeleton = normalise_skeleton(args.skeleton)
    except SkeletonError as exc:
        print(f"malformed skeleton {args.skeleton!r}: {exc}", file=sys.stderr)
        return 2
    words = matcher().solutions(skeleton)
    for word in words:
        print(word)
    if not words:
        print(f"no word fits {skeleton}", file=sys.stderr)
        return 1
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from boardgames.app import BoardgamesApp  # noqa: PLC0415 - only when a screen opens
    from boardgames.vowl import launch  # noqa: PLC0415

    if args.resume:
        record = launch.latest_save()  # no saved game ends here, before any screen

        def start() -> Screen:
            return launch.resume_screen(record, app)
    else:
        setup = launch.setup_from_args(args)  # a bad --players ends here, before any screen

        def start() -> Screen:
            return launch.setup_screen() if setup is None else launch.game_screen(setup, app)

    app = BoardgamesApp(start=start, seed=args.seed)
    app.run()
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "vowl",
        help="Vowl: solve vowel-less words against the sand timer",
        description=(
            "Vowl. With no options, opens the setup screen. --players skips setup; "
            "--practice starts solitaire practice."
        ),
    )
    p.add_argument(
        "--players",
        metavar="NAMES",
        help='comma-separated full names, 2 to 5 of them: --players "Ann Lee,Bob Roy"',
    )
    p.add_argument(
        "--board",
        choices=["standard", "advanced"],
        default="standard",
        help="standard board (victory at 10) or advanced (15); default standard",
    )
    p.add_argument(
        "--timers",
        metavar="SECONDS",
        help="each player's sand timer, 25 or 15, in the order of --players: --timers 25,15 "
        "(default 25 for everyone)",
    )
    p.add_argument("--seed", type=int, default=None, help="seed the shuffles and dice")
    p.add_argument("--practice", action="store_true", help="solitaire practice for one player")
    p.add_argument("--resume", action="store_true", help="resume the most recent unfinished Vowl game")
    p.set_defaults(func=cmd_play)
    sub = p.add_subparsers(title="tools for a real table", metavar="TOOL")
    c = sub.add_parser("check", help="is WORD an answer to SKELETON?", description=(
        "Print 'accepted' or 'rejected: <reason>'. Exit 0 accepted, 1 rejected, 2 malformed skeleton."))
    c.add_argument("skeleton", help="the consonants on the card, e.g. SVR")
    c.add_argument("word", help="the proposed answer, e.g. savor")
    c.set_defaults(func=cmd_check)
    s = sub.add_parser("solve", help="list every answer to SKELETON", description=(
        "Print every accepted answer, one per line, sorted. Exit 1 when there is none."))
    s.add_argument("skeleton", help="the consonants on the card, e.g. SVR")
    s.set_defaults(func=cmd_solve)


def resume_screen(record: SaveRecord, app: App) -> Screen:
    from boardgames.vowl.launch import resume_screen as resume  # noqa: PLC0415

    return resume(record, app)


def new_game_screen() -> Screen:
    from boardgames.vowl.launch import setup_screen  # noqa: PLC0415

    return setup_screen()
