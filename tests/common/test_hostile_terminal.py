"""Hostile terminals: a few columns wide, a storm of resizes, the palette over the rules.

Each of these stopped the app: Textual 8.2.8 wraps text to zero columns
and crashes; Ctrl+P, F1, Ctrl+P pushed a second palette with the same id.  A storm
of resizes in a real terminal is in ``tests/tmux/test_resize_storm.py``.  The work-arounds live in
``boardgames.common.ui.textual_compat`` and ``BoardgamesApp.action_command_palette``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.command import CommandPalette
from textual.screen import Screen

from boardgames.app import BoardgamesApp, MainMenu
from boardgames.common.clock import ManualClock
from boardgames.common.ui.rules import RulesScreen
from tests.screen import deliberately, settled, wait_for

GAMES = ["vowl", "uwo", "vntypl8s"]


@pytest.fixture(autouse=True)
def _data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOARDGAMES_DATA", str(tmp_path))


async def _open(pilot, app: BoardgamesApp, game: str | None) -> Screen:
    await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the main menu")
    if game is not None:
        app.open_game(game)
        await wait_for(pilot, lambda: not isinstance(app.screen, MainMenu), f"{game}'s first screen")
    await wait_for(pilot, lambda: settled(app), "the first screen to settle")
    return app.screen


@pytest.mark.parametrize("game", [None, *GAMES], ids=["menu", *GAMES])
async def test_a_terminal_narrowed_to_a_single_column_does_not_crash(game: str | None) -> None:
    app = BoardgamesApp(clock=ManualClock(), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot, app, game)
        for height in (24, 3, 1):
            for width in range(8, 0, -1):
                await pilot.resize_terminal(width, height)
                await pilot.pause()
                assert app.return_code is None, f"the app stopped at {width}×{height}"
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert app.screen is screen
    assert app.return_code in (None, 0)


@pytest.mark.parametrize("game", [None, *GAMES], ids=["menu", *GAMES])
async def test_palette_then_rules_then_palette_again(game: str | None) -> None:
    app = BoardgamesApp(clock=ManualClock(), seed=1)
    async with app.run_test(size=(100, 36)) as pilot:
        await _open(pilot, app, game)
        await deliberately(pilot, "ctrl+p")
        await wait_for(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette")
        await deliberately(pilot, "f1")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules")
        assert not any(isinstance(s, CommandPalette) for s in app.screen_stack), "F1 closed the palette"
        await deliberately(pilot, "ctrl+p")
        await wait_for(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette again")
        await deliberately(pilot, "ctrl+p")  # a second Ctrl+P while it is open changes nothing
        await wait_for(pilot, lambda: settled(app), "the app to settle")
        assert sum(isinstance(s, CommandPalette) for s in app.screen_stack) == 1
        await deliberately(pilot, "escape")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules under the palette")
    assert app.return_code in (None, 0)


async def test_page_down_in_a_list_squeezed_to_nothing_does_not_crash() -> None:
    """Textual 8.2.8's ``OptionList._move_page`` raised ``KeyError`` when the list had no
    room to measure its lines (found by the monkey: a resize to a few cells, then PageDown
    in a ``ChoiceScreen``); ``textual_compat`` makes the key do nothing there."""
    from textual.app import App, ComposeResult
    from textual.widgets import OptionList

    class Squeezed(App[None]):
        CSS = "OptionList { width: 0; height: 0; }"

        def compose(self) -> ComposeResult:
            yield OptionList("one", "two", "three")

    app = Squeezed()
    async with app.run_test(size=(20, 5)) as pilot:
        options = app.query_one(OptionList)
        options.focus()
        options.highlighted = 1
        await pilot.press("pagedown", "pageup")
        await pilot.pause()
        assert app.is_running and app._exception is None  # noqa: SLF001
