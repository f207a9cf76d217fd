"""What one Enter on an answer costs the Vowl screen, counted (issue 16: key to frame).

No clock is read here: speed lives in ``benchmarks/_key_to_frame.py``.  These tests
count the work instead - Footer rebuilds, layouts, the review's answers worked out on
the UI thread - so going back to the old way fails a test.
"""

from __future__ import annotations

import threading

from rich.table import Table
from textual.widgets import Footer, Static

from boardgames.common.skeleton import SkeletonMatcher
from boardgames.vowl.kinds import Mode, Phase
from boardgames.vowl.modals import ReviewScreen
from boardgames.vowl.screen import VowlScreen
from boardgames.vowl.widgets import EventLog, Layouts
from tests.screen import settled, wait_for
from tests.vowl.test_screen import MATCHER, SIZE, make_app, roll_and_start_pile, vowl


async def test_an_answer_neither_rebuilds_the_footer_nor_lays_out_the_screen(monkeypatch) -> None:
    """``sync`` ran ``refresh_bindings`` (the Footer recomposed: a new widget per key and a
    layout) and every panel's ``update`` asked for a layout, after every Enter; the keys
    do not change while a pile is solved, and neither does any panel's size."""
    app, clock = make_app(("Ann Lee", "Bob Roy"), Mode.SOLITAIRE)
    async with app.run_test(size=SIZE) as pilot:
        screen = await roll_and_start_pile(pilot, app)
        await pilot.pause()
        # The first answer after the handover: the answer box has just taken the focus
        # (its keys join the Footer's chain).  From then on nothing the Footer shows changes.
        run = screen.view().active_run
        assert run is not None and run.current is not None
        clock.advance(1)
        await pilot.press(*MATCHER.solutions(run.current.skeleton)[0], "enter")
        await wait_for(pilot, lambda: (screen.view().active_run.solved_count or 0) == 1, "the first answer")
        for _ in range(3):  # the Footer rebuilds after the next refresh (call_after_refresh)
            await wait_for(pilot, lambda: settled(app), "the app to settle")
            await pilot.pause()
        rebuilt: list[int] = []
        original = Footer.recompose
        monkeypatch.setattr(Footer, "recompose", lambda self: (rebuilt.append(1), original(self))[1])
        refreshed: list[int] = []
        original_refresh = VowlScreen.refresh_bindings
        monkeypatch.setattr(VowlScreen, "refresh_bindings",
                            lambda self: (refreshed.append(1), original_refresh(self))[1])
        layouts, log_layouts = Layouts.count, EventLog.layouts
        for _ in range(2):
            run = screen.view().active_run
            assert run is not None and run.current is not None and screen.game.phase is Phase.SOLVING
            if run.pile_left < 2:
                break  # the last card face down: then Ctrl+X has nothing to pass to (greyed)
            solved = run.solved_count or 0
            clock.advance(1)
            await pilot.press(*MATCHER.solutions(run.current.skeleton)[0], "enter")
            await wait_for(pilot, lambda s=solved: (screen.view().active_run.solved_count or 0) > s, "the answer")
            await pilot.pause()
        assert (screen.view().active_run.solved_count or 0) >= 2, "at least one answer was counted"
        assert rebuilt == [] and refreshed == [], "the Footer's keys did not change"
        assert Layouts.count == layouts, "no panel changed size"
        assert EventLog.layouts == log_layouts, "a new log line only scrolls the log"
        assert "accepted" in str(screen.query_one("#feedback", Static).content)


async def test_the_review_waits_for_no_dictionary_on_the_ui_thread(monkeypatch) -> None:
    """The first review may come before the dictionary's index is built: its answers are
    then worked out in a worker thread, and the table arrives when they are."""
    monkeypatch.setattr(SkeletonMatcher, "ready", lambda self: False)
    threads: list[threading.Thread] = []
    original = SkeletonMatcher.solutions

    def solutions(self: SkeletonMatcher, skeleton: str) -> list[str]:
        threads.append(threading.current_thread())
        return original(self, skeleton)

    app, clock = make_app(("Ann Lee", "Bob Roy"), Mode.SOLITAIRE)
    async with app.run_test(size=SIZE) as pilot:
        screen = await roll_and_start_pile(pilot, app)
        words = []
        while screen.game.phase is Phase.SOLVING:
            run = screen.view().active_run
            assert run is not None and run.current is not None
            words.append(MATCHER.solutions(run.current.skeleton)[0])  # the test's own, before it counts
            monkeypatch.setattr(SkeletonMatcher, "solutions", solutions)
            clock.advance(1)
            await pilot.press(*words[-1], "enter")
            await pilot.pause()
            monkeypatch.setattr(SkeletonMatcher, "solutions", original)
        monkeypatch.setattr(SkeletonMatcher, "solutions", solutions)
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        review = app.screen
        table = review.query_one("#review-table", Static)
        await wait_for(pilot, lambda: isinstance(table.content, Table), "the answers")
        assert threads and threading.main_thread() not in threads
        assert vowl(app) is screen
