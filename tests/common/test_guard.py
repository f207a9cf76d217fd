"""The key gate: a handover or a question takes no key before a moment of quiet.

Everything here runs on a ``ManualClock``: the gate decides from timestamps, so
moving the clock by hand is the whole of "time passing" (no test sleeps).
"""

from __future__ import annotations

import pytest
from textual import events
from textual.app import ComposeResult
from textual.widgets import Button, Input, OptionList, Static

from boardgames.app import BoardgamesApp
from boardgames.common.clock import ManualClock
from boardgames.common.ui.base import ARM, IGNORED_HINT, GameScreen, GateHint, input_allowed
from boardgames.common.ui.choice import Choice, ChoiceScreen
from boardgames.common.ui.handover import ARMED_TEXT, HandoverScreen
from boardgames.common.ui.rules import RulesScreen
from tests.screen import PAUSE, deliberately, screen_text, settled, wait_for

SIZE = (100, 30)


class Table(GameScreen):
    """A game screen with a secret line, a text box and a key that does something."""

    GAME = "uwo"
    MIN_SIZE = (60, 20)
    BINDINGS = [("e", "end_turn", "End turn")]

    def __init__(self) -> None:
        super().__init__()
        self.ended = 0

    def compose(self) -> ComposeResult:
        yield Static("Ann's secret: the ace of spades", id="secret")
        yield Input(id="answer")

    def action_end_turn(self) -> None:
        self.ended += 1


def make_app() -> tuple[BoardgamesApp, ManualClock]:
    clock = ManualClock()
    return BoardgamesApp(start=Table, clock=clock, seed=1), clock


def one_line(app: BoardgamesApp) -> str:
    return " ".join(screen_text(app).split())


async def open_handover(pilot, results: list[None]) -> HandoverScreen:
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, Table), "the table")
    handover = HandoverScreen("Bob Roy")
    app.push_screen(handover, results.append)
    await wait_for(pilot, lambda: app.screen is handover, "the handover")
    await wait_for(pilot, lambda: "take the keyboard" in one_line(app), "the handover drawn")
    return handover


async def test_keys_within_arm_of_appearing_never_dismiss() -> None:
    app, clock = make_app()
    async with app.run_test(size=SIZE) as pilot:
        results: list[None] = []
        handover = await open_handover(pilot, results)
        assert "Bob Roy, take the keyboard — press Space when ready" in one_line(app)
        await pilot.press("enter", "space", "x", "space")  # all at once: the outgoing player's double press
        clock.advance(ARM - 0.05)
        await pilot.press("space")  # still within ARM of the last key
        await pilot.pause()
        assert app.screen is handover and results == []
        assert not handover.armed


async def test_a_held_key_repeating_for_three_seconds_never_dismisses() -> None:
    app, clock = make_app()
    async with app.run_test(size=SIZE) as pilot:
        results: list[None] = []
        handover = await open_handover(pilot, results)
        for i in range(30):  # auto-repeat: a key every 0.1 s for 3 s
            clock.advance(0.1)
            await pilot.press("space" if i % 2 else "enter")
        await pilot.pause()
        assert app.screen is handover and results == []
        clock.advance(ARM - 0.1)  # the repeat stopped, but not long enough ago
        await pilot.press("space")
        assert app.screen is handover


async def test_space_after_a_moment_of_quiet_dismisses_enter_never_does() -> None:
    app, clock = make_app()
    async with app.run_test(size=SIZE) as pilot:
        results: list[None] = []
        handover = await open_handover(pilot, results)
        clock.advance(PAUSE)
        assert handover.armed
        await pilot.press("enter")  # Enter confirms actions in the games: never a handover
        clock.advance(PAUSE)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is handover and results == []
        clock.advance(PAUSE)
        await pilot.press("space")
        await wait_for(pilot, lambda: results == [None], "the handover to close")
        assert isinstance(app.screen, Table)
        assert "ace of spades" in one_line(app)


async def test_the_ready_button_counts_only_once_armed() -> None:
    app, clock = make_app()
    async with app.run_test(size=SIZE) as pilot:
        results: list[None] = []
        handover = await open_handover(pilot, results)
        button = handover.query_one("#handover-ready", Button)
        assert not button.can_focus  # Enter or Space on a focused button would press it
        await pilot.click("#handover-ready")
        await pilot.pause()
        assert app.screen is handover and results == []
        await wait_for(pilot, lambda: not button.has_class("-active"), "the button's press effect to end")
        clock.advance(PAUSE)
        await pilot.click("#handover-ready")
        await wait_for(pilot, lambda: results == [None], "the handover to close")


async def test_the_hint_says_keys_are_ignored_until_armed() -> None:
    app, clock = make_app()
    async with app.run_test(size=SIZE) as pilot:
        handover = await open_handover(pilot, [])
        hint = handover.query_one(GateHint)
        hint.show_state()
        assert IGNORED_HINT in one_line(app) and ARMED_TEXT not in one_line(app)
        clock.advance(PAUSE)
        hint.show_state()  # the display's timer would do this within 0.1 s
        await pilot.pause()
        assert ARMED_TEXT in one_line(app) and IGNORED_HINT not in one_line(app)


async def test_priority_bindings_wait_too() -> None:
    """The app's F1 (a priority binding) cannot open the rules over a handover that just appeared."""
    app, clock = make_app()
    async with app.run_test(size=SIZE) as pilot:
        handover = await open_handover(pilot, [])
        await pilot.press("f1")
        await pilot.pause()
        assert app.screen is handover
        clock.advance(PAUSE)
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules")


