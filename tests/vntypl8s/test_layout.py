"""VNTYPL8S fits the smallest terminal it plays on (80×24) with up to 8 players, and
uses the room of a larger one: nothing a player needs is cut off or hidden.

The worst table is eight players with names as long as names may be (``LONG_NAMES``).
Each test looks at what the terminal shows (``screen_text``), as a player would.
"""

from __future__ import annotations

import re

from rich.cells import cell_len

from boardgames.vntypl8s.limits import MAX_LENGTH
from boardgames.vntypl8s.screen import GuessScreen, Stage
from boardgames.vntypl8s.widgets import PlateView
from tests.screen import deliberately, screen_text, settled, take_keyboard, wait_for

from .helpers import flat
from .ui import LONG_NAMES, PLAYERS, game_screen, make_app, played_session, session_app, type_text

SMALL = (80, 24)


def region_text(app: object, widget: object) -> str:
    """What the terminal shows inside *widget*'s region (columns beside it left out)."""
    region = widget.region  # type: ignore[attr-defined]
    lines = screen_text(app).splitlines()  # type: ignore[arg-type]
    return "\n".join(cells(line, region.x, region.right) for line in lines[region.y : region.bottom])


def cells(line: str, start: int, end: int) -> str:
    """The characters of *line* in terminal columns *start* to *end* (⏳ takes two)."""
    out, x = [], 0
    for ch in line:
        if start <= x < end:
            out.append(ch)
        x += cell_len(ch)
    return "".join(out)


def consonants(word: str) -> str:
    return re.sub(r"[^BCDFGHJKLMNPQRSTVWXYZ]", "", word.upper())


async def test_every_broken_rule_and_both_cards_fit_the_writer_at_80x24_with_8_players() -> None:
    app, _ = make_app(timer=60, players=LONG_NAMES)
    async with app.run_test(size=SMALL) as pilot:
        await take_keyboard(pilot)
        screen = game_screen(app)
        me = screen.g.view(0).players[0]
        # A title word (its consonants read as the word), a vowel, punctuation, too long.
        plate = (consonants(me.owner.split()[0]) + "A-QQQQQQQQ")[:14]
        await type_text(pilot, plate.lower())
        await wait_for(pilot, lambda: settled(app))
        text = flat(screen_text(app))
        rules = flat(region_text(app, screen.query_one("#rule-list")))
        violations = screen.g.judge_plate(0, plate).violations
        assert len(violations) >= 3
        for v in violations:
            assert flat(f"✗ {v.reason}") in rules, v.reason
        # The rule list ends inside the screen, above the Footer: nothing scrolled away.
        assert screen.query_one("#rule-list").region.bottom <= SMALL[1] - 1
        assert me.owner in text and me.requirements in text and "⏳" in text
        assert f"{len(plate) - MAX_LENGTH} characters too many" in text


async def test_a_plate_longer_than_eight_is_drawn_whole_and_visibly_too_long() -> None:
    app, _ = make_app(players=PLAYERS)
    async with app.run_test(size=SMALL) as pilot:
        await take_keyboard(pilot)
        screen = game_screen(app)
        plate = "SK8RDDZZZZZZZZQX"  # 16: all the editor holds (P21)
        await type_text(pilot, plate.lower())
        await wait_for(pilot, lambda: settled(app))
        board = screen.query_one("#editor-plate", PlateView)
        assert board.has_class("-too-long")
        assert " ".join(plate) in screen_text(app)
        # Every big row stays inside the board's border: nothing spills out.
        inner = board.content_region
        lines = screen_text(app).splitlines()
        for y in range(inner.y, inner.bottom):
            outside = cells(lines[y], board.region.right, SMALL[0])
            assert not outside.strip(), lines[y]
        short = "SK8R"
        await pilot.press(*["backspace"] * (len(plate) - len(short)))
        await wait_for(pilot, lambda: board.plate == short)
        assert not board.has_class("-too-long")


async def test_the_plate_buzzers_and_grid_fit_80x24_with_8_players_and_the_guess_dialog_covers_neither() -> None:
    app, _ = session_app(played_session(LONG_NAMES))
    async with app.run_test(size=SMALL) as pilot:
        await take_keyboard(pilot, "Everyone")
        screen = game_screen(app)
        v = screen.g.view(None)
        text = screen_text(app)
        lines = text.splitlines()
        for seat, name in enumerate(LONG_NAMES):  # each buzzer whole, on one line
            assert any(f"{seat + 1}  {name}" in line for line in lines), name
        for owner in v.grid_layout:
            assert owner in flat(text), owner
        assert " ".join(v.plate) in text
        status = str(screen.query_one("#status").render())
        assert len(status.splitlines()) <= 2 and status.count("\u00a00") == 8  # every score
        await pilot.press("3")
        await wait_for(pilot, lambda: isinstance(app.screen, GuessScreen), "the guess dialog")
        await wait_for(pilot, lambda: settled(app))
        text = screen_text(app)
        assert " ".join(v.plate) in text  # the plate being guessed is still in sight
        # Below the plate there is no room to list 14 cards: the dialog takes the buzzers'
        # place (it names the holder and answers late buzzes) and the grid stays in sight.
        for owner in v.grid_layout:
            assert owner in flat(text), owner
        box = app.screen.query_one("#guess-box")
        assert not box.region.overlaps(screen.query_one("#grid").region)
        assert not box.region.overlaps(screen.query_one("#guess-plate").region)


