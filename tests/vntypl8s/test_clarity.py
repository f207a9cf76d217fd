"""What the screen says must be true: the round on the status bar is the one on screen,
plates are counted only when they exist (P17), and names keep the case their players
gave them at the start of a sentence (``common.text.sentence``)."""

from __future__ import annotations

from boardgames.vntypl8s.screen import GuessScreen, Stage
from boardgames.vntypl8s.widgets import status_text
from tests.screen import deliberately, screen_text, settled, take_keyboard, wait_for

from .helpers import flat, wrong_owner
from .ui import LONG_NAMES, PLAYERS, SIZE, game_screen, played_session, session_app, type_text


async def test_the_last_reveal_of_a_round_is_still_that_round_on_the_status_bar() -> None:
    app, _ = session_app(played_session(PLAYERS, plates=3))  # the last plate of round 1 was just guessed
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Everyone")
        screen = game_screen(app)
        assert screen.stage is Stage.REVEAL and screen.g.round == 2  # the engine has dealt round 2
        status = flat(str(screen.query_one("#status").render()))
        assert "Round 1 of 3 · guessing" in status and "writing" not in status
        await deliberately(pilot, "enter")
        await wait_for(pilot, lambda: screen.stage is Stage.ROUND_END, "the round's table")
        assert "Round 1 of 3 · round over" in flat(str(screen.query_one("#status").render()))


async def test_a_writer_who_timed_out_has_no_plate_to_count() -> None:
    app, _ = session_app(played_session(PLAYERS, forfeit=frozenset({1})))
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Everyone")
        screen = game_screen(app)
        assert "Plate 1 of 2" in flat(screen_text(app))
        await pilot.press("3")
        await wait_for(pilot, lambda: isinstance(app.screen, GuessScreen), "Cy's guess")
        app.screen.query_one("#guess-filter").value = ""
        await type_text(pilot, "zz")
        await deliberately(pilot, "escape")
        await pilot.press("0")
        await deliberately(pilot, "y")
        await wait_for(pilot, lambda: screen.stage is Stage.REVEAL, "the reveal")
        await deliberately(pilot, "enter")
        await wait_for(pilot, lambda: screen.stage is Stage.PLATE, "the next plate")
        assert "Plate 2 of 2" in flat(screen_text(app))


async def test_names_keep_their_case_at_the_start_of_a_sentence() -> None:
    players = ("Cy", "McKay", "de Vries")
    app, _ = session_app(played_session(players))
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Everyone")
        screen = game_screen(app)
        await pilot.press("2")
        await wait_for(pilot, lambda: isinstance(app.screen, GuessScreen), "McKay's guess")
        app.screen.query_one("#guess-filter").value = wrong_owner(screen.g, 0)
        await deliberately(pilot, "enter")
        await wait_for(pilot, lambda: 1 in screen.g.view(None).locked_out, "McKay locked out")
        await wait_for(pilot, lambda: settled(app))
        assert "McKay is locked out for this plate." in flat(screen_text(app))
        await pilot.press("3")
        await wait_for(pilot, lambda: isinstance(app.screen, GuessScreen), "de Vries's guess")
        assert "De Vries, which 0WN3R is it?" in flat(screen_text(app))
        await deliberately(pilot, "escape")  # backing out uses the last chance (P29): the reveal
        await wait_for(pilot, lambda: screen.stage is Stage.REVEAL, "the reveal")
        text = flat(screen_text(app))
        assert "De Vries backed out without guessing." in text
        assert "Mckay" not in text


def test_the_status_bar_shows_every_score_in_two_lines_at_80_columns() -> None:
    scores = [(name, 12) for name in LONG_NAMES]
    text = status_text("Round 3 of 3 · guessing", scores, 78)
    lines = text.plain.splitlines()
    assert len(lines) <= 2 and all(len(line) <= 78 for line in lines)
    assert text.plain.count("\u00a012") == 8 and "Round 3 of 3 · guessing" in lines[0]
    assert all(name.split()[0][:6] in text.plain for name in LONG_NAMES)  # shortened, still told apart
    short = status_text("Round 1 of 3 · writing", [("Ann", 0), ("Bob", 1), ("Cy", 2)], 78).plain
    assert short == "Round 1 of 3 · writing   Cards: Ann\u00a00   Bob\u00a01   Cy\u00a02"


def test_a_victory_shared_by_many_is_one_line_that_counts_them() -> None:
    """Eight long names joined by "and" would push the plates off an 80×24 screen: the
    line counts the winners and the table stars them (P18 names the tiebreak either way)."""
    from boardgames.vntypl8s.engine import Outcome, Standing, Tiebreak
    from boardgames.vntypl8s.widgets import tiebreak_text

    def standing(seat: int) -> Standing:
        return Standing(seat, LONG_NAMES[seat], 1, 1)

    standings = tuple(standing(p) for p in range(8))
    five = tiebreak_text(Outcome((0, 1, 2, 3, 4), standings, Tiebreak.SHARED), LONG_NAMES).plain
    assert five.startswith("Shared victory between 5 players (★ below)!") and len(five) <= 2 * 78
    assert f"Decided by: {Tiebreak.SHARED.value}." in five
    two = tiebreak_text(Outcome((0, 1), standings, Tiebreak.SHARED), LONG_NAMES).plain
    assert two.startswith(f"Shared victory: {LONG_NAMES[0]} and {LONG_NAMES[1]}!")
    one = tiebreak_text(Outcome((3,), standings, Tiebreak.MOST_CARDS), LONG_NAMES).plain
    assert one.startswith(f"{LONG_NAMES[3]} wins!")
