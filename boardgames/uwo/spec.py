"""UWO as the session layer sees it: a setup, a seed and actions (``common.session.GameSpec``).

The setup records the variant and, against the computer, its level and side; the
engine's random stream comes from the saved seed, so replaying the actions gives
back the very same duel (``GameSession.resume``).  The computer's own thinking is
not part of the game state: a resumed computer decides afresh from its seat's view.

This module imports no screen: the screen imports it, ``entry`` imports both, and
nothing imports ``entry`` but the game registry - so there is no import circle.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from boardgames.common.saves import classes_of
from boardgames.common.session import GameSession
from boardgames.uwo import actions, board, side
from boardgames.uwo.actions import Action
from boardgames.uwo.engine import Game
from boardgames.uwo.players import PLAYERS, ComputerOpponent
from boardgames.uwo.side import Side

#: Every class a saved UWO action is made of, by name (the names are in old saves too).
ACTION_CLASSES: dict[str, type] = classes_of(actions, board, side)


@dataclass(frozen=True, slots=True)
class UwoSetup:
    """What a duel is dealt from: the variant, and who the computer plays (``None``: hot-seat)."""

    first_game: bool = False
    computer: ComputerOpponent | None = None


def setup_json(setup: UwoSetup) -> dict[str, Any]:
    """The setup as a save holds it (the keys every UWO save since the first has had)."""
    computer = setup.computer
    return {
        "first_game": setup.first_game,
        "computer": None if computer is None else {"level": computer.level, "side": computer.side.name.lower()},
    }


def setup_from_json(data: dict[str, Any]) -> UwoSetup:
    """The setup a save holds; ``ValueError`` when it is not a UWO setup.

    Types are checked, never converted (a save is outside input: ``bool("false")`` is true).
    """
    try:
        first_game = data["first_game"]
        comp = data["computer"]
        if not isinstance(first_game, bool):
            raise ValueError("not a UWO setup ('first_game' must be true or false)")
        if comp is None:
            return UwoSetup(first_game, None)
        if not isinstance(comp, dict) or not isinstance(comp.get("level"), str) or not isinstance(comp.get("side"), str):
            raise ValueError("not a UWO setup (the computer must have a level and a side)")
        if comp["level"] not in PLAYERS:
            raise ValueError(f"unknown level {comp['level']!r}")
        if comp["side"] not in {side.name.lower() for side in Side}:
            raise ValueError(f"unknown side {comp['side']!r}")
        return UwoSetup(first_game, ComputerOpponent(comp["level"], Side[comp["side"].upper()]))
    except (KeyError, TypeError) as exc:
        raise ValueError(f"not a UWO setup ({exc!r})") from None


def save_title(game: Game, setup: UwoSetup) -> str:
    """How the resume menu names a duel."""
    computer = setup.computer
    who = "hot-seat" if computer is None else f"you vs {computer.describe()}"
    variant = ", first game" if game.first_game else ""
    alive = f"Gnorfs {game.alive[Side.GNORFS]} UMOs, Pnorfs {game.alive[Side.PNORFS]}"
    return f"{who}{variant} — turn {game.turn}, {alive}"


class UwoSpec:
    """UWO's ``GameSpec``: how a duel is dealt, saved, replayed and named."""

    key: str = "uwo"
    title: str = "UWO"

    @property
    def action_classes(self) -> Mapping[str, type]:
        return ACTION_CLASSES

    def build(self, setup: UwoSetup, seed: int) -> Game:
        """A new duel: the two decks shuffled by ``random.Random(seed)``."""
        return Game.new(random.Random(seed), first_game=setup.first_game)

    def setup_to_json(self, setup: UwoSetup) -> dict[str, Any]:
        return setup_json(setup)

    def setup_from_json(self, data: dict[str, Any]) -> UwoSetup:
        return setup_from_json(data)

    def is_action(self, value: object) -> bool:
        return isinstance(value, Action)

    def save_title(self, game: Game, setup: UwoSetup) -> str:
        return save_title(game, setup)


SPEC = UwoSpec()

#: A UWO game in play: the engine, its setup, its autosave.
UwoSession = GameSession[Game, UwoSetup]
