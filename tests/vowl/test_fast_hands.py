"""Fast hands at the Vowl table: nothing is chosen unseen, nothing of a racer outlives the handover.

Replays what was seen at a real table (``--players "Ann Lee,Bob Roy" --seed 6``, a
head-to-head race): at the end of the race a quick Enter Enter took "2 points"
without the scoring choice ever being visible; the second racer found the first
racer's last verdict (``✓ word — accepted``, ``Time!``) and even their unsubmitted
text in the answer box.  Time is the app's ``ManualClock``.
"""

from __future__ import annotations

from textual.widgets import Input, Static

from boardgames.common.ui.choice import ChoiceScreen
from boardgames.common.ui.handover import HandoverScreen
from boardgames.vowl.kinds import Mode, Phase
from boardgames.vowl.modals import ReviewScreen
from tests.screen import deliberately, screen_text, take_keyboard, wait_for
from tests.vowl.test_screen import MATCHER, SIZE, expire_timer, make_app, vowl

NAMES = ("Ann Lee", "Bob Roy")


async def race(pilot, app, clock, seconds_per_card: float) -> None:
    """The racer at the keyboard answers every card right, *seconds_per_card* each."""
    screen = vowl(app)
    holder = screen.holder
    while screen.game.phase is Phase.SOLVING and screen.holder == holder:
        run = screen.view().active_run
        assert run is not None and run.current is not None
        clock.advance(seconds_per_card)
        await pilot.press(*MATCHER.solutions(run.current.skeleton)[0], "enter")
        await pilot.pause()


async def test_enter_enter_at_the_end_of_the_race_chooses_nothing_unseen() -> None:
    app, clock = make_app(NAMES, seed=6)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = vowl(app)
        await pilot.press("r")
        await take_keyboard(pilot, "Ann Lee")
        assert screen.game.view(None).mode is Mode.HEAD_TO_HEAD
        await race(pilot, app, clock, 1)
        await take_keyboard(pilot, "Bob Roy")
        await race(pilot, app, clock, 2)  # Bob's last answer ends the race: Ann was faster
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        for gap in (0.15, 0.15):  # the hand still on Enter
            clock.advance(gap)
            await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        assert screen.game.player(screen.game.names.index("Ann Lee")).score == 0
        await deliberately(pilot, "enter")  # the review, read
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the scoring choice")
        clock.advance(0.15)
        await pilot.press("enter")  # a second Enter, too soon after the review closed
        await pilot.pause()
        assert (
            isinstance(app.screen, ChoiceScreen) and screen.game.player(screen.game.names.index("Ann Lee")).score == 0
        )
        assert "Ann Lee, how do you take your points?" in screen_text(app)
        await deliberately(pilot, "2")  # seen, then chosen
        await wait_for(
            pilot, lambda: screen.game.player(screen.game.names.index("Ann Lee")).score == 2, "Ann's 2 points"
        )


async def test_the_second_racer_sees_nothing_of_the_first_racers_typing_or_verdicts() -> None:
    app, clock = make_app(NAMES, Mode.HEAD_TO_HEAD)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = vowl(app)
        await pilot.press("r")
        await take_keyboard(pilot, "Ann Lee")
        run = screen.view().active_run
        assert run is not None and run.current is not None
        word = MATCHER.solutions(run.current.skeleton)[0]
        clock.advance(1)
        await pilot.press(*word, "enter")
        await pilot.pause()
        assert f"✓ {word} — accepted" in screen_text(app)
        await pilot.press(*"halfway")  # typed, never sent: the sand runs out ("Time!")
        assert screen.query_one("#answer", Input).value == "halfway"
        await expire_timer(pilot, app, clock)
        await take_keyboard(pilot, "Bob Roy")
        text = screen_text(app)
        assert "accepted" not in text and "Time!" not in text and "halfway" not in text
        assert screen.query_one("#answer", Input).value == ""
        assert str(screen.query_one("#feedback", Static).render()).strip() == ""


async def test_a_handover_wipes_the_answer_box_before_anyone_looks() -> None:
    """Underneath the handover too, not only once the next racer has taken the keyboard."""
    app, clock = make_app(NAMES, Mode.HEAD_TO_HEAD)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = vowl(app)
        await pilot.press("r")
        await take_keyboard(pilot, "Ann Lee")
        await pilot.press(*"secret")
        await expire_timer(pilot, app, clock)
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen), "Bob's handover")
        await pilot.pause()
        assert screen.query_one("#answer", Input).value == ""
        assert "Time!" not in str(screen.query_one("#feedback", Static).render())
