"""The buzz through the screen (Interpretations P29-P31), one test per thing players
saw at the table: a buzz cost nothing (Escape kept the guess, and the buzzer blocked
everyone for as long as they liked); a late buzz typed a digit into the first buzzer's
filter; two buzzes at once dropped the second silently; Enter right after a buzz guessed
the first card.  Time is the app's ``ManualClock``; the countdown is ticked by hand."""

from __future__ import annotations

from textual.widgets import Input, OptionList
from textual.widgets._footer import FooterKey

from boardgames.common.ui.handover import HandoverScreen
from boardgames.common.ui.rules import RulesScreen
from boardgames.common.ui.sandtimer import SandTimer
from boardgames.vntypl8s.engine import Buzz, Phase
from boardgames.vntypl8s.screen import BUZZ_SECONDS, GuessScreen, Stage
from boardgames.vntypl8s.widgets import grid_key
from tests.monkey import send_key
from tests.screen import (
    PAUSE,
    deliberately,
    screen_text,
    settled,
    take_keyboard,
    wait_for,
)

from .helpers import answer, flat, wrong_owner
from .ui import PLAYERS, SIZE, game_screen, played_session, session_app

FOUR = ("Ann", "Bob", "Cy", "Dee")


async def buzz(pilot, key: str) -> GuessScreen:
    """Press a buzzer key and wait until that player's dialog is up and settled."""
    app = pilot.app
    await pilot.press(key)
    await wait_for(pilot, lambda: isinstance(app.screen, GuessScreen), f"the dialog of buzzer {key}")
    await wait_for(pilot, lambda: settled(app), "the dialog to settle")
    return app.screen


def text_of(app) -> str:
    return flat(screen_text(app))


def note_of(dialog: GuessScreen) -> str:
    """What the dialog's note line shows (it sits beside other screens' rows on the terminal)."""
    note = dialog.query_one("#guess-note")
    return flat(str(note.render())) if note.display else ""


def footer_keys(app) -> dict[str, bool]:
    """The buzzer keys the Footer shows, each with whether it is enabled."""
    return {k.key: not k.has_class("-disabled") for k in app.screen.query(FooterKey) if k.key in "12345678"}


async def test_p29_escape_uses_up_the_buzzers_chance_on_this_plate() -> None:
    app, _ = session_app(played_session(PLAYERS))
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Everyone")
        screen = game_screen(app)
        await buzz(pilot, "2")
        await deliberately(pilot, "escape")
        await wait_for(pilot, lambda: app.screen is screen, "back at the plate")
        assert 1 in screen.g.view(None).locked_out
        text = text_of(app)
        assert "Bob backed out without guessing. Bob is locked out for this plate." in text
        assert "Bob (locked out)" in text
        # Bob buzzes again: refused, and told why.
        await pilot.press("2")
        await wait_for(pilot, lambda: settled(app))
        assert app.screen is screen
        assert "Bob is locked out: one chance each per plate" in text_of(app)


async def test_p29_the_countdown_is_visible_and_running_out_uses_up_the_chance() -> None:
    app, clock = session_app(played_session(PLAYERS))
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Everyone")
        screen = game_screen(app)
        dialog = await buzz(pilot, "3")
        timer = dialog.query_one("#guess-timer", SandTimer)
        assert timer.running and f"⏳ {BUZZ_SECONDS} s" in screen_text(app)  # on screen, full
        clock.advance(BUZZ_SECONDS - 1)
        timer.tick()
        await wait_for(pilot, lambda: settled(app))
        assert app.screen is dialog and "⏳  1 s" in screen_text(app)  # nobody else may buzz meanwhile
        clock.advance(2)
        timer.tick()
        await wait_for(pilot, lambda: app.screen is screen, "the buzz to lapse")
        assert 2 in screen.g.view(None).locked_out and screen.g.view(None).buzzer is None
        assert "Time is up: Cy did not guess. Cy is locked out for this plate." in text_of(app)
        assert screen.g.view(None).may_buzz(1)  # Bob may buzz now


