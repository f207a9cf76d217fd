"""UWO games as saves: setup JSON, seed and actions (see ``boardgames.common.saves``).

The setup records the variant and, against the computer, its level and side; the
engine's random stream comes from the saved seed, so replaying the actions gives
back the very same duel.  The computer's own thinking is not part of the game
state: a resumed computer decides afresh from its seat's view.
"""

from __future__ import annotations

import random
from typing import Any

from textual.app import App

from boardgames.common.errors import UserFacingError
from boardgames.common.saves import (
    Autosaver,
    SaveFormatError,
    SaveRecord,
    SaveStore,
    classes_of,
    latest_unfinished,
    replay,
)
from boardgames.uwo import actions, board, side
from boardgames.uwo.engine import Game, IllegalActionError
from boardgames.uwo.events import Event
from boardgames.uwo.players import PLAYERS, ComputerOpponent
from boardgames.uwo.side import Side

GAME = "uwo"
ACTION_CLASSES = classes_of(actions, board, side)


def setup_json(first_game: bool, computer: ComputerOpponent | None) -> dict[str, Any]:
    return {
        "first_game": first_game,
        "computer": None if computer is None else {"level": computer.level, "side": computer.side.name.lower()},
    }


def setup_from_json(data: dict[str, Any]) -> tuple[bool, ComputerOpponent | None]:
    """``ValueError`` when the save's setup is not a UWO setup."""
    try:
        first_game = bool(data["first_game"])
        comp = data["computer"]
        if comp is None:
            return first_game, None
        if comp["level"] not in PLAYERS:
            raise ValueError(f"unknown level {comp['level']!r}")
        return first_game, ComputerOpponent(comp["level"], Side[str(comp["side"]).upper()])
    except (KeyError, TypeError) as exc:
        raise ValueError(f"not a UWO setup ({exc!r})") from None


def new_autosaver(game_seed: int, first_game: bool, computer: ComputerOpponent | None) -> Autosaver:
    return Autosaver(SaveStore(), SaveRecord(GAME, setup_json(first_game, computer), game_seed))


def new_game(app: App, first_game: bool, computer: ComputerOpponent | None) -> tuple[Game, Autosaver]:
    """A freshly dealt duel and the autosave that will follow it."""
    seed = app.new_seed()  # type: ignore[attr-defined]
    game = Game.new(random.Random(seed), first_game=first_game)
    return game, new_autosaver(seed, first_game, computer)


def replayed(record: SaveRecord) -> tuple[Game, ComputerOpponent | None, list[Event]]:
    """The saved duel rebuilt action by action; ``UserFacingError`` if it cannot be."""
    try:
        first_game, computer = setup_from_json(record.setup)
        game = Game.new(random.Random(record.seed), first_game=first_game)
        history: list[Event] = []
        for action in replay(record, ACTION_CLASSES):
            history.extend(game.apply(action))
    except (SaveFormatError, ValueError, IllegalActionError) as exc:
        raise UserFacingError(f"The saved UWO duel {record.filename} cannot be replayed: {exc}") from None
    return game, computer, history


def resume_screen(record: SaveRecord, app: App):  # noqa: ANN201 - a UwoScreen (imported late)
    from boardgames.uwo.screen import UwoScreen  # noqa: PLC0415 - the screen imports this module

    game, computer, history = replayed(record)
    return UwoScreen(game=game, computer=computer, autosave=Autosaver(SaveStore(), record), history=history)


def latest_save() -> SaveRecord:
    return latest_unfinished(GAME, "UWO")


def save_title(game: Game, computer: ComputerOpponent | None) -> str:
    """How the resume menu names a duel."""
    who = "hot-seat" if computer is None else f"you vs {computer.describe()}"
    variant = ", first game" if game.first_game else ""
    alive = f"Gnorfs {game.alive[Side.GNORFS]} UMOs, Pnorfs {game.alive[Side.PNORFS]}"
    return f"{who}{variant} — turn {game.turn}, {alive}"
