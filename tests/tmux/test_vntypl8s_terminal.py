"""VNTYPL8S in a real terminal: the real ``boardgames`` command in tmux, keys sent
with send-keys, the screen read with capture-pane.

A round starts with a handover, the writer's cards and live plate judge appear,
a plate is handed in and the next handover hides it; leaving offers the game on
the main menu.  A ``kill -9`` mid-plate loses only the plate being typed:
``--resume`` brings back the next writer's handover with everything handed in.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from boardgames.app import BoardgamesApp
from boardgames.common.saves import SaveStore
from boardgames.vntypl8s.engine import Game
from boardgames.vntypl8s.spec import Vntypl8sSetup, build_game
from tests.tmux.harness import needs_tmux
from tests.vntypl8s.helpers import legal_plate

pytestmark = [needs_tmux, pytest.mark.tmux]

PLAYERS = ("Ann", "Bob", "Cy")
COMMAND = ["vntypl8s", "--players", ",".join(PLAYERS), "--seed", "1"]


def same_deal() -> Game:
    """The game ``boardgames vntypl8s --players Ann,Bob,Cy --seed 1`` deals (its first seed)."""
    return build_game(Vntypl8sSetup(PLAYERS), BoardgamesApp(seed=1).new_seed())


def write_ann_plate(term, game: Game) -> str:
    term.take_keyboard("Ann, take the keyboard")
    owner = game.view(0).players[0].owner
    assert owner is not None
    screen = term.wait_for("✎ Ann")
    assert owner in screen and "0WN3R" in screen
    plate = legal_plate(game, 0, meet=True)
    term.type(plate.lower())  # the editor upper-cases
    term.wait_for("legal plate: Enter to hand it in")
    term.keys("Enter")
    return plate


def test_a_vntypl8s_turn_in_a_real_terminal(terminal) -> None:
    game = same_deal()
    term = terminal(COMMAND)
    term.take_keyboard("Ann, take the keyboard")
    term.wait_for("✎ Ann")
    term.type("ae")
    screen = term.wait_for("vowels (A, E)")
    assert "6 characters left" in screen
    term.keys("BSpace", "BSpace")  # the live judge follows every key
    term.wait_for("8 characters left")
    owner = game.view(0).players[0].owner
    plate = legal_plate(game, 0, meet=True)
    term.type(plate.lower())
    screen = term.wait_for("legal plate: Enter to hand it in")
    assert " ".join(plate) in screen
    term.keys("Enter", "Enter")  # Ann hands it in, and her second Enter is ignored
    screen = term.wait_for("Bob, take the keyboard")
    assert owner not in screen and " ".join(plate) not in screen  # Ann's secret is gone
    screen = term.take_keyboard("Bob, take the keyboard")
    assert owner not in screen and " ".join(plate) not in screen
    term.wait_for("✎ Bob")
    term.keys("Escape")
    term.answer("It is saved", "y")
    screen = term.wait_for("Resume VNTYPL8S")
    assert "Ann 0, Bob 0, Cy 0" in screen and "Traceback" not in screen
    term.keys("q")
    term.wait_for("[exited:0]")


def test_kill_9_mid_plate_then_resume(terminal, tmp_path: Path) -> None:
    game = same_deal()
    term = terminal(COMMAND)
    plate = write_ann_plate(term, game)
    term.take_keyboard("Bob, take the keyboard")
    term.wait_for("✎ Bob")
    term.type("qx")
    term.wait_for("Q X")
    os.kill(term.app_pid(), signal.SIGKILL)  # the laptop dies mid-plate
    term.wait_for("[exited:137]")
    (record,) = SaveStore(tmp_path / "data").unfinished("vntypl8s").records
    record.read_actions()
    assert len(record.actions) == 1 and record.actions[0]["plate"] == plate

    term = terminal(["vntypl8s", "--resume"])
    screen = term.wait_for("Bob, take the keyboard")
    assert "Traceback" not in screen
    assert game.view(1).players[1].owner not in screen  # the handover comes first (P20)
    term.take_keyboard("Bob, take the keyboard")
    screen = term.wait_for("✎ Bob")
    assert "Q X" not in screen and "8 characters left" in screen  # the plate starts afresh
    assert game.view(1).players[1].owner in screen


def test_resume_without_a_saved_game_is_a_clear_error(terminal) -> None:
    term = terminal(["vntypl8s", "--resume"])
    screen = term.wait_for("[exited:1]")
    assert "There is no unfinished VNTYPL8S game to resume." in screen
    assert "Traceback" not in screen
