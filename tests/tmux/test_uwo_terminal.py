"""A UWO duel in a real terminal: handover, a move with the keyboard, the next handover."""

from __future__ import annotations

import pytest

from tests.tmux.harness import needs_tmux

pytestmark = [needs_tmux, pytest.mark.tmux]


def test_uwo_turn_in_a_real_terminal(terminal) -> None:
    term = terminal(["uwo", "--seed", "1"])
    screen = term.wait_for("Gnorfs, take the keyboard")
    assert "Traceback" not in screen
    term.keys("Enter")
    term.wait_for("End turn")
    # Select the UMO under the cursor (front row), step it forward, end the turn.
    term.keys("Enter")
    term.keys("Up")
    term.keys("Enter")
    term.keys("e")
    screen = term.wait_for("Pnorfs, take the keyboard")
    assert "Gnorf Trooper on c2 moves to c3" in screen  # the move really happened
    assert "Traceback" not in screen
    term.keys("Enter")
    term.wait_for("End turn")
    term.keys("q")
    term.wait_for("Leave")
