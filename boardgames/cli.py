"""``boardgames``: the command line.  With no arguments it opens the main menu.

A game's command first validates that game's decks and makes sure it is ready to
play (``GameEntry.check_ready``: the word games need the dictionary, UWO does not),
so a missing system package or a corrupt card file is reported once, clearly, before
any screen opens: a paragraph on stderr and a non-zero exit, never a traceback.  The
main menu checks a game when it is opened (``preflight``).

Only the named game's options are built (``LazyCommands``): ``boardgames vowl check``
imports neither UWO nor VNTYPL8S, ``boardgames --help`` no game at all.

Output piped into a reader that stops early (``boardgames uwo selfplay | head -1``)
ends the command quietly with exit status 141, what a Unix tool killed by SIGPIPE
reports (128 + 13): a script under ``set -o pipefail`` sees the usual code, and it
cannot be mistaken for the tools' own exit 1 ("rejected", "no answer").
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Sequence
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, TextIO, cast

from boardgames import __version__
from boardgames.common.errors import UserFacingError
from boardgames.games import GAMES, RESUME, SEED, GameEntry, GameInfo, Opener, Option, get_game

if TYPE_CHECKING:
    import argparse


def build_parser(whole: bool = True) -> argparse.ArgumentParser:
    """The command line: every game's subtree (*whole*), or only the one parsing names.

    ``main`` builds it lazily (``LazyCommands``); the whole parser is the same
    command line built at once, for a test that wants every parser made.
    """
    import argparse  # noqa: PLC0415 - not for the main menu (``menu_arguments``)

    from boardgames.subcommands import LazyCommands  # noqa: PLC0415

    parser = argparse.ArgumentParser(
        prog="boardgames",
        description="Hot-seat terminal tabletop games. With no command, opens the main menu.",
        epilog=DATA_HELP,
    )
    parser.add_argument("--version", action="version", version=f"boardgames {__version__}")
    parser.add_argument("--theme", metavar="NAME", help=THEME_HELP)
    parser.set_defaults(func=_run_menu)
    sub = cast(LazyCommands, parser.add_subparsers(title="games", metavar="GAME", action=LazyCommands))
    for game in GAMES:
        sub.add_lazy(game.key, game.command_help, functools.partial(_add_game, game))
    sub.add_lazy("serve", SERVE_HELP, _add_serve)
    sub.add_lazy("host", HOST_HELP, _add_host)
    sub.add_lazy("join", JOIN_HELP, _add_join)
    if whole:
        sub.build_all()
    return parser


def _add_game(game: GameInfo, sub: argparse._SubParsersAction) -> None:
    """``boardgames <game> ...``: the game's options from its entry, ``--seed`` and
    ``--resume`` where it places them, then its tools."""
    import argparse  # noqa: PLC0415 - imported already by ``build_parser``

    from boardgames.subcommands import SEEDS  # noqa: PLC0415 - imported already by ``build_parser``

    entry = game.entry
    parser = sub.add_parser(game.key, description=entry.description)
    options = entry.options
    options += tuple(common for common in (SEED, RESUME) if common not in options)
    for option in options:
        if option == SEED:
            parser.add_argument(SEED, type=SEEDS, default=None, help=entry.seed_help)
        elif option == RESUME:
            parser.add_argument(RESUME, action="store_true", help=entry.resume_help)
        elif isinstance(option, Option):
            option.add_to(parser)
    # ``game``: whose readiness ``preflight`` checks and whose command ``_play`` runs
    parser.set_defaults(func=_play, game=game.key)
    if entry.tools is not None:
        entry.tools(parser)
    # ``boardgames uwo --theme nord`` as well as ``boardgames --theme nord uwo``
    parser.add_argument("--theme", metavar="NAME", default=argparse.SUPPRESS, help=THEME_HELP)


def _play(args: argparse.Namespace) -> int:
    """``boardgames <game> [options]``: a game, new or resumed, the same way for every game."""
    entry = get_game(args.game).entry
    refuse_together(args, RESUME, entry.clashes(), entry.resume_keeps)
    return play_game(entry, args, None if args.resume else entry.start(args))


# Said without importing the storage module, so that ``--help`` stays as cheap as it is;
# ``common.storage.data_dir`` is the folder this describes.
DATA_HELP = (
    "Saves, settings, stats and crash reports are kept in the user data folder: "
    "$XDG_DATA_HOME/boardgames, which is ~/.local/share/boardgames on most Linux systems. "
    "Set BOARDGAMES_DATA=FOLDER to keep them in FOLDER instead."
)

# One line for every way the suite is installed: pipx and uv keep their own venvs, so
# a bare ``pip install`` would put textual-serve where the command cannot see it.
WEB_EXTRA = (
    "with pipx, pipx inject hotseat-boardgames textual-serve; with uv, "
    "uv tool install --reinstall 'hotseat-boardgames[web]'; with pip, pip install 'hotseat-boardgames[web]'; "
    "in a checkout, .venv/bin/pip install -e '.[web]'"
)

HOST_HELP = "host UWO or VNTYPL8S for players on their own terminals (each joins with their seat's line)"
JOIN_HELP = "take your seat in a hosted game: boardgames join ADDRESS"


def _add_host(sub: argparse._SubParsersAction) -> None:
    from boardgames.net.ui.commands import add_host  # noqa: PLC0415 - only when named

    add_host(sub, refuse_together)


def _add_join(sub: argparse._SubParsersAction) -> None:
    from boardgames.net.ui.commands import add_join  # noqa: PLC0415 - only when named

    add_join(sub)


SERVE_HELP = "play in a web browser: serve the suite on HOST:PORT (needs the web extra)"


def _add_serve(sub: argparse._SubParsersAction) -> None:
    import argparse  # noqa: PLC0415 - imported already by ``build_parser``

    serve = sub.add_parser(
        "serve",
        description=(
            "Serve the whole suite to web browsers: open the address it prints (with its secret "
            "token) and play there, "
            "one shared screen for the table (a TV, a laptop in the middle). Each browser tab "
            "is its own suite, with the same saves and settings as this machine. "
            f"Needs the web extra: {WEB_EXTRA}."
        ),
    )
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1, this machine only; "
        "0.0.0.0 lets other machines on your network in, for whoever has the printed address)",
    )
    from boardgames.subcommands import whole_number  # noqa: PLC0415 - imported already by ``build_parser``

    serve.add_argument("--port", type=whole_number(1, 65535), default=8000, help="the port, 1 to 65535 (default 8000)")
    serve.add_argument("--theme", metavar="NAME", default=argparse.SUPPRESS, help=THEME_HELP)
    serve.set_defaults(func=_run_serve)


def _run_serve(args: argparse.Namespace) -> int:
    """``boardgames serve``: the suite in a browser (``boardgames.serve``, the web extra)."""
    try:
        from boardgames.serve import run  # noqa: PLC0415 - needs the optional extra
    except ImportError:
        raise UserFacingError(
            f"boardgames serve needs the web extra (textual-serve): {WEB_EXTRA}.",
            exit_code=2,
        ) from None
    command = [sys.executable, "-m", "boardgames"]
    theme = getattr(args, "theme", None)
    if theme:
        command += ["--theme", theme]
    return run(command, host=args.host, port=args.port)


THEME_HELP = "a Textual theme for this run (textual-dark, textual-light, nord, gruvbox, ...); the theme picked in the palette (Ctrl+P) is remembered"


def check_theme(name: str | None) -> None:
    """``UserFacingError`` (exit 2) naming the themes there are, when *name* is not one."""
    if name is None:
        return
    from textual.theme import BUILTIN_THEMES  # noqa: PLC0415 - only when --theme is given

    if name not in BUILTIN_THEMES:
        from boardgames.common.text import plain  # noqa: PLC0415

        raise UserFacingError(
            f"There is no theme {plain(name)!r}; the themes are: {', '.join(sorted(BUILTIN_THEMES))}.", exit_code=2
        )


def _run_menu(args: argparse.Namespace) -> int:
    from boardgames.app import BoardgamesApp, run  # noqa: PLC0415 - keep `--help` fast

    return run(BoardgamesApp(theme=args.theme))


def play_game(entry: GameEntry, args: argparse.Namespace, start: Opener | None) -> int:
    """``boardgames <game> [--resume] ...``: the app, opened on *start*'s screen.

    Without *start* (``--resume``) it is the game's latest unfinished save, replayed here,
    before the app starts: no save, or one that cannot be replayed, ends the command
    with one clear line (exit 1) rather than a screen that opens and fails.  A save
    that cannot be read or replayed is set aside and the line says where; an older
    game is *not* opened in its place (the players asked for the newest one, and may
    not notice they got another): the line names the command to run again instead.
    Written once for every game, as the menu's own resume line is (``app.resume_game``).
    """
    from boardgames.app import BoardgamesApp, run  # noqa: PLC0415 - only when a screen opens
    from boardgames.common.saves import SavesSetAside, SaveStore  # noqa: PLC0415
    from boardgames.common.session import GameSession, SaveNotResumable  # noqa: PLC0415

    if start is not None:
        opener = start
    else:
        again = (
            f"Run `boardgames {entry.spec.key} --resume` again to open the most recent game left, "
            "or `boardgames` to choose one from the menu."
        )
        try:
            session = GameSession.resume(entry.spec, GameSession.latest(entry.spec))
        except SavesSetAside as exc:
            raise UserFacingError(f"{exc.message} {again}", exit_code=1) from None
        except SaveNotResumable as exc:
            aside = SaveStore().set_aside(exc.record)
            raise UserFacingError(f"{exc.message} {aside} {again}", exit_code=1) from None
        opener = functools.partial(entry.session_screen, session)

    app = BoardgamesApp(start=lambda: opener(app), seed=args.seed, theme=getattr(args, "theme", None))
    return run(app)


def refuse_together(args: argparse.Namespace, option: str, others: Sequence[str], why: str) -> None:
    """Refuse *option* given with any of *others* (exit 2, one line), e.g. ``--resume --players``.

    An option counts as given when its value is neither ``None`` nor ``False``, so
    the options checked here must default to one of them (``--board`` defaults to
    ``None``, meaning standard).  Written once for every game's command line.
    """

    def given(name: str) -> bool:
        return getattr(args, name.lstrip("-").replace("-", "_"), None) not in (None, False)

    if not given(option):
        return
    clash = [other for other in others if given(other)]
    if clash:
        raise UserFacingError(f"{option} cannot be combined with {' or '.join(clash)}: {why}", exit_code=2)


#: The exit status when the reader of our output went away (see the module docstring).
BROKEN_PIPE_EXIT = 141


def preflight(args: argparse.Namespace | None = None) -> None:
    """Check what the command depends on; raise ``UserFacingError`` if anything is off.

    Only the command's own game is checked: its decks (``GameEntry.validate_decks``)
    and what it needs from outside Python (``GameEntry.check_installed``), unless its
    subcommand checks what it reads itself (``needs_ready=False``): VNTYPL8S's
    favourites list reads no deck; Vowl's ``check`` and ``solve`` read no card, only
    the curated word lists, which are checked as the dictionary opens (a
    tool is not kept waiting, or stopped, by card decks it never reads).  The main menu checks nothing before its first frame: a game's decks and
    dictionary are checked when it is opened (``app.open_game``), so a broken Vowl
    deck never keeps UWO from starting, and nothing is read that the first frame
    does not show.
    """
    check_theme(getattr(args, "theme", None))
    key = getattr(args, "game", None)
    if key is not None and getattr(args, "needs_ready", True):
        entry = get_game(key).entry
        entry.validate_decks()
        entry.check_installed()  # a tool that judges words opens the dictionary itself


def menu_arguments() -> argparse.Namespace:
    """What the command line parses ``boardgames`` with no argument into: the main menu
    with the saved theme.  Given as is, so the menu's first frame neither imports
    ``argparse`` (and ``gettext``) nor builds the parser;
    ``tests/common/test_cli_parser.py`` compares it with the parser's own."""
    return cast("argparse.Namespace", SimpleNamespace(theme=None, func=_run_menu))


