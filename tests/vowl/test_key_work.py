"""What one Enter on an answer costs the Vowl screen, counted.

No clock is read here: speed lives in ``benchmarks/_key_to_frame.py``.  These tests
count the work instead - Footer rebuilds, layouts, the review's answers worked out on
the UI thread - so going back to the old way fails a test.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from rich.table import Table
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

from boardgames.common.skeleton import SkeletonMatcher
from boardgames.vowl.kinds import Mode, Phase
from boardgames.vowl.modals import ReviewScreen
from boardgames.vowl.screen import VowlScreen
from boardgames.vowl.widgets import EventLog, Layouts
from tests.compat import speed_up
from tests.screen import rendered_widgets, settled, wait_for
from tests.vowl.test_screen import MATCHER, SIZE, make_app, roll_and_start_pile, solve_current_pile, vowl


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
        monkeypatch.setattr(
            VowlScreen, "refresh_bindings", lambda self: (refreshed.append(1), original_refresh(self))[1]
        )
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


class ScreenLayouts:
    """Counts the screen's layouts (``Screen._refresh_layout`` with the widgets arranged
    again, not a scroll's reflow), whatever asked for them."""

    def __init__(self, monkeypatch) -> None:
        self.count = 0
        original = Screen._refresh_layout

        def counting(screen: Screen, size=None, scroll: bool = False) -> None:
            if not (scroll and not screen._layout_widgets):
                self.count += 1
            original(screen, size, scroll)

        monkeypatch.setattr(Screen, "_refresh_layout", counting)


async def settle(pilot, app) -> None:
    """Until nothing is queued and no frame is pending (a pending layout included)."""
    for _ in range(3):
        await wait_for(pilot, lambda: settled(app) and not app.screen._layout_required, "the app to settle")
        await pilot.pause()


async def test_a_verdict_of_one_line_then_two_lays_nothing_out(monkeypatch) -> None:
    """The verdict under the answer box has room for two lines whatever it says
    (vowl.tcss ``#feedback``): "Type a word first" is one line, a rejection's reason two,
    and a box that changed height on an Enter laid out the whole screen."""
    app, _clock = make_app(("Ann Lee", "Bob Roy"), Mode.SOLITAIRE)
    async with app.run_test(size=(120, 40)) as pilot:  # a rejection's reason takes two lines
        screen = await roll_and_start_pile(pilot, app)
        feedback = screen.query_one("#feedback", Static)
        await settle(pilot, app)
        layouts = ScreenLayouts(monkeypatch)
        heights = set()
        for typed in ("", "qqq", "", "qqqq"):
            await pilot.press("ctrl+shift+a", "backspace", *typed)
            await settle(pilot, app)
            before = layouts.count
            said = str(feedback.content)
            await pilot.press("enter")
            await wait_for(pilot, lambda s=said: str(feedback.content) != s, "a new verdict")
            await settle(pilot, app)
            lines = feedback.get_content_height(feedback.size, app.size, feedback.size.width)
            heights.add(lines)
            assert layouts.count == before, (typed, lines, str(feedback.content))
            assert feedback.size.height == 2, "room for two lines, and no more"
        assert heights == {1, 2}, "verdicts of one line and of two were shown"


async def test_typing_an_answer_lays_nothing_out(monkeypatch) -> None:
    """Each key typed into the answer box, and the box emptied after an accepted answer,
    laid out the whole screen: ``Input`` sets its virtual size, a reactive that asks for a
    layout (``typing-without-layout``)."""
    if not speed_up("typing-without-layout"):
        pytest.skip("speed-up off")
    app, clock = make_app(("Ann Lee", "Bob Roy"), Mode.SOLITAIRE)
    async with app.run_test(size=SIZE) as pilot:
        screen = await roll_and_start_pile(pilot, app)
        answer = screen.query_one("#answer", Input)
        await settle(pilot, app)
        layouts = ScreenLayouts(monkeypatch)
        run = screen.view().active_run
        assert run is not None and run.current is not None
        word = MATCHER.solutions(run.current.skeleton)[0]
        for letter in word:
            width = answer.virtual_size.width
            await pilot.press(letter)
            await settle(pilot, app)
            assert answer.virtual_size.width != width, "the box's text is wider"
        assert answer.value == word and layouts.count == 0
        clock.advance(1)
        await pilot.press("enter")
        await wait_for(pilot, lambda: (screen.view().active_run.solved_count or 0) == 1, "the answer")
        await settle(pilot, app)
        assert answer.value == "" and layouts.count == 0
        # A word wider than the box scrolls it, as Textual's own does (its scroll bar, of
        # no height, comes and goes: that keeps its layout); emptied, it scrolls back.
        answer.max_length = answer.content_region.width + 20  # room past the box: its cap is tested elsewhere
        await pilot.press(*"x" * (answer.content_region.width + 10))
        await settle(pilot, app)
        assert answer.scroll_x > 0 and answer.max_scroll_x > 0
        await pilot.press("ctrl+shift+a", "backspace")
        await settle(pilot, app)
        assert answer.value == "" and answer.scroll_x == 0


