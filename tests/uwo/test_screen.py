"""The UWO screen driven through Textual's Pilot: real keys, real handovers.

Positions come from ``tests.uwo.positions.make`` so each test starts exactly where
the rule it plays is decided; the app runs at a fixed 120×40.
"""

from __future__ import annotations

import random

from boardgames.app import BoardgamesApp, MainMenu
from boardgames.common.clock import ManualClock
from boardgames.common.ui.choice import ChoiceScreen
from boardgames.common.ui.handover import HandoverScreen
from boardgames.uwo import board as B
from boardgames.uwo.engine import Game
from boardgames.uwo.screen import UwoScreen
from boardgames.uwo.setup import UwoSetupScreen
from boardgames.uwo.side import Side
from boardgames.uwo.view import Phase
from tests import screen as shared
from tests.screen import deliberately, screen_text, settled, wait_for
from tests.uwo.positions import make, top

SIZE = (120, 40)


def app_for(game: Game) -> BoardgamesApp:
    return BoardgamesApp(start=lambda: UwoScreen(game=game), seed=1, clock=ManualClock())


def uwo(app: BoardgamesApp) -> UwoScreen:
    for screen in reversed(app.screen_stack):
        if isinstance(screen, UwoScreen):
            return screen
    raise AssertionError("no UWO screen")


def record_notices(app: BoardgamesApp) -> list[str]:
    """What the screen tells the player in notifications (toasts), recorded as it says it."""
    notes: list[str] = []
    screen = uwo(app)
    original = screen.notify

    def notify(message: str, **kwargs: object) -> None:
        notes.append(message)
        original(message, **kwargs)  # type: ignore[arg-type]

    screen.notify = notify  # type: ignore[method-assign]
    return notes


def log_text(app: BoardgamesApp) -> str:
    """The action log, its wrapped lines joined back."""
    from textual.widgets import RichLog

    log = uwo(app).query_one("#log", RichLog)
    return " ".join(" ".join(strip.text.split()) for strip in log.lines)


async def take_keyboard(pilot, expect: str) -> str:
    """A handover naming ``expect`` comes up; read it, pause, then press Space."""
    return await shared.take_keyboard(pilot, expect)


async def answer(pilot, key: str = "y") -> None:
    """A question is up (``e``, ``E`` and ``x`` ask first): read it, pause, answer."""
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the question")
    question = app.screen
    await deliberately(pilot, key)
    await wait_for(pilot, lambda: app.screen is not question, "the question to close")


async def end_turn(pilot, key: str = "e") -> None:
    """``e`` (or ``E``, ``x``): the question it asks, answered yes."""
    await pilot.press(key)
    await answer(pilot)


async def goto(pilot, name: str) -> None:
    """Walk the cursor to a square with the arrow keys."""
    screen = uwo(pilot.app)
    target = B.parse(name)
    while screen.board.cursor != target:
        col, row = B.col_of(screen.board.cursor), B.row_of(screen.board.cursor)
        if col < B.col_of(target):
            await pilot.press("right")
        elif col > B.col_of(target):
            await pilot.press("left")
        elif row < B.row_of(target):
            await pilot.press("up")
        else:
            await pilot.press("down")
    await pilot.pause()


async def test_a_full_turn_with_an_attack_answered_by_evasion() -> None:
    g = make("c2=G:troop d1=G:troop c3=P:troop e6=P:troop", hands={"G": ["wisp"], "P": ["longeye"]})
    app = app_for(g)
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Gnorfs, take the keyboard — your turn")
        await goto(pilot, "c2")
        await pilot.press("enter")  # select the Trooper
        await pilot.pause()
        assert "attack" in str(uwo(app).board.cell(B.parse("c3")).render())
        await goto(pilot, "c3")
        await pilot.press("enter")  # attack
        text = await take_keyboard(pilot, "Pnorfs, you are attacked — take the keyboard")
        assert "attacks the Pnorf Trooper on c3" in text
        assert g.phase is Phase.DEFEND
        assert "You are attacked!" in screen_text(app)
        await pilot.press("v")  # evasion
        await pilot.pause()
        assert g.evasions[Side.PNORFS] == 8 and g.phase is Phase.COUNTER
        await pilot.press("p")  # no counter-attack
        await take_keyboard(pilot, "Gnorfs, take the keyboard — your turn goes on")
        assert g.phase is Phase.TURN and g.current is Side.GNORFS and g.action_used
        await pilot.press("1")  # the Wisp ...
        await goto(pilot, "d1")
        await pilot.press("enter")  # ... morphs d1
        await pilot.pause()
        assert top(g, "d1") == "G:wisp"
        await end_turn(pilot)
        await take_keyboard(pilot, "Pnorfs, take the keyboard — your turn")
        assert g.current is Side.PNORFS and g.energy[Side.GNORFS] == 4
        log = log_text(app)
        assert "The Pnorf Trooper on c3 evades" in log and "morph their Trooper on d1 into a Wisp" in log


