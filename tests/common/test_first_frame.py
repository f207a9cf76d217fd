"""What each game builds and styles before its first frame, counted (issue 16).

The speed of a first frame is measured in ``benchmarks/`` only; these tests pin the
work that made it slow, as counts that do not depend on the machine: how many times
Textual styles a widget (``Stylesheet.apply``), how many times a Footer is rebuilt,
before the app hands its first frame (the first screen pushed over the app's blank
default one) to the driver.  Each game is opened as its command line opens it.
"""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from textual._compositor import Compositor
from textual.app import App
from textual.css.stylesheet import Stylesheet
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from boardgames import app as app_module
from boardgames.app import BoardgamesApp
from boardgames.common.clock import ManualClock
from boardgames.common.ui.choice import ChoiceScreen
from boardgames.uwo.screen import UwoScreen
from boardgames.uwo.widgets import Cell
from boardgames.vntypl8s.entry import ENTRY as VNTYPL8S
from boardgames.vowl.screen import start_game
from boardgames.vowl.spec import VowlSetup
from tests.screen import screen_text, settled, take_keyboard, wait_for
from boardgames.common.ui.textual_fixes import speed_ups_apply

#: What these tests count is the work of textual_fixes' speed-ups, installed only on the
#: Textual they were copied from (SPEED_UPS_FOR); elsewhere Textual's own code runs.
pytestmark = pytest.mark.skipif(not speed_ups_apply(), reason="speed-ups are for textual_fixes.SPEED_UPS_FOR only")


@contextmanager
def counting_until_first_frame(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Counter[str]]]:
    """Counts of styling, Footer rebuilds and frames rendered, frozen at the app's first frame of its own.

    ``frame`` holds them as they were when the first frame of a screen other than the
    default one was handed to the driver (``App._display``, as ``benchmarks/_first_frame.py``
    sees it); ``now`` keeps counting.
    """
    now: Counter[str] = Counter()
    frame: Counter[str] = Counter()
    result = {"now": now, "frame": frame}
    apply, recompose, display = Stylesheet.apply, Footer.recompose, App._display
    render_update = Compositor.render_update

    def counting_apply(self: Stylesheet, node: Any, *args: Any, **kwargs: Any) -> Any:
        now["apply"] += 1
        now[f"apply {type(node).__name__}"] += 1
        return apply(self, node, *args, **kwargs)

    async def counting_recompose(self: Footer) -> None:
        now["footer rebuilds"] += 1
        await recompose(self)

    def counting_render_update(self: Compositor, *args: Any, **kwargs: Any) -> Any:
        now["renders"] += 1
        return render_update(self, *args, **kwargs)

    def first_display(self: App[Any], screen: Screen[Any], renderable: Any) -> None:
        if renderable is not None and self._batch_count:
            now["frames thrown away"] += 1  # rendered, then dropped by ``App._display``
        display(self, screen, renderable)
        shown = renderable is not None and not self._batch_count and screen is self.screen
        if shown and screen is not self.screen_stack[0] and not frame:
            frame.update(now)
            frame["frames"] = 1

    monkeypatch.setattr(Stylesheet, "apply", counting_apply)
    monkeypatch.setattr(Footer, "recompose", counting_recompose)
    monkeypatch.setattr(App, "_display", first_display)
    monkeypatch.setattr(Compositor, "render_update", counting_render_update)
    yield result


async def first_frame_counts(make: Callable[[], BoardgamesApp], monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    with counting_until_first_frame(monkeypatch) as counts:
        app = make()
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: bool(counts["frame"]), "the first frame")
    return counts["frame"]


def vowl_from_the_command_line() -> BoardgamesApp:
    """``boardgames vowl --players Ann,Bob --seed 1``."""

    setup = VowlSetup(("Ann", "Bob"), (25, 25))
    app: BoardgamesApp = BoardgamesApp(start=lambda: start_game(setup, app), seed=1, clock=ManualClock())
    return app


def uwo_from_the_command_line() -> BoardgamesApp:
    """``boardgames uwo --seed 1``."""

    return BoardgamesApp(start=lambda: UwoScreen(), seed=1, clock=ManualClock())


def vntypl8s_from_the_command_line() -> BoardgamesApp:
    """``boardgames vntypl8s --players Ann,Bob,Cy --seed 1``."""

    app: BoardgamesApp = BoardgamesApp(
        start=lambda: VNTYPL8S.start_screen(("Ann", "Bob", "Cy"), None, app), seed=1, clock=ManualClock()
    )
    return app


async def test_vowl_builds_its_footer_once_before_its_first_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each bindings signal of the screen rebuilt the Footer (every key a new, newly
    styled widget): four times before Vowl's first frame (``textual_fixes``)."""
    counts = await first_frame_counts(vowl_from_the_command_line, monkeypatch)
    assert counts["footer rebuilds"] == 1
    assert counts["apply FooterKey"] <= 16  # one Footer's keys, each styled once or twice


