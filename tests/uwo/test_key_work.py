"""What one cursor key costs the UWO screen, counted.

No clock is read here: speed lives in ``benchmarks/_key_to_frame.py``.  These tests
count the work a key does instead - which cells are repainted, whether a panel asks
for a layout, whether the whole screen is redrawn - so going back to the old way
(30 cells and every panel per arrow key, a layout on every move) fails a test.
"""

from __future__ import annotations

from textual.widget import Widget
from textual.widgets import LoadingIndicator

from boardgames.uwo import board as B
from boardgames.uwo.screen import UwoScreen
from boardgames.uwo.side import Side
from boardgames.uwo.widgets import BoardGrid, Cell, Drawn, InfoPanel, ThinkingDots
from tests.screen import wait_for
from tests.uwo.positions import make
from tests.uwo.test_screen import SIZE, app_for, goto, take_keyboard, uwo
from tests.uwo.test_vs_computer import app_against


def _count_refreshes(monkeypatch) -> list[Widget]:
    """Every widget that asks to be repainted or laid out from now on, in order."""
    refreshed: list[Widget] = []
    original = Widget.refresh

    def refresh(self: Widget, *args: object, **kwargs: object) -> Widget:
        refreshed.append(self)
        return original(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Widget, "refresh", refresh)
    return refreshed


async def test_a_cursor_move_repaints_two_cells_and_redraws_nothing_else(monkeypatch) -> None:
    g = make("c2=G:troop d1=G:troop c5=P:troop", hands={"G": ["wisp"], "P": ["longeye"]})
    app = app_for(g)
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        screen = uwo(app)
        await goto(pilot, "a3")  # an empty square, away from the UMOs
        await pilot.pause()
        redraws: list[int] = []
        original = UwoScreen.redraw
        monkeypatch.setattr(UwoScreen, "redraw", lambda self: (redraws.append(1), original(self))[1])
        refreshed = _count_refreshes(monkeypatch)
        layouts = Drawn.layouts
        await pilot.press("right")  # a3 -> b3: empty to empty
        await wait_for(pilot, lambda: screen.query_one("#sq-b3", Cell).has_class("-cursor"), "the cursor on b3")
        await pilot.pause()
        cells = {w.id for w in refreshed if isinstance(w, Cell)}
        assert cells == {"sq-a3", "sq-b3"}
        assert not any(isinstance(w, BoardGrid) for w in refreshed), "the grid itself is not repainted"
        assert redraws == [], "a cursor move does not redraw the whole screen"
        # The info panel names the new square: same height, so a repaint and no layout.
        assert "b3: an empty square" in str(screen.query_one(InfoPanel).render())
        assert Drawn.layouts == layouts


async def test_the_cursor_redraws_everything_once_the_game_changed() -> None:
    """The fast path draws from what was last drawn: a step taken since falls back to a
    full redraw (the marks of a selection, a new position)."""
    g = make("c2=G:troop d1=G:troop c5=P:troop", hands={"G": ["wisp"], "P": ["longeye"]})
    app = app_for(g)
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        screen = uwo(app)
        await goto(pilot, "c2")
        await pilot.press("enter")  # select the troop: its moves are marked
        await wait_for(pilot, lambda: screen.selected == B.parse("c2"), "the troop selected")
        await pilot.press("up")
        await wait_for(pilot, lambda: screen.query_one("#sq-c3", Cell).has_class("-cursor"), "the cursor on c3")
        await pilot.pause()
        c3 = screen.query_one("#sq-c3", Cell)
        assert c3.has_class("-move") and c3.has_class("-cursor")
        assert not screen.query_one("#sq-c2", Cell).has_class("-cursor")
        assert screen.query_one("#sq-c2", Cell).has_class("-selected")


async def test_the_computer_thinks_behind_three_dots_not_a_loading_indicator() -> None:
    """Textual's ``LoadingIndicator`` asks for 16 frames a second, each a colour gradient,
    while the search holds the interpreter; the dots change four times a second and
    stand still when the computer is not thinking."""
    app = app_against(None, "normal", computer=Side.GNORFS)
    async with app.run_test(size=SIZE) as pilot:
        screen = uwo(app)
        dots = screen.query_one(ThinkingDots)
        assert not screen.query(LoadingIndicator)
        await wait_for(pilot, lambda: not screen.thinking, "the computer to decide")
        await wait_for(
            pilot, lambda: screen.seat is Side.PNORFS and screen.game.to_act is Side.PNORFS, "the person's turn"
        )
        assert dots._timer is not None and not dots._timer._active.is_set()  # noqa: SLF001 - paused


async def test_the_cursor_between_a_card_and_an_empty_square_lays_nothing_out() -> None:
    """The info panel grows for a card and keeps that height while only the cursor moves:
    an empty square's one line after a card's five used to lay the whole screen out
    (the keys slower than a frame), and the hand and log under it jumped at every move.
    A full redraw (an action, a handover) fits it to its text again."""
    g = make("c2=G:troop d1=G:troop c5=P:troop", hands={"G": ["wisp"], "P": ["longeye"]})
    app = app_for(g)
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        screen = uwo(app)
        info = screen.query_one(InfoPanel)
        await goto(pilot, "c2")  # the troop's card
        await pilot.pause()
        tall = info.content_region.height
        assert tall > 1, "a card takes several lines"
        layouts = Drawn.layouts
        for square in ("c3", "c2", "c3", "b3", "c3", "c2"):  # empty, card, empty, ...
            await goto(pilot, square)
            await pilot.pause()
            assert f"{square}:" in str(info.render()) or "Trooper" in str(info.render())
        assert Drawn.layouts == layouts, "no layout while only the cursor walks"
        assert info.content_region.height == tall, "the panel kept its height"
        await goto(pilot, "c3")
        await pilot.pause()
        screen.redraw()  # what an action or a handover does: the same text, fitted
        await wait_for(pilot, lambda: info.content_region.height < tall, "the panel fitted to one empty square's text")