async def test_a_defensive_morph() -> None:
    g = make("c2=G:troop c3=P:troop e6=P:troop", hands={"P": ["longeye", "brawler"]})
    app = app_for(g)
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        await goto(pilot, "c2")
        await pilot.press("enter", "up", "enter")
        await take_keyboard(pilot, "Pnorfs, you are attacked")
        await pilot.press("1", "enter")  # a Longeye's shield does not cover a Trooper: refused
        await pilot.pause()
        assert top(g, "c3") == "P:troop" and g.phase is Phase.DEFEND
        await pilot.press("2", "enter")  # a Brawler's does
        await pilot.pause()
        assert top(g, "c3") == "P:brawler" and g.energy[Side.PNORFS] == 5
        assert g.phase is Phase.COUNTER
        await pilot.press("c")  # counter-attack the Trooper
        await take_keyboard(pilot, "Gnorfs, you are attacked")
        await pilot.press("t")  # take the hit: asked first
        await answer(pilot)
        assert top(g, "c2") is None and g.phase is Phase.OVER
        assert isinstance(app.screen, ChoiceScreen)
        assert "The Pnorfs win!" in screen_text(app)
        await deliberately(pilot, "n")  # a new game, dealt by the app's seeded generator
        await take_keyboard(pilot, "Gnorfs, take the keyboard — your turn")
        fresh = uwo(app).game
        assert fresh is not g and fresh is not None and fresh.alive == [10, 10] and fresh.turn == 1


async def test_from_the_menu_the_first_game_variant() -> None:
    """The menu opens the setup form (``uwo.setup``); a duel of two, first game, starts on the Gnorfs' handover."""
    app = BoardgamesApp(seed=3, clock=ManualClock())
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and settled(app), "the menu")
        app.open_game("uwo")
        # waited for, not paused for: a busy machine had not painted the form yet
        await wait_for(
            pilot,
            lambda: isinstance(app.screen, UwoSetupScreen) and "Which game?" in screen_text(app),
            "the setup form",
        )
        await pilot.press("tab", "down")  # two players (as it opens); which game: the first game
        await pilot.press("ctrl+s")
        await take_keyboard(pilot, "Gnorfs, take the keyboard")
        game = uwo(app).game
        assert game is not None and game.first_game and game.alive == [8, 8]
        assert uwo(app).computer is None
        assert "first game" in log_text(app)


async def test_an_illegal_command_is_refused_with_a_reason() -> None:
    g = make("c2=G:troop c5=P:troop e6=P:troop")
    app = app_for(g)
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        notes = record_notices(app)
        await goto(pilot, "c2")
        await pilot.press("enter")
        await goto(pilot, "c5")
        await pilot.press("enter")  # out of range for a Trooper
        await pilot.pause()
        assert notes == ["Out of range: the Trooper's bazooka reaches 2 squares."]
        await pilot.press("v")  # no duel: hidden from the Footer, and answered
        await pilot.press("x")  # greyed out: no card picked
        await pilot.press("3")  # no such card
        await pilot.pause()
        assert notes[1:] == [
            "There is no attack to answer right now.",
            "Pick the card to swap first (1, 2 or 3), then press x.",
            "You have only 0 cards in your hand.",
        ]
        assert g.phase is Phase.TURN and g.energy == [6, 6] and top(g, "c5") == "P:troop"
        footer = screen_text(app).splitlines()[-1]
        assert "e End" in footer and "Evade" not in footer


async def test_a_ride_tramples_and_a_choice_of_ways() -> None:
    g = make("c2=G:rider c3=P:troop e6=P:troop")
    app = app_for(g)
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        await goto(pilot, "c2")
        await pilot.press("enter")
        await goto(pilot, "d4")  # three ways: two over the Trooper, one around it
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert "tramples nobody" in screen_text(app)
        await deliberately(pilot, "2")  # the way over c3
        await pilot.pause()
        assert top(g, "d4") == "G:rider" and top(g, "c2") is None
        assert g.is_out(g.board[B.parse("c3")]) and g.is_out(g.board[B.parse("d4")])  # type: ignore[arg-type]
        assert g.energy[Side.GNORFS] == 4
        assert "is trampled" in log_text(app) and "OUT" in screen_text(app)


async def test_a_dynamite_blast() -> None:
    g = make("c3=G:troop a1=G:troop c4=P:troop d4=P:bazooka e6=P:troop", hands={"G": ["dynamite"]})
    app = app_for(g)
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        await goto(pilot, "c3")
        await pilot.press("1", "enter")  # morph the Trooper into the Dynamite
        await pilot.pause()
        assert top(g, "c3") == "G:dynamite"
        await pilot.press("b")  # it may blast at once: it has not moved (asked first)
        await answer(pilot)
        assert [top(g, s) for s in ("c3", "c4", "d4", "a1", "e6")] == [None, None, None, "G:troop", "P:troop"]
        assert "explodes" in log_text(app)


