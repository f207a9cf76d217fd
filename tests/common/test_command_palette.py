"""Ctrl+P after it closes: nothing the palette started may touch its widgets any more.

Textual's palette searches in a worker and refreshes its list when the search ends.
A key typed just before Escape reaches the palette (as ``Input.Changed``) after it
was dismissed and starts one more search; on a busy machine that search can end
while the palette's widgets are already gone - Textual then raises ``NoMatches``
from the worker and the whole app stops (the main-menu monkey hit it).  These
tests hold that moment open instead of hoping a loaded machine hits it.
"""

from __future__ import annotations

import asyncio
from typing import ClassVar

import pytest
from textual.command import CommandInput, CommandList, DiscoveryHit, Hit, Hits, Provider
from textual.widgets import Input
from textual.worker import WorkerState

from boardgames.app import BoardgamesApp, MainMenu
from boardgames.common.clock import ManualClock
from boardgames.palette import SafeCommandPalette
from tests.screen import wait_for

SIZE = (100, 36)


class LateSearch(Provider):
    """A search that answers only when the test says so."""

    answer: ClassVar[asyncio.Event]

    async def search(self, query: str) -> Hits:
        await LateSearch.answer.wait()
        yield Hit(1.0, f"Late answer to {query}", lambda: None)


class HeldPalette(SafeCommandPalette):
    """The app's palette; its unmount waits until the late search has ended.

    Textual removes a screen's widgets first and unmounts the screen (cancelling its
    workers) afterwards; a search that ends in between is the race on a busy machine.
    """

    async def _on_unmount(self) -> None:
        assert not self.query(CommandList), "the palette's widgets are gone by now"
        LateSearch.answer.set()
        searches = [w for w in self.workers if w.node is self]
        for _ in range(1000):  # let the search end (a state, not a time); it may fail: no wait() here
            if all(w.state not in (WorkerState.PENDING, WorkerState.RUNNING) for w in searches):
                break
            await asyncio.sleep(0)


class LateApp(BoardgamesApp):
    #: Only the late search: its list stays hidden until it answers (no discovery hits).
    COMMANDS = {LateSearch}


async def open_palette(pilot) -> SafeCommandPalette:
    """Ctrl+P, as a player presses it; the palette once it is up."""
    app = pilot.app
    await pilot.pause()
    await pilot.press("ctrl+p")
    await wait_for(pilot, lambda: isinstance(app.screen, SafeCommandPalette) and app.screen.is_mounted)
    assert isinstance(app.screen, SafeCommandPalette)
    return app.screen


async def test_a_search_ending_after_the_palette_closed_is_dropped() -> None:
    LateSearch.answer = asyncio.Event()
    app = LateApp(clock=ManualClock(), seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        palette = HeldPalette(id="--command-palette")
        app.push_screen(palette)
        await wait_for(pilot, lambda: palette.is_mounted and palette.query(CommandInput), "the palette")
        LateSearch.answer.set()
        await wait_for(pilot, lambda: "-ready" in palette.classes, "the palette's first search")
        LateSearch.answer.clear()
        typed = palette.query_one(CommandInput)
        palette._action_escape()  # Escape ...
        palette.post_message(Input.Changed(typed, "rul"))  # ... and the key typed just before it
        await wait_for(pilot, lambda: not palette.is_attached, "the palette to be removed")
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")
        assert app.is_running and app._exception is None


async def test_late_callbacks_of_a_closed_palette_do_nothing() -> None:
    """Whatever arrives late - a search, its results, the busy or no-match countdowns -
    a closed palette ignores it instead of raising from a worker."""
    app = BoardgamesApp(clock=ManualClock(), seed=1)
    async with app.run_test(size=SIZE) as pilot:
        palette = await open_palette(pilot)
        await pilot.press(*"rules")
        await pilot.press("escape")
        await wait_for(pilot, lambda: not palette.is_attached, "the palette to be removed")
        palette._gather_commands("rules")
        palette._show_busy = True
        palette._list_visible = True
        palette._start_no_matches_countdown("zzz")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.is_running and app._exception is None
        assert isinstance(app.screen, MainMenu)


class SlowFirst(Provider):
    """Two commands of equal score, the first of them delivered last."""

    async def discover(self) -> Hits:
        await asyncio.sleep(0)
        yield DiscoveryHit("Alpha", lambda: None)

    async def search(self, query: str) -> Hits:
        yield Hit(1.0, "Alpha found", lambda: None)


class QuickSecond(Provider):
    async def discover(self) -> Hits:
        yield DiscoveryHit("Bravo", lambda: None)

    async def search(self, query: str) -> Hits:
        yield Hit(1.0, "Bravo found", lambda: None)


class TwoProviders(BoardgamesApp):
    COMMANDS = {SlowFirst, QuickSecond}


@pytest.mark.parametrize("query", ["", "a"])
async def test_commands_of_equal_score_are_listed_by_name_whatever_order_they_arrive_in(query: str) -> None:
    """Textual sorts the list by score only; equal scores (every command of an empty
    search) kept the order the providers' searches happened to deliver them in, which
    the machine's load decides: the list shuffled from one opening to the next, and
    Enter ran another command (the VNTYPL8S monkey)."""
    app = TwoProviders(clock=ManualClock(), seed=1)
    async with app.run_test(size=SIZE) as pilot:
        palette = await open_palette(pilot)
        if query:
            await pilot.press(*query)
        listed = palette.query_one(CommandList)
        searching = lambda: any(w.node is palette and not w.is_finished for w in app.workers)  # noqa: E731
        await wait_for(pilot, lambda: listed.option_count == 2 and not searching(), "both commands")
        shown = [str(listed.get_option_at_index(i).hit.text) for i in range(2)]
        assert shown == (["Alpha found", "Bravo found"] if query else ["Alpha", "Bravo"])
