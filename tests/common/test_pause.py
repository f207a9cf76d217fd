"""``pilot.pause()`` in this suite returns once the app is quiet (``tests/conftest.py``).

On a busy machine Textual's own pause found the process "idle" at once, and a screen
pushed a moment before was still mounting: the next look at the terminal found nothing
drawn, and a test failed by luck.  Here the machine is made that busy on purpose.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
import textual.pilot

from boardgames.app import BoardgamesApp, MainMenu
from boardgames.common.ui.handover import HandoverScreen
from tests.screen import screen_text, settled, wait_for


async def _idle_at_once(*args: object, **kwargs: object) -> None:
    """What a busy machine's idle check says: idle already."""


def later(app: BoardgamesApp, hops: int, then: Callable[[], object]) -> None:
    """Call *then* after *hops* rounds of the app's queue: as a timer's message that bubbles
    up to the screen, which then pushes a handover."""
    if hops == 0:
        then()
    else:
        app.call_later(later, app, hops - 1, then)


async def test_a_screen_pushed_before_a_pause_is_drawn_after_it(monkeypatch: pytest.MonkeyPatch) -> None:
    app = BoardgamesApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and settled(app), "the menu")
        monkeypatch.setattr(textual.pilot, "wait_for_idle", _idle_at_once)
        later(app, 3, lambda: app.push_screen(HandoverScreen("Ann Lee", "Space when ready.")))
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        assert "Ann Lee" in screen_text(app)


async def test_control_textuals_own_pause_may_return_before_the_screen_is_drawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Control: without the suite's wait, the same pause can leave the screen undrawn."""
    app = BoardgamesApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and settled(app), "the menu")
        monkeypatch.setattr(textual.pilot, "wait_for_idle", _idle_at_once)
        own_pause = pilot.pause.__func__.__closure__  # the suite's wrapper keeps Textual's pause
        assert own_pause is not None
        textual_pause = next(
            c.cell_contents
            for c in own_pause
            if callable(c.cell_contents) and getattr(c.cell_contents, "__qualname__", "") == "Pilot.pause"
        )
        later(app, 3, lambda: app.push_screen(HandoverScreen("Ann Lee", "Space when ready.")))
        await textual_pause(pilot)
        assert "Ann Lee" not in screen_text(app)