async def test_the_mouse_selects_and_moves() -> None:
    g = make("c2=G:skitter e6=P:troop")
    app = app_for(g)
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        await pilot.click("#sq-c2")
        await pilot.click("#sq-c5")
        await pilot.pause()
        assert top(g, "c5") == "G:skitter"


async def test_f1_shows_the_uwo_rules() -> None:
    g = make("c2=G:troop e6=P:troop")
    app = app_for(g)
    async with app.run_test(size=SIZE) as pilot:
        await take_keyboard(pilot, "Gnorfs")
        await pilot.press("f1")
        await pilot.pause()
        assert "UWO — rules as implemented" in screen_text(app)


# ------------------------------------------------------------------ hidden information

#: The two hands hold kinds that appear nowhere else on screen - not on the board, not
#: in the log, not even in a shield printed on the other hand's cards.
HIDDEN_P = ("Dynamite", "Bazooka")
HIDDEN_G = ("Skitter", "Longeye", "Brawler")


async def test_no_card_of_the_inactive_hand_is_ever_on_screen() -> None:
    """After every handover (and during it) the screen is read whole: the hand of the
    player away from the keyboard must be nowhere.  The two hands hold kinds that are
    nowhere else in the game, so any leak would show as a name."""
    g = make(
        "a2=G:troop b2=G:troop c2=G:troop a5=P:troop b5=P:troop c5=P:troop e6=P:troop",
        hands={"G": ["skitter", "brawler", "longeye"], "P": ["dynamite", "bazooka", "bazooka"]},
        decks={"G": ["skitter", "longeye", "brawler"], "P": ["bazooka", "bazooka"]},
    )
    app = app_for(g)
    checks = 0
    async with app.run_test(size=SIZE) as pilot:

        async def handover(expect: str) -> None:
            nonlocal checks
            await pilot.pause()
            during = screen_text(app)
            assert not any(n in during for n in HIDDEN_G + HIDDEN_P), "a hand shows through the handover"
            await take_keyboard(pilot, expect)
            after = screen_text(app)
            side = uwo(app).seat
            hidden = HIDDEN_P if side is Side.GNORFS else HIDDEN_G
            shown = HIDDEN_G if side is Side.GNORFS else HIDDEN_P
            assert not any(n in after for n in hidden), f"the other hand is on screen:\n{after}"
            assert any(n in after for n in shown), "the player's own hand is shown"
            checks += 1

        await handover("Gnorfs, take the keyboard")
        for col in "ab":
            await goto(pilot, f"{col}2")
            await pilot.press("enter", "up", "enter")  # a Gnorf Trooper steps forward
            await end_turn(pilot)
            await handover("Pnorfs, take the keyboard")
            await goto(pilot, f"{col}5")
            await pilot.press("enter", "down", "enter")  # a Pnorf Trooper steps forward
            await end_turn(pilot)
            await handover("Gnorfs, take the keyboard")
            await end_turn(pilot)
            await handover("Pnorfs, take the keyboard")
            await goto(pilot, f"{col}4")
            await pilot.press("enter", "down", "enter")  # ... and attacks
            await handover("Gnorfs, you are attacked")
            await pilot.press("v", "p")  # evade, no counter-attack
            await handover("Pnorfs, take the keyboard — your turn goes on")
            await end_turn(pilot)
            await handover("Gnorfs, take the keyboard")
        assert g.evasions == [7, 9] and g.turn == 9
    assert checks == 13


async def test_random_play_through_the_screen_never_shows_the_other_hand() -> None:
    """Random legal play sent through the screen; after each handover the hand panel
    shows exactly the hand of the player at the keyboard."""
    from boardgames.uwo.players import RandomPlayer
    from boardgames.uwo.widgets import HandCard

    g = Game.new(random.Random(5))
    app = app_for(g)
    player = RandomPlayer(random.Random(6))
    handovers = 0
    async with app.run_test(size=SIZE) as pilot:
        screen = uwo(app)
        for _ in range(40):
            await pilot.pause()
            if isinstance(app.screen, HandoverScreen):
                await shared.take_keyboard(pilot)
                handovers += 1
                side = screen.seat
                assert side is not None and side is g.to_act
                names = [g.catalog.card_kinds[c].name for c in g.hands[side]]
                cards = [str(c.render()) for c in screen.query(HandCard) if c.display]
                assert len(cards) == len(names)
                for name, card in zip(names, cards, strict=True):
                    assert name in card
                other = {g.catalog.card_kinds[c].name for c in g.hands[side.other]} - set(names)
                for card in cards:
                    assert not any(f" {n}" in card.split("\n")[0] for n in other)
            if not isinstance(app.screen, UwoScreen) or g.is_over():
                break
            screen.play(player.choose(g.view(g.to_act)))  # type: ignore[arg-type]
    assert handovers >= 6
