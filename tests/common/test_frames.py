"""``after_first_frame``: work that waits for what the players first see waits for a
frame really sent to the terminal, not for a refresh cycle that sent nothing.

With frames deferred to the end of a batch (inside a batch nothing is sent),
``call_after_refresh`` from a screen's mount ran before any frame of it was sent: the
UWO search process then started before the duel's first frame.
"""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Footer, Static

from boardgames.common.ui import frames, textual_compat
from boardgames.common.ui.frames import after_first_frame
from tests.screen import wait_for


class Table(Screen[None]):
    """A screen that asks, as it mounts, to be told once it has been shown."""

    def __init__(self, sent: list[int]) -> None:
        super().__init__()
        self.sent = sent
        self.told_after: list[int] = []

    def compose(self) -> ComposeResult:
        yield Static("the table")
        yield Footer()

    def on_mount(self) -> None:
        after_first_frame(self, lambda: self.told_after.append(len(self.sent)))


class Suite(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.sent: list[int] = []  # one entry per frame handed to the driver, not batched
        self.table = Table(self.sent)

    def on_mount(self) -> None:
        self.push_screen(self.table)

    def _display(self, screen: Any, renderable: Any) -> None:
        if renderable is not None and not self._batch_count and screen is self.screen:
            self.sent.append(1)
        super()._display(screen, renderable)


async def test_a_screen_is_told_after_a_frame_of_it_was_sent_and_once() -> None:
    textual_compat.apply()
    frames.install()
    app = Suite()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.table.told_after, "told of the first frame")
        for _ in range(3):
            await pilot.pause()
        assert app.table.told_after[0] >= 1, "not before a frame of it was sent"
        assert len(app.table.told_after) == 1, "once"


async def test_asked_after_the_first_frame_it_is_told_soon() -> None:
    textual_compat.apply()
    frames.install()
    app = Suite()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.table.told_after, "told of the first frame")
        late: list[bool] = []
        after_first_frame(app.table, lambda: late.append(True))
        await wait_for(pilot, lambda: late, "a late ask, told at once")


def test_it_watches_frames_on_the_pinned_textual() -> None:
    textual_compat.apply()
    frames.install()
    assert frames._installed is textual_compat.pinned_textual()  # noqa: SLF001
