"""Tricks through the real app: the menu, the setup, handovers between players (a hand
shown only once its player took the keyboard), the autosave, leaving, and resuming."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList

from boardgames.app import BoardgamesApp, MainMenu
from boardgames.common.clock import ManualClock
from boardgames.common.saves import SaveStore
from boardgames.common.ui.choice import ChoiceScreen
from boardgames.common.ui.handover import HandoverScreen
from tests.fourth.registration import register
from tests.fourth.screen import TricksScreen
from tests.screen import deliberately, record_notifications, screen_text, settled, take_keyboard, wait_for


def game(app: BoardgamesApp) -> TricksScreen:
    return next(s for s in app.screen_stack if isinstance(s, TricksScreen))


def saved(screen: TricksScreen) -> int:
    """How many actions the screen's save holds."""
    assert screen.session is not None and screen.session.autosave is not None
    return len(screen.session.autosave.record.actions)


def hand_text(screen: TricksScreen, seat: int) -> list[str]:
    return [str(card) for card in screen.engine.view(seat).hand or ()]


def assert_hidden(text: str, secrets: list[str], where: str) -> None:
    leaked = [s for s in secrets if s in text]
    assert not leaked, f"{where}: {leaked} on screen:\n{text}"


async def play_a_card(pilot, app: BoardgamesApp) -> None:
    """The player at the keyboard plays their first legal card; the next player's handover
    covers the screen, with neither hand on it."""
    screen = game(app)
    seat = screen.keyboard.seat if screen.keyboard else None
    assert seat is not None
    assert_hidden(screen_text(app), hand_text(screen, 1 - seat), f"seat {seat}'s turn")
    assert all(card in screen_text(app) for card in hand_text(screen, seat)), screen_text(app)
    before = saved(screen)
    view = screen.engine.view(seat)
    hand = view.hand or ()
    await pilot.press(str(hand.index(view.legal[0].card) + 1))  # the first card it may play
    await wait_for(pilot, lambda: saved(screen) == before + 1, "the card saved")
    await wait_for(pilot, lambda: settled(app), "the card played")
    if screen.engine.outcome() is None and screen.engine.to_play != seat:
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen) and settled(app), "a handover")
        everyone = hand_text(screen, 0) + hand_text(screen, 1)
        assert_hidden(screen_text(app), everyone, "the handover")
    else:  # the trick's winner leads the next: the keyboard stays, and so does the hand
        assert app.screen is screen, app.screen


async def next_player(pilot, app: BoardgamesApp) -> None:
    """Whoever plays next takes the keyboard, if it changes hands."""
    if isinstance(app.screen, HandoverScreen):
        engine = game(app).engine
        await take_keyboard(pilot, engine.names[engine.to_play] if engine.to_play is not None else None)


async def test_tricks_plays_through_the_app_with_handovers_saves_and_resumes(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)
    app = BoardgamesApp(clock=ManualClock(), seed=5)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and settled(app), "the menu")
        menu = app.screen.query_one(OptionList)
        menu.highlighted = next(i for i in range(menu.option_count) if menu.get_option_at_index(i).id == "tricks")
        await pilot.press("enter")
        await wait_for(pilot, lambda: "Tricks — new game" in screen_text(app), "the setup form")
        await pilot.press(*"Ann", "enter", *"ann", "ctrl+s")  # the shared form's rule for names
        await wait_for(pilot, lambda: "names must differ" in screen_text(app), "one player named twice, refused")
        await pilot.press("ctrl+u", *"Bob", "ctrl+s")

        assert "Ann" in await take_keyboard(pilot, "Ann")
        screen = game(app)
        assert screen.engine.names == ("Ann", "Bob")
        said = record_notifications(app)
        await pilot.press("8")  # a card she does not hold: refused in words, nothing played or saved
        await wait_for(pilot, lambda: "There is no such card in your hand." in said, "the refusal")
        assert not SaveStore().unfinished("tricks").records
        await play_a_card(pilot, app)
        assert "Ann played" in await take_keyboard(pilot, "Bob")  # told what happened, not what Ann holds
        await play_a_card(pilot, app)  # Bob closes the first trick
        await next_player(pilot, app)
        await play_a_card(pilot, app)
        (record,) = SaveStore().unfinished("tricks").records
        record.read_actions()
        assert len(record.actions) == 3

        # Leave: asked once, saved, resumable from the menu.
        await next_player(pilot, app)
        await deliberately(pilot, "escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the leave question")
        assert "saved" in screen_text(app)
        await deliberately(pilot, "y")
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and settled(app), "the menu again")
        assert "Resume Tricks" in screen_text(app)
        menu = app.screen.query_one(OptionList)
        menu.highlighted = next(
            i for i in range(menu.option_count) if (menu.get_option_at_index(i).id or "").startswith("resume:")
        )
        await pilot.press("enter")

        # Resumed behind a handover to whoever plays next: the same game, nothing shown before it.
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen) and settled(app), "the resumed handover")
        resumed = game(app)
        assert resumed is not screen and resumed.engine.view(None) == screen.engine.view(None)
        assert_hidden(screen_text(app), hand_text(resumed, 0) + hand_text(resumed, 1), "the resumed handover")
        assert "resumes" in await take_keyboard(pilot)
        while resumed.engine.outcome() is None:
            await play_a_card(pilot, app)
            await next_player(pilot, app)
        await wait_for(pilot, lambda: "Game over" in screen_text(app), "the end")
        assert not SaveStore().unfinished("tricks").records  # finished: filed with the history
