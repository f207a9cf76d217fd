"""UWO's keys, as ``docs/keys.md`` maps them for the whole suite (and ``docs/rules/uwo.md`` lists).

Escape clears, then leaves through the shared question; ``q`` is no key here; ``p`` is
"no counter-attack" and ``n`` a new game once the duel is over; ``e``, ``E`` and ``x``
ask once, and neither the key that asked nor a double press answers; ``u`` takes back.
"""

from __future__ import annotations

from boardgames.common.ui.choice import ChoiceScreen
from boardgames.common.ui.handover import HandoverScreen
from boardgames.uwo import board as B
from boardgames.uwo.side import Side
from boardgames.uwo.view import Phase
from tests.screen import deliberately, screen_text, settled, wait_for
from tests.uwo.positions import make, top
from tests.uwo.test_screen import (
    SIZE,
    answer,
    app_for,
    end_turn,
    goto,
    log_text,
    record_notices,
    take_keyboard,
    uwo,
)


def footer(app) -> str:
    return screen_text(app).splitlines()[-1]


async def test_escape_clears_a_selection_then_asks_to_leave_and_q_does_not_leave() -> None:
    g = make("c2=G:troop c5=P:troop")
    app = app_for(g)
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        screen = uwo(app)
        await pilot.press("q")
        await pilot.pause()
        assert app.screen is screen  # q is nothing in a duel
        await goto(pilot, "c2")
        await pilot.press("enter", "1")
        await pilot.pause()
        assert screen.selected == B.parse("c2")
        await pilot.press("escape")
        await pilot.pause()
        assert screen.selected is None and app.screen is screen  # first, the selection goes
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the leave question")
        assert "Leave this duel?" in screen_text(app)
        await deliberately(pilot, "n")  # no, keep playing
        await wait_for(pilot, lambda: app.screen is screen, "the duel again")
        assert g.phase is Phase.TURN and g.current is Side.GNORFS


async def test_e_asks_once_and_neither_its_own_key_nor_a_double_press_answers() -> None:
    g = make("c2=G:troop c5=P:troop")
    app = app_for(g)
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        await pilot.press("e", "e", "y")  # a double press, then "yes" before the question was read
        await wait_for(pilot, lambda: settled(app), "the app to settle")
        assert isinstance(app.screen, ChoiceScreen) and "End the turn?" in screen_text(app)
        assert "You have not morphed or acted this turn" in " ".join(screen_text(app).split())
        assert g.current is Side.GNORFS and g.turn == 1
        await deliberately(pilot, "n")  # no, go on
        await wait_for(pilot, lambda: app.screen is uwo(app), "the duel")
        assert g.current is Side.GNORFS
        await pilot.press("e")
        await answer(pilot, "y")
        await take_keyboard(pilot, "Pnorfs, take the keyboard — your turn")
        assert g.current is Side.PNORFS and g.energy[Side.GNORFS] == 5


async def test_spending_all_and_swapping_ask_too() -> None:
    g = make("c2=G:troop c5=P:troop", hands={"G": ["wisp"]})
    app = app_for(g)
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        await pilot.press("E")
        await answer(pilot, "n")
        assert g.energy[Side.GNORFS] == 6 and g.current is Side.GNORFS
        assert "Swap" not in footer(app)  # x swaps the picked card: shown once one is picked
        await pilot.press("1")
        await pilot.pause()
        assert "Swap" in footer(app)
        await pilot.press("x")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the swap question")
        assert "Swap the Wisp?" in screen_text(app)
        await answer(pilot, "y")
        await take_keyboard(pilot, "Pnorfs")
        assert "put a card under their deck" in log_text(app)


async def test_p_declines_the_counter_attack() -> None:
    g = make("c2=G:troop c3=P:troop e6=P:troop")
    app = app_for(g)
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        await goto(pilot, "c2")
        await pilot.press("enter", "up", "enter")
        await take_keyboard(pilot, "Pnorfs, you are attacked")
        await pilot.press("v")
        await wait_for(pilot, lambda: g.phase is Phase.COUNTER, "the counter-attack")
        assert "No counter" in footer(app)
        notes = record_notices(app)
        await pilot.press("n")  # not a duel key any more: it says what n is for
        await pilot.pause()
        assert g.phase is Phase.COUNTER and notes and "new game" in notes[-1]
        await pilot.press("p")
        await take_keyboard(pilot, "Gnorfs, take the keyboard — your turn goes on")
        assert "do not counter-attack" in log_text(app)