async def test_the_final_list_of_plates_is_on_screen_and_follows_its_highlight() -> None:
    app, _ = session_app(played_session(LONG_NAMES, rounds=3))
    async with app.run_test(size=SMALL) as pilot:
        screen = game_screen(app)
        await wait_for(pilot, lambda: screen.stage is Stage.FINAL, "the final table")
        history = screen.g.view(None).history
        assert len(history) == 24
        marks = screen.query_one("#favourites")
        assert marks.region.height >= 3 and marks.region.bottom <= SMALL[1] - 1  # above the Footer
        assert f"R1 {history[0].plate}" in screen_text(app)
        await pilot.press(*["down"] * 23)
        await wait_for(pilot, lambda: marks.highlighted == 23, "the last plate highlighted")
        await wait_for(pilot, lambda: settled(app))
        text = screen_text(app)
        last = history[23]
        assert f"R3 {last.plate}" in text  # scrolled with the highlight
        assert f"{last.plate}: 0WN3R {last.owner}" in flat(text)  # and told in full below
        await pilot.press("space", "f")
        from boardgames.vntypl8s.favourites import load_favourites

        await wait_for(pilot, lambda: load_favourites().favourites != (), "the favourite saved")
        assert [f.plate for f in load_favourites().favourites] == [last.plate]


async def test_a_larger_terminal_shows_every_plate_of_a_3_player_game_at_once() -> None:
    app, _ = session_app(played_session(PLAYERS, rounds=3))
    async with app.run_test(size=(110, 34)) as pilot:
        screen = game_screen(app)
        await wait_for(pilot, lambda: screen.stage is Stage.FINAL, "the final table")
        await wait_for(pilot, lambda: settled(app))
        text = screen_text(app)
        for r in screen.g.view(None).history:
            assert f"R{r.round} {r.plate}" in text


async def test_the_round_table_with_8_players_says_enter_first_and_scrolls_to_the_last_plate() -> None:
    app, _ = session_app(played_session(LONG_NAMES, plates=len(LONG_NAMES)))
    async with app.run_test(size=SMALL) as pilot:
        await take_keyboard(pilot, "Everyone")
        screen = game_screen(app)
        assert screen.stage is Stage.REVEAL
        text = flat(screen_text(app))
        assert "scores it" in text and "Enter: continue" in text
        await deliberately(pilot, "enter")
        await wait_for(pilot, lambda: screen.stage is Stage.ROUND_END, "the round's table")
        await wait_for(pilot, lambda: settled(app))
        assert "Enter: next round" in screen_text(app)
        last = screen.g.view(None).history[-1]
        await pilot.press("end")
        await wait_for(pilot, lambda: settled(app))
        assert last.plate in screen_text(app)


async def test_the_whole_setup_form_fits_80x24() -> None:
    app, _ = make_app(players=None)
    async with app.run_test(size=SMALL) as pilot:
        await wait_for(pilot, lambda: settled(app))
        form = app.screen
        for name in LONG_NAMES:
            await type_text(pilot, name)
            await pilot.press("tab")
        await wait_for(pilot, lambda: settled(app))
        assert form.focused is form.query_one("#timer")
        text = screen_text(app)
        assert "VNTYPL8S" in text and "Names in clockwise order" in text  # nothing scrolled away
        for name in LONG_NAMES:
            assert name in text
        for wid in ("#timer", "#start", "#favourites"):
            region = form.query_one(wid).region
            assert region.y >= 1 and region.bottom <= SMALL[1] - 1, wid


async def test_a_large_terminal_shows_the_plate_to_guess_at_double_size() -> None:
    """Read from across the table: 120×40 draws it twice as big; 80×24 has no room to."""
    for size, scale in ((SMALL, 1), ((120, 40), 2)):
        app, _ = session_app(played_session(PLAYERS))
        async with app.run_test(size=size) as pilot:
            await take_keyboard(pilot, "Everyone")
            screen = game_screen(app)
            await wait_for(pilot, lambda app=app: settled(app))
            board = screen.query_one("#guess-plate", PlateView)
            assert board.scale == scale, size
            assert board.region.height == (8 if scale == 2 else 6), size
            assert " ".join(screen.g.view(None).plate) in screen_text(app)


async def test_the_grid_stays_on_screen_at_80x24_as_8_long_names_take_its_cards() -> None:
    app, _ = session_app(played_session(LONG_NAMES, plates=7))
    async with app.run_test(size=SMALL) as pilot:
        await take_keyboard(pilot, "Everyone")
        screen = game_screen(app)
        await deliberately(pilot, "enter")  # past the seventh reveal: the last plate
        await wait_for(pilot, lambda: screen.stage is Stage.PLATE, "the last plate")
        await wait_for(pilot, lambda: settled(app))
        grid = screen.query_one("#grid")
        assert grid.region.bottom <= SMALL[1] - 1  # its bottom border above the Footer
        text = screen_text(app)
        for record in screen.g.view(None).history:
            assert f"→ {record.guessed_by + 1} " in text  # who took it, by buzzer number
        for owner in screen.g.view(None).grid:
            assert owner in flat(text)
