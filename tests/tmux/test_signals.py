"""SIGTERM, SIGHUP and SIGINT end the suite as "Quit" does: the terminal given back as
it was (normal screen, cursor shown, no mouse tracking), the game saved, and the exit
status a shell expects for the signal (128 + its number)."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from boardgames.common.saves import SaveStore
from tests.tmux.harness import POLL, needs_tmux, polls

pytestmark = [needs_tmux, pytest.mark.tmux]


def saved_actions(data: Path) -> int:
    listing = SaveStore(data).unfinished("vowl")
    assert not listing.warnings, listing.warnings
    [record] = listing.records
    record.read_actions()  # the whole file, as a resume reads it
    return len(record.actions)


@pytest.mark.parametrize(
    ("signum", "status"),
    [(signal.SIGTERM, 143), (signal.SIGHUP, 129), (signal.SIGINT, 130)],
    ids=["SIGTERM", "SIGHUP", "SIGINT"],
)
def test_a_signal_gives_the_terminal_back_and_keeps_the_game(
    terminal,
    tmp_path: Path,
    signum: int,
    status: int,
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


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"


def test_a_terminal_window_closed_under_the_game_ends_it(terminal, tmp_path: Path) -> None:
    """A real hang-up (the tmux server killed: the terminal is gone, not just signalled):
    the app must not wait for ever to restore a terminal that takes no more writes (it
    did, more often than not: Textual's writer thread died on the first write refused)."""
    data = tmp_path / "data"
    term = terminal(["vowl", "--players", "Ann Lee,Bob Roy", "--seed", "3"])
    term.wait_for("Ann Lee's turn")
    pid = term.app_pid()
    term.close()
    for _ in range(polls(30.0)):
        if not alive(pid):
            break
        time.sleep(POLL)  # between two looks at the process; the bound is the number of looks
    still = alive(pid)
    if still:
        os.kill(pid, signal.SIGKILL)  # no process left behind by a failing test
    assert not still, "the app outlived its terminal"
    listing = SaveStore(data).unfinished("vowl")
    assert not listing.warnings, listing.warnings