async def test_an_answer_renders_no_container_hidden_behind_what_changed() -> None:
    """The verdict, the answer box and the log cover the containers behind them: the
    screen and its columns were rendered for every Enter, though nothing of them was
    written (``partial_update.covered``)."""
    if not speed_up("partial-frames"):
        pytest.skip("speed-up off")
    app, _clock = make_app(("Ann Lee", "Bob Roy"), Mode.SOLITAIRE)
    async with app.run_test(size=SIZE) as pilot:
        screen = await roll_and_start_pile(pilot, app)
        await settle(pilot, app)
        with rendered_widgets() as rendered:
            for word in ("qqq", "zzz", "qqq"):
                rendered.clear()
                said = str(screen.query_one("#feedback", Static).content)
                await pilot.press("ctrl+shift+a", *word, "enter")
                await wait_for(
                    pilot, lambda s=said: str(screen.query_one("#feedback", Static).content) != s, "a verdict"
                )
                await settle(pilot, app)
                assert "TextInput" in rendered and "Feedback" in rendered, rendered
                assert "VowlScreen" not in rendered and "Horizontal" not in rendered, rendered


async def test_the_running_sand_lays_nothing_out(monkeypatch) -> None:
    """The sand timer's text changes once a second and keeps its width: each tick (ten a
    second on a real clock) updated it with a layout of the whole screen."""
    app, clock = make_app(("Ann Lee", "Bob Roy"), Mode.SOLITAIRE)
    async with app.run_test(size=SIZE) as pilot:
        screen = await roll_and_start_pile(pilot, app)
        await settle(pilot, app)
        layouts = ScreenLayouts(monkeypatch)
        shown = []
        for _ in range(12):
            clock.advance(0.5)
            screen.timer.tick()
            await settle(pilot, app)
            shown.append(str(screen.timer.content))
        assert len(set(shown)) >= 5, shown
        assert layouts.count == 0


async def test_the_first_answer_of_a_pile_does_not_rebuild_the_footer(monkeypatch) -> None:
    """The answer box takes the focus after the handover and Textual rebuilds the Footer
    for it (its keys come first in the chain then); ``sync`` had recorded the keys from
    before, so the first answer of each pile rebuilt the Footer again, and laid out the
    whole screen (``VowlScreen.refresh_bindings`` records whoever asks)."""
    app, clock = make_app(("Ann Lee", "Bob Roy"), Mode.SOLITAIRE)
    async with app.run_test(size=SIZE) as pilot:
        screen = await roll_and_start_pile(pilot, app)
        await settle(pilot, app)
        assert isinstance(app.focused, Input)
        rebuilt: list[int] = []
        original = Footer.recompose
        monkeypatch.setattr(Footer, "recompose", lambda self: (rebuilt.append(1), original(self))[1])
        layouts = ScreenLayouts(monkeypatch)
        run = screen.view().active_run
        assert run is not None and run.current is not None
        clock.advance(1)
        await pilot.press(*MATCHER.solutions(run.current.skeleton)[0], "enter")
        await wait_for(pilot, lambda: (screen.view().active_run.solved_count or 0) == 1, "the answer")
        await settle(pilot, app)
        assert rebuilt == [] and layouts.count == 0


async def test_a_verdict_of_the_other_kind_restyles_nothing(monkeypatch) -> None:
    """A verdict usually follows one of the other kind (a wrong word, then the right
    one): the line's colour was a class (``-ok``/``-bad``) toggled on each, and each
    toggle restyled the line through the whole stylesheet, about a fifth of an
    answer's handling.  The colour is now in the verdict's content; still
    green for an answer that counted and red for one that did not, in the theme's own."""
    from textual.css.stylesheet import Stylesheet

    app, clock = make_app(("Ann Lee", "Bob Roy"), Mode.SOLITAIRE)
    async with app.run_test(size=SIZE) as pilot:
        screen = await roll_and_start_pile(pilot, app)
        feedback = screen.query_one("#feedback", Static)
        await settle(pilot, app)
        restyled: list[str] = []
        original = Stylesheet.update_nodes

        def update_nodes(self: Stylesheet, nodes: Any, animate: bool = False) -> None:
            nodes = list(nodes)
            restyled.extend(node.id or type(node).__name__ for node in nodes)
            original(self, nodes, animate=animate)

        monkeypatch.setattr(Stylesheet, "update_nodes", update_nodes)
        colours = {}
        for kind in ("wrong", "right", "wrong"):
            run = screen.view().active_run
            assert run is not None and run.current is not None
            word = MATCHER.solutions(run.current.skeleton)[0] if kind == "right" else "qqq"
            said = str(feedback.content)
            clock.advance(1)
            await pilot.press("ctrl+shift+a", *word, "enter")
            await wait_for(pilot, lambda s=said: str(feedback.content) != s, "a verdict")
            await settle(pilot, app)
            # The verdict's last words ("— accepted", the reason) are in the line's colour.
            strip = feedback.render_lines(feedback.region.reset_offset)[0]
            tail = [seg for seg in strip if seg.text.strip()][-1]
            colours[kind] = tail.style.color.triplet.hex if tail.style and tail.style.color else None
        assert "feedback" not in restyled, restyled
        from textual.color import Color

        variables = app.get_css_variables()
        want = {
            kind: Color.parse(variables[name]).hex.lower()
            for kind, name in (("wrong", "text-error"), ("right", "text-success"))
        }
        assert colours == want, colours


