"""The main menu through Textual's Pilot: arrow keys, Enter, F1, Ctrl+P, q."""

from __future__ import annotations

from textual.widgets import MarkdownViewer, OptionList

from boardgames.app import BoardgamesApp, MainMenu
from boardgames.common.ui.rules import RulesScreen
from boardgames.games import GAMES

SIZE = (100, 36)


async def test_menu_lists_every_playable_game_and_q_quits() -> None:
    app = BoardgamesApp(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, MainMenu)
        menu = app.screen.query_one(OptionList)
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        assert [i for i in ids if ":" not in i] == [g.key for g in GAMES]  # then extras and saves
        await pilot.press("q")
    assert app.return_code == 0 or app.return_code is None


async def test_f1_shows_the_highlighted_games_rules_and_closes_again() -> None:
    app = BoardgamesApp(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.game == GAMES[0].key
        assert app.screen.query_one(MarkdownViewer) is not None
        await pilot.press("escape")
        assert isinstance(app.screen, MainMenu)


async def test_enter_opens_the_game() -> None:
    app = BoardgamesApp(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert getattr(app.screen, "GAME", None) == GAMES[0].key
        await pilot.press("escape")
        assert isinstance(app.screen, MainMenu)


async def test_command_palette_offers_the_games() -> None:
    app = BoardgamesApp(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"rules of vowl")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.screen.game == "vowl"
