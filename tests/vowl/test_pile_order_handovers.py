"""Where the extras go ("top or under?") is asked only after the one asked took the keyboard.

The secrets guarantee - a question for the next player is never asked before the handover
is dismissed deliberately - pinned where it was reported broken, at 80×24, keys pressed
at the moment the question could appear; and the handover's words there, which were wrong:

- head-to-head (Interpretation V9): the opponent's handover before their own question
  said "1, your pile is chosen" (a seat number, and a Selection's words);
- a game resumed at the roller's question after a Selection: its handover named a seat
  number, not the roller.
"""

from __future__ import annotations

import random

from boardgames.app import BoardgamesApp
from boardgames.common.clock import ManualClock
from boardgames.common.saves import SaveRecord, SaveStore
from boardgames.common.session import GameSession
from boardgames.common.ui.choice import ChoiceScreen
from boardgames.common.ui.handover import HandoverScreen
from boardgames.vowl.events import SelectionMade
from boardgames.vowl.kinds import Mode, Phase
from boardgames.vowl.render import asks_pile_order
from boardgames.vowl.spec import SPEC, VowlSetup
from tests.screen import deliberately, screen_text, settled, take_keyboard, wait_for
from tests.vowl.conftest import set_tokens
from tests.vowl.test_properties import RandomPlayer
from tests.vowl.test_screen import make_app, vowl
from tests.vowl.test_table_playtest import BOLD, LONG, words

SMALL = (80, 24)


async def test_head_to_head_the_opponents_pile_question_waits_for_the_opponents_handover() -> None:
    app, _ = make_app((LONG, BOLD), Mode.HEAD_TO_HEAD)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = vowl(app)
        game = screen.game
        roller = game.current_player
        opponent = 1 - roller
        names = (LONG, BOLD)
        for name in names:
            set_tokens(game, name, score=3)  # the 3-4 tier draws a yellow card: a real question each
        screen.render_view()
        await pilot.press("r")
        await take_keyboard(pilot, names[roller])  # head-to-head: the roller's pile is theirs alone
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen) and settled(app), "the roller's question")
        assert f"{names[roller]}: your tier draws" in words(screen_text(app))
        await deliberately(pilot, "u")
        await pilot.press("t", "space")  # at once, as the question could appear: the roller's hands
        await wait_for(pilot, lambda: game.view(None).extras_owner == opponent, "the opponent's extras drawn")
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen | ChoiceScreen), "what follows")
        assert isinstance(app.screen, HandoverScreen), "the opponent's question was asked at the roller's keyboard"
        handover = app.screen
        await pilot.pause()
        assert app.screen is handover and game.phase is Phase.PLACE_EXTRAS  # neither key answered anything
        said = words(await take_keyboard(pilot, names[opponent]))
        # Their own pile, in their name (it said "1, your pile is chosen", a seat number and a Selection's words).
        assert f"{names[opponent]}, your tier draws 1 yellow face down" in said, said
        assert "top of or under your pile" in said and "chosen" not in said, said
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen) and settled(app), "the opponent's question")
        assert f"{names[opponent]}: your tier draws" in words(screen_text(app))
        await deliberately(pilot, "t")
        await take_keyboard(pilot, names[roller])  # the roller's pile: the sand turns when they are ready
        assert game.phase is Phase.SOLVING


def saved_at_the_rollers_pile_question() -> tuple[SaveRecord, str]:
    """A two-player game played (at random, seeded) up to a Selection's "top or under?" for the
    roller, saved as it goes; and the roller's name.  Played through the session, not rigged:
    the save replays to the same question."""
    setup = VowlSetup(("Ann Lee", "Bob Roy"), (25, 25))
    session = GameSession.start(SPEC, setup, 0)
    player = RandomPlayer(random.Random(0), 0.9)
    for _ in range(400):
        step = session.apply(player.choose(session.engine))
        view = session.engine.view(None)
        if any(isinstance(e, SelectionMade) for e in step.events or ()) and asks_pile_order(view):
            session.close()
            (record,) = SaveStore().unfinished("vowl").records
            return record, view.name(view.current_player)
    raise AssertionError("no Selection with a pile-order question in 400 steps")


async def test_a_game_resumed_at_the_rollers_pile_question_opens_on_the_rollers_handover() -> None:
    record, roller = saved_at_the_rollers_pile_question()
    app = BoardgamesApp(clock=ManualClock(), seed=1)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        app.resume_game(record)
        await pilot.press("u", "t")  # at once, as the question could appear
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen | ChoiceScreen), "the resumed game")
        assert isinstance(app.screen, HandoverScreen), "the resumed game asked its question with no handover"
        said = words(await take_keyboard(pilot, roller))
        # In the roller's name (it said "0, your pile is chosen" or "1, ...": a seat number).
        assert f"The game resumes. {roller}, your pile is chosen. Your tier draws" in said, said
        resumed = vowl(app)
        assert resumed.game.phase is Phase.PLACE_EXTRAS  # neither key answered it
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen) and settled(app), "the question")
        assert f"{roller}: your tier draws" in words(screen_text(app))
        await deliberately(pilot, "u")
        await wait_for(pilot, lambda: resumed.game.phase is not Phase.PLACE_EXTRAS, "the extras placed")
