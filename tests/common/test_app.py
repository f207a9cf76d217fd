"""The main menu through Textual's Pilot: arrow keys, Enter, F1, Ctrl+P, q."""

from __future__ import annotations

import asyncio

import pytest
from textual.command import CommandInput, CommandList, CommandPalette
from textual.widgets import MarkdownViewer, OptionList

from boardgames.app import BoardgamesApp, MainMenu
from boardgames.common.clock import ManualClock
from boardgames.common.ui.rules import RulesScreen
from boardgames.games import GAMES
from tests.screen import screen_text, settled, take_keyboard, wait_for

SIZE = (100, 36)


async def test_menu_lists_every_playable_game_and_q_quits() -> None:
    app = BoardgamesApp(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and app.screen.is_mounted, "the menu")
        menu = app.screen.query_one(OptionList)
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        assert [i for i in ids if ":" not in i] == [g.key for g in GAMES]  # then extras and saves
        await pilot.press("q")
    assert app.return_code == 0 or app.return_code is None


async def test_f1_shows_the_highlighted_games_rules_and_closes_again() -> None:
    app = BoardgamesApp(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen) and app.screen.is_mounted, "the rules")
        assert app.screen.game == GAMES[0].key
        assert app.screen.query_one(MarkdownViewer) is not None
        await wait_for(pilot, lambda: app.screen.loaded, "the rulebook built")
        assert "Opening the rules…" not in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, MainMenu)


async def test_f1_answers_at_once_with_a_loading_line_while_the_rulebook_is_built(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The first F1 took 2.3 s with nothing on screen: the screen must show
    that the rules are coming before the long document is built."""
    building = asyncio.Event()
    fill = RulesScreen._fill

    async def slow_fill(self: RulesScreen) -> None:
        await building.wait()  # the document is being built: hold that moment open
        await fill(self)

    monkeypatch.setattr(RulesScreen, "_fill", slow_fill)
    app = BoardgamesApp(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        try:
            app.action_rules()  # what F1 does (a pilot key press would wait for the held screen)
            await wait_for(
                pilot,
                lambda: isinstance(app.screen, RulesScreen) and "Opening the rules…" in screen_text(app),
                "the rules screen saying they are on their way",
            )
            assert not app.screen.loaded
        finally:
            building.set()  # never leave the app waiting on it, whatever failed
        await wait_for(pilot, lambda: app.screen.loaded, "the rulebook built")
        assert "Opening the rules…" not in screen_text(app)


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
        await wait_for(
            pilot,
            lambda: (
                isinstance(app.screen, CommandPalette)
                and app.screen.is_mounted
                and isinstance(app.focused, CommandInput)
            ),
            "the palette, ready for typing",
        )
        palette = app.screen
        await pilot.press(*"rules of vowl")

        def top_hit() -> str:
            hits = palette.query_one(CommandList)
            return str(hits.get_option_at_index(0).prompt) if hits.option_count else ""

        await wait_for(pilot, lambda: top_hit().startswith("Rules of Vowl"), "the search's hits in the list")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules")
        assert app.screen.game == "vowl"


async def test_a_corrupt_save_is_set_aside_and_the_app_still_starts(_private_data_dir) -> None:
    saves = _private_data_dir / "saves"
    saves.mkdir()
    (saves / "vowl-broken.json").write_text('{"version": 1, "game": "vowl", "setup": {')
    (saves / "uwo-future.json").write_text('{"version": 99, "game": "uwo"}')
    app = BoardgamesApp(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        shown = " ".join(n.message for n in app._notifications)
        assert "vowl-broken.json" in shown and "uwo-future.json" in shown
        assert "Resume" not in " ".join(
            str(app.screen.query_one(OptionList).get_option_at_index(i).prompt)
            for i in range(app.screen.query_one(OptionList).option_count)
        )
    left = sorted(p.name for p in saves.iterdir())  # both kept beside, renamed, never deleted
    assert len(left) == 2 and all(".corrupt-" in name for name in left)


async def test_resizing_mid_pile_loses_nothing() -> None:
    from boardgames.vowl.kinds import Mode, Phase
    from tests.screen import screen_text, take_keyboard
    from tests.vowl.test_screen import make_app, vowl

    app, _clock = make_app(("Ann Lee", "Bob Roy"), Mode.SOLITAIRE)
    async with app.run_test(size=(130, 44)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await take_keyboard(pilot, "Ann Lee")
        screen = vowl(app)
        await pilot.press(*"hal")
        card = screen.view().active_run.current
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert "Enlarge the terminal to 80×24" in screen_text(app)
        await pilot.resize_terminal(130, 44)
        await pilot.pause()
        assert screen.game.phase is Phase.SOLVING and screen.view().active_run.current == card
        assert screen.query_one("#answer").value == "hal"


async def test_a_game_opened_from_the_command_line_builds_no_menu_until_it_is_left() -> None:
    """``boardgames uwo`` built a hidden main menu under the duel before its first frame;
    the menu is made when the players go back to it."""
    from boardgames.uwo.screen import UwoScreen

    app = BoardgamesApp(start=lambda: UwoScreen(), seed=4, clock=ManualClock())
    async with app.run_test(size=(120, 40)) as pilot:
        await take_keyboard(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, UwoScreen) and settled(app), "the duel, up")
        await pilot.pause()
        assert not any(isinstance(s, MainMenu) for s in app.screen_stack)
        app.back_to_menu()
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu, built now")
        assert [type(s) for s in app.screen_stack[1:]] == [MainMenu]
        # Its Header titles itself after its first refresh: end the test only then
        # (stopping the app before that makes Textual's Header raise NoMatches).
        await wait_for(pilot, lambda: settled(app) and "boardgames" in screen_text(app), "the menu drawn")


async def test_the_menu_reads_the_saves_folder_once_as_it_opens(monkeypatch: pytest.MonkeyPatch) -> None:
    """It was listed twice before the first frame (on mount, then as the screen resumed),
    each save parsed each time; going back to the menu lists it again."""
    from boardgames.common.saves import SaveStore

    listings: list[str | None] = []
    real = SaveStore.unfinished

    def counting(self: SaveStore, game: str | None = None) -> object:
        listings.append(game)
        return real(self, game)

    monkeypatch.setattr(SaveStore, "unfinished", counting)
    app = BoardgamesApp(seed=1)
    async with app.run_test(size=(100, 36)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and settled(app), "the menu")
        assert listings == [None]
        app.open_game("uwo")
        await wait_for(pilot, lambda: not isinstance(app.screen, MainMenu) and settled(app), "UWO's first question")
        app.back_to_menu()
        await wait_for(pilot, lambda: len(listings) == 2, "the menu listed again")
        assert isinstance(app.screen, MainMenu)
