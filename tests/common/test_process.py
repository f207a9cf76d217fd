"""The suite as a process: no terminal, a closed or full output, and signals.

- The app needs a terminal (keys from standard input, the screen on standard error,
  standard output not a file): without one, one line and exit 2; the tools that need
  none (``--help``, ``vowl solve``, ``uwo selfplay``) still work.
- Output that cannot be written (``>&-``, ``>/dev/full``) ends a command with one line
  and exit 74, never a traceback or a crash report, and never exit 0.
- SIGTERM, SIGHUP and SIGINT end the app with 143, 129, 130, and the terminal is given
  back (the real-terminal check is ``tests/tmux/test_signals.py``).

Each child is bounded by a generous ``timeout``: it only matters when something hangs
(the old app waited for keys from ``/dev/null`` for ever).
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest

from boardgames.common.crash import FOLDER

ROOT = Path(__file__).resolve().parents[2]
EXIT_IO = 74


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return tmp_path / "data"


def shell(command: str, data: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    """``sh -c COMMAND`` with ``$BG`` the suite's command, for redirections such as ``<&-``."""
    env = {**os.environ, "BOARDGAMES_DATA": str(data), "BG": f"{sys.executable} -m boardgames", **extra}
    env.pop("TEXTUAL_DRIVER", None)
    return subprocess.run(
        ["sh", "-c", command],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )


def no_crash_report(data: Path) -> bool:
    return not (data / FOLDER).exists() or not any((data / FOLDER).iterdir())


# --- no terminal ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("redirect", "why"),
    [
        ("<&-", "standard input is closed"),
        ("</dev/null", "standard input is not a terminal"),
        ('</dev/null >"$OUT"', "standard input is not a terminal"),  # wrote escape codes into the file, never ended
    ],
    ids=["stdin closed", "stdin /dev/null", "stdin /dev/null, stdout a file"],
)
@pytest.mark.parametrize("command", ["", "uwo", "vowl --players 'Ann Lee,Bob Roy'"], ids=["menu", "uwo", "vowl"])
def test_without_a_terminal_the_app_says_so_in_one_line(
    data: Path, tmp_path: Path, redirect: str, why: str, command: str
) -> None:
    out = tmp_path / "out"
    result = shell(f"$BG {command} {redirect}", data, OUT=str(out))
    assert result.returncode == 2, result.stderr
    [line] = result.stderr.splitlines()
    assert line.startswith("boardgames: needs a terminal: ") and why in line
    assert result.stdout == "" and (not out.exists() or out.read_text() == "")
    assert no_crash_report(data)


def test_a_terminal_for_keys_but_output_into_a_file_is_refused(data: Path, tmp_path: Path) -> None:
    """Keys from a terminal, yet standard output a file: the screen would end up there."""
    out = tmp_path / "out"
    controller, terminal = pty.openpty()
    try:
        with out.open("w") as sink:
            result = subprocess.run(
                [sys.executable, "-m", "boardgames"],
                stdin=terminal,
                stdout=sink,
                stderr=subprocess.PIPE,
                cwd=ROOT,
                env={**os.environ, "BOARDGAMES_DATA": str(data)},
                timeout=120,
                text=True,
            )
    finally:
        os.close(controller)
        os.close(terminal)
    assert result.returncode == 2
    assert "needs a terminal: standard output is not a terminal" in result.stderr
    assert out.read_text() == ""


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        ("--help", "usage: boardgames"),
        ("vowl solve SVR", "savor"),
        ("uwo selfplay --games 1", "games: 1 "),
    ],
)
def test_the_tools_need_no_terminal(data: Path, command: str, expected: str) -> None:
    result = shell(f"$BG {command} <&-", data)
    assert result.returncode == 0, result.stderr
    assert expected in result.stdout


# --- output that cannot be written -----------------------------------------------------------------------------------


@pytest.mark.parametrize("redirect", [">&-", ">/dev/full"], ids=["stdout closed", "stdout full"])
@pytest.mark.parametrize(
    "command",
    [
        "--help",
        "--version",
        "vowl solve SVR",
        "vowl check SVR savor",
        "uwo selfplay --games 1 --each",
        "vntypl8s favourites",
        "uwo selfplay --help",
    ],
)
def test_output_that_cannot_be_written_ends_with_one_line(data: Path, redirect: str, command: str) -> None:
    result = shell(f"$BG {command} {redirect}", data)
    assert result.returncode != 0
    assert result.returncode in (1, EXIT_IO), result.stderr
    assert "Traceback" not in result.stderr and "Exception ignored" not in result.stderr
    assert len(result.stderr.splitlines()) <= 1, result.stderr
    assert no_crash_report(data)


def test_help_into_a_full_disk_is_not_a_success(data: Path) -> None:
    result = shell("$BG --help >/dev/full", data)
    assert result.returncode == EXIT_IO
    assert result.stderr.startswith("boardgames: cannot write the output")


