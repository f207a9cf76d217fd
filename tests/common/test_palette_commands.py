"""The command palette offers every main-menu action, and leaves a game only as Escape does.

Ctrl+P → "Main menu" left a VNTYPL8S game without the question Escape asks;
"Play …" from inside a game did the same.  The palette had Play and Rules
but no Resume and no Favourites.  Here every command that would take the players out
of a game in progress asks the game's own leave question (``SessionScreen.ask_to_leave``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.command import CommandInput, CommandList, CommandPalette

from boardgames.app import BoardgamesApp, MainMenu
from boardgames.common.clock import ManualClock
from boardgames.common.ui.choice import ChoiceScreen
from boardgames.common.ui.session_screen import SessionScreen
from tests.hostile.corpus import dump, good_record
from tests.screen import deliberately, screen_text, settled, take_keyboard, wait_for

SIZE = (120, 40)


@pytest.fixture(autouse=True)
def _data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BOARDGAMES_DATA", str(tmp_path))
    return tmp_path


def _a_saved_duel(data: Path) -> None:
    (data / "saves").mkdir()
    (data / "saves" / "uwo-palette.json").write_bytes(dump(good_record("uwo", "palette")))


async def _palette_hits(pilot, app: BoardgamesApp, search: str) -> list[str]:
    """Open the palette, type *search*, and return the hits once the list has them."""
    await deliberately(pilot, "ctrl+p")
    await wait_for(
        pilot,
        lambda: isinstance(app.screen, CommandPalette) and isinstance(app.focused, CommandInput),
        "the palette, ready for typing",
    )
    palette = app.screen
    await pilot.press(*search)

    def hits() -> list[str]:
        found = palette.query(CommandList)
        if not found:
            return []
        listed = found.first()
        return [str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count)]

    try:
        await wait_for(pilot, lambda: any(search.lower() in h.lower() for h in hits()), f"hits for {search!r}")
    except AssertionError as exc:
        raise AssertionError(f"{exc}; the palette lists {hits()}") from None
    return hits()


def _app() -> BoardgamesApp:
    from boardgames.uwo.screen import UwoScreen

    return BoardgamesApp(start=lambda: UwoScreen(), clock=ManualClock(), seed=4)


async def _uwo_in_progress(pilot, app: BoardgamesApp) -> SessionScreen:
    await take_keyboard(pilot)
    await wait_for(pilot, lambda: isinstance(app.screen, SessionScreen) and settled(app), "the duel")
    game = app.screen
    assert isinstance(game, SessionScreen) and game.in_progress()
    return game


@pytest.mark.parametrize("command", ["Main menu", "Play Vowl"])
async def test_a_palette_command_that_leaves_a_game_asks_first_and_no_keeps_playing(command: str) -> None:
    app = _app()
    async with app.run_test(size=SIZE) as pilot:
        game = await _uwo_in_progress(pilot, app)
        await _palette_hits(pilot, app, command)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the leave question")
        assert "Leave this duel?" in screen_text(app)
        await deliberately(pilot, "n")
        await wait_for(pilot, lambda: app.screen is game, "the duel again")
        assert game.in_progress()


async def test_yes_to_the_palettes_question_does_what_the_command_said() -> None:
    app = _app()
    async with app.run_test(size=SIZE) as pilot:
        await _uwo_in_progress(pilot, app)
        await _palette_hits(pilot, app, "Play Vowl")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the leave question")
        await deliberately(pilot, "y")
        await wait_for(pilot, lambda: getattr(app.screen, "GAME", None) == "vowl", "Vowl's setup")
        assert not any(isinstance(s, SessionScreen) and s.GAME == "uwo" for s in app.screen_stack)


async def test_the_palette_offers_resume_and_the_extras_of_the_menu(_data: Path) -> None:
    _a_saved_duel(_data)
    app = BoardgamesApp(clock=ManualClock(), seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and settled(app), "the menu")
        resume = await _palette_hits(pilot, app, "Resume UWO")
        assert any(h.startswith("Resume UWO") for h in resume), resume
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")
        extras = await _palette_hits(pilot, app, "favourite")
        assert any("favourite license plates" in h for h in extras), extras


async def test_resume_from_the_palette_opens_the_saved_game(_data: Path) -> None:
    _a_saved_duel(_data)
    app = BoardgamesApp(clock=ManualClock(), seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and settled(app), "the menu")
        await _palette_hits(pilot, app, "Resume UWO")
        await pilot.press("enter")
        await take_keyboard(pilot)
        await wait_for(pilot, lambda: getattr(app.screen, "GAME", None) == "uwo", "the resumed duel")
