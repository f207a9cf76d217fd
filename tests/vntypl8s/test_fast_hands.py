"""Fast hands at the VNTYPL8S table: a double Enter never shows the next writer's secret.

Replays what was seen at a real table (``--players Ann,Bob,Cy --seed 11``): Bob hands
in ``TR8BB`` with Enter and presses Enter again 0.2-0.4 s later - that used to
dismiss Cy's handover while Bob held the keyboard, showing Cy's 0WN3R and R3QRMNTS.
On the last reveal of a round, Enter three times 0.3 s apart used to skip the round
table and the next handover.  Time is the app's ``ManualClock``.
"""

from __future__ import annotations

from boardgames.common.ui.handover import HandoverScreen
from boardgames.vntypl8s.engine import Phase
from boardgames.vntypl8s.screen import GuessScreen, Stage
from boardgames.vntypl8s.widgets import grid_key
from tests.screen import deliberately, screen_text, take_keyboard, wait_for

from .helpers import answer, legal_plate
from .ui import SIZE, assert_not_shown, game_screen, make_app, secrets_of, type_text


async def test_bobs_second_enter_does_not_open_cys_handover() -> None:
    app, clock = make_app(seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        game = screen.game
        assert game.view(1).players[1].requirements == "TR8"
        cy = secrets_of(screen, [2])
        assert cy == ["Cyclist", "RRY"]
        await take_keyboard(pilot, "Ann")
        screen.query_one("#plate-input").value = legal_plate(game, 0, meet=True)
        await pilot.press("enter")
        await take_keyboard(pilot, "Bob")
        await type_text(pilot, "tr8bb")
        await pilot.press("enter")  # Bob hands in TR8BB...
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen), "Cy's handover")
        assert game.view(1).players[1].plate == "TR8BB"
        for gap in (0.2, 0.4, 0.3, 0.1, 0.1, 0.1):  # ...and Enter again, then his key repeats
            clock.advance(gap)
            await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen) and app.screen.player == "Cy"
        assert screen.writer is None
        assert_not_shown(screen_text(app), cy)
        # Cy, deliberately: Space after a moment of quiet.
        await take_keyboard(pilot, "Cy")
        assert screen.writer == 2
        text = screen_text(app)
        assert "Cyclist" in text and "RRY" in text


async def test_enter_three_times_on_the_last_reveal_keeps_the_round_table_and_the_handover() -> None:
    app, clock = make_app(seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        game = screen.game
        while game.phase is Phase.WRITING:
            await take_keyboard(pilot)
            screen.query_one("#plate-input").value = legal_plate(game, screen.writer, meet=True)
            await pilot.press("enter")
        await take_keyboard(pilot, "Everyone")
        plates = len(game.writing_order)
        for n in range(plates):
            assert screen.stage is Stage.PLATE
            guesser = (game.active + 1) % len(game.players)
            key = grid_key(game.view(None).grid_layout.index(answer(game, game.active)))
            await pilot.press(str(guesser + 1))
            await wait_for(pilot, lambda: isinstance(app.screen, GuessScreen), "the guess")
            await type_text(pilot, key)
            await deliberately(pilot, "enter")  # the guess: right
            await wait_for(pilot, lambda: screen.stage is Stage.REVEAL, "the reveal")
            if n < plates - 1:
                await deliberately(pilot, "enter")
        # The last reveal of round 1: Enter, and twice more 0.3 s apart.
        await deliberately(pilot, "enter")
        assert screen.stage is Stage.ROUND_END
        for _ in range(2):
            clock.advance(0.3)
            await pilot.press("enter")
        await pilot.pause()
        assert screen.stage is Stage.ROUND_END and app.screen is screen
        assert "Scores after round 1 of 3" in screen_text(app)
        # Read, then on: round 2 starts with Bob's handover, which a double Enter cannot pass.
        await deliberately(pilot, "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen), "Bob's handover")
        for _ in range(2):
            clock.advance(0.3)
            await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen) and app.screen.player == "Bob"
        assert_not_shown(screen_text(app), secrets_of(screen, range(3)))
