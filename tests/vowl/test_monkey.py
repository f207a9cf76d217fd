"""A cat on the keyboard: thousands of random keys, pastes and clicks on the Vowl screen.

No exception may escape, and the engine's invariants hold after every event: every
card is in exactly one place, and scores stay between 0 and the victory tokens.
"""

from __future__ import annotations

import random

import pytest

from boardgames.common.saves import SaveStore
from boardgames.common.ui.sandtimer import SandTimer
from boardgames.vowl.screen import VowlScreen, start_game
from boardgames.vowl.spec import VowlSetup
from tests.monkey import COMMON_KEYS, monkey
from tests.vowl.test_screen import make_app

STEPS = 1400
VOWL_KEYS = (
    *COMMON_KEYS,
    "r",
    "z",
    "m",
    "n",
    "t",
    "u",
    "y",
    "v",
    "o",
    "ctrl+n",
    "ctrl+x",
    "ctrl+b",
    "ctrl+s",
    "ctrl+t",
    "ctrl+e",
)


SETUP = VowlSetup(("Ann Lee", "Bob Roy", "Cy Twombly"), (25, 15, 25))
MONKEY_SIZE = (80, 24)  # the screen's minimum: smaller frames, faster test


@pytest.mark.parametrize("seed", [1])
async def test_monkey_on_the_vowl_screen(seed: int) -> None:
    rng = random.Random(seed)
    app, clock = make_app(SETUP.names, seed=seed)
    async with app.run_test(size=MONKEY_SIZE) as pilot:
        await pilot.pause()
        quits: list[int] = []
        app.action_quit = lambda: quits.append(1)  # type: ignore[method-assign] # "q" on the menu would end the test
        seen_phases: set[str] = set()

        checked: set[int] = set()

        def invariants(game, where: str) -> None:
            places = game.card_places()
            assert len(places) == game.card_count, f"{where}: a card was lost or duplicated"
            assert len({c.skeleton for _, c in places}) == len(places), f"{where}: a card is in two places"
            for p in game.players:
                assert p.score >= 0 and p.victory >= 0, f"{where}: {p}"

        def watch(screen: VowlScreen) -> None:
            """Check the invariants after every single engine action, too."""
            if id(screen.game) in checked:
                return
            checked.add(id(screen.game))
            game, apply = screen.game, screen.game.apply

            def checked_apply(action):
                events = apply(action)
                invariants(game, f"after {action!r}")
                return events

            game.apply = checked_apply  # type: ignore[method-assign]

        async def check(step: int, what: str) -> None:
            clock.advance(rng.choice((0.5, 1, 2, 5, 30)))  # the sand runs, sometimes out
            screens = [s for s in app.screen_stack if isinstance(s, VowlScreen)]
            if not screens:
                # The monkey left the game (Escape, y) and may have wandered into another
                # game from the menu: bring it back through the resume line, as a player would.
                app.back_to_menu()
                await pilot.pause()
                records = SaveStore().unfinished("vowl").records
                if records:
                    app.resume_game(records[0])
                else:
                    app.push_screen(start_game(SETUP, app))
                await pilot.pause()
                return
            watch(screens[-1])
            game = screens[-1].game
            for timer in screens[-1].query(SandTimer):  # none while the screen is (un)mounting
                timer.tick()
            seen_phases.add(game.phase.name)
            invariants(game, f"step {step} ({what})")

        await monkey(pilot, rng, STEPS, keys=VOWL_KEYS, check=check, batch=16)
        assert len(seen_phases) >= 3  # the monkey really played, not only typed into one box
