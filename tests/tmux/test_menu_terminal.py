"""The suite in a real terminal: the menu draws, takes keys, and quits cleanly."""

from __future__ import annotations

import pytest

from tests.tmux.harness import needs_tmux

pytestmark = [needs_tmux, pytest.mark.tmux]


def test_main_menu_opens_and_q_quits(terminal) -> None:
    term = terminal([])
    screen = term.wait_for("Pick a game")
    assert "Vowl" in screen
    term.keys("q")
    term.wait_for("[exited:0]")


def test_help_in_a_terminal(terminal) -> None:
    term = terminal(["--help"])
    screen = term.wait_for("[exited:0]")
    assert "usage: boardgames" in screen
