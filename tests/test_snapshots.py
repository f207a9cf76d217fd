"""Snapshot tests: what a player sees, pinned at a fixed size, seed and clock.

Regenerate after an intended change with ``pytest tests/test_snapshots.py --snapshot-update``
and review the SVGs in ``tests/__snapshots__`` like any other diff.
"""

from __future__ import annotations

from textual.widgets import Input

from boardgames.app import BoardgamesApp
from boardgames.vowl.kinds import Mode
from tests.screen import take_keyboard
from tests.vowl.test_screen import make_app

SIZE = (110, 34)


def test_main_menu(snap_compare) -> None:
    assert snap_compare(BoardgamesApp(seed=1), terminal_size=SIZE)


def test_vowl_solving(snap_compare) -> None:
    app, clock = make_app(("Ann Lee", "Bob Roy"), Mode.SOLITAIRE)

    async def run_before(pilot) -> None:
        await pilot.pause()
        await pilot.press("r")
        await take_keyboard(pilot)
        for box in app.screen.query(Input):
            box.cursor_blink = False
        clock.advance(3)
        app.screen.timer.tick()
        await pilot.press(*"savr", "enter")
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)
