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
from typing import Any

from msgspec import Struct

from boardgames.common.saves import classes_of
from boardgames.common.session import GameSession, GameSpec
from boardgames.games import get_game
from boardgames.uwo import actions, board, side
from boardgames.uwo.actions import Action
from boardgames.uwo.engine import Game
from boardgames.uwo.players import ComputerOpponent
from boardgames.uwo.side import Side

#: Every class a saved UWO action is made of, by name (the names are in old saves too).
ACTION_CLASSES: dict[str, type] = classes_of(actions, board, side)


class UwoSetup(Struct, frozen=True):
    """What a duel is dealt from: the variant, and who the computer plays (``None``: hot-seat)."""

    first_game: bool = False
    computer: ComputerOpponent | None = None


#: A save names the computer's side ("pnorfs"), as every UWO save since the first has.
_SIDE_NAMES = {s.name.lower(): s for s in Side}


def _sides_by_name(data: dict[str, Any]) -> dict[str, Any]:
    computer = data.get("computer")
    if not isinstance(computer, dict) or "side" not in computer:
        return data
    return {**data, "computer": {**computer, "side": Side(computer["side"]).name.lower()}}


def _sides_from_names(data: dict[str, Any]) -> dict[str, Any]:
    computer = data.get("computer")
    if not isinstance(computer, dict) or "side" not in computer:
        return data  # msgspec says what is wrong
    name = computer["side"]
    if not isinstance(name, str) or name not in _SIDE_NAMES:
        raise ValueError(f"unknown side {name!r}")
    return {**data, "computer": {**computer, "side": int(_SIDE_NAMES[name])}}


def save_title(game: Game, setup: UwoSetup) -> str:
    """How the resume menu names a duel."""
    computer = setup.computer
    who = "hot-seat" if computer is None else f"you vs {computer.describe()}"
    variant = ", first game" if game.first_game else ""
    alive = f"Gnorfs {game.alive[Side.GNORFS]} UMOs, Pnorfs {game.alive[Side.PNORFS]}"
    return f"{who}{variant} — turn {game.turn}, {alive}"


def build(setup: UwoSetup, seed: int) -> Game:
    """A new duel: the two decks shuffled by ``random.Random(seed)``."""
    return Game.new(random.Random(seed), first_game=setup.first_game)


SPEC: GameSpec[Game, UwoSetup] = GameSpec(
    get_game("uwo"),
    setup=UwoSetup,
    build=build,
    save_title=save_title,
    action_type=Action,
    action_classes=ACTION_CLASSES,
    to_save=_sides_by_name,
    from_save=_sides_from_names,
)

#: A UWO game in play: the engine, its setup, its autosave.
UwoSession = GameSession[Game, UwoSetup]
