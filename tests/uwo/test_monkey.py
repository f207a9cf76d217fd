"""A cat on the keyboard of a UWO duel: random keys, pastes and clicks, seeded.

No exception may escape, and the engine's invariants (every card in exactly one
place, counters in bounds) hold after every engine action and every batch of events.
"""

from __future__ import annotations

import random

from boardgames.app import BoardgamesApp
from boardgames.common.clock import ManualClock
from boardgames.common.ui.base import GuardedModalScreen
from boardgames.common.ui.handover import HandoverScreen
from boardgames.uwo.engine import Game
from boardgames.uwo.screen import UwoScreen
from tests.monkey import COMMON_KEYS, monkey, send_key
from tests.screen import pause_like_a_player, settled, wait_for
from tests.uwo.test_random_play import check_invariants

UWO_KEYS = (
    *COMMON_KEYS,
    "w",
    "a",
    "s",
    "d",
    "h",
    "j",
    "k",
    "l",
    "1",
    "2",
    "3",
    "v",
    "t",
    "c",
    "p",
    "u",
    "x",
    "b",
    "e",
    "E",
    "y",
    "n",
    "m",
    "r",
    "enter",
    "enter",
    "escape",
    "pageup",
    "pagedown",
)
STEPS = 1400
SIZE = (112, 36)


class CheckedGame(Game):
    __slots__ = ()

    def apply(self, action):
        events = super().apply(action)
        check_invariants(self)
        return events


async def test_monkey_on_a_uwo_duel() -> None:
    rng = random.Random(11)
    game = Game.new(random.Random(5))
    game.__class__ = CheckedGame  # the same game, checked after every single action
    app = BoardgamesApp(start=lambda: UwoScreen(game=game), seed=1, clock=ManualClock())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.action_quit = lambda: None  # type: ignore[method-assign] # stay in the test
        turns: set[int] = set()

        async def check(step: int, what: str) -> None:
            check_invariants(game)
            turns.add(game.turn)
            if isinstance(app.screen, GuardedModalScreen):
                pause_like_a_player(app)  # handovers and questions take keys after a pause only
                if isinstance(app.screen, HandoverScreen) and rng.random() < 0.5:
                    send_key(app, "space")  # the other player takes the keyboard (Enter no longer does)
            if not any(isinstance(s, UwoScreen) for s in app.screen_stack):
                app.back_to_menu()  # the monkey left (Escape, then yes): take it back to the duel
                await wait_for(pilot, lambda: settled(app), f"step {step}: the menu")
                app.push_screen(UwoScreen(game=game))
                await wait_for(pilot, lambda: settled(app), f"step {step}: the duel back")

        await monkey(pilot, rng, STEPS, keys=UWO_KEYS, check=check, batch=16)
        assert len(turns) >= 3  # the monkey really played turns, not only moved a cursor