async def test_n_starts_a_new_duel_once_this_one_is_over() -> None:
    g = make("c2=G:troop c3=P:troop", evasions=(9, 0))
    app = app_for(g)
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        await goto(pilot, "c2")
        await pilot.press("enter", "up", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the end question")
        await deliberately(pilot, "b")  # look at the board first
        await wait_for(pilot, lambda: app.screen is uwo(app), "the board")
        assert g.is_over() and "New game" in footer(app)
        await pilot.press("n")
        await take_keyboard(pilot, "Gnorfs, take the keyboard — your turn")
        fresh = uwo(app).game
        assert fresh is not g and fresh is not None and fresh.alive == [10, 10]


async def test_u_takes_back_the_morph_and_the_move_last_first() -> None:
    g = make("c2=G:troop c5=P:troop e6=P:troop", hands={"G": ["brawler", "wisp"]})
    app = app_for(g)
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        notes = record_notices(app)
        assert "Undo" not in footer(app)  # nothing to take back yet
        await goto(pilot, "c2")
        await pilot.press("2", "enter")  # the Wisp on c2 ...
        await pilot.pause()
        await pilot.press("enter", "up", "enter")  # ... moves to c3
        await pilot.pause()
        assert top(g, "c3") == "G:wisp" and g.energy[Side.GNORFS] == 4
        assert "Undo" in footer(app) and "u take back" in screen_text(app)
        await pilot.press("u")
        await pilot.pause()
        assert top(g, "c2") == "G:wisp" and top(g, "c3") is None and g.energy[Side.GNORFS] == 5
        await pilot.press("u")
        await pilot.pause()
        assert top(g, "c2") == "G:troop" and g.energy[Side.GNORFS] == 6
        assert [k.key for k in g.hand_kinds(Side.GNORFS)] == ["brawler", "wisp"]
        assert "Undo" not in footer(app)
        # told to the player at the keyboard; struck from the log, which the Pnorfs read too
        assert any("take back their morph on c2" in n for n in notes)
        assert "Wisp" not in log_text(app) and "moves to c3" not in log_text(app)
        await pilot.press("u")  # nothing left: said why, nothing changes
        await pilot.pause()
        assert top(g, "c2") == "G:troop"
        await end_turn(pilot)
        said = await take_keyboard(pilot, "Pnorfs, take the keyboard")
        assert "Wisp" not in said and "take back" not in said  # what the other player reads
        assert "Wisp" not in log_text(app) and "Wisp" not in screen_text(app)


async def test_a_hit_nobody_could_parry_lands_without_a_handover() -> None:
    """U23: the Pnorfs have no evasion card and no card of theirs could shield against a
    Trooper: the Gnorfs keep the keyboard, and the log says what happened."""
    g = make("c2=G:troop c3=P:troop e6=P:troop", hands={"P": ["longeye"]}, decks={"P": ["longeye"]}, evasions=(9, 0))
    app = app_for(g)
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        await goto(pilot, "c2")
        await pilot.press("enter", "up", "enter")
        await wait_for(pilot, lambda: top(g, "c3") is None, "the hit")
        await wait_for(pilot, lambda: settled(app), "the app to settle")
        assert not isinstance(app.screen, HandoverScreen) and uwo(app).seat is Side.GNORFS
        assert "none of their cards has a shield against a Trooper" in log_text(app)


async def test_no_morph_is_offered_in_defence_without_energy() -> None:
    g = make("c2=G:troop c3=P:troop e6=P:troop", hands={"P": ["brawler"]}, energy=(6, 0))
    app = app_for(g)
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        await goto(pilot, "c2")
        await pilot.press("enter", "up", "enter")
        await take_keyboard(pilot, "Pnorfs, you are attacked")
        text = " ".join(screen_text(app).split())
        assert "v evade" in text and "t take the hit" in text and "1-3 + Enter" not in text
        notes = record_notices(app)
        await pilot.press("enter")
        await pilot.pause()
        assert notes == ["You are attacked: v evade or t take the hit."]