# --- signals ---------------------------------------------------------------------------------------------------------


def read_until(controller: int, wanted: bytes, seen: bytearray, reads: int = 300) -> bool:
    """Read the terminal until *wanted* has been written to it (a bounded count of reads,
    each waiting at most a second for output: a bound that only matters if something
    hangs); ``False`` if the app closed it first."""
    for _ in range(reads):
        if wanted in seen:
            return True
        ready, _, _ = select.select([controller], [], [], 1.0)
        if not ready:
            continue
        try:
            chunk = os.read(controller, 65536)
        except OSError:  # the terminal's last process closed it
            return wanted in seen
        if not chunk:
            return wanted in seen
        seen += chunk
    return wanted in seen


@pytest.mark.parametrize(
    ("signum", "status"),
    [(signal.SIGTERM, 143), (signal.SIGHUP, 129), (signal.SIGINT, 130)],
    ids=["SIGTERM", "SIGHUP", "SIGINT"],
)
def test_a_signal_ends_the_app_with_the_shells_status_and_the_screen_restored(
    data: Path, signum: int, status: int
) -> None:
    controller, terminal = pty.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    env = {**os.environ, "BOARDGAMES_DATA": str(data), "TERM": "xterm-256color"}
    for name in ("COLUMNS", "LINES", "TEXTUAL_DRIVER"):
        env.pop(name, None)
    child = subprocess.Popen(
        [sys.executable, "-m", "boardgames"],
        stdin=terminal,
        stdout=terminal,
        stderr=terminal,
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )
    os.close(terminal)
    seen = bytearray()
    try:
        assert read_until(controller, b"Pick a game", seen), bytes(seen[-2000:])
        os.kill(child.pid, signum)
        after = len(seen)
        read_until(controller, b"\x00never", seen)  # everything it writes, until it closes the terminal
        assert child.wait(timeout=120) == status
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        os.close(controller)
    goodbye = bytes(seen[after:])
    assert b"\x1b[?1049l" in goodbye  # the alternate screen left
    assert b"\x1b[?25h" in goodbye  # the cursor shown again
    assert b"Traceback" not in goodbye


STUCK_ON_THE_WAY_OUT = """
import sys, time
from textual.screen import Screen
from textual.widgets import Static
from boardgames import app as A
from boardgames.app import run

A.LAST_RESORT = 0.5

class Stuck(Screen):
    def compose(self):
        yield Static("stuck ready")

    def on_unmount(self):
        time.sleep(3600)  # a way out that never ends

sys.exit(run(A.BoardgamesApp(start=Stuck)))
"""


def test_a_signal_ends_the_process_even_when_the_way_out_hangs(data: Path, tmp_path: Path) -> None:
    """``LAST_RESORT``: the saves are flushed first, so a shutdown that hangs (a terminal
    that takes no writes, a bug) cannot keep the process alive after SIGTERM."""
    script = tmp_path / "stuck.py"
    script.write_text(STUCK_ON_THE_WAY_OUT)
    controller, terminal = pty.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    env = {**os.environ, "BOARDGAMES_DATA": str(data), "TERM": "xterm-256color", "PYTHONPATH": str(ROOT)}
    env.pop("TEXTUAL_DRIVER", None)
    child = subprocess.Popen(
        [sys.executable, str(script)],
        stdin=terminal,
        stdout=terminal,
        stderr=terminal,
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )
    os.close(terminal)
    seen = bytearray()
    try:
        assert read_until(controller, b"stuck ready", seen), bytes(seen[-2000:])
        os.kill(child.pid, signal.SIGTERM)
        read_until(controller, b"\x00never", seen)
        assert child.wait(timeout=120) == 143
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        os.close(controller)


async def test_a_signal_flushes_the_open_games_save_and_exits_with_its_status(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the handler does, in the app: every open game's save waited for on disk
    (its background ``fsync``), then the app's own exit with 128 + the signal."""
    from boardgames.app import BoardgamesApp
    from boardgames.common.clock import ManualClock
    from boardgames.common.saves import Autosaver
    from tests.screen import uwo_with_a_saved_action, wait_for

    monkeypatch.setenv("BOARDGAMES_DATA", str(data))
    flushed: list[Autosaver] = []
    real_flush = Autosaver.flush

    def flush(self: Autosaver) -> None:
        flushed.append(self)
        real_flush(self)

    monkeypatch.setattr(Autosaver, "flush", flush)
    app = BoardgamesApp(clock=ManualClock(), seed=4)
    async with app.run_test(size=(120, 40)) as pilot:
        game = await uwo_with_a_saved_action(pilot)
        flushed.clear()
        app.leave_on_signal(signal.SIGTERM)
        await wait_for(pilot, lambda: app.return_code is not None, "the app to leave")
    assert flushed == [game.session.autosave]
    assert app.return_code == 143 and app.signalled == 143
