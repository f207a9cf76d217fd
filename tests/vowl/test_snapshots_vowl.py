"""Snapshots of the Vowl table at the smallest size it accepts (80×24) and a larger one.

What a player sees at each step of a turn - the roll, the pile with the sand timer,
the after-turn review, the scoring question, the end of the game - pinned at a fixed
seed and a ``ManualClock``.  Regenerate after an intended change with
``pytest tests/vowl/test_snapshots_vowl.py --snapshot-update`` and look at every SVG
in ``tests/vowl/__snapshots__`` (nothing may be cut off at 80×24).
"""

from __future__ import annotations

import pytest
from textual.widgets import Input

from boardgames.common.ui.base import GateHint
from boardgames.common.ui.choice import ChoiceScreen
from boardgames.vowl.kinds import Mode, Phase
from boardgames.vowl.modals import ReviewScreen
from tests.screen import deliberately, settled, take_keyboard, wait_for
from tests.vowl.conftest import set_tokens
from tests.vowl.test_screen import MATCHER, make_app, vowl

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
NAMES = ("Ann Lee", "Bob Roy")


def _still(app) -> None:
    """No blinking cursor: the same frame every run."""
    for box in app.screen.query(Input):
        box.cursor_blink = False
    for screen in app.screen_stack:
        for box in screen.query(Input):
            box.cursor_blink = False


async def _armed(pilot) -> None:
    """The question on top takes keys now, and its hint says so (no "keys are ignored")."""
    app = pilot.app
    await deliberately(pilot)  # a player's pause, no key

    def hints_armed() -> bool:
        return all(h.has_class("-armed") for h in app.screen.query(GateHint))

    for hint in app.screen.query(GateHint):
        hint.show_state()
    await wait_for(pilot, hints_armed, "the question's hint to arm")
    await wait_for(pilot, lambda: settled(app), "the app to settle")


async def _to_pile(pilot, app, clock) -> None:
    """Ann rolls, takes the keyboard, tries one wrong word and passes a card."""
    await pilot.pause()
    await pilot.press("r")
    await take_keyboard(pilot, "Ann Lee")
    _still(app)
    clock.advance(3)
    vowl(app).timer.tick()
    await pilot.press(*"savr", "enter")
    await pilot.pause()
    await pilot.press("ctrl+a", "ctrl+k", "ctrl+x")
    await pilot.pause()
    clock.advance(2)
    vowl(app).timer.tick()
    await wait_for(pilot, lambda: settled(app), "the app to settle")


async def _solve(pilot, app, clock, seconds: float = 1) -> None:
    """The racer at the keyboard answers every card right, *seconds* each."""
    screen = vowl(app)
    holder = screen.holder
    while screen.game.phase is Phase.SOLVING and screen.holder == holder:
        run = screen.view().active_run
        clock.advance(seconds)
        await pilot.press(*MATCHER.solutions(run.current.skeleton)[0], "enter")
        await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
def test_vowl_roll(snap_compare, size) -> None:
    app, _ = make_app(NAMES, Mode.SOLITAIRE)

    async def run_before(pilot) -> None:
        await pilot.pause()
        set_tokens(vowl(app).game, "Bob Roy", score=8)  # the "!" marker and its legend
        vowl(app).render_view()
        await wait_for(pilot, lambda: settled(app), "the app to settle")

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_vowl_pile(snap_compare, size) -> None:
    app, clock = make_app(NAMES, Mode.SOLITAIRE)

    async def run_before(pilot) -> None:
        await _to_pile(pilot, app, clock)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_vowl_review(snap_compare, size) -> None:
    app, clock = make_app(NAMES, Mode.HEAD_TO_HEAD)

    async def run_before(pilot) -> None:
        await pilot.pause()
        await pilot.press("r")
        await take_keyboard(pilot, "Ann Lee")
        await _solve(pilot, app, clock)
        await take_keyboard(pilot, "Bob Roy")
        await _solve(pilot, app, clock, 1.5)  # slower: Ann wins the race on time
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        await _armed(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_vowl_scoring_choice(snap_compare, size) -> None:
    app, clock = make_app(NAMES, Mode.SOLITAIRE)

    async def run_before(pilot) -> None:
        await pilot.pause()
        await pilot.press("r")
        await take_keyboard(pilot, "Ann Lee")
        _still(app)
        await _solve(pilot, app, clock)
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        await deliberately(pilot, "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the scoring question")
        await _armed(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_vowl_end_of_game(snap_compare, size) -> None:
    app, clock = make_app(NAMES, Mode.SOLITAIRE)

    async def run_before(pilot) -> None:
        await pilot.pause()
        screen = vowl(app)
        set_tokens(screen.game, "Ann Lee", score=8)
        screen.render_view()
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the pile-order question")
        await deliberately(pilot, "u")
        await take_keyboard(pilot, "Ann Lee")
        await _solve(pilot, app, clock)
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        await deliberately(pilot, "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the scoring question")
        await deliberately(pilot, "2")
        await wait_for(pilot, lambda: app.screen is screen and screen.game.phase is Phase.GAME_OVER, "the end")
        await wait_for(pilot, lambda: settled(app), "the app to settle")

    assert snap_compare(app, terminal_size=size, run_before=run_before)
