"""Every screen is readable in every built-in Textual theme, as the terminal shows it.

Each game's main screens, the menu and a handover are drawn at 80×24 (and the busiest at
120×40) and switched through every theme of ``textual.theme.BUILTIN_THEMES``; every
non-blank character of the whole frame (``tests.common.contrast``: the compositor's
output, dim text in the colour it is drawn with, frames, the title bar and the Footer
included) is measured, foreground against background.  None may be under 3:1, and at
most 10% under 4.5:1 (WCAG AA).

Measured before the fix, in textual-light: the UWO board's Gnorf green on grey 1.34:1,
the menu's heading 1.49:1; a test that measured a chosen list of widgets passed.

The ANSI themes leave the default foreground and background to the terminal (the
player's own choice): characters in those default colours are not measured, all others
are.
"""

from __future__ import annotations

import pytest
from rich.color import Color
from rich.segment import Segment
from rich.style import Style

from boardgames.app import BoardgamesApp
from boardgames.common.clock import ManualClock
from boardgames.common.ui.handover import HandoverScreen
from tests.common.contrast import Measure, cells, each_theme
from tests.screen import settled, take_keyboard, wait_for

SMALL = (80, 24)
LARGE = (120, 40)
SIZES = [pytest.param(SMALL, id="80x24"), pytest.param(LARGE, id="120x40")]


def _row(*pairs: tuple[str, str, str]) -> list[list[Segment]]:
    return [[Segment(text, Style(color=Color.parse(fg), bgcolor=Color.parse(bg))) for text, fg, bg in pairs]]


def test_the_measure_fails_on_the_old_gnorf_green_on_textual_lights_grey() -> None:
    """The control: the old Gnorf green (#4caf50) on textual-light's panel grey (#D0D0D0), 1.80:1."""
    bad = Measure("textual-light", "control", list(cells(_row(("Troop", "#4caf50", "#D0D0D0")))))
    problem = bad.problem()
    assert problem and "5 of 5 characters under 3.0:1" in problem and "#4caf50 on #d0d0d0 1.80:1" in problem
    good = Measure("textual-light", "control", list(cells(_row(("Troop", "#1f1f1f", "#D0D0D0")))))
    assert good.problem() is None


def test_the_measure_counts_dim_and_reversed_text_as_drawn_and_skips_only_default_colours() -> None:
    dim = list(
        cells([[Segment("hint", Style(color=Color.parse("#808080"), bgcolor=Color.parse("#000000"), dim=True))]])
    )
    assert all(c.ratio < 3 for c in dim)  # #808080 dimmed over black: #404040, 1.9:1
    rev = list(
        cells([[Segment("x", Style(color=Color.parse("#ffffff"), bgcolor=Color.parse("#000000"), reverse=True))]])
    )
    assert rev[0].fg.get_truecolor().hex == "#000000"
    default = list(cells([[Segment("x", Style(color=Color.default(), bgcolor=Color.parse("#000000")))]]))
    assert default == []
    # Eleven readable characters and two faint ones (15%): over the 10% allowed under 4.5:1.
    mixed = _row(("ok" * 5 + "k", "#ffffff", "#000000"), ("ab", "#666666", "#000000"))
    found = Measure("x", "y", list(cells(mixed))).problem()
    assert found and "0 of 13 characters under 3.0:1, 15% under 4.5:1" in found


async def test_the_menu_is_readable_in_every_theme() -> None:
    from boardgames.app import MainMenu

    app = BoardgamesApp(seed=1, clock=ManualClock())
    async with app.run_test(size=SMALL) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and settled(app), "the menu")
        problems = await each_theme(pilot, "the menu 80x24")
        await pilot.resize_terminal(*LARGE)
        await wait_for(pilot, lambda: settled(app), "the menu at 120x40")
        problems += await each_theme(pilot, "the menu 120x40")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("size", SIZES)
async def test_vowl_is_readable_in_every_theme(size: tuple[int, int]) -> None:
    from boardgames.vowl.kinds import Mode
    from boardgames.vowl.modals import ReviewScreen
    from tests.vowl.test_screen import make_app, vowl
    from tests.vowl.test_snapshots_vowl import NAMES, _armed, _solve, _still

    app, clock = make_app(NAMES, Mode.HEAD_TO_HEAD)
    problems: list[str] = []
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen) and settled(app), "the handover")
        problems += await each_theme(pilot, "a Vowl handover")
        await take_keyboard(pilot, "Ann Lee")
        _still(app)
        clock.advance(3)
        vowl(app).timer.tick()
        await pilot.press(*"savr", "enter")
        await wait_for(pilot, lambda: settled(app), "a wrong answer told")
        problems += await each_theme(pilot, "the Vowl pile against the timer")
        await pilot.press("ctrl+a", "ctrl+k")
        await _solve(pilot, app, clock)
        await take_keyboard(pilot, "Bob Roy")
        await _solve(pilot, app, clock, 1.5)
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        await _armed(pilot)
        problems += await each_theme(pilot, "the Vowl review")
    assert not problems, "\n".join(problems)


