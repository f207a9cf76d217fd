"""``boardgames``: the command line.  With no arguments it opens the main menu.

Every command first loads the dictionary and validates every deck, so a missing
system package or a corrupt card file is reported once, clearly, before any screen
opens: a paragraph on stderr and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from boardgames import __version__
from boardgames.common.dictionary import get_dictionary
from boardgames.common.errors import UserFacingError
from boardgames.games import GAMES, GameEntry

if TYPE_CHECKING:
    from textual.screen import Screen

    from boardgames.common.ui.host import Host


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="boardgames",
        description="Hot-seat terminal tabletop games. With no command, opens the main menu.",
    )
    parser.add_argument("--version", action="version", version=f"boardgames {__version__}")
    parser.set_defaults(func=_run_menu)
    sub = parser.add_subparsers(title="games", metavar="GAME")
    for game in GAMES:
        game.entry.register(sub)
    return parser


def _run_menu(args: argparse.Namespace) -> int:
    from boardgames.app import BoardgamesApp  # noqa: PLC0415 - keep `--help` fast

    BoardgamesApp().run()
    return 0


def play_game(entry: GameEntry, args: argparse.Namespace, start: Callable[[Host], Screen]) -> int:
    """``boardgames <game> [--resume] ...``: the app, opened on *start*'s screen.

    With ``--resume`` it is the game's latest unfinished save instead, replayed here,
    before the app starts: no save, or one that cannot be replayed, ends the command
    with one clear message (exit 1) rather than a screen that opens and fails.
    Written once for every game, as the menu's own resume line is (``app.resume_game``).
    """
    from boardgames.app import BoardgamesApp  # noqa: PLC0415 - only when a screen opens
    from boardgames.common.session import GameSession  # noqa: PLC0415

    opener = start
    if getattr(args, "resume", False):
        session = GameSession.resume(entry.spec, GameSession.latest(entry.spec))
        opener = lambda host: entry.session_screen(session, host)  # noqa: E731 - one line, one use

    app = BoardgamesApp(start=lambda: opener(app), seed=args.seed)
    app.run()
    return 0


def preflight() -> None:
    """Load what every command depends on; raise ``UserFacingError`` if anything is off."""
    get_dictionary()
    for game in GAMES:
        game.entry.validate_decks()


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        preflight()
        return int(args.func(args) or 0)
    except UserFacingError as exc:
        print(f"boardgames: {exc.message}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