async def test_a_question_ignores_its_answer_key_and_enter_within_arm() -> None:
    app, clock = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, Table), "the table")
        got: list[object] = []
        choices = [Choice("t", "on top", "top"), Choice("u", "underneath", "under")]
        question = ChoiceScreen("Where?", choices, cancel=True)
        app.push_screen(question, got.append)
        await wait_for(pilot, lambda: app.screen is question, "the question")
        await pilot.press("u", "enter", "escape", "down", "t")
        clock.advance(ARM / 2)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is question and got == []
        assert IGNORED_HINT in one_line(app)
        clock.advance(PAUSE)
        await pilot.press("u")
        await wait_for(pilot, lambda: got == ["under"], "the answer")

        question = ChoiceScreen("Where?", choices)
        app.push_screen(question, got.append)
        await wait_for(pilot, lambda: app.screen is question, "the second question")
        await pilot.press("enter")
        await pilot.pause()
        assert got == ["under"]
        clock.advance(PAUSE)
        await pilot.press("enter")  # now Enter takes the highlighted answer
        await wait_for(pilot, lambda: got == ["under", "top"], "the second answer")


@pytest.mark.parametrize("cover", ["palette", "handover"])
async def test_an_answer_that_arrives_while_the_question_is_covered_waits_for_it_to_be_in_front(cover: str) -> None:
    """Enter on a question's list, Ctrl+P right behind it: the palette can open before the
    list has handled Enter, and the answer then reaches a covered question.  Textual's
    dismiss pops whatever is on top: the palette closed (or a handover, showing the
    next player's screen early) and the question stayed on screen, answered, taking no
    key for good (the VNTYPL8S monkey).  The answer is held until the question is in front."""
    app, clock = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, Table), "the table")
        got: list[object] = []
        question = ChoiceScreen("Leave?", [Choice("y", "yes", True), Choice("n", "no", False)], cancel=True)
        app.push_screen(question, got.append)
        await wait_for(pilot, lambda: settled(app) and app.screen is question, "the question")
        clock.advance(PAUSE)
        options = question.query_one(OptionList)
        options.highlighted = 1
        if cover == "palette":
            app.action_command_palette()
        else:
            app.push_screen(HandoverScreen("Bob Roy"))
        await wait_for(pilot, lambda: settled(app) and app.screen is not question, "the cover")
        front = app.screen
        options.action_select()  # the Enter the list handles late
        await wait_for(pilot, lambda: settled(app), "the late answer handled")
        assert app.screen is front and question in app.screen_stack and got == []
        if cover == "palette":
            await pilot.press("escape")
        else:
            await deliberately(pilot, "space")
        await wait_for(pilot, lambda: got == [False], "the held answer, taken once the question is in front")
        await wait_for(pilot, lambda: settled(app) and isinstance(app.screen, Table), "the question gone")


async def test_a_click_on_an_answer_waits_for_arming_too() -> None:
    app, clock = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, Table), "the table")
        got: list[object] = []
        question = ChoiceScreen("Where?", [Choice("t", "on top", "top"), Choice("u", "underneath", "under")])
        app.push_screen(question, got.append)
        await wait_for(pilot, lambda: app.screen is question, "the question")
        await wait_for(pilot, lambda: "underneath" in one_line(app), "the question drawn")
        await pilot.click("#choice-options", offset=(4, 2))
        await pilot.pause()
        assert got == [] and app.screen is question
        clock.advance(PAUSE)
        await pilot.click("#choice-options", offset=(4, 2))
        await wait_for(pilot, lambda: len(got) == 1, "the clicked answer")


async def test_the_handover_wipes_the_previous_players_notices_and_text() -> None:
    app, clock = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, Table), "the table")
        table = app.screen
        assert isinstance(table, Table)
        table.query_one(Input).value = "half-typed secret"
        table.notify("A Longeye's shield does not cover a Trooper", severity="warning")
        table.notify_everyone("Saving failed: play goes on without saving", severity="warning", timeout=10)
        await pilot.pause()
        results: list[None] = []
        await open_handover(pilot, results)
        await pilot.pause()
        messages = [n.message for n in app._notifications]
        assert messages == ["Saving failed: play goes on without saving"]
        assert table.query_one(Input).value == ""
        assert "Longeye" not in one_line(app)
        clock.advance(PAUSE)
        await pilot.press("space")
        await wait_for(pilot, lambda: results == [None], "the handover to close")
        assert "half-typed" not in one_line(app) and "Longeye" not in one_line(app)


async def test_keys_do_nothing_behind_the_too_small_message_but_quitting() -> None:
    app, _clock = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, Table), "the table")
        table = app.screen
        assert isinstance(table, Table)
        table.query_one(Input).focus()
        await pilot.resize_terminal(50, 15)
        await wait_for(pilot, lambda: table.too_small, "the too-small message")
        await pilot.press("e", "f1", "x")
        app.post_message(events.Paste("typed blind"))
        await pilot.pause()
        assert table.ended == 0 and app.screen is table
        assert table.query_one(Input).value == ""
        assert input_allowed(app, events.Key("ctrl+q", None))
        assert input_allowed(app, events.Key("ctrl+c", None))
        assert not input_allowed(app, events.Key("e", "e"))
        await pilot.resize_terminal(*SIZE)
        await wait_for(pilot, lambda: not table.too_small, "the table again")
        # The answer box has the focus again (it had it before) ...
        await wait_for(pilot, lambda: app.focused is table.query_one(Input), "the focus back on the box")
        table.set_focus(None)  # ... and with the focus on the table itself, its key acts
        await pilot.press("e")
        assert table.ended == 1
        table.query_one(Input).focus()
        app.post_message(events.Paste("seen"))
        await wait_for(pilot, lambda: table.query_one(Input).value == "seen", "the paste")
