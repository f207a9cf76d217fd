"""The cat starts at the main menu: it opens games, setup forms, rules and the palette.

Nothing it does may raise; the app is still on its feet at the end.
"""

from __future__ import annotations

import random

from boardgames.app import BoardgamesApp
from boardgames.common.clock import ManualClock
from boardgames.common.ui.base import GuardedModalScreen
from tests.monkey import COMMON_KEYS, monkey
from tests.screen import pause_like_a_player

KEYS = (*COMMON_KEYS, "ctrl+p", "ctrl+s", "ctrl+t", "q", "x", "enter", "enter", "escape", "escape")


async def test_monkey_from_the_main_menu() -> None:
    rng = random.Random(3)
    app = BoardgamesApp(clock=ManualClock(), seed=3)
    async with app.run_test(size=(110, 36)) as pilot:
        await pilot.pause()
        app.action_quit = lambda: None  # type: ignore[method-assign] # "q" would end the test
        screens: set[str] = set()

        def check(step: int, what: str) -> None:
            screens.add(type(app.screen).__name__)
            assert app.is_running, f"the app stopped at step {step} ({what})"
            if isinstance(app.screen, GuardedModalScreen):
                # A question takes keys only after a moment of quiet: the cat pauses between
                # bursts (on a clock that never moved, the first question held it for good).
                pause_like_a_player(app)

        await monkey(pilot, rng, 700, keys=KEYS, check=check, batch=12)
        assert len(screens) >= 3, screens  # it really went places
