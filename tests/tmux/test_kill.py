"""kill -9 at any moment loses at most the action in progress, never the save file."""

from __future__ import annotations

import os
import random
import signal
import time
from pathlib import Path

import pytest

from boardgames.common.saves import SaveStore
from tests.tmux.harness import needs_tmux

pytestmark = [needs_tmux, pytest.mark.tmux]


def saved_actions(data: Path) -> int:
    listing = SaveStore(data).unfinished("vowl")
    assert not listing.warnings, listing.warnings  # never a corrupt or half-written file
    assert len(listing.records) <= 1
    for record in listing.records:
        record.read_actions()  # the whole file, as a resume reads it: never cut short
    return len(listing.records[0].actions) if listing.records else 0


def test_kill_9_mid_game_then_resume_in_a_loop(terminal, tmp_path: Path) -> None:
    rng = random.Random(9)
    data = tmp_path / "data"
    term = terminal(["vowl", "--players", "Ann Lee,Bob Roy", "--seed", "3"])
    term.wait_for("Ann Lee's turn")
    term.keys("r")
    term.take_keyboard("take the keyboard")
    term.wait_for("solve the card")
    before = saved_actions(data)
    assert before >= 2  # the roll and the start of the pile are on disk already
    for _round in range(5):
        # A few actions (wrong answers and passes are actions too), then the plug is pulled
        # at a random moment, possibly while a save is being written.
        for _ in range(rng.randrange(1, 4)):
            if rng.random() < 0.5:
                term.type("qqq")
                term.keys("Enter")
            else:
                term.keys("C-x")
        time.sleep(rng.random() * 0.3)  # deliberate: a random moment for the kill, not a wait
        os.kill(term.app_pid(), signal.SIGKILL)
        term.wait_for("[exited:137]")  # the process is gone: what is on disk is final
        after = saved_actions(data)
        assert after >= before  # nothing that was saved is ever lost
        before = after
        term = terminal(["vowl", "--resume"])
        screen = term.take_keyboard("press Space when ready")
        assert "Traceback" not in screen
        screen = term.wait_for(("solve the card", "roll the dice", "Sudden death"))  # whatever it resumed to
        if "solve the card" not in screen:
            break  # the pile ended (time ran out while resuming): the loop has made its point
    assert saved_actions(data) >= 2
