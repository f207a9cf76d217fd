"""Vowl's place in the suite (``ENTRY``): its options, decks, readiness and screens.

``boardgames vowl [--players NAMES] [--timers S,S] [--board standard|advanced]`` opens
the setup form, or a game when players are named; ``--practice [--players NAME]``
solitaire practice; the tools (``check``, ``solve``) are in ``tools``.  Nothing imports
this module but the registry (by name): the screens and the spec are imported only when
a command runs or the menu opens the game.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from boardgames.common.dictionary import get_dictionary, load_curation
from boardgames.common.errors import UserFacingError
from boardgames.common.names import MAX_LENGTH as MAX_NAME
from boardgames.common.text import plain, sentence
from boardgames.games import RESUME, SEED, GameEntry, MenuItem, Opener, Option
from boardgames.subcommands import SEED_HELP
from boardgames.vowl import tools

if TYPE_CHECKING:
    from rich.console import RenderableType
    from textual.screen import Screen

    from boardgames.common.session import GameSession, GameSpec
    from boardgames.common.ui.host import Host
    from boardgames.vowl.spec import VowlSetup


def practice_name() -> str:
    """The practising player's name when none is given: their login, capitalised."""
    import getpass  # noqa: PLC0415 - only for --practice: not for ``vowl check``

    try:
        return sentence(getpass.getuser()) or "Player"  # never lower-cases the rest (McKay)
    except (OSError, KeyError):
        return "Player"


def parse_timers(text: str | None, players: int) -> tuple[int, ...]:
    """``--timers 25,15`` -> ``(25, 15)``; ``--timers 15``: everyone on 15 s; 25 s each when not given.

    One value is for everyone: a table that plays on the fast timer says so once, not
    once per player (``problems`` then refuses a timer that is neither 25 nor 15).
    """
    from boardgames.vowl.track import Timer  # noqa: PLC0415 - not for building the parser

    if not text:
        return tuple(int(Timer.GREEN) for _ in range(players))
    parts = [p.strip() for p in text.split(",")]
    if len(parts) == 1 and parts[0].isdigit():
        parts = parts * players
    if len(parts) != players or not all(p.isdigit() for p in parts):
        raise UserFacingError(
            f"--timers needs one number of seconds for everyone, or one per player ({players}), e.g. --timers 15 "
            "or --timers " + ",".join(["25"] * players),
            exit_code=2,
        )
    return tuple(int(p) for p in parts)


def setup_from_args(args: argparse.Namespace) -> VowlSetup | None:
    """``--players/--board/--timers/--practice`` as a ``VowlSetup``; ``None`` means "show the form"."""
    from boardgames.vowl.spec import VowlSetup, parse_players  # noqa: PLC0415

    names = parse_players(args.players) if args.players else ()
    if args.practice:
        names = names or (practice_name(),)  # several names: refused by ``problems`` below, never cut
    elif not names:
        return None
    timers = parse_timers(getattr(args, "timers", None), len(names))
    setup = VowlSetup(names, timers, advanced=args.board == "advanced", practice=args.practice)
    problems = setup.problems()
    if problems:
        raise UserFacingError(" ".join(problems), exit_code=2)
    return setup


def start(args: argparse.Namespace) -> Opener:
    """What ``boardgames vowl [options]`` opens (``start_screen``)."""
    setup = setup_from_args(args)  # a bad --players ends here, before any screen
    return lambda host: start_screen(setup, host)


def _stats_screen() -> Screen:
    from boardgames.vowl.stats_screen import PracticeStatsScreen  # noqa: PLC0415 - the charts only when opened

    return PracticeStatsScreen()


def _spec() -> GameSpec[Any, Any]:
    from boardgames.vowl.spec import SPEC  # noqa: PLC0415 - the engine, only when a game runs

    return SPEC


def validate_decks() -> None:
    """The three decks and the curated word lists beside them (``DeckError``, exit 4)."""
    from boardgames.vowl.cards import check_frequencies, load_decks  # noqa: PLC0415 - not for the parser

    load_decks()
    load_curation()
    check_frequencies()  # the table itself is built when the review first lists answers


