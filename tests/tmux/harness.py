"""Drive the real ``boardgames`` command in a real terminal (tmux).

Pilot tests cover the screens; these check what only a real terminal shows: the
console script starts, draws, takes keys and exits cleanly.  Waiting is always
"poll until this text appears", with a generous limit, never a fixed sleep.

The limit counts polls (each one a ``tmux capture-pane`` and a short rest), so on a
busy machine, where every poll takes longer, the test waits longer too.  A poll
can catch a frame half drawn: wait for the very text you check, not for another
text of the same frame.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from boardgames.common.ui.base import IGNORED_HINT
from boardgames.common.ui.handover import ARMED_TEXT

ROOT = Path(__file__).resolve().parents[2]
#: The command of the venv running the tests: each Python CI checks has its own venv.
BOARDGAMES = Path(sys.executable).parent / "boardgames"

needs_tmux = pytest.mark.skipif(
    shutil.which("tmux") is None or not BOARDGAMES.exists(),
    reason=f"needs tmux and {BOARDGAMES} (./scripts/test installs both)",
)


#: Rest between two looks at the screen (seconds).
POLL = 0.1


def polls(timeout: float) -> int:
    """How many looks at the screen a wait of *timeout* allows (at least one)."""
    return max(1, round(timeout / POLL))


class Terminal:
    """One tmux session running one command."""

    def __init__(
        self, args: list[str], data_dir: Path, width: int = 120, height: int = 40, env: dict[str, str] | None = None
    ) -> None:
        self.name = f"bg-{uuid.uuid4().hex[:8]}"
        # A private tmux server per terminal: other tmux sessions on the machine
        # (and their window-size settings) cannot resize or disturb this one.
        self.tmux = ["tmux", "-L", self.name, "-f", "/dev/null"]
        self.width, self.height = width, height
        settings = {"BOARDGAMES_DATA": str(data_dir), "TERM": "xterm-256color", **(env or {})}
        env_words = " ".join(f"{name}={shlex.quote(value)}" for name, value in settings.items())
        # COLUMNS/LINES (pytest-xdist workers have them) would override tmux's real size.
        cmd = f"env -u COLUMNS -u LINES {env_words} {shlex.join([str(BOARDGAMES), *args])}; echo '[exited:'$?']'; sleep 30"
        subprocess.run(
            [*self.tmux, "new-session", "-d", "-s", self.name, "-x", str(width), "-y", str(height), cmd],
            check=True,
            env={**os.environ, "TMUX": ""},
        )

    def keys(self, *keys: str) -> None:
        """Send tmux key names (``Enter``, ``Down``, ``q``) one after another, at once.

        The terminal delivers them in order, however fast; what a key leads to is
        waited for on the screen afterwards (``wait_for``), never by sleeping.  A lone
        Escape followed at once by another key can read as Alt+key, so Escape comes
        last: wait for what it does before the next key.
        """
        assert "Escape" not in keys[:-1], "wait for what Escape does before sending more keys"
        if keys:
            subprocess.run([*self.tmux, "send-keys", "-t", self.name, *keys], check=True)

    def type(self, text: str) -> None:
        subprocess.run([*self.tmux, "send-keys", "-t", self.name, "-l", text], check=True)

    def screen(self) -> str:
        done = subprocess.run(
            [*self.tmux, "capture-pane", "-p", "-t", self.name], capture_output=True, text=True, check=True
        )
        return done.stdout

    def wait_for(self, text: str | tuple[str, ...], timeout: float = 30.0) -> str:
        """Poll the screen until *text* (or any of several) is on it; fail with the screen
        if it never is.  The bound is ``timeout / POLL`` polls (see the module's docstring)."""
        texts = (text,) if isinstance(text, str) else text
        for _ in range(polls(timeout)):
            screen = self.screen()
            if any(t in screen for t in texts):
                return screen
            time.sleep(POLL)  # between two looks at the screen; the bound is the number of looks
        raise AssertionError(f"{text!r} never appeared; the screen was:\n{screen}")

    def wait_gone(self, text: str, timeout: float = 30.0) -> str:
        """Poll the screen until *text* is no longer on it (bounded like ``wait_for``)."""
        for _ in range(polls(timeout)):
            screen = self.screen()
            if text not in screen:
                return screen
            time.sleep(POLL)
        raise AssertionError(f"{text!r} never went away; the screen was:\n{screen}")

    def take_keyboard(self, who: str, timeout: float = 30.0) -> str:
        """The handover naming *who*: wait until it takes keys (it says so), then Space.

        A handover ignores keys for a moment after it appears; its "Ready when you
        are" line shows only once it takes them (the screen, not a fixed sleep, says when).
        """
        screen = self.wait_for(who, timeout)
        assert "Traceback" not in screen
        screen = self.wait_for(ARMED_TEXT.split(":")[0], timeout)
        self.keys("Space")
        return screen

    def answer(self, question: str, key: str, timeout: float = 30.0) -> str:
        """A question on screen: wait until it takes keys (its "ignored" line is gone), then *key*."""
        self.wait_for(question, timeout)
        screen = self.wait_gone(IGNORED_HINT, timeout)
        self.keys(key)
        return screen

    def modes(self) -> dict[str, str]:
        """The pane's terminal modes as tmux sees them: ``alternate_on`` (the full-screen
        buffer), ``cursor_flag`` (the cursor shown), ``mouse_any_flag`` (any mouse
        tracking on), ``1`` or ``0`` each."""
        names = ("alternate_on", "cursor_flag", "mouse_any_flag")
        shown = subprocess.run(
            [*self.tmux, "display-message", "-p", "-t", self.name, " ".join(f"#{{{n}}}" for n in names)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
        return dict(zip(names, shown, strict=True))

    def app_pid(self) -> int:
        """The pid of the running ``boardgames`` (the pane's shell is its parent)."""
        shell = subprocess.run(
            [*self.tmux, "list-panes", "-t", self.name, "-F", "#{pane_pid}"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()[0]
        children = subprocess.run(["pgrep", "-P", shell], capture_output=True, text=True).stdout.split()
        assert children, "boardgames is not running"
        return int(children[0])

    def close(self) -> None:
        subprocess.run([*self.tmux, "kill-server"], capture_output=True)


@pytest.fixture
def terminal(tmp_path: Path):
    """Factory: ``term = terminal(["vowl", "--seed", "1"])``; sessions are killed afterwards."""
    opened: list[Terminal] = []

    def open_(args: list[str], width: int = 120, height: int = 40, env: dict[str, str] | None = None) -> Terminal:
        term = Terminal(args, tmp_path / "data", width, height, env)
        opened.append(term)
        return term

    yield open_
    for term in opened:
        term.close()
