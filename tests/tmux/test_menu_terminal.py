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


def test_vowl_turn_in_a_real_terminal(terminal) -> None:
    term = terminal(["vowl", "--players", "Ann Lee,Bob Roy", "--seed", "3"])
    term.wait_for("Ann Lee's turn")
    term.keys("r")
    term.take_keyboard("Ann Lee, take the keyboard")
    term.wait_for("solve the card")
    term.type("qqq")
    term.keys("Enter")
    term.wait_for("rejected: does not fit the letters")
    term.keys("Escape")
    term.answer("Leave this game?", "y")
    term.wait_for("Pick a game")
    term.keys("q")
    term.wait_for("[exited:0]")


def test_vowl_practice_in_a_real_terminal(terminal) -> None:
    term = terminal(["vowl", "--practice", "--players", "Ann", "--seed", "1"])
    term.wait_for("Your practice")
    term.keys("r")
    term.wait_for("Ann, take the keyboard")


def test_bad_players_argument_is_a_clear_error(terminal) -> None:
    term = terminal(["vowl", "--players", "Ann"])
    screen = term.wait_for("[exited:2]")
    assert "Vowl needs 2 to 5 players" in screen
    assert "Traceback" not in screen
