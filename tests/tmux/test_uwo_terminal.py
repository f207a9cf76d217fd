"""A UWO duel in a real terminal: handover, a move with the keyboard, the next handover."""

from __future__ import annotations

import pytest

from tests.tmux.harness import needs_tmux

pytestmark = [needs_tmux, pytest.mark.tmux]


def test_uwo_turn_in_a_real_terminal(terminal) -> None:
    term = terminal(["uwo", "--seed", "1"])
    screen = term.take_keyboard("Gnorfs, take the keyboard")
    assert "Traceback" not in screen
    term.wait_for("End turn")
    # Select the UMO under the cursor (front row), step it forward, end the turn.
    term.keys("Enter")
    term.keys("Up")
    term.keys("Enter")
    term.keys("e")
    screen = term.wait_for("Pnorfs, take the keyboard")
    assert "Gnorf Trooper on c2 moves to c3" in screen  # the move really happened
    assert "Traceback" not in screen
    term.keys("Enter")  # a second Enter right after the turn: the handover ignores it
    term.take_keyboard("Pnorfs, take the keyboard")
    term.wait_for("End turn")
    term.keys("q")
    term.wait_for("Leave")


def test_uwo_kill_9_then_resume(terminal, tmp_path) -> None:
    import os
    import signal

    from boardgames.common.saves import SaveStore

    term = terminal(["uwo", "--seed", "2"])
    term.take_keyboard("Gnorfs, take the keyboard")
    term.wait_for("End turn")
    term.keys("Enter", "Up", "Enter", "e")
    term.wait_for("Pnorfs, take the keyboard")
    os.kill(term.app_pid(), signal.SIGKILL)
    term.wait_for("[exited:137]")
    listing = SaveStore(tmp_path / "data").unfinished("uwo")
    assert not listing.warnings and len(listing.records[0].actions) == 2
    term = terminal(["uwo", "--resume"])
    screen = term.take_keyboard("Pnorfs, take the keyboard")
    assert "Traceback" not in screen
    term.wait_for("resumes on turn 2")
