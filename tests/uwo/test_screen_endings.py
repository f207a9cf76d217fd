"""Resigning and offering a draw on the screen (U26): each asks once; a draw offer is
answered by the other player after a handover, or by the computer."""

from __future__ import annotations

from boardgames.common.ui.choice import ChoiceScreen
from boardgames.uwo.actions import parse_action
from boardgames.uwo.side import Side
from boardgames.uwo.view import Phase
from tests.screen import screen_text, wait_for
from tests.uwo.positions import make
from tests.uwo.test_screen import SIZE, answer, app_for, log_text, take_keyboard, uwo
from tests.uwo.test_vs_computer import app_against, computer_done


async def test_U26_a_draw_offered_and_declined_then_accepted_between_people() -> None:
    g = make("c2=G:troop e6=P:troop")
    app = app_for(g)
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Gnorfs, take the keyboard — your turn")
        await pilot.press("equals_sign")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the question")
        assert "Offer a draw?" in screen_text(app)
        await answer(pilot, "y")
        text = await take_keyboard(pilot, "Pnorfs, you are offered a draw — take the keyboard")
        assert "The Gnorfs offer a draw." in text
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the answer's question")
        assert "The Gnorfs offer a draw" in screen_text(app)
        await answer(pilot, "n")
        await take_keyboard(pilot, "Gnorfs, take the keyboard — your turn goes on")
        assert g.phase is Phase.TURN and g.current is Side.GNORFS and not g.is_over()
        assert "The Pnorfs decline the draw" in log_text(app)
        await pilot.press("equals_sign")  # once a turn: refused, with the engine's reason
        await pilot.pause()
        assert g.phase is Phase.TURN
        await pilot.press("e")
        await answer(pilot, "y")
        await take_keyboard(pilot, "Pnorfs, take the keyboard — your turn")
        await pilot.press("equals_sign")
        await answer(pilot, "y")
        await take_keyboard(pilot, "Gnorfs, you are offered a draw — take the keyboard")
        await answer(pilot, "y")
        await wait_for(pilot, lambda: g.is_over(), "the draw")
        outcome = g.outcome()
        assert outcome is not None and outcome.winner is None
        await wait_for(pilot, lambda: "Draw!" in screen_text(app), "the end of the game")


async def test_U26_resigning_asks_once_and_ends_the_game() -> None:
    g = make("c2=G:troop e6=P:troop")
    app = app_for(g)
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Gnorfs, take the keyboard — your turn")
        await pilot.press("g")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the question")
        assert "Resign the game?" in screen_text(app)
        await answer(pilot, "n")
        assert not g.is_over()
        await pilot.press("g")
        await answer(pilot, "y")
        await wait_for(pilot, lambda: g.is_over(), "the resignation")
        assert g.outcome().winner is Side.PNORFS  # type: ignore[union-attr]
        await wait_for(pilot, lambda: "The Pnorfs win!" in screen_text(app), "the end of the game")
        assert "The Gnorfs resign." in log_text(app)


async def test_U26_the_computer_answers_a_draw_offer() -> None:
    """Far behind (one Trooper against three), the computer takes the draw."""
    g = make("a1=G:troop b1=G:troop c1=G:troop e6=P:troop")
    app = app_against(g)
    async with app.run_test(size=SIZE) as pilot:
        await computer_done(pilot)
        await pilot.press("equals_sign")
        await answer(pilot, "y")
        await computer_done(pilot)
        assert g.is_over() and g.outcome().winner is None  # type: ignore[union-attr]
        assert "The Pnorfs accept the draw." in log_text(app)
        assert uwo(app).game is g


async def test_U26_no_draw_offer_in_a_duel_the_key_says_why() -> None:
    g = make("c2=G:troop c3=P:troop", hands={"P": ["brawler"]})
    app = app_for(g)
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Gnorfs, take the keyboard — your turn")
        screen = uwo(app)
        assert screen.check_action("offer_draw", ()) is True and screen.check_action("resign", ()) is True
        screen.play(parse_action("attack c2xc3"))
        await take_keyboard(pilot, "Pnorfs, you are attacked — take the keyboard")
        assert screen.check_action("offer_draw", ()) is None  # greyed: not now
        assert screen.check_action("resign", ()) is True  # the defender may resign
        assert screen.why_not("offer_draw") == "A draw can be offered on your own turn, outside a duel."
        await pilot.press("equals_sign")
        await pilot.pause()
        assert g.phase is Phase.DEFEND
