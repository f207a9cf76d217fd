"""Every screen draws the same on every Python the suite claims, and with Textual's own
code as with the speed-ups of ``textual_compat``: real processes in real terminals at
80×24 and 120×40, compared with the screens kept in ``tests/tmux/drawn/``.

Pilot tests missed a screen that lost its stylesheet on Python 3.12 and 3.13 (a
speed-up that skipped a restyle relied on the order of events a real terminal gives),
so these run the installed command.  ``.ci/run`` runs them on each Python; the kept
screens were drawn on 3.11.  After an intended change to a screen:
``BOARDGAMES_UPDATE_DRAWN=1 ./scripts/test tests/tmux/test_drawn_alike.py -n 0``,
then read the diff of ``tests/tmux/drawn/`` like any other.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.tmux.harness import POLL, Terminal, needs_tmux

pytestmark = [needs_tmux, pytest.mark.tmux]

DRAWN = Path(__file__).parent / "drawn"
UPDATE = os.environ.get("BOARDGAMES_UPDATE_DRAWN") == "1"
SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
#: The sand running: the only thing on these screens that moves with the clock.
SAND = re.compile(r"⏳ *\d+ s")


def steady(term: Terminal, polls: int = 300) -> str:
    """The screen once five looks in a row agree (the sand's seconds masked)."""
    seen: list[str] = []
    for _ in range(polls):
        seen.append(SAND.sub("⏳ N s", term.screen()))
        if len(seen) >= 5 and len(set(seen[-5:])) == 1:
            return seen[-1]
        time.sleep(POLL)
    raise AssertionError(f"the screen never settled; it was:\n{seen[-1]}")


def menu(term: Terminal) -> None:
    term.wait_for("VNTYPL8S")


def uwo_handover(term: Terminal) -> None:
    term.wait_for("Ready when you are")


def uwo_duel(term: Terminal) -> None:
    term.take_keyboard("Gnorfs")
    term.wait_for("Turn 1")


def vowl_table(term: Terminal) -> None:
    term.wait_for("roll")
    term.keys("r")
    term.take_keyboard("Ann")
    term.wait_for("go!")


def vntypl8s_writing(term: Terminal) -> None:
    term.take_keyboard("Ann")
    term.wait_for("type your plate")  # the writing screen's own line (the handover names the cards too)


SCREENS: dict[str, tuple[list[str], Callable[[Terminal], None]]] = {
    "menu": ([], menu),
    "uwo-handover": (["uwo", "--seed", "1"], uwo_handover),
    "uwo-duel": (["uwo", "--seed", "1"], uwo_duel),
    "vowl-table": (["vowl", "--players", "Ann,Bob", "--seed", "3"], vowl_table),
    "vntypl8s-writing": (["vntypl8s", "--players", "Ann,Bob,Cy", "--seed", "1"], vntypl8s_writing),
}


def drawn(terminal, name: str, size: tuple[int, int], env: dict[str, str] | None = None) -> str:
    args, reach = SCREENS[name]
    term = terminal(args, *size, env=env)
    reach(term)
    return steady(term)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", sorted(SCREENS))
def test_each_screen_draws_as_kept(terminal, name: str, size: tuple[int, int]) -> None:
    kept = DRAWN / f"{name}-{size[0]}x{size[1]}.txt"
    screen = drawn(terminal, name, size)
    if UPDATE:
        DRAWN.mkdir(exist_ok=True)
        kept.write_text(screen, encoding="utf-8")
    assert kept.exists(), f"no kept screen {kept.name}: draw it with BOARDGAMES_UPDATE_DRAWN=1 (see the docstring)"
    assert screen == kept.read_text(encoding="utf-8"), f"{name} at {size} draws otherwise than kept:\n{screen}"


@pytest.mark.parametrize("name", ["uwo-duel", "vowl-table"])
def test_without_the_speed_ups_each_screen_draws_the_same(terminal, name: str) -> None:
    """A speed-up may change how fast a screen is drawn, never what is drawn."""
    kept = DRAWN / f"{name}-80x24.txt"
    assert drawn(terminal, name, (80, 24), env={"BOARDGAMES_SPEED_UPS": "off"}) == kept.read_text(encoding="utf-8")


def test_control_a_screen_drawn_otherwise_is_caught(terminal) -> None:
    """The comparison sees a screen laid out at another size (as a lost stylesheet is)."""
    kept = (DRAWN / "uwo-duel-80x24.txt").read_text(encoding="utf-8")
    assert drawn(terminal, "uwo-duel", (81, 24)) != kept
