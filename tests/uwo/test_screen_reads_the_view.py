"""The duel's screen reads the duel only through ``view(seat)``, plus the engine's legal
actions and their refusals: never the board, the duel, the hands or any other part of the
engine past the view.  Read from the source of every module the screen is made of."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import boardgames.uwo

#: The modules ``UwoScreen`` is made of (its layers, its renderers, its questions, its setup).
SCREEN_MODULES = ("screen", "drawing", "computer", "keys", "commands", "render", "modals", "setup")
#: What a screen may ask the engine itself: the contract's view and legality, nothing else.
ALLOWED = frozenset({"view", "legal_actions", "why_illegal"})


def _is_engine(node: ast.expr) -> bool:
    """``self.engine``, ``self.game``, ``self.session.engine``, or a name ``game``/``engine``."""
    if isinstance(node, ast.Name):
        return node.id in ("game", "engine")
    if isinstance(node, ast.Attribute) and node.attr in ("engine", "game"):
        owner = node.value
        if isinstance(owner, ast.Name) and owner.id == "self":
            return True
        return isinstance(owner, ast.Attribute) and owner.attr == "session"
    return False


def engine_reads(source: str) -> Iterator[str]:
    """Each read past the view: ``line: engine.attribute``."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and _is_engine(node.value) and node.attr not in ALLOWED:
            yield f"{node.lineno}: {ast.unparse(node)}"


@pytest.mark.parametrize("module", SCREEN_MODULES)
def test_the_screen_reads_only_the_view_and_the_legal_actions(module: str) -> None:
    path = Path(boardgames.uwo.__file__).parent / f"{module}.py"
    assert list(engine_reads(path.read_text(encoding="utf-8"))) == []


def test_the_check_sees_a_read_past_the_view() -> None:
    source = (
        "def f(self, game):\n"
        "    self.game.board[3]\n"
        "    self.session.engine.duel.target\n"
        "    game.phase\n"
        "    self.engine.view(None).duel\n"
        "    self.engine.legal_actions\n"
    )
    assert sorted(engine_reads(source)) == ["2: self.game.board", "3: self.session.engine.duel", "4: game.phase"]
