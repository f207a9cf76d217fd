"""``boardgames host GAME ...`` and ``boardgames join ADDRESS``: the command lines of a
table across devices (``cli`` lists them; their parsers are built only when named).

``host`` takes the game's usual options (its registry ``Option`` rows that make sense
with a device per seat: UWO's ``--first-game``, VNTYPL8S's ``--players`` and
``--timer``, Vowl's ``--players``, ``--board`` and ``--timers``), ``--seed``, ``--resume``, ``--port`` and ``--lan``.  ``join`` takes one
address, checked before any screen opens.
"""

from __future__ import annotations

import argparse
import functools
import random
from collections.abc import Callable
from typing import Any, Final

from boardgames.common.errors import UserFacingError
from boardgames.common.text import plain
from boardgames.games import SEED, Option, get_game

#: Per hostable title, the flags of its registry options a hosted game takes (the others
#: are about this terminal: a computer opponent plays no remote seat).
NET_OPTIONS: Final[dict[str, tuple[str, ...]]] = {
    "uwo": ("--first-game",),
    "vntypl8s": ("--players", "--timer"),
    "vowl": ("--players", "--board", "--timers"),
}
#: The port a host listens on unless told (the address examples of docs/network.md).
DEFAULT_PORT: Final = 8765


def add_host(sub: argparse._SubParsersAction, refuse_together: Callable[..., None]) -> None:
    """``boardgames host {uwo,vntypl8s,vowl} [options]``; *refuse_together* is ``cli``'s clash check."""
    from boardgames.net.titles import HOSTABLE  # noqa: PLC0415
    from boardgames.subcommands import SEED_HELP, SEEDS, whole_number  # noqa: PLC0415

    host = sub.add_parser(
        "host",
        description=(
            "Host a game on this machine: its terminal shows the table (the board, the scores, who has "
            "joined) and one `boardgames join ADDRESS` line per seat; each player runs their line on their "
            "own terminal. The game is saved after every move, as on one terminal. Listens on this machine "
            "only (127.0.0.1) unless --lan is given."
        ),
    )
    games = host.add_subparsers(title="games", metavar="GAME", dest="hosted", required=True)
    for key in HOSTABLE:
        info = get_game(key)
        entry = info.entry
        parser = games.add_parser(
            key, help=info.command_help, description=f"Host {info.title} for its players' devices."
        )
        for option in entry.options:
            if isinstance(option, Option) and option.flag in NET_OPTIONS[key]:
                option.add_to(parser)
        if key == "vntypl8s":
            parser.add_argument(
                "--in-turn",
                action="store_true",
                help="writers write one after another, each with the whole --timer, as on one "
                "terminal (for a table where several players share this terminal's "
                "keyboard); without it everyone writes at the same time",
            )
        parser.add_argument(SEED, type=SEEDS, default=None, help=f"seed the shuffles ({SEED_HELP})")
        parser.add_argument(
            "--resume",
            action="store_true",
            help="host the most recent unfinished game again, with the same join addresses",
        )
        parser.add_argument(
            "--port",
            type=whole_number(0, 65535),
            default=DEFAULT_PORT,
            help=f"the port to listen on, 1 to 65535, or 0 for any free one (default {DEFAULT_PORT})",
        )
        parser.add_argument(
            "--lan",
            action="store_true",
            help="let other devices on your network join (listens on every interface; "
            "anyone with a seat's address can play that seat)",
        )
        parser.add_argument(
            "--web",
            action="store_true",
            help="offer each seat as a web page too, for a phone or a laptop without boardgames (needs the web extra)",
        )
        parser.add_argument("--theme", metavar="NAME", default=argparse.SUPPRESS, help="a Textual theme for this run")
        # ``game``: whose decks and readiness ``cli.preflight`` checks
        parser.set_defaults(func=run_host, game=key, refuse_together=refuse_together)


def add_join(sub: argparse._SubParsersAction) -> None:
    """``boardgames join ADDRESS``."""
    join = sub.add_parser(
        "join",
        description="Take your seat in a game hosted on another terminal: ADDRESS is the line its host "
        "shows for your seat (boardgames://HOST:PORT/CODE). If the connection drops, it "
        "reconnects by itself; run the same line again to come back later.",
    )
    join.add_argument("address", metavar="ADDRESS", help="your seat's address, as the host shows it")
    join.add_argument("--theme", metavar="NAME", default=argparse.SUPPRESS, help="a Textual theme for this run")
    join.set_defaults(func=run_join)


