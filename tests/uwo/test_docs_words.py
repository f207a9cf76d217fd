"""What the UWO pages tell a player agrees with the program: the keys and the levels."""

from __future__ import annotations

import re
from pathlib import Path

from textual.binding import Binding

from boardgames.uwo.levels import OPPONENT_LEVELS
from boardgames.uwo.screen import UwoScreen

ROOT = Path(__file__).resolve().parents[2]


def keys_of(action: str) -> set[str]:
    """The keys the duel screen binds to *action*."""
    return {b.key for b in UwoScreen.BINDINGS if isinstance(b, Binding) and b.action == action}


def test_the_computer_page_names_the_duel_keys_the_screen_binds() -> None:
    text = (ROOT / "docs" / "uwo-ai.md").read_text(encoding="utf-8")
    assert "c or n" not in text  # n is a new duel; the counter's keys are c and p
    match = re.search(r"then `(\w)` \(counter-attack\) or `(\w)` \(no counter-attack\)", text)
    assert match is not None
    assert match.group(1) in keys_of("counter") and match.group(2) in keys_of("stop_duel")
    # No key the screen does not bind is said to keep working while the computer thinks.
    sentence = text[text.index("thinking…") : text.index("keep working")]
    assert " q " not in sentence and "q keep" not in text


def test_the_readme_lists_every_level_against_the_computer() -> None:
    line = next(ln for ln in (ROOT / "README.md").read_text(encoding="utf-8").splitlines() if "--vs-computer" in ln)
    levels = re.search(r"--level ([\w\\|]+)\]", line)
    assert levels is not None
    assert tuple(levels.group(1).split("\\|")) == OPPONENT_LEVELS
