"""The main menu's first frame imports no game.

The menu shows each game's title, blurb and further lines (Vowl's practice stats,
VNTYPL8S's favourite plates) from the registry (``games.GAMES``); a game's entry, its
dictionary, its engine and the shared game screens are imported when the players
open something, not before the menu is on the screen.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from boardgames.app import BoardgamesApp, MainMenu
from boardgames.games import GAMES
from tests.screen import screen_text, wait_for

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_the_registry_labels_each_further_line_as_the_entry_opens_it(game: object) -> None:
    assert [item.label for item in game.entry.menu_items()] == list(game.menu_extras)  # type: ignore[attr-defined]


MENU_SHOWN = """
import asyncio, sys
from boardgames.app import BoardgamesApp, MainMenu
from textual.widgets import OptionList

async def main() -> None:
    app = BoardgamesApp(seed=1)
    async with app.run_test(size=(100, 36)) as pilot:
        for _ in range(200):
            await pilot.pause()
            if isinstance(app.screen, MainMenu) and app.screen.is_mounted and app.screen.query_one(OptionList).option_count:
                break
        else:
            raise SystemExit("the menu never showed its games")
        print(" ".join(sorted(sys.modules)))

asyncio.run(main())
"""


def test_the_menu_shows_its_games_without_importing_one() -> None:
    result = subprocess.run([sys.executable, "-c", MENU_SHOWN], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert result.returncode == 0, result.stderr
    modules = result.stdout.split()
    assert "boardgames.app" in modules
    unwanted = [
        m
        for m in modules
        if m.endswith(".entry")
        or m.startswith(("boardgames.vowl", "boardgames.uwo", "boardgames.vntypl8s", "enchant"))
        or m
        in (
            "boardgames.common.dictionary",
            "boardgames.common.session",
            "boardgames.common.ui.session_screen",
            "boardgames.common.ui.choice",
            # what a crash, a key or the palette needs, imported then
            "boardgames.common.crash",
            "boardgames.common.ui.base",
            "boardgames.palette",
        )
    ]
    assert unwanted == []


async def test_a_further_line_opens_its_screen() -> None:
    """Labelled from the registry, opened through the entry: VNTYPL8S's favourites."""
    app = BoardgamesApp(seed=1)
    async with app.run_test(size=(100, 36)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and app.screen.is_mounted, "the menu")
        menu = app.screen
        assert isinstance(menu, MainMenu)
        assert "VNTYPL8S: favourite license plates" in screen_text(app)
        app.push_screen(menu.extras["extra:vntypl8s:0"]())
        await wait_for(pilot, lambda: type(app.screen).__name__ == "FavouritesScreen", "the favourites")
