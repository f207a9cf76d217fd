"""Shared screens: handover hides everything until Space, choices answer by key, the sand timer runs on an injected clock."""

from __future__ import annotations

from textual import events
from textual.app import App, ComposeResult
from textual.widgets import Static

from boardgames.common.clock import ManualClock
from boardgames.common.timer import Countdown
from boardgames.common.ui.base import input_allowed
from boardgames.common.ui.choice import Choice, ChoiceScreen
from boardgames.common.ui.colours import ReadableColours
from boardgames.common.ui.handover import HandoverScreen
from boardgames.common.ui.sandtimer import SandTimer
from tests.screen import deliberately, screen_text, take_keyboard

SIZE = (80, 24)


class Host(ReadableColours, App[None]):
    """A bare app with the suite's colours, which its widgets' stylesheets use."""

    def __init__(self, clock: ManualClock | None = None) -> None:
        super().__init__()
        self.clock = clock or ManualClock()
        self.expired: list[SandTimer] = []

    async def on_event(self, event: events.Event) -> None:
        # The key gate, as BoardgamesApp.on_event has it.
        gated = isinstance(event, (events.InputEvent, events.Paste)) and not event.is_forwarded
        if gated and not input_allowed(self, event):
            return
        await super().on_event(event)

    def compose(self) -> ComposeResult:
        yield Static("SECRET HAND: ace of spades", id="secret")
        yield SandTimer(25, self.clock, id="timer")

    def on_sand_timer_expired(self, event: SandTimer.Expired) -> None:
        self.expired.append(event.timer)


async def test_handover_covers_the_secret_until_space() -> None:
    app = Host()
    async with app.run_test(size=SIZE) as pilot:
        results: list[None] = []
        app.push_screen(HandoverScreen("Bob Roy"), results.append)
        await pilot.pause()
        shot = screen_text(app)
        assert "Bob Roy, take the keyboard — press Space when ready" in shot
        assert "ace of spades" not in shot
        app.clock.advance(1)
        await pilot.press("x")  # any other key does nothing
        app.clock.advance(1)
        await pilot.press("enter")  # nor does Enter, the key that confirms actions
        assert isinstance(app.screen, HandoverScreen)
        await take_keyboard(pilot, "Bob Roy")
        assert results == [None]
        assert "ace of spades" in screen_text(app)


async def test_choice_by_key_by_arrows_and_cancel() -> None:
    app = Host()
    async with app.run_test(size=SIZE) as pilot:
        got: list[object] = []
        choices = [Choice("t", "on top", "top"), Choice("u", "underneath", "under")]
        app.push_screen(ChoiceScreen("Where?", choices), got.append)
        await deliberately(pilot, "u")
        app.push_screen(ChoiceScreen("Where?", choices), got.append)
        await deliberately(pilot, "down", "up", "enter")
        app.push_screen(ChoiceScreen("Where?", choices), got.append)
        await deliberately(pilot, "escape")  # not cancellable: nothing happens
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("t")
        app.push_screen(ChoiceScreen("Where?", choices, cancel=True), got.append)
        await deliberately(pilot, "escape")
        assert got == ["under", "top", "top", None]


async def test_sand_timer_counts_down_on_the_injected_clock_and_expires_once() -> None:
    clock = ManualClock()
    app = Host(clock)
    async with app.run_test(size=SIZE) as pilot:
        timer = app.query_one(SandTimer)
        timer.start()
        clock.advance(10)
        timer.tick()
        assert timer.remaining == 15
        timer.pause()
        clock.advance(100)
        timer.tick()
        assert timer.remaining == 15 and not app.expired
        timer.resume()
        clock.advance(14.5)
        timer.tick()
        await pilot.pause()
        assert "1 s" in str(timer.render())
        clock.advance(1)
        timer.tick()
        timer.tick()
        await pilot.pause()
        assert app.expired == [timer]
        assert timer.remaining == 0


async def test_sand_timer_stop_never_expires() -> None:
    clock = ManualClock()
    app = Host(clock)
    async with app.run_test(size=SIZE) as pilot:
        timer = app.query_one(SandTimer)
        timer.start()
        timer.stop()
        clock.advance(60)
        timer.tick()
        await pilot.pause()
        assert not app.expired


def test_countdown_pause_resume() -> None:
    clock = ManualClock()
    c = Countdown(25, clock)
    c.start()
    clock.advance(5)
    c.pause()
    clock.advance(50)
    assert c.remaining == 20 and not c.running
    c.resume()
    clock.advance(20)
    assert c.expired and c.remaining == 0
