"""Outside text in the palette, and one question at a time, in a real terminal.

- ``boardgames vowl --players 'Ann,[/]'``, ``r``, Ctrl+P, ``res``: the palette read the
  save's title as markup and the app stopped with a crash report (every Ctrl+P did,
  until the save was deleted).
- ``boardgames vntypl8s --players Ann,Bob,Cy --seed 7``: Enter Enter on a plate that
  misses its R3QRMNTS card asked "Hand in … anyway?" twice, and after the handover the
  next writer found the other copy, with the previous writer's plate and card.
"""

from __future__ import annotations

import pytest

from boardgames.app import BoardgamesApp
from boardgames.vntypl8s.spec import Vntypl8sSetup, build_game
from tests.tmux.harness import needs_tmux

pytestmark = [needs_tmux, pytest.mark.tmux]


def test_a_player_named_with_markup_is_listed_as_typed_in_the_palette(terminal) -> None:
    term = terminal(["vowl", "--players", "Ann,[/]", "--seed", "1"])
    term.wait_for("press R to roll")
    term.keys("r")  # the first action: the game is saved, under the players' names
    term.take_keyboard("take the keyboard")
    term.keys("C-p")
    term.wait_for("Search for commands")
    term.type("res")
    screen = term.wait_for("Resume Vowl")
    assert "[/]" in screen, screen
    assert "Traceback" not in screen and "crash" not in screen.lower()


def test_a_double_enter_asks_once_and_leaves_nothing_for_the_next_writer(terminal) -> None:
    game = build_game(Vntypl8sSetup(("Ann", "Bob", "Cy")), BoardgamesApp(seed=7).new_seed())
    ann = game.view(0).players[0]
    term = terminal(["vntypl8s", "--players", "Ann,Bob,Cy", "--seed", "7"])
    term.take_keyboard("Ann, take the keyboard")
    term.wait_for("✎ Ann")
    term.type("xyz")
    term.wait_for("missing")
    term.keys("Enter", "Enter")  # one burst: both reach the editor before the question is up
    term.answer("Hand in XYZ anyway?", "y")
    term.take_keyboard("Bob, take the keyboard")
    screen = term.wait_for("✎ Bob")
    assert "anyway" not in screen and "XYZ" not in screen, screen
    assert ann.requirements is not None and f" {ann.requirements} " not in screen, screen