async def test_p29_the_countdown_waits_while_the_rules_cover_the_dialog() -> None:
    app, clock = session_app(played_session(PLAYERS))
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Everyone")
        dialog = await buzz(pilot, "2")
        timer = dialog.query_one("#guess-timer", SandTimer)
        clock.advance(5)
        await deliberately(pilot, "f1")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules")
        assert not timer.running
        clock.advance(100)
        timer.tick()
        await deliberately(pilot, "f1")
        await wait_for(pilot, lambda: app.screen is dialog, "the dialog again")
        assert timer.running
        left = timer.countdown.remaining
        assert BUZZ_SECONDS - 5 - 2 * PAUSE - 0.01 <= left <= BUZZ_SECONDS - 5, left


async def test_p30_a_late_buzz_is_refused_in_the_dialog_naming_the_holder_and_types_nothing() -> None:
    app, _ = session_app(played_session(FOUR))
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Everyone")
        screen = game_screen(app)
        dialog = await buzz(pilot, "3")
        await deliberately(pilot, "2")  # Bob, a moment later
        await wait_for(pilot, lambda: settled(app))
        assert app.screen is dialog
        assert dialog.query_one("#guess-filter", Input).value == ""
        text = text_of(app)
        assert "Cy holds the buzz, so Bob's key is ignored" in text  # on screen, in the dialog
        assert note_of(dialog) == "Cy holds the buzz, so Bob's key is ignored; wait for Cy's guess."
        assert "No card of the grid matches" not in text
        await deliberately(pilot, "3", "9")  # the holder's own buzzer again, a digit nobody has
        await wait_for(pilot, lambda: settled(app))
        assert app.screen is dialog and dialog.query_one("#guess-filter", Input).value == ""
        await pilot.press("0")  # nor may the writer end the race meanwhile
        await wait_for(pilot, lambda: settled(app))
        assert note_of(dialog) == "Cy holds the buzz, so Ann's key is ignored; wait for Cy's guess."
        assert dialog.query_one("#guess-filter", Input).value == ""
        assert screen.g.view(None).buzzer == 2 and screen.g.view(None).locked_out == frozenset()


async def test_p30_two_buzzes_in_the_same_instant_the_second_is_told_who_holds_it() -> None:
    app, _ = session_app(played_session(FOUR))
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Everyone")
        screen = game_screen(app)
        send_key(app, "4")
        send_key(app, "2")  # both queued before either is handled
        await wait_for(pilot, lambda: isinstance(app.screen, GuessScreen), "the first buzzer's dialog")
        await wait_for(pilot, lambda: settled(app))
        dialog = app.screen
        assert dialog.player == "Dee" and screen.g.view(None).buzzer == 3
        assert dialog.query_one("#guess-filter", Input).value == ""
        assert note_of(dialog) == "Dee holds the buzz, so Bob's key is ignored; wait for Dee's guess."
        assert "Dee holds the buzz, so Bob's key is ignored" in text_of(app)


async def test_p30_enter_right_after_a_buzz_guesses_nothing() -> None:
    app, _ = session_app(played_session(PLAYERS))
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Everyone")
        screen = game_screen(app)
        dialog = await buzz(pilot, "2")
        assert dialog.query_one("#guess-options", OptionList).highlighted is None  # nothing pre-chosen
        await pilot.press("enter", "escape")  # at once: the gate swallows both
        await wait_for(pilot, lambda: settled(app))
        assert app.screen is dialog and "Choose a card first" not in text_of(app)
        assert screen.g.view(None).locked_out == frozenset()
        await deliberately(pilot, "enter")  # after a pause: nothing is chosen, so nothing is guessed
        await wait_for(pilot, lambda: settled(app))
        assert app.screen is dialog and "Choose a card first" in text_of(app)
        assert screen.g.view(None).locked_out == frozenset() and screen.g.view(None).buzzer == 1
        # Typing a card's key chooses it; Enter guesses it.
        wrong = wrong_owner(screen.g, 0)
        await pilot.press(grid_key(screen.g.view(None).grid_layout.index(wrong)))
        await wait_for(pilot, lambda: dialog.query_one("#guess-options", OptionList).highlighted == 0)
        await deliberately(pilot, "enter")
        await wait_for(pilot, lambda: app.screen is screen, "the guess made")
        assert f"Bob guessed {wrong}: wrong." in text_of(app)