def setup_from_args(key: str, args: argparse.Namespace) -> Any:
    """The game's setup from its options (``UserFacingError``, exit 2, when one is missing)."""
    if key == "uwo":
        from boardgames.uwo.spec import UwoSetup  # noqa: PLC0415

        return UwoSetup(first_game=bool(args.first_game))
    if key == "vowl":
        return vowl_setup(args)
    from boardgames.vntypl8s.engine import Writing  # noqa: PLC0415
    from boardgames.vntypl8s.spec import Vntypl8sSetup  # noqa: PLC0415

    if args.players is None:
        raise UserFacingError('boardgames host vntypl8s needs the players: --players "Ann,Bob,Cy"', exit_code=2)
    # P33: a device each, so everyone writes at once; --in-turn for players sharing the host's keyboard
    writing = Writing.IN_TURN if getattr(args, "in_turn", False) else Writing.AT_ONCE
    return Vntypl8sSetup(tuple(args.players), args.timer, writing)


def vowl_setup(args: argparse.Namespace) -> Any:
    """A hosted Vowl game: its players, board and timers, head-to-head raced at once (V34)."""
    from boardgames.vowl.entry import parse_timers  # noqa: PLC0415
    from boardgames.vowl.spec import VowlSetup, parse_players  # noqa: PLC0415

    if args.players is None:
        raise UserFacingError('boardgames host vowl needs the players: --players "Ann Lee,Bob Roy"', exit_code=2)
    names = parse_players(args.players)
    setup = VowlSetup(
        names, parse_timers(args.timers, len(names)), advanced=args.board == "advanced", simultaneous=True
    )
    problems = setup.problems()
    if problems:
        raise UserFacingError(" ".join(problems), exit_code=2)
    return setup


def hosted_session(args: argparse.Namespace) -> Any:
    """The game to host: a new one from the options, or (``--resume``) the latest unfinished one."""
    from boardgames.common.saves import SavesSetAside, SaveStore  # noqa: PLC0415
    from boardgames.common.session import GameSession, SaveNotResumable  # noqa: PLC0415

    key = args.game
    entry = get_game(key).entry
    flags = (*NET_OPTIONS[key], *(("--in-turn",) if key == "vntypl8s" else ()), SEED)
    args.refuse_together(args, "--resume", flags, entry.resume_keeps)
    # What the command needs before any screen; a word game's dictionary (15 MiB) is opened
    # once the table has painted, as on one terminal (``TableScreen``; a resumed game's
    # replay judges its plates, and opens it then).
    entry.check_installed()
    spec = entry.spec
    if not args.resume:
        return GameSession.start(spec, setup_from_args(key, args), random.Random(args.seed).getrandbits(64))
    again = f"Run `boardgames host {key} --resume` again to host the most recent game left."
    try:
        session = GameSession.resume(spec, GameSession.latest(spec))
    except SavesSetAside as exc:
        raise UserFacingError(f"{exc.message} {again}", exit_code=1) from None
    except SaveNotResumable as exc:
        aside = SaveStore().set_aside(exc.record)
        raise UserFacingError(f"{exc.message} {aside} {again}", exit_code=1) from None
    if getattr(session.setup, "practice", False):
        session.close()
        raise UserFacingError(
            f"The most recent {spec.title} game is solitaire practice, for one terminal: "
            f"resume it with `boardgames {key} --resume`.",
            exit_code=1,
        )
    if getattr(session.setup, "computer", None) is not None:
        session.close()
        raise UserFacingError(
            f"The most recent {spec.title} game is played against the computer: "
            f"resume it with `boardgames {key} --resume`.",
            exit_code=1,
        )
    return session


def run_host(args: argparse.Namespace) -> int:
    from boardgames.app import BoardgamesApp, run  # noqa: PLC0415 - only when a screen opens
    from boardgames.net.ui.hosting import Hosting  # noqa: PLC0415
    from boardgames.net.ui.table import table_screen  # noqa: PLC0415

    if args.web:
        try:
            import textual_serve  # noqa: F401, PLC0415 - only to say now that it is missing
        except ImportError:
            raise UserFacingError(
                "--web needs the web extra (textual-serve): pip install 'hotseat-boardgames[web]' "
                "(in a checkout: .venv/bin/pip install -e '.[web]').",
                exit_code=2,
            ) from None
    hosting = Hosting(hosted_session(args), lan=args.lan, port=args.port)
    app = BoardgamesApp(
        start=functools.partial(table_screen, hosting, web=args.web), seed=args.seed, theme=getattr(args, "theme", None)
    )
    return run(app)


def run_join(args: argparse.Namespace) -> int:
    from boardgames.net.client import BadAddress, parse_address  # noqa: PLC0415

    try:
        parse_address(args.address)
    except BadAddress as exc:
        raise UserFacingError(f"{plain(args.address, 80)!r} is not a join address: {exc}.", exit_code=2) from None
    from boardgames.app import BoardgamesApp, run  # noqa: PLC0415 - only when a screen opens
    from boardgames.net.ui.seat import ConnectingScreen  # noqa: PLC0415

    address = args.address.strip()
    app = BoardgamesApp(start=lambda: ConnectingScreen(address), theme=getattr(args, "theme", None))
    return run(app)
