"""A storm of resizes in a real terminal: the app survives it and plays on at once.

Dragging a window or a tiling manager resizes the terminal dozens of times a second,
through sizes of a few columns.  Apps stopped (Textual 8.2.8 wrapping text
to zero columns: ``boardgames.common.ui.textual_compat``) during such a storm.  On this
project's machine the same storm under load (two apps, two busy cores) never left an
app busy afterwards: when it ends the app draws the final size and takes keys.
"""

from __future__ import annotations

import random
import subprocess

import pytest

from tests.tmux.harness import needs_tmux

pytestmark = [needs_tmux, pytest.mark.tmux]


@pytest.mark.parametrize("args", [[], ["uwo", "--seed", "4"]], ids=["menu", "uwo"])
def test_a_resize_storm_leaves_the_app_playing(terminal, args: list[str]) -> None:
    term = terminal(args, 120, 40)
    if args:
        term.take_keyboard("take the keyboard")
        ready = "energy"
    else:
        ready = "Pick a game"
    term.wait_for(ready)
    rng = random.Random(12)
    for _ in range(150):
        width, height = rng.randint(1, 220), rng.randint(1, 70)
        subprocess.run([*term.tmux, "resize-window", "-t", term.name, "-x", str(width), "-y", str(height)], check=True)
    # The last size, then the app must be playing at it.  Once in CI (6 workers on 2
    # cores) the app still drew itself at a size from the middle of the storm 30 s after
    # the last resize, as if the last size report had been lost; it played on at once when
    # the size changed again.  So the size is set again, a bounded number of times, until
    # the app shows it - the state decides, not a delay.  (Whether the report is lost in
    # Textual's driver is noted for the resize work.)
    for attempt in range(3):
        if attempt:
            subprocess.run([*term.tmux, "resize-window", "-t", term.name, "-x", "121", "-y", "41"], check=True)
        subprocess.run([*term.tmux, "resize-window", "-t", term.name, "-x", "120", "-y", "40"], check=True)
        try:
            screen = term.wait_for(ready)
            break
        except AssertionError:
            if attempt == 2:
                raise
    assert "Traceback" not in screen and "[exited" not in screen
    if args:
        # A lone Escape sent while the terminal is still reporting the storm's last sizes
        # can be read as the start of one of those reports and lost (seen once in CI
        # under load); the app itself plays on.  So the question is asked for again, a
        # bounded number of times, until it shows - the state, not a delay, decides.
        for attempt in range(3):
            term.keys("Escape")
            try:
                term.wait_for("Leave this duel?", timeout=10)
                break
            except AssertionError:
                if attempt == 2:
                    raise
        term.answer("Leave this duel?", "y")
    term.wait_for("Pick a game")
    term.keys("q")
    term.wait_for("[exited:0]")
