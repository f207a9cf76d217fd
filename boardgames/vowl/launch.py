"""From a setup (form or command line) to a running Vowl screen.

This is the one place that wires the real pieces together: the decks from
``decks/vowl``, the dictionary-backed skeleton matcher as the judge, the app's
seeded random generator, and the practice stats file.
"""

from __future__ import annotations

import argparse
import getpass
from collections.abc import Callable

from textual.app import App
from textual.screen import Screen

from boardgames.common.dictionary import get_dictionary
from boardgames.common.errors import UserFacingError
from boardgames.common.skeleton import SkeletonMatcher
from boardgames.vowl.cards import load_decks
from boardgames.vowl.engine import PlayerSetup, SetupError, VowlGame
from boardgames.vowl.screen import VowlScreen
from boardgames.vowl.setup import VowlSetup, VowlSetupScreen, parse_players
from boardgames.vowl.stats import StatsStore
from boardgames.vowl.track import Board, Timer


def setup_screen() -> Screen:
    return VowlSetupScreen()


def practice_name() -> str:
    """The practising player's name when none is given: their login, capitalised."""
    try:
        return getpass.getuser().capitalize() or "Player"
    except (OSError, KeyError):
        return "Player"


def setup_from_args(args: argparse.Namespace) -> VowlSetup | None:
    """``--players/--board/--practice`` as a ``VowlSetup``; ``None`` means "show the form"."""
    names = parse_players(args.players) if args.players else ()
    if args.practice:
        names = names[:1] or (practice_name(),)
    elif not names:
        return None
    setup = VowlSetup(names, tuple(Timer.GREEN for _ in names), advanced=args.board == "advanced",
                      practice=args.practice)
    problems = setup.problems()
    if problems:
        raise UserFacingError(" ".join(problems), exit_code=2)
    return setup


def make_game_factory(setup: VowlSetup, app: App) -> Callable[[], VowlGame]:
    """A function that deals a fresh game for this setup (used again by "new game")."""
    players = [PlayerSetup(n, Timer(t)) for n, t in zip(setup.names, setup.timers, strict=True)]
    board = Board.ADVANCED if setup.advanced else Board.STANDARD
    decks = load_decks()
    judge = SkeletonMatcher(get_dictionary())
    make_rng = app.make_rng  # type: ignore[attr-defined]

    def deal() -> VowlGame:
        try:
            return VowlGame(players, board=board, decks=decks, judge=judge, rng=make_rng())
        except SetupError as exc:
            raise UserFacingError(str(exc), exit_code=2) from None

    return deal


def game_screen(setup: VowlSetup, app: App) -> VowlScreen:
    deal = make_game_factory(setup, app)
    stats = StatsStore() if setup.practice else None
    return VowlScreen(deal(), SkeletonMatcher(get_dictionary()), new_game=deal, stats=stats)
