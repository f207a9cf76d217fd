"""Tricks's table for the handover guarantees (``tests/common/test_handover_guarantees.py``):
its adapter's ``hands``.  A seat's secrets are its cards, and its hand's heading."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import pytest
from textual.pilot import Pilot

from boardgames.app import BoardgamesApp
from boardgames.common.clock import ManualClock
from boardgames.common.session import GameSession
from boardgames.common.ui.base import GuardedModalScreen
from tests.conformance.fast_hands import FastHands, Table, screen_of
from tests.fourth.screen import TricksScreen
from tests.fourth.spec import SPEC, TricksSetup
from tests.screen import deliberately


@dataclass
class TricksTable(Table):
    """A seat's secrets are its cards, drawn as "3 Moons", and its hand's heading."""

    HIDES_OUTGOING: ClassVar[bool] = True

    @property
    def screen(self) -> TricksScreen:
        return screen_of(self.app, TricksScreen)

    def seats(self) -> list[int]:
        return list(range(self.screen.engine.seats))

    def secrets(self, seat: int) -> list[str]:
        engine = self.screen.engine
        return [f"Your hand, {engine.names[seat]}", *(str(card) for card in engine.view(seat).hand or ())]

    def shown_on_taking(self, seats: frozenset[int] | None) -> list[str]:
        return [s for seat in seats or () for s in self.secrets(seat)]

    def incoming(self) -> frozenset[int]:
        return frozenset(self.screen.engine.actors())

    def state(self) -> object:
        return self.screen.engine.view(None)

    def over(self) -> bool:
        return self.screen.engine.outcome() is not None

    async def play(self, pilot: Pilot) -> None:
        engine, before = self.screen.engine, self.before()
        view = engine.view(engine.to_play)
        await pilot.press(str((view.hand or ()).index(self.rng.choice(view.legal).card) + 1))
        await self.until_moved(pilot, before, "a card played")

    async def answer(self, pilot: Pilot, modal: GuardedModalScreen[Any]) -> None:
        await deliberately(pilot, "enter")


def open_tricks(clock: ManualClock, seed: int, monkeypatch: pytest.MonkeyPatch) -> BoardgamesApp:
    """Three players dealt three cards each, on the app's clock."""
    setup = TricksSetup(("Ann", "Bob", "Cy"), hand=3)
    return BoardgamesApp(lambda: TricksScreen(GameSession.start(SPEC, setup, seed)), clock=clock, seed=seed)


TRICKS = FastHands(TricksTable, open_tricks, (100, 30), (3, 8), enter_confirms=False)
