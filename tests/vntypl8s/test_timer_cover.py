"""P28: the writing timer runs only while the writer can type on the editor.

Any screen pushed over the writing screen (F1's rules through the app's priority
binding, the command palette, the "hand it in anyway?" question, the leave question)
pauses the sand; uncovered, it runs on from where it stopped.  Handovers are not
affected: the next writer always gets the whole time.
"""

from __future__ import annotations

from boardgames.common.ui.choice import ChoiceScreen
from boardgames.common.ui.handover import HandoverScreen
from boardgames.common.ui.rules import RulesScreen
from boardgames.common.ui.sandtimer import SandTimer
from boardgames.vntypl8s.screen import Stage, Vntypl8sScreen
from tests.screen import deliberately, settled, take_keyboard, wait_for

from .helpers import legal_plate
from .ui import SIZE, game_screen, make_app, type_text


async def test_f1_pauses_the_writers_sand_and_closing_the_rules_resumes_it() -> None:
    app, clock = make_app(timer=30)
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Ann")
        screen = game_screen(app)
        timer = screen.query_one(SandTimer)
        clock.advance(10)
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules")
        await wait_for(pilot, lambda: not timer.running, "the sand to stop under the rules")
        clock.advance(100)  # a long read: the sand does not run out meanwhile
        timer.tick()
        await pilot.pause()
        assert not screen.g.view(None).players[0].done_writing
        await deliberately(pilot, "f1")
        await wait_for(pilot, lambda: app.screen is screen and timer.running, "the sand to run again")
        assert round(timer.countdown.remaining) == 20
        assert screen.writer == 0 and screen.stage is Stage.WRITING
        clock.advance(21)
        timer.tick()
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen), "time to run out, then Bob's handover")


async def test_the_hand_in_question_pauses_the_sand_and_the_next_writer_gets_the_whole_time() -> None:
    app, clock = make_app(timer=30)
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Ann")
        screen = game_screen(app)
        timer = screen.query_one(SandTimer)
        await type_text(pilot, legal_plate(screen.g, 0, meet=False))
        clock.advance(5)
        await pilot.press("enter")
        await wait_for(
            pilot, lambda: isinstance(app.screen, ChoiceScreen) and not timer.running, "the question, no sand"
        )
        clock.advance(60)
        await deliberately(pilot, "n")
        await wait_for(pilot, lambda: app.screen is screen and timer.running, "back at the editor, the sand running")
        assert round(timer.countdown.remaining) == 25
        await pilot.press("enter")
        await deliberately(pilot, "y")
        # The handover is a screen over the writing screen too: it must not keep a paused
        # timer for Ann that would come back for Bob.
        await take_keyboard(pilot, "Bob")
        await wait_for(pilot, lambda: settled(app))
        assert isinstance(app.screen, Vntypl8sScreen) and screen.writer == 1
        assert timer.running and round(timer.countdown.remaining) == 30
