"""The proof game is registered only here, in the tests: never in the shipped registry."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.conformance.adapters import Adapter
from tests.fourth.adapter import adapter

#: The games the tests register on top of ``boardgames.games``, with their adapters.
TEST_GAMES: dict[str, Callable[[], Adapter]] = {"tricks": adapter}


def register(monkeypatch: Any) -> None:
    """Add Tricks to the registry the app and the menu read, for one test."""
    import boardgames.app as app_module
    import boardgames.games as games_module
    from tests.fourth.spec import INFO

    games = (*games_module.GAMES, INFO)
    monkeypatch.setattr(games_module, "GAMES", games)
    monkeypatch.setattr(app_module, "GAMES", games)  # the app holds its own name for the list
