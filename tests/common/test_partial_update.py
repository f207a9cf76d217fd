"""A frame after a key renders only the widgets under what changed, and writes exactly
what Textual's own partial update writes (``boardgames.common.ui.partial_update``)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from textual._compositor import Compositor

from boardgames.app import BoardgamesApp
from boardgames.common.clock import ManualClock
from boardgames.common.ui import partial_update, textual_compat
from boardgames.uwo import board as B
from boardgames.uwo.screen import UwoScreen
from tests.compat import needs
from tests.screen import rendered_widgets, take_keyboard
from tests.uwo.test_screen import uwo

pytestmark = needs("partial-frames")

SIZE = (120, 40)


#: A cursor move with nothing written after it: Textual writes one for a piece of a line
#: that starts right where a span ends (``ChopsUpdate``: ``x > x2``), which shows nothing.
IDLE_MOVE = re.compile(r"\x1b\[\d+;\d+H(?=\x1b\[\d+;\d+H|\n|$)")


def shown(update: Any, app: BoardgamesApp) -> str:
    """What a partial frame writes to the terminal, less its moves that show nothing."""
    return IDLE_MOVE.sub("", update.render_segments(app.console))


def compare_every_frame(monkeypatch: pytest.MonkeyPatch, app: BoardgamesApp) -> list[object]:
    """Every partial frame rendered twice from the same dirty regions - by Textual's own
    methods and by ours - and what both write compared; returns our frames."""
    ours = textual_compat.render_partial_update
    frames: list[object] = []

    def both(self: Compositor) -> Any:
        dirty = set(self._dirty_regions)
        try:
            Compositor._get_renders = textual_compat.TEXTUAL_GET_RENDERS  # type: ignore[method-assign]
            theirs = textual_compat.TEXTUAL_RENDER_PARTIAL_UPDATE(self)
        finally:
            Compositor._get_renders = textual_compat.get_renders  # type: ignore[method-assign]
        self._dirty_regions = set(dirty)
        mine = ours(self)
        assert (theirs is None) == (mine is None)
        if mine is not None:
            assert shown(mine, app) == shown(theirs, app), sorted(dirty)
            frames.append(mine)
        return mine

    monkeypatch.setattr(Compositor, "render_partial_update", both)
    return frames


async def test_uwo_frames_are_written_as_textual_writes_them(monkeypatch: pytest.MonkeyPatch) -> None:
    app = BoardgamesApp(start=lambda: UwoScreen(), clock=ManualClock(), seed=4)
    frames = compare_every_frame(monkeypatch, app)
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        for key in [
            "right",
            "right",
            "up",
            "up",
            "left",
            "down",
            "enter",
            "up",
            "left",
            "escape",
            "1",
            "right",
            "escape",
            "f1",
            "escape",
            "down",
            "down",
            "right",
        ]:
            await pilot.press(key)
            await pilot.pause()
        await pilot.press("enter", "up", "enter")  # a move: the board, the status, the log
        await pilot.pause()
    assert len(frames) > 15


async def test_a_cursor_key_renders_a_few_widgets_not_the_screen() -> None:
    """An arrow key between empty squares dirties two cells and the info panel;
    the frame renders the widgets under them and their containers (it rendered the whole
    screen: 70 widgets, all 30 cells, the title bar and the Footer)."""
    app = BoardgamesApp(start=lambda: UwoScreen(), clock=ManualClock(), seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        screen = uwo(app)
        for _ in range(3):
            await pilot.pause()
        with rendered_widgets() as rendered:
            await pilot.press("up")  # c3: the middle rows are empty (the info panel's height stays)
            for key in ["right", "up", "left", "left", "down", "right"]:
                before = len(rendered)
                cursor = screen.board.cursor
                await pilot.press(key)
                for _ in range(20):
                    await pilot.pause()
                    if screen.board.cursor != cursor and screen.board.cell(screen.board.cursor).has_class("-cursor"):
                        break
                await pilot.pause()
                assert 0 < len(rendered) - before <= 16, (key, sorted(rendered[before:]))
                assert "Footer" not in rendered[before:] and "TitleBar" not in rendered[before:]
                assert rendered[before:].count("Cell") <= 4
        assert B.name(screen.board.cursor) != "c2"


async def test_vowl_frames_are_written_as_textual_writes_them(monkeypatch: pytest.MonkeyPatch) -> None:
    from boardgames.vowl.screen import start_game
    from boardgames.vowl.spec import VowlSetup

    clock = ManualClock()
    setup = VowlSetup(("Ann",), (25,), practice=True)
    app: BoardgamesApp = BoardgamesApp(start=lambda: start_game(setup, app), clock=clock, seed=3)
    frames = compare_every_frame(monkeypatch, app)
    from tests.vowl.play import answer_cards

    async with app.run_test(size=SIZE) as pilot:
        answered = await answer_cards(pilot, clock, 4, settle=pilot.pause, tries=200)
    assert answered >= 4 and len(frames) > 8


def test_a_widget_is_covered_only_where_front_widgets_take_every_piece_it_could_give() -> None:
    """``covered``: the pieces of line (between cuts) a widget spans and a crop overlaps."""
    from textual.geometry import Region

    cuts = [[0, 1, 11, 12, 20]] * 4  # a container 0-12, a child 1-11 inside its padding
    container, child = Region(0, 0, 12, 4), Region(1, 0, 10, 4)
    assert partial_update.covered(container, Region(1, 0, 10, 4), [child], cuts)
    assert partial_update.covered(container, Region(3, 1, 4, 2), [child], cuts)
    assert not partial_update.covered(container, Region(0, 0, 10, 4), [child], cuts), "its padding at 0"
    assert not partial_update.covered(container, Region(1, 0, 11, 4), [child], cuts), "its padding at 11"
    assert not partial_update.covered(container, Region(1, 0, 10, 4), [Region(1, 0, 10, 3)], cuts), "line 3"
    halves = [Region(1, 0, 4, 4), Region(5, 0, 6, 4)]  # two children side by side (cuts at 5 too)
    assert partial_update.covered(container, Region(1, 0, 10, 4), halves, [[0, 1, 5, 11, 12, 20]] * 4)
    assert not partial_update.covered(container, Region(1, 0, 10, 4), halves[:1], [[0, 1, 5, 11, 12, 20]] * 4)
    assert not partial_update.covered(container, Region(1, 0, 10, 4), [], cuts)
