"""Tricks's place in the suite, for the tests that register it (never the shipped registry)."""

from __future__ import annotations

import argparse
from typing import Any

from textual.screen import Screen

from boardgames.common.session import GameSession, GameSpec
from boardgames.common.ui.host import Host
from boardgames.games import GameEntry, GameInfo
from tests.fourth.engine import load_cards
from tests.fourth.spec import SPEC


class TricksEntry(GameEntry):
    @property
    def spec(self) -> GameSpec[Any, Any]:
        return SPEC

    def register(self, subparsers: argparse._SubParsersAction) -> None:
        subparsers.add_parser("tricks", description="Tricks, for 2 to 4 players on one terminal.")

    def validate_decks(self) -> None:
        load_cards()

    def new_game_screen(self) -> Screen:
        from tests.fourth.screen import TricksSetupScreen  # noqa: PLC0415 - screens only when one opens

        return TricksSetupScreen()

    def session_screen(self, session: GameSession[Any, Any], host: Host) -> Screen:
        from tests.fourth.screen import TricksScreen  # noqa: PLC0415

        return TricksScreen(session)


ENTRY = TricksEntry()


class TricksInfo(GameInfo):
    """The registry's line; its entry is found here, not under ``boardgames.<key>``."""

    @property
    def entry(self) -> GameEntry:
        return ENTRY


INFO = TricksInfo("tricks", "Tricks", "Take the most tricks: follow suit, highest card wins.", "2–4 players",
                  "Tricks: a small trick-taking game with hidden hands")
