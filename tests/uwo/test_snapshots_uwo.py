"""UWO pinned at the smallest size (80×24) and a large one (120×40): what a player sees.

Three moments each: a turn with attack targets marked, a defence, the end of a duel.
Regenerate after an intended change with
``pytest tests/uwo/test_snapshots_uwo.py --snapshot-update`` and look at every SVG in
``tests/uwo/__snapshots__`` (nothing may be cut: the hints, the three answers to an
attack, both armies' UMO counts, the end question's choices).
"""

from __future__ import annotations

import pytest

from boardgames.app import BoardgamesApp
from boardgames.common.clock import ManualClock
from boardgames.common.ui.choice import ChoiceScreen
from boardgames.uwo.screen import UwoScreen
from boardgames.uwo.setup import UwoSetupScreen
from tests.screen import settled, take_keyboard, wait_for
from tests.uwo.positions import make
from tests.uwo.test_screen import goto

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def duel_app(layout: str, **kwargs: object) -> BoardgamesApp:
    game = make(layout, **kwargs)  # type: ignore[arg-type]
    return BoardgamesApp(start=lambda: UwoScreen(game=game), seed=1, clock=ManualClock())


async def _still(pilot) -> None:
    await wait_for(pilot, lambda: settled(pilot.app), "the app to settle")
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
def test_a_turn_with_attack_targets_marked(snap_compare, size: tuple[int, int]) -> None:
    app = duel_app(
        "c2=G:troop d2=G:longeye b1=G:troop c3=P:troop/out d5=P:shell+bazooka b4=P:brawler e6=P:troop",
        hands={"G": ["wisp", "rider", "dynamite"]},
    )

    async def run_before(pilot) -> None:
        await take_keyboard(pilot)
        await goto(pilot, "d2")
        await pilot.press("enter")  # the Longeye: d5 in range, c3 not in line
        await _still(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_a_defence(snap_compare, size: tuple[int, int]) -> None:
    app = duel_app("c2=G:longeye c5=P:troop e6=P:troop", hands={"P": ["wisp", "brawler", "skitter"]})

    async def run_before(pilot) -> None:
        await take_keyboard(pilot)
        await goto(pilot, "c2")
        await pilot.press("enter")
        await goto(pilot, "c5")
        await pilot.press("enter")  # the attack: the Pnorfs must answer
        await take_keyboard(pilot)
        await _still(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_the_end_of_a_duel(snap_compare, size: tuple[int, int]) -> None:
    app = duel_app("c2=G:troop a1=G:wisp+skitter c3=P:troop", evasions=(9, 0))

    async def run_before(pilot) -> None:
        await take_keyboard(pilot)
        await goto(pilot, "c2")
        await pilot.press("enter", "up", "enter")  # the Pnorfs' last UMO, which cannot defend
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, ChoiceScreen), "the end question")
        await _still(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_the_setup_form(snap_compare, size: tuple[int, int]) -> None:
    """The menu's setup form against the computer: every option on screen at 80×24, none cut."""
    app = BoardgamesApp(seed=1, clock=ManualClock())

    async def run_before(pilot) -> None:
        await pilot.pause()
        app.open_game("uwo")
        await wait_for(pilot, lambda: isinstance(app.screen, UwoSetupScreen) and settled(app), "the setup form")
        await pilot.press("down")  # against the computer: its level and your army too
        await _still(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)
