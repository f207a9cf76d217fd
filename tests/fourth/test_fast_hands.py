"""The handover guarantees of ``tests/common/test_handover_guarantees.py`` hold for Tricks too:
its table plugs into the same checks (a fast hand at every handover changes nothing and
sees nothing; then the incoming player sees their own hand and nobody else's)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest
from textual.pilot import Pilot

from boardgames.app import BoardgamesApp
from boardgames.common.clock import ManualClock
from boardgames.common.session import GameSession
from boardgames.common.ui.base import GuardedModalScreen
from tests.common.test_handover_guarantees import (
    HANDOVERS,
    Table,
    Tally,
    _gate_off,
    play_checking,
    screen_of,
)
from tests.fourth.registration import register
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


async def play_and_check(seed: int) -> Tally:
    clock = ManualClock()
    setup = TricksSetup(("Ann", "Bob", "Cy"), hand=3)
    app = BoardgamesApp(lambda: TricksScreen(GameSession.start(SPEC, setup, seed)), clock=clock, seed=seed)
    table, tally = TricksTable(app=app, clock=clock, rng=random.Random(seed)), Tally()
    holder: frozenset[int] | None = frozenset()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await play_checking(pilot, table, holder, tally, "tricks")
    return tally


@pytest.mark.parametrize("seed", [3, 8])
async def test_no_fast_hand_skips_a_tricks_handover(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)
    tally = await play_and_check(seed)
    assert tally.handovers >= HANDOVERS and len({h for h in tally.holders if h}) >= 2, tally


async def test_the_check_fails_with_the_gate_off(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)
    _gate_off(monkeypatch)
    with pytest.raises(AssertionError, match="the handover is gone"):
        await play_and_check(3)
