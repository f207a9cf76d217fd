"""Tricks's place in the suite, for the tests that register it (never the shipped registry)."""

from __future__ import annotations

import argparse
from typing import Any

from textual.screen import Screen

from boardgames.common.session import GameSession, GameSpec
from boardgames.common.ui.host import Host
from boardgames.games import RESUME, SEED, GameEntry, Opener
from tests.fourth.engine import load_cards


def spec() -> GameSpec[Any, Any]:
    from tests.fourth.spec import SPEC

    return SPEC


def new_game_screen() -> Screen:
    from tests.fourth.screen import TricksSetupScreen

    return TricksSetupScreen()


def session_screen(session: GameSession[Any, Any], host: Host) -> Screen:
    from boardgames.common.ui.handover import opening_screen
    from tests.fourth.screen import WORDS, TricksScreen

    return opening_screen(session, WORDS, game="tricks", build=lambda: TricksScreen(session))


def validate_decks() -> None:
    load_cards()


def start(args: argparse.Namespace) -> Opener:
    return lambda host: new_game_screen()


ENTRY = GameEntry(
    load_spec=spec,
    description="Tricks, for 2 to 4 players on one terminal.",
    options=(SEED, RESUME),
    seed_help="seed the deal",
    resume_help="resume the most recent unfinished game of Tricks",
    resume_keeps="the saved game keeps its own players and seed.",
    start=start,
    new_game_screen=new_game_screen,
    session_screen=session_screen,
    validate_decks=validate_decks,
)
