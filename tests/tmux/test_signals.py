"""SIGTERM, SIGHUP and SIGINT end the suite as "Quit" does: the terminal given back as
it was (normal screen, cursor shown, no mouse tracking), the game saved, and the exit
status a shell expects for the signal (128 + its number)."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from boardgames.common.saves import SaveStore
from tests.tmux.harness import needs_tmux

pytestmark = [needs_tmux, pytest.mark.tmux]


def saved_actions(data: Path) -> int:
    listing = SaveStore(data).unfinished("vowl")
    assert not listing.warnings, listing.warnings
    [record] = listing.records
    record.read_actions()  # the whole file, as a resume reads it
    return len(record.actions)


@pytest.mark.parametrize(
    ("signum", "status"), [(signal.SIGTERM, 143), (signal.SIGHUP, 129), (signal.SIGINT, 130)],
    ids=["SIGTERM", "SIGHUP", "SIGINT"],
)
def test_a_signal_gives_the_terminal_back_and_keeps_the_game(
    terminal, tmp_path: Path, signum: int, status: int  # noqa: ANN001
) -> None:
    data = tmp_path / "data"
    term = terminal(["vowl", "--players", "Ann Lee,Bob Roy", "--seed", "3"])
    term.wait_for("Ann Lee's turn")
    term.keys("r")
    term.take_keyboard("take the keyboard")
    term.wait_for("solve the card")
    before = saved_actions(data)
    assert before >= 2  # the roll and the start of the pile
    modes = term.modes()
    assert modes["alternate_on"] == "1" and modes["mouse_any_flag"] == "1"  # what must be undone
    os.kill(term.app_pid(), signum)
    screen = term.wait_for("[exited:")
    assert f"[exited:{status}]" in screen
    assert "Traceback" not in screen
    assert term.modes() == {"alternate_on": "0", "cursor_flag": "1", "mouse_any_flag": "0"}
    assert saved_actions(data) >= before  # the game is there to resume
    resumed = terminal(["vowl", "--resume"])
    resumed.take_keyboard("press Space when ready")
    resumed.wait_for(("solve the card", "roll the dice", "Sudden death"))
