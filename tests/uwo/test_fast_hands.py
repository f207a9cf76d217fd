"""Fast hands and a shrunken terminal at a UWO duel: nothing private leaks, no key acts unseen.

Replays what was seen at a real table:

- ``boardgames uwo --seed 4``: confirming an attack with Enter and pressing Enter
  again ~0.15 s later dismissed the defender's handover, and the attacker read
  "Your hand (Pnorfs): Bazooka, Longeye, Rider";
- a refused defensive morph ("A Longeye's shield does not cover a Trooper")
  stayed on screen as a notification over the next handover and the other
  player's board;
- below the smallest size (once 110×34, now 80×24) the board hides behind "enlarge
  the terminal", yet ``e`` ended the turn and paid energy, unseen.

Time is the app's ``ManualClock``.
"""

from __future__ import annotations

from boardgames.app import BoardgamesApp
from boardgames.common.clock import ManualClock
from boardgames.common.ui.handover import HandoverScreen
from boardgames.uwo import board as B
from boardgames.uwo.screen import UwoScreen
from boardgames.uwo.side import Side
from boardgames.uwo.view import Phase
from tests.monkey import send_key
from tests.screen import screen_text, settled, wait_for
from tests.uwo.positions import make
from tests.uwo.test_screen import SIZE, answer, app_for, end_turn, goto, log_text, take_keyboard, uwo


async def test_a_second_enter_after_an_attack_never_shows_the_defenders_hand() -> None:
    clock = ManualClock()
    app = BoardgamesApp(start=lambda: UwoScreen(), seed=4, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Gnorfs, take the keyboard")
        await goto(pilot, "c2")
        await pilot.press("enter", "up", "enter")  # c2 → c3 ...
        await end_turn(pilot)  # ... and the end of turn 1
        await take_keyboard(pilot, "Pnorfs, take the keyboard")
        game = uwo(app).game
        assert game is not None
        hand = [game.catalog.card_kinds[c].name for c in game.hands[Side.PNORFS]]
        assert hand == ["Bazooka", "Longeye", "Rider"]
        assert "Your hand (Pnorfs)" in " ".join(screen_text(app).split())
        await end_turn(pilot)
        await take_keyboard(pilot, "Gnorfs, take the keyboard")
        await goto(pilot, "c3")
        await pilot.press("enter")
        await goto(pilot, "c5")
        await pilot.press("enter")  # the attack, confirmed with Enter ...
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen), "the defender's handover")
        assert game.phase is Phase.DEFEND
        for _ in range(3):  # ... and Enter again ~0.15 s later, then its repeats
            clock.advance(0.15)
            await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen) and uwo(app).seat is None
        text = " ".join(screen_text(app).split())
        assert "Your hand (Pnorfs)" not in text
        assert "Longeye" not in text and "Rider" not in text
        await take_keyboard(pilot, "Pnorfs, you are attacked")
        assert "Your hand (Pnorfs)" in " ".join(screen_text(app).split())


async def test_a_refused_defensive_morph_is_gone_before_the_other_player_looks() -> None:
    g = make("c2=G:troop c3=P:troop e6=P:troop", hands={"P": ["longeye", "brawler"]})
    app = app_for(g)
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        await goto(pilot, "c2")
        await pilot.press("enter", "up", "enter")
        await take_keyboard(pilot, "Pnorfs, you are attacked")
        await pilot.press("1", "enter")  # a Longeye's shield does not cover a Trooper: refused
        await pilot.pause()
        assert any("Longeye" in n.message for n in app._notifications)
        assert "Longeye" in screen_text(app)
        await pilot.press("t")  # the defender takes the hit instead (asked first)
        await answer(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen), "the Gnorfs' handover")
        await pilot.pause()
        assert not any("Longeye" in n.message for n in app._notifications)
        assert "Longeye" not in screen_text(app)
        await take_keyboard(pilot, "Gnorfs, take the keyboard — your turn goes on")
        assert "Longeye" not in screen_text(app)


async def test_keys_do_nothing_behind_the_too_small_message() -> None:
    g = make("c2=G:troop c5=P:troop e6=P:troop")
    app = app_for(g)
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        screen = uwo(app)
        before = (g.turn, g.current, list(g.energy), g.phase)
        await pilot.resize_terminal(79, 23)
        await wait_for(pilot, lambda: screen.too_small, "the too-small message")
        await pilot.press("e", "E", "enter", "up", "escape", "u")
        await pilot.pause()
        assert (g.turn, g.current, list(g.energy), g.phase) == before
        assert app.screen is screen and screen.seat is Side.GNORFS
        await pilot.resize_terminal(*SIZE)
        await wait_for(pilot, lambda: not screen.too_small, "the board again")
        await end_turn(pilot)
        await take_keyboard(pilot, "Pnorfs, take the keyboard — your turn")
        assert g.current is Side.PNORFS and g.turn == before[0] + 1


async def test_keys_typed_in_one_burst_act_in_the_order_typed() -> None:
    """Enter, Up, Enter, e typed faster than the app draws (a quick hand, or a busy
    machine where keys pile up): the UMO moves, then the end of the turn is asked - the
    move is not lost behind it.  (Enter's activation used to travel as a message
    up from the board while ``e`` acted at once, so ``e`` could overtake it.)"""
    app = BoardgamesApp(start=lambda: UwoScreen(), seed=4, clock=ManualClock())
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Gnorfs, take the keyboard")
        game = uwo(app).game
        assert game is not None and uwo(app).board.cursor == B.parse("c2")
        for key in ("enter", "up", "enter", "e"):
            send_key(app, key)  # queued at once, like a terminal's burst
        await answer(pilot)  # "End the turn?" - yes
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen), "the Pnorfs' handover")
        await wait_for(pilot, lambda: settled(app), "the app to settle")
        assert "Gnorf Trooper on c2 moves to c3" in log_text(app)
        assert game.current is Side.PNORFS
        assert game.board[B.parse("c3")] is not None and game.board[B.parse("c2")] is None
