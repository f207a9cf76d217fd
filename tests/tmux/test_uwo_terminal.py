"""A UWO duel in a real terminal: handover, a move with the keyboard, the next handover."""

from __future__ import annotations

import pytest

from tests.tmux.harness import needs_tmux

pytestmark = [needs_tmux, pytest.mark.tmux]

#: The status line once the board takes the keys of the player at the keyboard.
YOUR_MOVE = "Enter select a UMO"


def test_uwo_turn_in_a_real_terminal(terminal) -> None:
    term = terminal(["uwo", "--seed", "1"])
    screen = term.take_keyboard("Gnorfs, take the keyboard")
    assert "Traceback" not in screen
    # The board takes keys once the handover's answer reached it: the status line says so
    # ("End turn" shows, greyed, before that - keys sent then are ignored).
    term.wait_for(YOUR_MOVE)
    # Select the UMO under the cursor (front row), step it forward, end the turn - and a
    # second Enter right after it, in the same burst: the handover ignores it.  (Sent
    # later, it could reach the app only after the handover said "Ready", and restart
    # its quiet just before our Space.)
    term.keys("Enter", "Up", "Enter", "e", "Enter")  # the Enter reaches "End the turn?" too soon: ignored
    term.answer("End the turn?", "y")
    term.wait_for("Pnorfs, take the keyboard")
    # The move really happened (the handover tells the Pnorfs).  Waited for in its own
    # right: a look at the screen can catch the handover half drawn.
    screen = term.wait_for("Gnorf Trooper on c2 moves to c3")
    assert "Traceback" not in screen
    term.take_keyboard("Pnorfs, take the keyboard")
    term.wait_for(YOUR_MOVE)
    term.keys("Escape")
    term.wait_for("Leave")


def test_uwo_kill_9_then_resume(terminal, tmp_path) -> None:
    import os
    import signal

    from boardgames.common.saves import SaveStore

    term = terminal(["uwo", "--seed", "2"])
    term.take_keyboard("Gnorfs, take the keyboard")
    term.wait_for(YOUR_MOVE)
    term.keys("Enter", "Up", "Enter", "e")
    term.answer("End the turn?", "y")
    term.wait_for("Pnorfs, take the keyboard")  # drawn after both actions were saved
    os.kill(term.app_pid(), signal.SIGKILL)
    term.wait_for("[exited:137]")
    listing = SaveStore(tmp_path / "data").unfinished("uwo")
    listing.records[0].read_actions()
    assert not listing.warnings and len(listing.records[0].actions) == 2
    term = terminal(["uwo", "--resume"])
    screen = term.take_keyboard("Pnorfs, take the keyboard")
    assert "Traceback" not in screen
    term.wait_for("resumes on turn 2")
