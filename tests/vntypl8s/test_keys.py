"""VNTYPL8S's keys follow the suite's one key map (docs/keys.md), and its rules page
(F1 shows docs/rules/vntypl8s.md) lists every one of them.

``0`` is "nobody knows" because the digits 1-8 are the players' buzzers; ``f`` saves
favourites; Escape leaves through the shared question (``SessionScreen.action_leave``);
``n`` starts a new game once one is over.
"""

from __future__ import annotations

import re
from pathlib import Path

from boardgames.app import MainMenu
from boardgames.common.ui.choice import ChoiceScreen
from boardgames.common.ui.handover import HandoverScreen
from boardgames.vntypl8s.favourites import load_favourites
from boardgames.vntypl8s.screen import Stage, Vntypl8sScreen, Vntypl8sSetupScreen
from tests.screen import deliberately, screen_text, settled, take_keyboard, wait_for

from .ui import PLAYERS, SIZE, game_screen, played_session, session_app

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules" / "vntypl8s.md"


async def test_zero_not_r_says_nobody_knows() -> None:
    app, _ = session_app(played_session(PLAYERS))
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Everyone")
        screen = game_screen(app)
        assert screen.stage is Stage.PLATE
        await deliberately(pilot, "r")
        await wait_for(pilot, lambda: settled(app))
        assert app.screen is screen  # r means nothing here any more
        assert "press 0 if nobody knows" in screen_text(app)
        await deliberately(pilot, "0")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the nobody-knows question")
        assert "Nobody knows?" in screen_text(app)


async def test_f_not_s_saves_the_marked_favourites_and_n_starts_a_new_game() -> None:
    app, _ = session_app(played_session(PLAYERS, rounds=3))
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await wait_for(pilot, lambda: screen.stage is Stage.FINAL, "the final table")
        assert "then press f to save them" in screen_text(app)
        await pilot.press("space", "s")
        await wait_for(pilot, lambda: settled(app))
        assert load_favourites().favourites == ()
        await pilot.press("f")
        await wait_for(pilot, lambda: len(load_favourites().favourites) == 1, "one favourite saved")
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen), "the new game's first handover")
        new = game_screen(app)
        assert new is not screen and new.players == PLAYERS and new.g.round == 1


async def test_escape_asks_the_shared_leave_question_during_a_game_and_leaves_a_finished_one() -> None:
    app, _ = session_app(played_session(PLAYERS, plates=1))
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Everyone")
        await deliberately(pilot, "escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the leave question")
        assert "Leave this game?" in screen_text(app)
        await deliberately(pilot, "n")
        await wait_for(pilot, lambda: isinstance(app.screen, Vntypl8sScreen), "back at the table")
    app, _ = session_app(played_session(PLAYERS, rounds=3))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: game_screen(app).stage is Stage.FINAL, "the final table")
        await deliberately(pilot, "escape")
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the main menu, at once: the game is over")


async def test_setup_keeps_ctrl_s_and_ctrl_o() -> None:
    bindings = {b.key: b.action for b in Vntypl8sSetupScreen.BINDINGS}
    assert bindings["ctrl+s"] == "start" and bindings["ctrl+o"] == "favourites"
    assert bindings["escape"] == "app.back_to_menu"


def test_the_rules_page_lists_every_key_of_the_game() -> None:
    """F1 shows docs/rules/vntypl8s.md: its "Keys" section names every key the game binds."""
    text = RULES.read_text(encoding="utf-8")
    section = text.split("## Keys", 1)[1].split("\n## ", 1)[0]
    listed = set(re.findall(r"`([^`]+)`", section))
    shown = {"Nobody knows: reveal": "0", "Save marked favourites": "f", "New game": "n", "Continue": "Enter"}
    for binding in Vntypl8sScreen.BINDINGS:
        if binding.description in shown:
            assert binding.key == shown[binding.description].lower(), binding  # the code says the same
            assert shown[binding.description] in listed, binding
    for key in ("1–8", "Escape", "F1", "Space", "Ctrl+S", "Ctrl+O"):
        assert key in listed, key
    assert "`r`" not in section and "`s`" not in section
