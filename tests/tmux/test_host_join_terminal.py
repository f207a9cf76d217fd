"""``boardgames host`` and two ``boardgames join`` in real terminals, as three players
would run them: the join lines read off the host's screen, a move made on one terminal
seen on the table, the host killed with -9 and hosted again with ``--resume``, and both
seats back on the same addresses by themselves."""

from __future__ import annotations

import os
import re
import signal
import socket

import pytest

from tests.tmux.harness import needs_tmux

pytestmark = [needs_tmux, pytest.mark.tmux]

ADDRESS = re.compile(r"boardgames://127\.0\.0\.1:\d+/[A-Za-z0-9_-]{24}")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_host_two_joins_then_the_host_killed_and_resumed(terminal) -> None:
    port = str(free_port())
    host = terminal(["host", "uwo", "--seed", "1", "--port", port])
    screen = host.wait_for("A screen for everyone")
    gnorfs_line, pnorfs_line = ADDRESS.findall(screen)[:2]
    gnorfs = terminal(["join", gnorfs_line])
    pnorfs = terminal(["join", pnorfs_line])
    assert "Traceback" not in gnorfs.wait_for("you play the Gnorfs")
    pnorfs.wait_for("you play the Pnorfs")
    host.wait_for("Pnorfs       joined")
    host.wait_for("Gnorfs       joined")
    gnorfs.keys("e")  # the Gnorfs end their turn, on their own terminal
    gnorfs.answer("End the turn?", "y")
    host.wait_for("the Pnorfs' turn")

    os.kill(host.app_pid(), signal.SIGKILL)  # the host's machine dies
    host.wait_for("[exited:137]")
    gnorfs.wait_for("reconnecting")

    again = terminal(["host", "uwo", "--resume", "--port", port])
    screen = again.wait_for("the Pnorfs' turn")
    assert gnorfs_line in screen and pnorfs_line in screen  # the same lines
    again.wait_for("Gnorfs       joined", timeout=60)  # each seat found the host again by itself
    again.wait_for("Pnorfs       joined", timeout=60)
    gnorfs.wait_for("Reconnected", timeout=60)
    assert "Traceback" not in pnorfs.screen()
