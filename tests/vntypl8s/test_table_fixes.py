"""What the table saw go wrong at 80×24 in a playtest, each as a test:
the guess dialog and the grid, a writer without a plate, cut and hostile names, late
buzzers, buzzes nobody answered, the editor's notices, and the favourites."""

from __future__ import annotations

import io

from rich.console import Console
from textual.widget import Widget
from textual.widgets import OptionList, SelectionList, Static

from boardgames.common.ui.choice import ChoiceScreen
from boardgames.vntypl8s.favourites import Favourite, add_favourites, load_favourites
from boardgames.vntypl8s.favourites_screen import FavouritesScreen
from boardgames.vntypl8s.guess import GuessScreen, NobodyKnowsQuestion
from boardgames.vntypl8s.screen import Stage
from boardgames.vntypl8s.widgets import MARKED, NO_PLATE
from tests.screen import deliberately, record_notifications, screen_text, settled, take_keyboard, wait_for

from .helpers import flat
from .ui import game_screen, make_app, played_session, session_app, type_text

SMALL = (80, 24)


def drawn(widget: Widget) -> str:
    """What a ``Static`` holds, drawn at its width as plain text (a table's every cell)."""
    assert isinstance(widget, Static)
    console = Console(width=widget.content_size.width or 76, file=io.StringIO(), color_system=None)
    console.print(widget.content)
    out = console.file
    assert isinstance(out, io.StringIO)
    return out.getvalue()


#: Eight players, names that are markup if read as markup, and one as long as names get.
HOSTILE = ("[b]Bob[/b]", "[@click=app.quit]x[/]", "Annabelle Featherstone", "Cy", "Dee", "Eve", "Fay", "Gus")


async def test_at_80_by_24_with_8_players_the_guess_dialog_leaves_every_card_in_sight() -> None:
    app, _ = session_app(played_session(HOSTILE))
    async with app.run_test(size=SMALL) as pilot:
        await take_keyboard(pilot)
        screen = game_screen(app)
        view = screen.g.view(None)
        await pilot.press("3")
        await wait_for(pilot, lambda: isinstance(app.screen, GuessScreen), "the guess dialog")
        await wait_for(pilot, lambda: settled(app))
        text = screen_text(app)
        assert " ".join(view.plate or "") in text  # the plate being guessed
        for owner in view.grid_layout:  # and every card of the grid, to choose from
            assert owner in text, owner
        box = app.screen.query_one("#guess-box").region
        assert not box.overlaps(screen.query_one("#grid").region)
        assert "0WN3R is it?" in text and "⏳" in text


async def test_at_80_by_24_with_3_players_the_dialog_goes_below_the_grid() -> None:
    app, _ = session_app(played_session(("Ann", "[b]Bob[/b]", "Cy")))
    async with app.run_test(size=SMALL) as pilot:
        await take_keyboard(pilot)
        screen = game_screen(app)
        view = screen.g.view(None)
        await pilot.press("2")
        await wait_for(pilot, lambda: isinstance(app.screen, GuessScreen), "the guess dialog")
        await wait_for(pilot, lambda: settled(app))
        text = screen_text(app)
        for owner in view.grid_layout:
            assert owner in text, owner
        assert "2  [b]Bob[/b] ◀ buzzed" in text  # the buzzers stay in sight too
        box = app.screen.query_one("#guess-box").region
        assert box.y >= screen.query_one("#grid").region.bottom and box.bottom <= SMALL[1] - 1


async def test_P32_a_writer_whose_time_ran_out_is_in_the_rounds_table() -> None:
    players = ("Ann", "[b]Bob[/b]", "Cy")
    app, _ = session_app(played_session(players, plates=2, forfeit=frozenset({1})))
    async with app.run_test(size=SMALL) as pilot:
        await take_keyboard(pilot)
        screen = game_screen(app)
        await wait_for(pilot, lambda: screen.stage is Stage.REVEAL, "the last plate's reveal")
        await deliberately(pilot, "enter")
        await wait_for(pilot, lambda: screen.stage is Stage.ROUND_END, "the round's table")
        await wait_for(pilot, lambda: settled(app))
        plates = flat(drawn(screen.query_one("#round-plates")))
        assert "[b]Bob[/b]" in plates and NO_PLATE in plates


async def test_names_are_never_cut_in_the_rounds_table_nor_the_grid() -> None:
    app, _ = session_app(played_session(HOSTILE, plates=1))
    async with app.run_test(size=SMALL) as pilot:
        await take_keyboard(pilot)
        screen = game_screen(app)
        await wait_for(pilot, lambda: screen.stage is Stage.REVEAL, "the first plate's reveal")
        await deliberately(pilot, "enter")
        await wait_for(pilot, lambda: screen.stage is Stage.PLATE, "the second plate")
        grid = drawn(screen.query_one("#grid"))
        assert "→ 2" in grid and "…" not in grid and "[@click=app.qui" not in grid.replace("[@click=app.quit]x[/]", "")
    app, _ = session_app(played_session(HOSTILE, plates=len(HOSTILE)))
    async with app.run_test(size=SMALL) as pilot:
        await take_keyboard(pilot)
        screen = game_screen(app)
        await wait_for(pilot, lambda: screen.stage is Stage.REVEAL, "the last plate's reveal")
        await deliberately(pilot, "enter")
        await wait_for(pilot, lambda: screen.stage is Stage.ROUND_END, "the round's table")
        for part in ("#round-table", "#round-plates"):
            text = drawn(screen.query_one(part))
            assert "…" not in text, text
            for name in HOSTILE:  # whole, perhaps folded onto a second line of its cell
                assert name[:10] in text and name[-6:] in text, name


