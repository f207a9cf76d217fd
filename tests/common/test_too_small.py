"""A terminal too small for a screen gets a clear message, and resizing loses nothing."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Input

from boardgames.common.ui.base import GameScreen
from tests.screen import screen_text


class Board(GameScreen):
    MIN_SIZE = (60, 20)

    def compose(self) -> ComposeResult:
        yield Input(id="answer")


class Host(App[None]):
    def on_mount(self) -> None:
        self.push_screen(Board())


async def test_too_small_message_then_back_with_state() -> None:
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one(Input).value = "half typed"
        assert not app.screen.too_small
        await pilot.resize_terminal(40, 12)
        await pilot.pause()
        assert app.screen.too_small
        text = screen_text(app)
        assert "Enlarge the terminal to 60×20" in text and "half typed" not in text
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not app.screen.too_small
        assert app.screen.query_one(Input).value == "half typed"
        assert "half typed" in screen_text(app)


async def test_starting_too_small() -> None:
    app = Host()
    async with app.run_test(size=(50, 30)) as pilot:
        await pilot.pause()
        assert app.screen.too_small
        assert "it is 50×30" in " ".join(screen_text(app).split())
