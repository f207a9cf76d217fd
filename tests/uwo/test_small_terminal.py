"""UWO at 80×24, the suite's smallest terminal, and larger: every phase playable, nothing cut.

What a player must read is checked in the terminal's text (``screen_text``), phase by
phase: the turn with its targets, the defence and its three answers, the counter-attack,
the end of the duel, the questions.  The log gives way at 80×24 and pages with PgUp/PgDn.
"""

from __future__ import annotations

from rich.color import ColorSystem
from textual.widgets import RichLog

from boardgames.common.ui.choice import ChoiceScreen
from boardgames.uwo import board as B
from boardgames.uwo.screen import UwoScreen
from boardgames.uwo.view import Phase
from tests.screen import deliberately, screen_text, wait_for
from tests.uwo.positions import make
from tests.uwo.test_screen import app_for, goto, take_keyboard, uwo

SMALL = (80, 24)


def flat(app) -> str:
    return " ".join(screen_text(app).split())


def panels(app) -> str:
    """The right-hand column as the player reads it (the board's rows cut away), joined up."""
    x = uwo(app).query_one("#uwo-right").region.x
    return " ".join(" ".join(row[x:] for row in screen_text(app).splitlines()[:-1]).split())


def test_the_duel_needs_no_more_than_80_by_24() -> None:
    assert UwoScreen.MIN_SIZE[0] <= 80 and UwoScreen.MIN_SIZE[1] <= 24


async def test_a_turn_with_targets_marked_at_80_by_24() -> None:
    g = make("c2=G:troop d1=G:troop c3=P:troop/out e6=P:troop", hands={"G": ["wisp"]})
    app = app_for(g)
    async with app.run_test(size=SMALL) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        screen = uwo(app)
        assert not screen.too_small
        await goto(pilot, "c2")
        await pilot.press("enter")
        await pilot.pause()
        rows = screen_text(app).splitlines()
        text = flat(app)
        # the out-of-play enemy keeps both its mark and its hint (once cut to "P c3 OUT")
        assert "P c3 OUT" in text and "× attack" in text
        assert "» move" in text
        assert "Enter on a marked square" in panels(app) and "Esc clear" in panels(app)
        assert text.count("UMOs") == 2  # both armies' counts fit
        assert "UMOs 3" in text or "UMOs 2" in text
        assert "1 Wisp" in text and "e End" in rows[-1] and "Go" in rows[-1]


async def test_a_defence_and_a_counter_attack_at_80_by_24() -> None:
    g = make("c2=G:troop c4=P:troop e6=P:troop", hands={"P": ["skitter", "wisp"]})
    app = app_for(g)
    async with app.run_test(size=SMALL) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        await goto(pilot, "c2")
        await pilot.press("enter")
        await goto(pilot, "c4")
        await pilot.press("enter")
        await take_keyboard(pilot, "Pnorfs, you are attacked")
        text = panels(app)
        # each answer on its own line: none hides behind another (once "…(shield against")
        assert "v evade (9 left)" in text
        assert "1-3 + Enter: morph (shield vs Trooper)" in text
        assert "t take the hit" in text
        assert "Evade" in screen_text(app).splitlines()[-1]
        await pilot.press("v")
        await wait_for(pilot, lambda: g.phase is Phase.COUNTER, "the counter-attack")
        await pilot.pause()
        assert "× c attack" in flat(app)
        text = panels(app)
        assert "c counter-attack the Trooper on c2" in text and "p no counter-attack" in text
        # (above: the hint on the attacker's square, whole; it was once cut to "P e5 c:")