async def test_uwo_styles_each_square_once_before_its_first_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each square was styled three times before the first handover showed: as it was
    mounted, again when the board took the focus (``BoardGrid.watch_has_focus``), and
    again as the first drawing set its classes, under a handover that covers it all."""
    counts = await first_frame_counts(uwo_from_the_command_line, monkeypatch)
    assert counts["apply Cell"] == 30
    assert counts["apply"] < 150  # 207 before


async def test_the_duel_is_drawn_once_its_handover_shows() -> None:
    """The board drawn after the first handover's frame is the one a new duel shows."""

    app = uwo_from_the_command_line()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = next(s for s in app.screen_stack if isinstance(s, UwoScreen))
        await wait_for(pilot, lambda: screen._drawn is not None, "the board drawn under the handover")
        cells = list(screen.query(Cell))
        assert all(cell.has_class("-empty") or cell.has_class("-gnorfs") or cell.has_class("-pnorfs")
                   for cell in cells)
        assert sum(cell.has_class("-cursor") for cell in cells) == 1
        assert "to take the keyboard" in str(screen.query_one("#status").render())


def test_the_app_freezes_what_was_built_before_it_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """``run`` freezes the objects imported and built so far, so the cyclic collector
    never walks them again (its first full pass came before a game's first frame)."""
    frozen: list[int] = []

    class Stub:
        failure = None
        crash = None

        def run(self, **options: Any) -> None:
            frozen.append(gc.get_freeze_count())

    try:
        gc.unfreeze()
        assert app_module.run(Stub()) == 0  # type: ignore[arg-type]
    finally:
        gc.unfreeze()
    assert frozen and frozen[0] > 0



async def test_a_footer_under_a_handover_is_built_as_the_handover_goes(monkeypatch: pytest.MonkeyPatch) -> None:
    """UWO's Footer was built before the first handover's frame, under a handover that
    covers it; it is built when the duel shows, with the keys of the player who took
    the keyboard, and a Footer in sight under a translucent question keeps its keys."""
    with counting_until_first_frame(monkeypatch) as counts:
        app = uwo_from_the_command_line()
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: bool(counts["frame"]), "the first frame")
            assert counts["frame"]["footer rebuilds"] == 0
            await take_keyboard(pilot, "Gnorfs, take the keyboard")
            duel = app.screen
            assert isinstance(duel, UwoScreen)
            await wait_for(pilot, lambda: "Spend all" in screen_text(app) and settled(app), "the duel's Footer")
            await pilot.press("e")  # the end of the turn asks first, over the duel
            await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen) and settled(app), "the question")
            # The duel's Footer, seen dimmed through the question, keeps its keys.
            assert "Spend all" in [key.description for key in duel.query(FooterKey)]


async def test_vntypl8s_builds_no_footer_under_its_first_handover(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game's Footer under the first handover is built when the handover goes."""
    counts = await first_frame_counts(vntypl8s_from_the_command_line, monkeypatch)
    assert counts["footer rebuilds"] == 0


#: At the first frame, print the modules imported so far (the real command line, in a
#: process of its own: this one has imported everything already).
IMPORTED_AT_FIRST_FRAME = """
import json, os, sys
sys.path.insert(0, sys.argv[1])
import _first_frame

def painted() -> None:
    print(json.dumps(sorted(sys.modules)), flush=True)
    os._exit(0)

_first_frame.painted = painted
_first_frame.suite(sys.argv[2:])
"""


def imported_at_first_frame(*argv: str) -> set[str]:
    benchmarks = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(__file__))), "benchmarks")
    done = subprocess.run([sys.executable, "-c", IMPORTED_AT_FIRST_FRAME, benchmarks, *argv],
                          capture_output=True, text=True, check=True, timeout=120)
    return set(json.loads(done.stdout.splitlines()[-1]))


def test_vowl_imports_nothing_its_first_frame_does_not_show() -> None:
    """``boardgames vowl --players Ann,Bob`` opens on Ann's roll: the review and the
    discard modals, the handover, the practice stats come after the first action, and
    are imported then (each is opened in tests/vowl)."""
    imported = imported_at_first_frame("vowl", "--players", "Ann,Bob", "--seed", "1")
    assert "boardgames.vowl.screen" in imported  # the table is there
    later = {"boardgames.vowl.modals", "boardgames.vowl.stats", "boardgames.common.ui.handover",
             "textual.widgets._selection_list"}
    assert not imported & later


async def test_vowl_parses_no_css_for_what_its_first_frame_does_not_show() -> None:
    """The setup form's rules and the review's and discard's were in vowl.tcss, parsed
    before the table's first frame; they are those screens' own ``DEFAULT_CSS`` now."""
    app = vowl_from_the_command_line()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.screen.is_mounted and settled(app), "the table")
        selectors = " ".join(rule.selectors for rule in app.stylesheet.rules)
        assert "#status" in selectors  # the table's own rules are there
        for elsewhere in ("VowlSetupScreen", "DiscardScreen", "ReviewScreen", "#review-box", "#setup"):
            assert elsewhere not in selectors