async def test_vowl_setup_and_practice_stats_are_readable_in_every_theme() -> None:
    from boardgames.app import MainMenu
    from boardgames.vowl.setup import VowlSetupScreen
    from boardgames.vowl.stats_screen import PracticeStatsScreen
    from tests.vowl.test_stats_screen import _store

    _store(("Ann Lee", "Bob Roy"))
    app = BoardgamesApp(seed=1, clock=ManualClock())
    problems: list[str] = []
    async with app.run_test(size=SMALL) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and settled(app), "the menu")
        app.open_game("vowl")
        await wait_for(pilot, lambda: isinstance(app.screen, VowlSetupScreen) and settled(app), "Vowl's setup")
        problems += await each_theme(pilot, "Vowl's setup")
        app.back_to_menu()
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and settled(app), "the menu again")
        app.push_screen(PracticeStatsScreen())
        await wait_for(pilot, lambda: isinstance(app.screen, PracticeStatsScreen) and settled(app), "the stats")
        problems += await each_theme(pilot, "Vowl's practice stats")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("size", SIZES)
async def test_uwo_is_readable_in_every_theme(size: tuple[int, int]) -> None:
    from boardgames.uwo.screen import UwoScreen
    from tests.uwo.positions import make
    from tests.uwo.test_screen import goto

    game = make(
        "c2=G:longeye d2=G:troop b1=G:troop a3=P:troop/out c5=P:troop d5=P:shell+bazooka b4=P:brawler e6=P:troop",
        hands={"G": ["wisp", "rider", "dynamite"], "P": ["wisp", "brawler", "skitter"]},
    )
    app = BoardgamesApp(start=lambda: UwoScreen(game=game), seed=1, clock=ManualClock())
    problems: list[str] = []
    async with app.run_test(size=size) as pilot:
        await take_keyboard(pilot)
        await goto(pilot, "c2")
        await pilot.press("enter")  # the Longeye: its targets marked
        await wait_for(pilot, lambda: settled(app), "the targets marked")
        problems += await each_theme(pilot, "a UWO turn with targets marked")
        await goto(pilot, "c5")
        await pilot.press("enter")  # the attack: the Pnorfs must answer
        await take_keyboard(pilot)
        await wait_for(pilot, lambda: settled(app), "the defence question")
        problems += await each_theme(pilot, "the UWO defence question")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("size", SIZES)
async def test_vntypl8s_is_readable_in_every_theme(size: tuple[int, int]) -> None:
    from boardgames.app import MainMenu
    from boardgames.vntypl8s.setup import Vntypl8sSetupScreen
    from tests.vntypl8s.test_snapshots_vntypl8s import no_blinking
    from tests.vntypl8s.ui import LONG_NAMES, make_app, played_session, session_app, type_text

    problems: list[str] = []
    if size == SMALL:
        app = BoardgamesApp(seed=1, clock=ManualClock())
        async with app.run_test(size=size) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and settled(app), "the menu")
            app.open_game("vntypl8s")
            await wait_for(pilot, lambda: isinstance(app.screen, Vntypl8sSetupScreen) and settled(app), "the setup")
            no_blinking(app)
            problems += await each_theme(pilot, "VNTYPL8S's setup")

    app, _ = make_app(timer=90, players=LONG_NAMES)
    async with app.run_test(size=size) as pilot:
        await take_keyboard(pilot)
        no_blinking(app)
        await type_text(pilot, "vtrnrna-")  # every broken rule told
        await wait_for(pilot, lambda: settled(app), "the plate typed")
        problems += await each_theme(pilot, "VNTYPL8S writing")

    app, _ = session_app(played_session(LONG_NAMES))
    async with app.run_test(size=size) as pilot:
        await take_keyboard(pilot, "Everyone")
        no_blinking(app)
        await wait_for(pilot, lambda: settled(app), "the guessing grid")
        problems += await each_theme(pilot, "the VNTYPL8S guessing grid")
    assert not problems, "\n".join(problems)
