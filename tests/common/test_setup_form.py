"""The suite's one setup form (``common.ui.setup_form``), in every game that has names, at 80×24.

Each test is something players met in Vowl's form at 80×24: the problems
were listed below the fold, so Ctrl+S seemed to do nothing; the name box took 48
characters under a label saying 24; "Zoe" and "Zoë" were two players; and the command
line refused ``--timers 15`` for two players.
"""

from __future__ import annotations

from typing import Any

import pytest

from boardgames.app import BoardgamesApp
from boardgames.common.clock import ManualClock
from boardgames.common.names import MAX_LENGTH
from boardgames.common.ui.setup_form import SetupForm
from boardgames.vntypl8s.setup import Vntypl8sSetupScreen
from boardgames.vowl.screen import VowlScreen
from boardgames.vowl.setup import VowlSetupScreen
from tests.screen import screen_text, wait_for

SMALL = (80, 24)
FORMS = [pytest.param(VowlSetupScreen, id="vowl"), pytest.param(Vntypl8sSetupScreen, id="vntypl8s")]


def flat(app: BoardgamesApp) -> str:
    """What is on the terminal, its wrapped lines joined into one."""
    return " ".join(screen_text(app).split())


async def type_names(pilot: Any, form: SetupForm[Any], *names: str) -> None:
    for i, name in enumerate(names):
        form.query_one(f"#name-{i}").focus()
        await pilot.press(*name)
    await pilot.pause()


@pytest.mark.parametrize("form", FORMS)
async def test_ctrl_s_says_why_it_cannot_start_on_an_80x24_terminal(form: type[SetupForm[Any]]) -> None:
    """One name, then Ctrl+S: the reason is on screen, where the player looks (it was below the fold)."""
    app = BoardgamesApp(start=form, clock=ManualClock(), seed=1)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupForm)
        await type_names(pilot, screen, "Ann Lee")
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: "players; 1 named" in flat(app), "the problem on screen")
        assert app.screen is screen
        # The form scrolled to its buttons: the problem is still in view.
        screen.query_one("#start").focus()
        await pilot.pause()
        assert "players; 1 named" in flat(app)


@pytest.mark.parametrize("form", FORMS)
async def test_names_differing_only_by_accents_are_one_player_in_the_form(form: type[SetupForm[Any]]) -> None:
    app = BoardgamesApp(start=form, clock=ManualClock(), seed=1)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupForm)
        await type_names(pilot, screen, "Zoe", "Zoë", "Cy")
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: "names must differ" in flat(app), "the accents refused")
        assert app.screen is screen and 'Two players are called "Zoë"' in flat(app)


@pytest.mark.parametrize("form", FORMS)
async def test_a_name_box_takes_what_its_label_says_and_says_so_past_it(form: type[SetupForm[Any]]) -> None:
    """The label says 24 characters; the box took 48.  Now it takes 24, and the 25th key is told."""
    app = BoardgamesApp(start=form, clock=ManualClock(), seed=1)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupForm)
        assert f"at most {MAX_LENGTH} characters" in flat(app)
        await type_names(pilot, screen, "x" * (MAX_LENGTH + 6))
        assert screen.query_one("#name-0").value == "x" * MAX_LENGTH
        await wait_for(pilot, lambda: f"A name has at most {MAX_LENGTH} characters" in flat(app), "the cap told")
        await pilot.press("backspace")
        await wait_for(pilot, lambda: "A name has at most" not in flat(app), "the complaint gone once shorter")


async def test_vowl_timers_15_is_the_timer_for_everyone(monkeypatch: pytest.MonkeyPatch) -> None:
    """``boardgames vowl --players "Ann,Bob" --timers 15`` was refused: one value is for everyone."""
    from tests.conformance.fast_hands import app_from_command

    clock = ManualClock()
    app = app_from_command(
        ["vowl", "--players", "Ann Lee,Bob Roy", "--timers", "15", "--seed", "1"], clock, monkeypatch
    )
    async with app.run_test(size=SMALL) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, VowlScreen), "the table")
        screen = app.screen
        assert isinstance(screen, VowlScreen)
        assert [p.timer for p in screen.table.players] == [15, 15]