def _run(argv: Sequence[str] | None) -> int:
    if not (sys.argv[1:] if argv is None else argv):
        args = menu_arguments()
    else:
        parser = build_parser(whole=False)  # only the named game's options are built
        args = parser.parse_args(argv)
    try:
        preflight(args)
        return int(args.func(args) or 0)
    except UserFacingError as exc:
        print(f"boardgames: {exc.message}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        return 130
    except (BrokenPipeError, OutputFailed):
        raise  # not a bug: ``main`` ends on output that cannot be written
    except Exception as exc:  # noqa: BLE001 - a bug outside the app: a report, never a bare traceback
        from boardgames.common.crash import EXIT_CRASH, Crash, write_report  # noqa: PLC0415

        crash = Crash(exc)
        print(crash.summary(write_report(crash)), file=sys.stderr)
        return EXIT_CRASH


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush cannot fail again.

    Python's own recipe for a closed pipe (the ``signal`` module's documentation).
    """
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no real file behind stdout (a test's capture)
        pass


#: ``EX_IOERR`` from BSD's sysexits.h: the output could not be written (``>&-``, a full disk).
EXIT_OUTPUT = 74


class OutputFailed(OSError):
    """Writing to stdout failed (not a bug: a closed or full output); ``main`` says so in one line."""


class _GuardedOutput:
    """stdout, remembering the first write that failed.

    argparse swallows an error writing ``--help`` (and exited 0 into a full disk), and
    an ``OSError`` from a tool's ``print`` looked like a bug (a crash report): what
    failed here is told apart from everything else, and ``main`` ends with one line.
    A closed pipe stays a ``BrokenPipeError`` (exit 141, see the module's docstring).
    """

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.failed: OSError | None = None

    def _guard(self, exc: OSError) -> OSError:
        if self.failed is None:
            self.failed = exc
        return exc if isinstance(exc, BrokenPipeError) else OutputFailed(exc.errno, exc.strerror)

    def write(self, text: str) -> int:
        try:
            return self.stream.write(text)
        except OSError as exc:
            raise self._guard(exc) from exc

    def flush(self) -> None:
        try:
            self.stream.flush()
        except OSError as exc:
            raise self._guard(exc) from exc

    def __getattr__(self, name: str) -> Any:  # fileno, isatty, encoding...: the stream's own
        return getattr(self.stream, name)


def _cannot_write(why: str) -> int:
    """One line on stderr, ``EXIT_OUTPUT``; stdout pointed at /dev/null so that nothing
    left in its buffer fails again at exit."""
    _silence_stdout()
    print(f"boardgames: cannot write the output ({why}).", file=sys.stderr)
    return EXIT_OUTPUT


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; output that cannot be written ends it with one line.

    A closed output pipe ends it quietly with ``BROKEN_PIPE_EXIT``; a closed or full
    stdout with one line and ``EXIT_OUTPUT`` - never a traceback, a crash report, or
    exit 0 after ``--help`` went nowhere.  stdout is flushed inside the guard (also
    after ``--help`` or a usage error, which leave by ``SystemExit``): a failure is
    found here, not in the interpreter's last flush, which would print "Exception
    ignored ...".
    """
    if sys.stdout is None:  # started with stdout closed (``>&-``)
        print("boardgames: cannot write the output (standard output is closed).", file=sys.stderr)
        return EXIT_OUTPUT
    real = sys.stdout
    output = _GuardedOutput(real)
    sys.stdout = cast(TextIO, output)
    try:
        try:
            try:
                code = _run(argv)
            finally:
                sys.stdout.flush()
        except SystemExit:  # ``--help``, ``--version``, a usage error: its own status, if its text got out
            if output.failed is None:
                raise
            code = 0
        except OSError:  # ``output.failed`` says whether it was ours
            if output.failed is None:
                raise
    finally:
        sys.stdout = real
    if isinstance(output.failed, BrokenPipeError):
        _silence_stdout()
        return BROKEN_PIPE_EXIT
    if output.failed is not None:
        return _cannot_write(output.failed.strerror or str(output.failed))
    return code


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
