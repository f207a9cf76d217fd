"""Every deck file, mutated every way a hand edit can break it, gives a clear error.

The command names the file (and the line, where one line is to blame), exits with a
non-zero status and never prints a traceback.  Each case copies all the decks,
breaks one file, and runs the real command against the copy.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from boardgames.common.decks import DECKS_ENV

ROOT = Path(__file__).resolve().parents[2]
DECKS = ROOT / "decks"
FILES = sorted(p.relative_to(DECKS) for p in DECKS.glob("*/*.txt"))


def meaningful(lines: list[str]) -> list[int]:
    return [i for i, line in enumerate(lines) if line.split("#", 1)[0].strip()]


def missing_line(lines: list[str]) -> tuple[list[str], int | None]:
    i = meaningful(lines)[-1]
    return lines[:i] + lines[i + 1 :], None  # a count that no longer adds up: the file is to blame


def extra_line(lines: list[str]) -> tuple[list[str], int | None]:
    first = meaningful(lines)[0]
    return [*lines, lines[first]], len(lines) + 1


def duplicate(lines: list[str]) -> tuple[list[str], int | None]:
    a, b = meaningful(lines)[:2]
    out = list(lines)
    out[b] = lines[a]
    return out, b + 1


def bad_character(lines: list[str]) -> tuple[list[str], int | None]:
    i = meaningful(lines)[0]
    out = list(lines)
    head, _, tail = out[i].partition(" ")
    out[i] = f"{head}§ {tail}" if tail else f"{head}§"
    return out, i + 1


MUTATIONS: dict[str, Callable[[list[str]], tuple[list[str], int | None]]] = {
    "missing-line": missing_line,
    "extra-line": extra_line,
    "duplicate": duplicate,
    "bad-character": bad_character,
}


#: A quick command of each game: a command checks its own game's decks, and only them
#: (``cli.preflight``: a broken Vowl deck does not keep UWO from starting).
COMMANDS = {
    "vowl": ["vowl", "check", "SVR", "savor"],
    "uwo": ["uwo", "selfplay", "--games", "1", "--seed", "0"],
    "vntypl8s": ["vntypl8s", "check", "BLZ", "--owner", "Fire Fighter"],
}


#: Vowl's word tools read only the curated word lists and SCOWL's (checked as the dictionary opens),
#: so a Vowl card deck or ``frequency.txt`` is checked by a command that
#: deals cards: ``--resume`` checks every Vowl deck before it looks for a save (with
#: none it ends with exit 1, and never opens a screen).
DEALING = ["vowl", "--resume"]
TOOLS_READ = {Path("vowl/added.txt"), Path("vowl/refused.txt"), Path("vowl/scowl.txt")}


def reader(deck: Path) -> list[str]:
    """A quick command that reads *deck*."""
    if deck.parts[0] == "vowl" and deck not in TOOLS_READ:
        return DEALING
    return COMMANDS[deck.parts[0]]


def run_against(decks: Path, game: str, command: list[str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "boardgames", *(command or COMMANDS[game])],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env={**os.environ, DECKS_ENV: str(decks)},
    )


def assert_clear_error(result: subprocess.CompletedProcess[str], name: str, line: int | None) -> None:
    assert result.returncode != 0
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout
    assert name in result.stderr, result.stderr
    if line is not None:
        assert f"line {line}" in result.stderr, result.stderr


#: Files that are lists of independent judgements, with no count to add up: one line
#: fewer is a legitimate edit there, not a broken file (forms.txt: each line is one
#: decision of the plate judge; tests/vntypl8s/test_judge_forms.py checks coverage).
#: vowl/added.txt and refused.txt: each line is one word added to or refused from the
#: dictionary (V32); a line fewer is one word fewer, a legitimate edit; so is one word
#: fewer in vowl/scowl.txt, the second word list (answers it lacks are refused, which
#: tests/vowl/test_dictionary_curated.py watches on every card).  vowl/frequency.txt:
#: a word without a line only sorts last in the review (tests/vowl/test_review_answers.py).
UNCOUNTED = {
    Path("vntypl8s/forms.txt"),
    Path("vowl/added.txt"),
    Path("vowl/refused.txt"),
    Path("vowl/scowl.txt"),
    Path("vowl/frequency.txt"),
}
CASES = [
    pytest.param(deck, mutation, id=f"{deck}-{mutation}")
    for deck in FILES
    for mutation in MUTATIONS
    if not (mutation == "missing-line" and deck in UNCOUNTED)
]


@pytest.mark.parametrize(("deck", "mutation"), CASES)
def test_mutated_deck_is_a_clear_error(tmp_path: Path, deck: Path, mutation: str) -> None:
    copy = tmp_path / "decks"
    shutil.copytree(DECKS, copy)
    target = copy / deck
    lines = target.read_text(encoding="utf-8").split("\n")
    mutated, line = MUTATIONS[mutation](lines)
    target.write_text("\n".join(mutated), encoding="utf-8")
    assert_clear_error(run_against(copy, deck.parts[0], reader(deck)), deck.name, line)


@pytest.mark.parametrize("deck", FILES, ids=str)
def test_wrong_encoding_is_a_clear_error(tmp_path: Path, deck: Path) -> None:
    copy = tmp_path / "decks"
    shutil.copytree(DECKS, copy)
    target = copy / deck
    target.write_bytes(target.read_text(encoding="utf-8").encode("utf-16"))
    assert_clear_error(run_against(copy, deck.parts[0], reader(deck)), deck.name, 1)


@pytest.mark.parametrize("game", sorted(COMMANDS))
def test_the_real_decks_pass(game: str) -> None:
    result = run_against(DECKS, game)
    assert result.returncode == 0, result.stderr


def test_a_broken_deck_of_one_game_leaves_the_others_playable(tmp_path: Path) -> None:
    """Every command checked every game's decks: a broken Vowl deck stopped UWO too."""
    copy = tmp_path / "decks"
    shutil.copytree(DECKS, copy)
    (copy / "vowl" / "expert.txt").unlink()
    assert run_against(copy, "vowl", DEALING).returncode == 4
    for game in ("uwo", "vntypl8s"):
        result = run_against(copy, game)
        assert result.returncode == 0, result.stderr


def test_the_word_tools_check_only_the_word_lists_they_read(tmp_path: Path) -> None:
    """``vowl check`` and ``solve`` read no card, so a broken card deck does
    not stop them (nor cost them the time to check it); a broken curated list, which
    they do read, still does, by name and line."""
    copy = tmp_path / "decks"
    shutil.copytree(DECKS, copy)
    (copy / "vowl" / "expert.txt").unlink()
    (copy / "vowl" / "frequency.txt").write_text("not a frequency line\n", encoding="utf-8")
    for command in (["vowl", "check", "SVR", "savor"], ["vowl", "solve", "SVR"]):
        result = run_against(copy, "vowl", command)
        assert result.returncode == 0, result.stderr
        assert "savor" in result.stdout or result.stdout.startswith("accepted")
    added = copy / "vowl" / "added.txt"
    added.write_text(added.read_text(encoding="utf-8") + "Bad Word\n", encoding="utf-8")
    line = added.read_text(encoding="utf-8").count("\n")
    assert_clear_error(run_against(copy, "vowl"), "added.txt", line)
