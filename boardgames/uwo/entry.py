"""UWO's place in the suite (``ENTRY``): its options, catalog check and screens.

- ``boardgames uwo [--first-game] [--seed N]``: a hot-seat duel on this terminal;
- ``boardgames uwo --vs-computer [--level beginner|easy|normal|hard] [--side gnorfs|pnorfs]``:
  one person against the computer (``--level`` or ``--side`` alone imply it);
- ``boardgames uwo selfplay ...``: games between computer players (``tools``).

Building the parser imports neither the engine nor the computer opponent (the level
names come from ``levels``); the screen, the spec and the players are imported
only when a command runs or the menu opens the game.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from boardgames.games import RESUME, SEED, GameEntry, Opener, Option
from boardgames.subcommands import SEED_HELP
from boardgames.uwo import tools
from boardgames.uwo.levels import OPPONENT_LEVELS
from boardgames.uwo.opening import start_screen

if TYPE_CHECKING:
    from rich.console import RenderableType
    from textual.screen import Screen

    from boardgames.common.session import GameSession, GameSpec
    from boardgames.common.ui.host import Host
    from boardgames.uwo.players import ComputerOpponent

__all__ = ["ENTRY", "computer_from_args", "start_screen"]


def computer_from_args(args: argparse.Namespace) -> ComputerOpponent | None:
    """The computer opponent the command line asks for (``None``: a hot-seat duel).

    ``--level`` or ``--side`` without ``--vs-computer`` still mean a game against the
    computer: nobody asks for a level to play with a friend.
    """
    if not (args.vs_computer or args.level is not None or args.side is not None):
        return None  # a duel between people imports no computer player
    from boardgames.uwo.players import ComputerOpponent  # noqa: PLC0415
    from boardgames.uwo.side import Side  # noqa: PLC0415

    human = Side.PNORFS if args.side == "pnorfs" else Side.GNORFS
    return ComputerOpponent(args.level or "normal", human.other)


def start(args: argparse.Namespace) -> Opener:
    """What ``boardgames uwo [options]`` opens (``start_screen``)."""
    computer = computer_from_args(args)
    return lambda host: start_screen(args.first_game, computer)


def _spec() -> GameSpec[Any, Any]:
    from boardgames.uwo.spec import SPEC  # noqa: PLC0415 - the engine and the AI, only when a game runs

    return SPEC


def validate_decks() -> None:
    from boardgames.uwo.cards import load_catalog  # noqa: PLC0415 - not for building the parser

    load_catalog()


def new_game_screen() -> Screen:
    """The setup form (``uwo.setup``): who plays, which game, the computer's level and your army."""
    from boardgames.uwo.setup import UwoSetupScreen  # noqa: PLC0415 - screens only when one opens

    return UwoSetupScreen()


def session_screen(session: GameSession[Any, Any], host: Host) -> Screen:
    """The duel for *session* (a resumed save, from ``--resume`` or the menu).

    A duel between people opens on its handover, alone in the first frame, worded
    from the replayed engine (``common.ui.handover.opening_screen``, with the duel's
    words); the duel's screen is imported and built beneath it after that frame.
    Against the computer, or over, it opens on the duel itself, as it always did.
    """
    from boardgames.common.ui.handover import opening_screen  # noqa: PLC0415
    from boardgames.uwo import handovers  # noqa: PLC0415 - the duel's own words, without its screen

    def build() -> Screen:
        from boardgames.uwo.screen import UwoScreen  # noqa: PLC0415 - after the first frame, if one opens it

        return UwoScreen(session=session)

    computer = session.setup.computer
    people = None if computer is None else frozenset({computer.human})
    return opening_screen(session, handovers.WORDS, game="uwo", build=build, people=people)


def public_view(view: Any) -> RenderableType:
    """The board and both sides as everyone sees them (no hand): a step of a finished duel's replay."""
    from rich.console import Group  # noqa: PLC0415 - only when a replay is drawn
    from rich.table import Table  # noqa: PLC0415
    from rich.text import Text  # noqa: PLC0415

    from boardgames.uwo import board as B  # noqa: PLC0415
    from boardgames.uwo.render import SIDE_STYLE  # noqa: PLC0415

    grid = Table.grid(padding=(0, 1))
    for _ in range(B.COLS):
        grid.add_column(min_width=11, no_wrap=True)
    for row in range(B.ROWS):
        cells: list[Text] = []
        for col in range(B.COLS):
            sq = B.square(col, row)
            umo = view.board[sq]
            if umo is None:
                cells.append(Text(f"{B.name(sq)}\n", style="dim"))
                continue
            status = " OUT" if umo.out_of_play else ""
            stack = f" ×{umo.height}" if umo.height > 1 else ""
            cells.append(
                Text(
                    f"{umo.kind.name}\n{umo.side.singular[0]} {B.name(sq)}{status}{stack}",
                    style=SIDE_STYLE[umo.side].replace("bold ", ""),
                )
            )
        grid.add_row(*cells)
    sides = [
        Text(
            f"{sv.side.title}: {sv.umos} UMOs, energy {sv.energy}/{sv.energy_max}, "
            f"{sv.hand_size} cards in hand, {sv.deck_size} in the deck",
            style=SIDE_STYLE[sv.side],
        )
        for sv in view.sides
    ]
    mover = view.to_act.title if view.to_act is not None else view.current.title
    head = result(view) if view.outcome is not None else f"Turn {view.turn} · {mover} to act"
    return Group(Text(head, style="bold"), grid, *sides)


def result(view: Any) -> str:
    """How a duel ended, as its status panel says it."""
    o = view.outcome
    return f"Draw: {o.reason}." if o.winner is None else f"The {o.winner.title} win: {o.reason}."


ENTRY = GameEntry(
    load_spec=_spec,
    description=(
        "UWO. Starts a hot-seat duel on this terminal: the Gnorfs (green) against "
        "the Pnorfs (purple); or, with --vs-computer, you against the computer. "
        "F1 in the game shows the rules."
    ),
    options=(
        Option("--first-game", "the rulebook's first-game variant: 8 UMOs each, corners empty", switch=True),
        SEED,
        Option("--vs-computer", "play alone against the computer", switch=True),
        RESUME,
        Option(
            "--level", "how strong the computer plays (default normal; implies --vs-computer)", choices=OPPONENT_LEVELS
        ),
        Option(
            "--side",
            "the army you play against the computer (default gnorfs, who begin; implies --vs-computer)",
            choices=("gnorfs", "pnorfs"),
        ),
    ),
    seed_help=f"seed the shuffles (the same deal every time; {SEED_HELP})",
    resume_help="resume the most recent unfinished UWO duel (with no other option: the save keeps its own)",
    resume_keeps="the saved duel keeps its own variant, opponent and seed.",
    start=start,
    new_game_screen=new_game_screen,
    session_screen=session_screen,
    validate_decks=validate_decks,
    tools=tools.add,
    public_view=public_view,
    result=result,
)