async def test_the_end_of_a_duel_at_80_by_24() -> None:
    g = make("c2=G:troop c3=P:troop", evasions=(9, 0))
    app = app_for(g)
    async with app.run_test(size=SMALL) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        await goto(pilot, "c2")
        await pilot.press("enter", "up", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the end question")
        await pilot.pause()
        text = flat(app)
        assert "The Gnorfs win!" in text
        assert "n New game" in text and "m Main menu" in text and "b Look at the board" in text
        await deliberately(pilot, "b")
        await wait_for(pilot, lambda: app.screen is uwo(app), "the board")
        text = panels(app)
        assert "n new game" in text and "main menu" in text and "New game" in screen_text(app).splitlines()[-1]


async def test_the_end_turn_question_fits_at_80_by_24() -> None:
    g = make("c2=G:troop c5=P:troop")
    app = app_for(g)
    async with app.run_test(size=SMALL) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        await pilot.press("E")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the question")
        await pilot.pause()
        text = flat(app)
        assert "End the turn spending all your energy?" in text
        assert "y Yes, spend all 6 and end the turn" in text and "n No, go on playing" in text


async def test_the_log_pages_from_the_keyboard_at_80_by_24() -> None:
    g = make("c2=G:troop c5=P:troop")
    app = app_for(g)
    async with app.run_test(size=SMALL) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        log = uwo(app).query_one("#log", RichLog)
        for i in range(40):
            log.write(f"line {i}")
        await pilot.pause()
        await wait_for(pilot, lambda: log.scroll_y == log.max_scroll_y > 0, "the log at its end")
        assert "PgUp/Dn Log" in screen_text(app).splitlines()[-1]
        bottom = log.scroll_y
        await pilot.press("pageup")
        await wait_for(pilot, lambda: log.scroll_y < bottom, "the log paged up")
        await pilot.press("pagedown", "pagedown")
        await wait_for(pilot, lambda: log.scroll_y == bottom, "the log paged back down")


async def test_larger_terminals_give_the_log_and_the_board_more_room() -> None:
    heights = {}
    for size in (SMALL, (100, 30), (110, 34), (120, 40)):
        g = make("c2=G:troop c5=P:troop")
        app = app_for(g)
        async with app.run_test(size=size) as pilot:
            await take_keyboard(pilot, "Gnorfs")
            screen = uwo(app)
            await pilot.pause()
            log = screen.query_one("#log", RichLog)
            heights[size] = (log.content_region.height, screen.board.cell(B.parse("c2")).outer_size)
            assert "UMOs 1" in flat(app)  # the bar's count, at every size
    assert heights[SMALL][0] >= 2
    assert heights[(110, 34)][0] >= 6  # once a single line
    for size in ((100, 30), (110, 34), (120, 40)):
        assert heights[size][0] > heights[SMALL][0], size  # the log gets the room
    cell_small, cell_large = heights[SMALL][1], heights[(120, 40)][1]
    assert cell_large.width > cell_small.width and cell_large.height > cell_small.height


async def test_an_attack_mark_differs_from_an_unmarked_square_in_256_colours() -> None:
    """The rendered background, as a 256-colour terminal gets it: a marked target must
    not come out the shade of an unmarked square of its side (it did: a blend of red
    over purple); and it has a glyph besides (``× attack``), for no colour at all."""
    g = make("c2=G:troop c3=P:troop d4=P:troop e6=P:troop")
    for size in (SMALL, (120, 40)):
        app = app_for(g)
        async with app.run_test(size=size) as pilot:
            await take_keyboard(pilot, "Gnorfs")
            await goto(pilot, "c2")
            await pilot.press("enter")
            await pilot.pause()
            board = uwo(app).board
            marked, plain = board.cell(B.parse("c3")), board.cell(B.parse("d4"))
            assert marked.has_class("-attack") and not plain.has_class("-attack")

            def shade(cell, system: ColorSystem) -> int | None:
                """The palette entry the terminal is sent for the square's background."""
                bg = cell.rich_style.bgcolor
                assert bg is not None
                return bg.downgrade(system).number

            for system in (ColorSystem.EIGHT_BIT, ColorSystem.STANDARD):
                assert shade(marked, system) != shade(plain, system), system
                assert shade(marked, system) != shade(board.cell(B.parse("a3")), system), system  # empty
            assert "× attack" in str(marked.render())


async def test_every_key_of_a_busy_turn_fits_the_footer_at_80_by_24() -> None:
    """A card picked and a step to take back: Go, Back, Undo, Swap, End, Spend all, Log and
    Rules all show at once (the Footer cuts what does not fit)."""
    g = make("c2=G:troop c5=P:troop", hands={"G": ["wisp", "brawler"]})
    app = app_for(g)
    async with app.run_test(size=SMALL) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        await goto(pilot, "c2")
        await pilot.press("enter", "up", "enter", "1")
        await wait_for(pilot, lambda: uwo(app).picked == 0, "the card picked")
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
        for key in ("Go", "Back", "u Undo", "x Swap", "e End", "E Spend all", "PgUp/Dn Log", "f1 Rules", "palette"):
            assert key in footer, (key, footer)


async def test_the_setup_form_fits_at_80_by_24() -> None:
    """Against the computer every option of the menu's setup form is on screen, uncut, with
    the start button and the Footer's keys (``uwo.setup``)."""
    from boardgames.app import BoardgamesApp
    from boardgames.common.clock import ManualClock
    from boardgames.uwo.setup import UwoSetupScreen
    from tests.screen import settled

    app = BoardgamesApp(seed=3, clock=ManualClock())
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        app.open_game("uwo")
        await wait_for(pilot, lambda: isinstance(app.screen, UwoSetupScreen) and settled(app), "the form")
        await pilot.press("down")  # against the computer: the level and the army appear
        await wait_for(pilot, lambda: "Which army" in screen_text(app), "the computer's options")
        lines = screen_text(app).splitlines()
        for label in (
            "Two players — hot-seat on this keyboard, a handover between turns",
            "Against the computer — you alone; it sees only its own hand",
            "Standard duel — 10 UMOs each",
            "First game — 8 UMOs each, corners empty",
            "Beginner — counts only the UMOs on the board, often misses a threat",
            "Hard — also weighs your best answer to each plan",
            "Gnorfs (green) — you begin",
            "Pnorfs (purple) — the computer begins",
            "Start duel",
        ):
            assert any(label in line for line in lines), label
        assert "Start game" in lines[-1] and "Main menu" in lines[-1]