async def test_p30_down_from_nothing_chosen_chooses_the_first_card() -> None:
    app, _ = session_app(played_session(PLAYERS))
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Everyone")
        dialog = await buzz(pilot, "2")
        await deliberately(pilot, "down")
        options = dialog.query_one("#guess-options", OptionList)
        await wait_for(pilot, lambda: options.highlighted == 0, "the first card chosen")


async def test_p30_the_bar_and_footer_show_who_may_buzz_and_who_is_out() -> None:
    app, _ = session_app(played_session(FOUR))
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Everyone")
        screen = game_screen(app)
        await wait_for(pilot, lambda: footer_keys(app) == {"2": True, "3": True, "4": True}, "the buzzers")
        # (the writer's 1 is not a buzzer on this plate)
        assert "Buzz" in screen_text(app).splitlines()[-1]
        await buzz(pilot, "2")
        await deliberately(pilot, *grid_key(screen.g.view(None).grid_layout.index(wrong_owner(screen.g, 0))))
        await deliberately(pilot, "enter")
        await wait_for(pilot, lambda: app.screen is screen and settled(app), "Bob's wrong guess")
        await wait_for(pilot, lambda: footer_keys(app) == {"2": False, "3": True, "4": True}, "Bob's key dimmed")
        text = text_of(app)
        assert "2 Bob (locked out)" in text and "3 Cy" in text and "1 Ann (wrote it)" in text
        # While Cy holds the buzz, the bar says so above the dialog.
        await buzz(pilot, "3")
        assert "Wait: the buzz is held." in text_of(app) and "3 Cy ◀ buzzed" in text_of(app)


async def test_p30_the_writer_buzzing_is_told_they_cannot_guess_their_own_plate() -> None:
    app, _ = session_app(played_session(PLAYERS))
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Everyone")
        screen = game_screen(app)
        await pilot.press("1")
        await wait_for(pilot, lambda: settled(app))
        assert app.screen is screen and "Ann wrote this plate and cannot guess it." in text_of(app)


async def test_p31_a_game_resumed_while_the_buzz_was_held_gives_it_back_with_the_whole_time() -> None:
    session = played_session(PLAYERS)
    step = session.apply(Buzz(2))
    assert step.applied
    session.last = step.events
    app, _ = session_app(session)
    async with app.run_test(size=SIZE) as pilot:
        said = flat(await take_keyboard(pilot, "Everyone"))
        assert f"Cy holds the buzz and has the whole {BUZZ_SECONDS} seconds again" in said
        await wait_for(pilot, lambda: isinstance(app.screen, GuessScreen), "Cy's dialog again")
        dialog = app.screen
        assert dialog.player == "Cy"
        await wait_for(pilot, lambda: settled(app))
        assert dialog.query_one("#guess-timer", SandTimer).countdown.remaining == BUZZ_SECONDS
        screen = game_screen(app)
        await pilot.press(grid_key(screen.g.view(None).grid_layout.index(answer(screen.g, 0))))
        await deliberately(pilot, "enter")
        await wait_for(pilot, lambda: screen.stage is Stage.REVEAL, "the reveal")
        assert screen.g.phase is Phase.GUESSING and screen.g.scores()[2] == 1


async def test_the_handover_before_a_resumed_buzz_is_public() -> None:
    session = played_session(PLAYERS)
    session.last = session.apply(Buzz(1)).events
    app, _ = session_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen), "the handover")
        assert app.screen.player == "Everyone"


def test_p29_the_rules_page_gives_the_countdown_the_screen_runs() -> None:
    from pathlib import Path

    rules = (Path(__file__).resolve().parents[2] / "docs" / "rules" / "vntypl8s.md").read_text(encoding="utf-8")
    row = next(line for line in rules.splitlines() if line.startswith("| P29 |"))
    assert f"They have {BUZZ_SECONDS} seconds" in row
    assert f"within {BUZZ_SECONDS} seconds" in rules and f"has {BUZZ_SECONDS} seconds" in rules