async def test_P33_every_late_buzzer_is_named_in_the_dialog() -> None:
    app, _ = session_app(played_session(HOSTILE))
    async with app.run_test(size=SMALL) as pilot:
        await take_keyboard(pilot)
        await pilot.press("3")
        await wait_for(pilot, lambda: isinstance(app.screen, GuessScreen), "the guess dialog")
        dialog = app.screen
        assert isinstance(dialog, GuessScreen)
        await pilot.press("4", "5", "4")
        await pilot.pause()
        assert "Cy's" in dialog.note and "Dee's" in dialog.note, dialog.note
        assert dialog.note.count("Cy") == 1  # each named once
        assert "Annabelle Featherstone holds the buzz" in dialog.note


async def test_P33_a_buzz_during_nobody_knows_is_the_buzzers_and_key_9_is_answered() -> None:
    app, _ = session_app(played_session(HOSTILE))
    said = record_notifications(app)
    async with app.run_test(size=SMALL) as pilot:
        await take_keyboard(pilot)
        screen = game_screen(app)
        await pilot.press("9")  # eight players: nobody's buzzer
        await pilot.pause()
        assert any("Nobody has buzzer 9" in s for s in said), said
        await deliberately(pilot, "0")
        await wait_for(pilot, lambda: isinstance(app.screen, NobodyKnowsQuestion), "the writer's question")
        await deliberately(pilot, "9")
        await pilot.pause()
        assert sum("Nobody has buzzer 9" in s for s in said) == 2 and isinstance(app.screen, ChoiceScreen)
        await deliberately(pilot, "4")  # Cy knows after all
        await wait_for(pilot, lambda: isinstance(app.screen, GuessScreen), "Cy's guess dialog")
        assert screen.g.view(None).buzzer == 3
        await pilot.press("9")
        await pilot.pause()
        assert "Nobody has buzzer 9" in app.screen.note


async def test_typing_past_16_characters_says_so_once() -> None:
    app, _ = make_app(players=("Ann", "Bob", "Cy"))
    said = record_notifications(app)
    async with app.run_test(size=SMALL) as pilot:
        await take_keyboard(pilot)
        screen = game_screen(app)
        await wait_for(pilot, lambda: screen.stage is Stage.WRITING, "the writer's desk")
        await type_text(pilot, "bcdfghjklmnpqrstvwxz")  # 20 characters: 4 do not fit
        assert screen.query_one("#plate-input").value == "BCDFGHJKLMNPQRST"
        full = [s for s in said if "does not fit" in s]
        assert len(full) == 1, said


async def test_P34_marked_plates_show_a_star() -> None:
    app, _ = session_app(played_session(("Ann", "Bob", "Cy"), rounds=3))
    async with app.run_test(size=SMALL) as pilot:
        screen = game_screen(app)
        await wait_for(pilot, lambda: screen.stage is Stage.FINAL, "the final table")
        marks = screen.query_one("#favourites", SelectionList)
        await wait_for(pilot, lambda: marks.highlighted == 0)
        assert not str(marks.get_option_at_index(0).prompt).startswith(MARKED)
        await pilot.press("space")
        await wait_for(pilot, lambda: 0 in marks.selected, "the plate marked")
        assert str(marks.get_option_at_index(0).prompt).startswith(MARKED)
        assert not str(marks.get_option_at_index(1).prompt).startswith(MARKED)
        await pilot.press("space")
        await wait_for(pilot, lambda: 0 not in marks.selected, "the plate unmarked")
        assert not str(marks.get_option_at_index(0).prompt).startswith(MARKED)


async def test_P34_a_favourite_can_be_removed() -> None:
    add_favourites([Favourite("N0FL4M3S", "Fire Fighter", "FL5", "[b]Ann[/b]"), Favourite("H3NF33D", "Farmer", "HND")])
    app, _ = make_app()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        app.push_screen(FavouritesScreen())
        await wait_for(pilot, lambda: isinstance(app.screen, FavouritesScreen), "the favourites")
        page = app.screen
        await wait_for(pilot, lambda: bool(page.query("#favourites-list")), "the list")
        listed = page.query_one("#favourites-list", OptionList)
        await wait_for(pilot, lambda: listed.highlighted == 0)
        assert "by [b]Ann[/b]" in screen_text(app)
        await deliberately(pilot, "down", "d")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the question")
        assert "Remove H3NF33D (Farmer) from the favourites?" in screen_text(app)
        await deliberately(pilot, "y")
        await wait_for(pilot, lambda: len(load_favourites().favourites) == 1, "the favourite removed")
        assert load_favourites().favourites[0].plate == "N0FL4M3S"
        assert listed.option_count == 1
