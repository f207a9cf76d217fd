"""Rows kept between frames: a scroll bar put together
from rows drawn before (``textual_compat``'s ``scroll-bar-rows``) and a log
that draws only the rows a new line and its scroll bring into view (``vowl.widgets.EventLog``).

Every check here compares with Textual's own drawing: each row of a scroll bar with
Textual's ``ScrollBar.render_lines``, and the terminal after each frame of a game with
the whole screen drawn afresh by Textual's code (no row kept from any earlier frame).
"""

from __future__ import annotations

from typing import Any

import pytest
from rich.cells import cell_len
from textual._compositor import ChopsUpdate, Compositor, LayoutUpdate
from textual._styles_cache import StylesCache
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.scrollbar import ScrollBar
from textual.strip import Strip
from textual.widget import Widget

from boardgames.app import BoardgamesApp
from boardgames.common.clock import ManualClock
from boardgames.common.ui import textual_compat
from boardgames.vowl.widgets import EventLog
from tests.compat import needs

pytestmark = needs("scroll-bar-rows", "log-rows")

Cell = tuple[str, object]


def cells(strips: Any) -> list[Cell]:
    """A line as cells: (character, style); a wide character's second cell is ("", None)."""
    out: list[Cell] = []
    for strip in strips:
        for segment in strip:
            if segment.control:
                continue
            for char in segment.text:
                out.append((char, segment.style))
                out.extend([("", None)] * (cell_len(char) - 1))
    return out


def textual_scroll_bar(bar: ScrollBar, crop: Region) -> list[Strip]:
    """What Textual's own ``ScrollBar.render_lines`` draws now, from nothing kept."""
    bar._styles_cache.clear()
    bar._set_dirty()
    return textual_compat.TEXTUAL_SCROLL_BAR_RENDER_LINES(bar, crop)


class Scrolled(App[None]):
    CSS = "Widget#tall { height: 300; } #box { width: 20; height: 12; }"

    def compose(self) -> ComposeResult:
        from textual.containers import VerticalScroll

        with VerticalScroll(id="box"):
            yield Widget(id="tall")


async def test_a_scroll_bar_is_the_one_textual_draws_at_every_geometry() -> None:
    async with Scrolled().run_test(size=(40, 20)) as pilot:
        box = pilot.app.query_one("#box")
        await pilot.pause()
        bar = box.vertical_scrollbar
        kept = 0
        for virtual in (12, 13, 20, 40, 97, 300):
            for window in (0, 5, 12):
                for position in (0, 0.5, 3, 17.25, 80):
                    for hover in (False, True):
                        bar.window_virtual_size, bar.window_size, bar.position = virtual, window, position
                        bar.mouse_over = hover
                        for crop in (Region(0, 0, *bar.size), Region(0, 3, bar.size.width, 4)):
                            rows = textual_compat.scroll_bar_rows(bar, bar.render())
                            before = textual_compat._SCROLL_BAR_ROWS.get(bar)
                            hit = before is not None and all(row in before[1] for row in rows[crop.y : crop.bottom])
                            kept += hit
                            ours = bar.render_lines(crop)
                            assert ours == textual_scroll_bar(bar, crop), (virtual, window, position, hover, crop)
        assert kept > 100, "most bars were put together from rows drawn before"


class Terminal:
    """What the terminal shows: every frame written into it, as ``ChopsUpdate`` writes."""

    def __init__(self) -> None:
        self.lines: list[list[Cell]] = []

    def write(self, update: Any) -> None:
        if isinstance(update, LayoutUpdate):
            self.lines = [cells(strips) for strips in update.strips]
            return
        assert isinstance(update, ChopsUpdate)
        for y, x1, x2 in update.spans:
            line = self.lines[y]
            for end, (x, strip) in zip(update.chop_ends[y], update.chops[y].items(), strict=False):
                if strip is None or x > x2 or end <= x1:
                    continue
                written = cells([strip.crop(0, min(end, x2) - x)])
                line[x : x + len(written)] = written


def drawn_afresh(compositor: Compositor) -> list[list[Cell]]:
    """The whole screen drawn now by Textual's own code, with no row kept from before:
    the log and the scroll bars through a new styles cache each."""
    fresh = lambda self, crop: StylesCache().render_widget(self, crop)  # noqa: E731
    saved = EventLog.render_lines, ScrollBar.render_lines
    EventLog.render_lines, ScrollBar.render_lines = fresh, fresh  # type: ignore[method-assign]
    try:
        chops = compositor._render_chops(compositor.size.region, lambda y: True)
    finally:
        EventLog.render_lines, ScrollBar.render_lines = saved  # type: ignore[method-assign]
    return [cells(chop.values()) for chop in chops]


def quiet(app: App[Any]) -> bool:
    """Nothing waits to be drawn: no message queued, no widget asking for a repaint."""
    from tests.screen import settled

    return settled(app) and not any(w._repaint_required for w in app.screen.walk_children(with_self=True))