async def test_a_card_of_another_deck_is_restyled_once() -> None:
    """The card's frame and colours come from its deck's class (``-green``, ``-yellow``,
    ``-red``): a card of another deck took one class off and put one on, and each
    restyled the card through the whole stylesheet - twice per card."""
    from textual.app import App, ComposeResult
    from textual.css.stylesheet import Stylesheet

    from boardgames.vowl.cards import Card, Tier
    from boardgames.vowl.widgets import CardFace

    class One(App[None]):
        CSS_PATH = str(Path(__file__).parents[2] / "boardgames" / "vowl" / "vowl.tcss")

        def compose(self) -> ComposeResult:
            yield CardFace("", id="card", classes="-empty")

    app = One()
    restyled: list[int] = []
    original = Stylesheet.update_nodes

    def update_nodes(self: Stylesheet, nodes: Any, animate: bool = False) -> None:
        nodes = list(nodes)
        restyled.extend(1 for node in nodes if isinstance(node, CardFace))
        original(self, nodes, animate=animate)

    async with app.run_test(size=(60, 20)) as pilot:
        card = app.query_one(CardFace)
        Stylesheet.update_nodes = update_nodes  # type: ignore[method-assign]
        try:
            for shown, classes in (
                (Card("SVR", Tier.BASIC), {"-green"}),
                (Card("SVR", Tier.EXPERT), {"-red"}),
                (Card("BRD", Tier.EXPERT), {"-red"}),
                (None, {"-empty"}),
            ):
                before = len(restyled)
                card.show(shown, "")
                await pilot.pause()
                assert card.classes == classes
                assert len(restyled) - before <= 1, (shown, restyled)
        finally:
            Stylesheet.update_nodes = original  # type: ignore[method-assign]


async def test_the_review_paints_nothing_of_the_table_beneath(monkeypatch) -> None:
    """A see-through review painted the whole table under it again, tinted, for its
    first frame: a third of the time from the turn's last answer to the review."""
    from textual.renderables.background_screen import BackgroundScreen

    painted: list[int] = []
    original = BackgroundScreen.__rich_console__
    monkeypatch.setattr(
        BackgroundScreen,
        "__rich_console__",
        lambda self, console, options: (painted.append(1), original(self, console, options))[1],
    )
    app, clock = make_app(("Ann Lee", "Bob Roy"), Mode.SOLITAIRE)
    async with app.run_test(size=(120, 40)) as pilot:
        await roll_and_start_pile(pilot, app)
        await solve_current_pile(pilot, app, clock)
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        await settle(pilot, app)
        assert painted == []


async def test_a_fast_burst_after_a_rejection_is_answered_as_typed() -> None:
    """Seen in tmux: over a rejected "qqq" (left selected), "BSpace BSpace BSpace m a y
    Enter" in one burst said "Type a word first": the Backspaces ran after the letters."""
    from tests.monkey import send_key

    app, clock = make_app(("Ann Lee", "Bob Roy"), Mode.SOLITAIRE)
    async with app.run_test(size=SIZE) as pilot:
        screen = await roll_and_start_pile(pilot, app)
        run = screen.view().active_run
        assert run is not None and run.current is not None
        clock.advance(1)
        await pilot.press(*"qqq", "enter")
        await wait_for(pilot, lambda: "rejected" in str(screen.query_one("#feedback", Static).content), "the rejection")
        word = MATCHER.solutions(run.current.skeleton)[0]
        for key in ("backspace", "backspace", "backspace", *word, "enter"):
            send_key(app, key)
        await wait_for(pilot, lambda: settled(app), "the burst to be handled")
        assert "accepted" in str(screen.query_one("#feedback", Static).content)
        assert (screen.view().active_run.solved_count or 0) == 1