def check_ready() -> None:
    """Vowl judges every answer with the spell checker (``DictionaryUnavailable``, exit 3).

    The answer index is not built here: the game's screens start it in the
    background after their first frame (``SkeletonMatcher.prepare``), so that neither
    a tool (``check``) nor a screen's start waits or competes for it.
    """
    get_dictionary()


def new_game_screen() -> Screen:
    """The setup form: names, board side, a sand timer each."""
    from boardgames.vowl.setup import VowlSetupScreen  # noqa: PLC0415 - screens only when one opens

    return VowlSetupScreen()


def session_screen(session: GameSession[Any, Any], host: Host) -> Screen:
    """The table for *session*: a new game from its first roll, a resumed one where it
    stopped (behind a handover when it stopped mid-pile, Interpretation V26): that
    handover alone is the first frame, the table built beneath it after that frame
    (``common.ui.handover.opening_screen``), as in every game."""
    from boardgames.common.ui.handover import opening_screen  # noqa: PLC0415
    from boardgames.vowl.handovers import WORDS  # noqa: PLC0415 - the words, without the table's screen

    def build() -> Screen:
        from boardgames.vowl.screen import VowlScreen  # noqa: PLC0415 - after the first frame

        return VowlScreen(session)

    return opening_screen(session, WORDS, game="vowl", build=build)


def menu_items() -> Sequence[MenuItem]:
    """The practice stats, as charts (also in the command palette)."""
    return (MenuItem("practice stats", _stats_screen),)


def start_screen(setup: VowlSetup | None, host: Host) -> Screen:
    """What ``boardgames vowl`` opens: the setup form when the command line named
    nobody, else straight into a game for *setup* (autosaved from its first action)."""
    from boardgames.vowl.screen import start_game  # noqa: PLC0415

    if setup is None:
        return new_game_screen()
    return start_game(setup, host)


def public_view(view: Any) -> RenderableType:
    """Whose turn, the dice and every score, as everyone sees them: a step of a finished game's replay."""
    from rich.console import Group  # noqa: PLC0415 - only when a replay is drawn
    from rich.text import Text  # noqa: PLC0415

    from boardgames.vowl import render  # noqa: PLC0415

    head = (
        result(view)
        if view.outcome is not None
        else (f"Turn {view.turn} · {plain(view.current_player)}'s turn · {view.phase.value}")
    )
    scores = " · ".join(f"{plain(p.name)} {p.score} of {p.victory}" for p in view.players)
    return Group(Text(head, style="bold"), Text.from_markup(render.dice(view)), Text(scores))


def result(view: Any) -> str:
    """Who won (or how far practice went), from the last public view."""
    o = view.outcome
    winner = view.players[o.winner]
    if o.practice:
        return f"Practice complete: {plain(winner.name)} reached {winner.score} points in {o.turns} turns."
    return f"{plain(winner.name)} wins with {winner.score} points after {o.turns} turns."


ENTRY = GameEntry(
    load_spec=_spec,
    description=(
        "Vowl. With no options, opens the setup screen. --players skips setup; --practice starts solitaire practice."
    ),
    options=(
        Option(
            "--players",
            f"comma-separated full names, 2 to 5 of them, each at most {MAX_NAME} characters "
            '(printable, different ignoring case): --players "Ann Lee,Bob Roy"',
            metavar="NAMES",
        ),
        Option(
            "--board",
            "standard board (victory at 10) or advanced (15); default standard",
            choices=("standard", "advanced"),
        ),  # None, not "standard", tells --resume it was not given
        Option(
            "--timers",
            "the sand timer, 25 or 15: one for everyone (--timers 15) or one each, in the order "
            "of --players (--timers 25,15); default 25 for everyone",
            metavar="SECONDS",
        ),
        SEED,
        Option("--practice", "solitaire practice for one player (one name at most)", switch=True),
        RESUME,
    ),
    seed_help=f"seed the shuffles and dice ({SEED_HELP})",
    resume_help="resume the most recent unfinished Vowl game (with no other option: the save keeps its own)",
    resume_keeps="the saved game keeps its own players, board, timers and seed.",
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
