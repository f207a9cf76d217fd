"""VNTYPL8S's place in the suite (``ENTRY``): command line, deck validation, menu, resume.

- ``boardgames vntypl8s [--players NAMES] [--timer SECONDS] [--seed N]``: the setup
  form, or straight into a game when the players are given;
- ``boardgames vntypl8s --resume``: the latest unfinished game (``GameSession.latest``);
- ``boardgames vntypl8s check PLATE --owner TITLE`` and ``... favourites``: tools for
  a real table (``tools``).

Nothing imports this module but the game registry (``boardgames.games``, by name):
the screens and the spec (``spec``: setup, players, judge) are imported only when a
command runs or the menu opens the game, so there is no import circle.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from boardgames.common.dictionary import get_dictionary
from boardgames.common.names import MAX_LENGTH as MAX_NAME
from boardgames.games import RESUME, SEED, GameEntry, MenuItem, Opener, Option
from boardgames.subcommands import SEED_HELP
from boardgames.vntypl8s import tools

if TYPE_CHECKING:
    from rich.console import RenderableType
    from textual.screen import Screen

    from boardgames.common.session import GameSession, GameSpec
    from boardgames.common.ui.host import Host


def _players_arg(text: str) -> tuple[str, ...]:
    """``--players``: the names as the game keeps them (``limits.parse_players``),
    checked without the engine, which a game opened from the command line imports
    after its first frame."""
    from boardgames.vntypl8s.limits import parse_players  # noqa: PLC0415

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


def start(args: argparse.Namespace) -> Opener:
    """What ``boardgames vntypl8s [options]`` opens (``start_screen``)."""
    players, timer = args.players, args.timer
    return lambda host: start_screen(players, timer, host)


def favourites_screen() -> Screen:
    """The rulebook's "Record your favourite license plates" page (menu and setup form)."""
    from boardgames.vntypl8s.screen import FavouritesScreen  # noqa: PLC0415

    return FavouritesScreen()


def _spec() -> GameSpec[Any, Any]:
    from boardgames.vntypl8s.spec import SPEC  # noqa: PLC0415 - the engine, only when a game runs

    return SPEC


def validate_decks() -> None:
    """Both card decks and the judge's word data (``forms.txt``): a bad line is
    reported with its file and line before any screen opens."""
    from boardgames.vntypl8s.cards import load_decks  # noqa: PLC0415 - not for building the parser
    from boardgames.vntypl8s.judge import load_forms  # noqa: PLC0415 - the judge, only when its data is checked

    load_decks()
    load_forms()


def check_ready() -> None:
    """The plate judge reads title words through the spell checker (``DictionaryUnavailable``, exit 3)."""
    get_dictionary()


def new_game_screen() -> Screen:
    """The setup form: names in clockwise order, the optional writing timer."""
    from boardgames.vntypl8s.screen import Vntypl8sSetupScreen  # noqa: PLC0415 - screens only when one opens

    return Vntypl8sSetupScreen()


def session_screen(session: GameSession[Any, Any], host: Host) -> Screen:
    """The game for *session*: a new one from its first handover, a resumed one behind one (P20).

    That handover alone is the first frame, worded from the engine and the last
    replayed action (``common.ui.handover.opening_screen``, with the game's words); the
    game's screen is imported and built beneath it after that frame.  A finished game
    opens on its final table, as it always did.
    """
    from boardgames.common.ui.handover import opening_screen  # noqa: PLC0415
    from boardgames.vntypl8s.handovers import Words  # noqa: PLC0415 - the game's own words, without its screen

    def build() -> Screen:
        from boardgames.vntypl8s.screen import Vntypl8sScreen  # noqa: PLC0415 - after the first frame

        return Vntypl8sScreen(session)

    session.engine.write_in_turn()  # P33: a hosted game resumed on one keyboard writes in turn
    return opening_screen(session, Words(session.setup.timer), game="vntypl8s", build=build)


def start_screen(players: Sequence[str] | None, timer: int | None, host: Host) -> Screen:
    """What ``boardgames vntypl8s`` opens: the setup form when no players were
    given, else straight into a game for them (autosaved from its first action).

    A game opens on its first writer's handover, alone in the first frame; the
    game (its screen, engine and deal) is built beneath it after that frame
    (``common.ui.handover.new_game_screen``).
    """
    if players is None:
        from boardgames.vntypl8s.screen import Vntypl8sSetupScreen  # noqa: PLC0415

        return Vntypl8sSetupScreen(timer)
    from boardgames.common.ui.handover import new_game_screen  # noqa: PLC0415
    from boardgames.vntypl8s.handovers import NewTable, Words  # noqa: PLC0415 - the game's words, no engine yet

    seats = tuple(players)

    def build() -> Screen:
        from boardgames.vntypl8s.screen import start_game  # noqa: PLC0415 - after the first frame
        from boardgames.vntypl8s.spec import Vntypl8sSetup  # noqa: PLC0415

        return start_game(Vntypl8sSetup(seats, timer), host)

    # P13: the first player writes first; the common opening, in the game's own words
    # read from the new table (those the screen's opening handover says: a test checks).
    return new_game_screen(Words(timer), NewTable(seats), 0, game="vntypl8s", build=build)


def menu_items() -> Sequence[MenuItem]:
    """The rulebook's "Record your favourite license plates" page, on the main menu."""
    return (MenuItem("favourite license plates", favourites_screen),)


def public_view(view: Any) -> RenderableType:
    """The round, the scores, the plate on show and the plates revealed so far: a step of a replay."""
    from rich.console import Group  # noqa: PLC0415 - only when a replay is drawn
    from rich.text import Text  # noqa: PLC0415

    from boardgames.vntypl8s import render  # noqa: PLC0415
    from boardgames.vntypl8s.widgets import plate_lines, plates_table  # noqa: PLC0415

    parts: list[RenderableType] = [render.status(view, view.round, view.phase.value, 76)]
    if view.outcome is not None:
        parts.append(Text(result(view), style="bold"))
    if view.plate:
        parts.append(plate_lines(view.plate))
    if view.history:
        parts.append(plates_table(view.history, render.names(view), "Plates revealed"))
    return Group(*parts)


def result(view: Any) -> str:
    """Who won and how a tie was broken, as the game's last event says it."""
    from boardgames.vntypl8s.engine import GameEnded  # noqa: PLC0415

    return str(GameEnded(view.outcome))


ENTRY = GameEntry(
    load_spec=_spec,
    description=(
        "VNTYPL8S, for 3 to 8 players on one terminal. With no options, opens the setup screen; --players skips it."
    ),
    options=(
        Option(
            "--players",
            f"comma-separated names in clockwise seat order, 3 to 8, each at most {MAX_NAME} "
            'characters (printable, different ignoring case): --players "Ann,Bob,Cy"',
            metavar="NAMES",
            type=_players_arg,
        ),
        SEED,
        RESUME,
        Option(
            "--timer",
            "give each writer SECONDS to write their plate (off by default)",
            metavar="SECONDS",
            type=_timer_arg,
        ),
    ),
    seed_help=f"seed the shuffles (same seed, same deal; {SEED_HELP})",
    resume_help="resume the most recent unfinished VNTYPL8S game (games are saved after every action; "
    "with no other option: the save keeps its own)",
    resume_keeps="the saved game keeps its own players, timer and seed.",
    start=start,
    new_game_screen=new_game_screen,
    session_screen=session_screen,
    validate_decks=validate_decks,
    check_ready=check_ready,
    ready_before_first_frame=False,  # the spell checker opens once the first screen has painted
    tools=tools.add,
    menu_items=menu_items,
    public_view=public_view,
    result=result,
)