async def test_the_terminal_always_shows_what_textual_draws_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """Answers (the log grows and scrolls), handovers (the log written again for the
    next eyes), a resize, a log scrolled back by hand: every frame is written into a
    model of the terminal, and whenever nothing waits to be drawn it holds what Textual
    draws from nothing, cell for cell.  (Between frames a widget may have changed
    before the screen hears of it; the next frame draws it.)"""
    from boardgames.vowl.screen import VowlScreen, start_game
    from boardgames.vowl.spec import VowlSetup

    terminals: dict[int, Terminal] = {}
    original = BoardgamesApp._display

    def display(self: BoardgamesApp, screen: Any, update: Any) -> None:
        # What the terminal is sent: a frame rendered inside a batch is dropped by Textual.
        if update is not None and not self._batch_count:
            terminal = terminals.setdefault(id(screen._compositor), Terminal())
            if isinstance(update, LayoutUpdate) or terminal.lines:  # from a screen's first full frame on
                terminal.write(update)
        original(self, screen, update)

    monkeypatch.setattr(BoardgamesApp, "_display", display)
    clock = ManualClock()
    setup = VowlSetup(("Ann",), (25,), practice=True)
    app: BoardgamesApp = BoardgamesApp(start=lambda: start_game(setup, app), clock=clock, seed=3)
    checked = 0

    async def check() -> None:
        nonlocal checked
        for _ in range(50):
            await pilot.pause()
            if quiet(app):
                break
        compositor = app.screen._compositor
        terminal = terminals.get(id(compositor))
        if not (quiet(app) and terminal and terminal.lines):
            return
        expected = drawn_afresh(compositor)
        assert terminal.lines == expected, [
            (y, "".join(c for c, _ in a), "".join(c for c, _ in b))
            for y, (a, b) in enumerate(zip(terminal.lines, expected, strict=True))
            if a != b
        ]
        checked += 1

    from tests.vowl.play import answer_cards

    async with app.run_test(size=(120, 40)) as pilot:

        async def read_back(answered: int) -> None:
            table = next(s for s in app.screen_stack if isinstance(s, VowlScreen))
            log = table.query_one(EventLog)
            if answered == 5:
                log.scroll_to(y=max(0, log.max_scroll_y - 7), animate=False)  # read back by hand
            elif answered == 6:
                log.scroll_relative(y=3, animate=False)
            elif answered == 9:
                await pilot.resize_terminal(100, 30)  # a narrower, shorter log
            elif answered == 12:
                await pilot.resize_terminal(120, 40)

        answered = await answer_cards(pilot, clock, 16, settle=check, answered_one=read_back)
    assert answered >= 16 and checked > 40, checked


async def test_an_answer_draws_only_the_rows_it_brings_into_view() -> None:
    """One Enter: the log drew every row twice (a write, then its scroll a frame later)
    and its scroll bar every row through Rich; now the log draws the rows that come into
    view, and the scroll bar only a kind of row it had not drawn before (a new end of
    its thumb), if any."""
    from boardgames.vowl.kinds import Mode
    from tests.screen import settled, wait_for
    from tests.vowl.test_screen import MATCHER, make_app, roll_and_start_pile

    app, clock = make_app(("Ann Lee", "Bob Roy"), Mode.SOLITAIRE)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await roll_and_start_pile(pilot, app)
        log = screen.query_one(EventLog)
        for i in range(40):  # a log longer than its rows: each new line scrolls it
            log.write(f"an earlier line {i}")
        await wait_for(pilot, lambda: settled(app), "the app to settle")
        await pilot.pause()
        bar = log.vertical_scrollbar
        drawn: list[str] = []
        render_line = StylesCache.render_line

        def counting(self: StylesCache, styles: Any, y: int, *args: Any) -> Strip:
            drawn.append("log" if self is log._styles_cache else "bar" if self is bar._styles_cache else "")
            return render_line(self, styles, y, *args)

        StylesCache.render_line = counting  # type: ignore[method-assign]
        try:
            for _ in range(3):
                run = screen.view().active_run
                assert run is not None and run.current is not None
                solved = run.solved_count or 0
                scrolled = log.scroll_y
                clock.advance(1)
                del drawn[:]
                await pilot.press(*MATCHER.solutions(run.current.skeleton)[0], "enter")
                await wait_for(pilot, lambda s=solved: (screen.view().active_run.solved_count or 0) > s, "the answer")
                await wait_for(pilot, lambda: settled(app), "the app to settle")
                await pilot.pause()
                came = round(log.scroll_y - scrolled)
                assert came >= 1, "the new line scrolled the log"
                # The rows that came into view, and the border's bottom row that Textual's scroll repaints.
                assert drawn.count("log") <= came + 1, drawn.count("log")
                # The scroll bar: only a kind of row not drawn before (a new end of its thumb).
                assert drawn.count("bar") <= 2, drawn.count("bar")
        finally:
            StylesCache.render_line = render_line  # type: ignore[method-assign]
