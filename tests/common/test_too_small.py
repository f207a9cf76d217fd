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


async def test_the_focus_comes_back_when_the_terminal_grows_again() -> None:
    """Hiding the layout behind the message took the focus away for good: after a
    window was dragged narrow and back, the answer box (or UWO's board) took no keys."""
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        box = app.screen.query_one(Input)
        box.focus()
        await pilot.pause()
        await pilot.resize_terminal(10, 5)
        await pilot.pause()
        assert app.screen.too_small
        await pilot.resize_terminal(80, 24)
        for _ in range(20):
            await pilot.pause()
            if app.focused is box:
                break
        assert app.focused is box
        await pilot.press("o", "k")
        assert box.value == "ok"


async def test_escape_leaves_a_duel_after_a_storm_of_sizes() -> None:
    """UWO's Escape lived only on its board: with the focus gone after a narrow
    terminal, Escape did nothing (tests/tmux/test_resize_storm.py met it)."""
    from boardgames.app import BoardgamesApp
    from boardgames.common.clock import ManualClock
    from boardgames.common.ui.choice import ChoiceScreen
    from boardgames.uwo.screen import UwoScreen
    from tests.screen import deliberately, take_keyboard, wait_for

    app = BoardgamesApp(start=lambda: UwoScreen(), seed=4, clock=ManualClock())
    async with app.run_test(size=(120, 40)) as pilot:
        await take_keyboard(pilot)
        for size in ((3, 2), (1, 1), (200, 60), (40, 10), (120, 40)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
        app.screen.set_focus(None)  # however the focus was lost, Escape still leaves
        await deliberately(pilot, "escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the leave question")
        assert "Leave this duel?" in screen_text(app)
        await deliberately(pilot, "n")


async def test_the_message_is_mounted_only_once_a_terminal_is_too_small() -> None:
    """It was mounted hidden with every game screen, styled and laid out before
    its first frame; now the first time it is needed, once, and kept."""
    from boardgames.common.ui.base import TooSmall

    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.screen.query(TooSmall)
        for size in ((40, 12), (80, 24), (50, 10)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
        assert len(app.screen.query(TooSmall)) == 1
        assert "it is 50×10." in str(app.screen.query_one(TooSmall).content)


async def test_a_screen_opened_in_a_small_terminal_says_so_at_once() -> None:
    app = Host()
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        assert app.screen.too_small and "Enlarge the terminal to 60×20" in screen_text(app)
