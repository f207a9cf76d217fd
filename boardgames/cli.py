"""``boardgames``: the command line.  With no arguments it opens the main menu.

Every command first loads the dictionary and validates every deck, so a missing
system package or a corrupt card file is reported once, clearly, before any screen
opens: a paragraph on stderr and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from boardgames import __version__
from boardgames.common.dictionary import get_dictionary
from boardgames.common.errors import UserFacingError
from boardgames.games import GAMES


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
