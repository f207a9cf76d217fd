"""From a setup (form, command line or save) to a running VNTYPL8S screen.

This is the one place that wires the real pieces together: the decks from
``decks/vntypl8s``, the dictionary-backed plate judge, a seeded random generator,
and the autosave (``boardgames.common.saves``).

A save's ``setup`` object holds:

- ``players``: the names in clockwise seat order;
- ``timer``: the writing timer in seconds, or ``null`` for none;
- ``decks``: a fingerprint of both decks as they were dealt from.  Replaying the
  actions from the seed rebuilds the game only if the decks are the same, so a
  save made with other card files is refused with a plain message rather than
  resumed into a different game.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from textual.app import App
from textual.screen import Screen

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
from boardgames.vntypl8s import engine
from boardgames.vntypl8s.cards import Decks, load_decks
from boardgames.vntypl8s.engine import Event, Game, IllegalActionError
from boardgames.vntypl8s.entry import parse_players, plate_judge
from boardgames.vntypl8s.screen import Vntypl8sScreen, Vntypl8sSetupScreen, save_title

GAME = "vntypl8s"
ACTION_CLASSES = classes_of(engine)


def decks_fingerprint(decks: Decks) -> str:
    """A short digest of both decks in file order: same digest, same deal from a seed."""
    text = "\n".join(decks.owners) + "\n--\n" + "\n".join(decks.requirements)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True, slots=True)
class Vntypl8sSetup:
    """Who plays (clockwise) and the optional writing timer (P17)."""

    players: tuple[str, ...]
    timer: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"players": list(self.players), "timer": self.timer, "decks": decks_fingerprint(load_decks())}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Vntypl8sSetup:
        """The setup of a save; ``SaveFormatError`` when it is not one we can trust."""
        players = data.get("players")
        timer = data.get("timer")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise SaveFormatError("the players must be a list of names")
        try:
            names = parse_players(",".join(players))
        except ValueError as exc:
            raise SaveFormatError(str(exc)) from None
        if timer is not None and (not isinstance(timer, int) or isinstance(timer, bool) or timer <= 0):
            raise SaveFormatError(f"the writing timer {timer!r} is not a number of seconds")
        if data.get("decks") != decks_fingerprint(load_decks()):
            raise SaveFormatError("it was dealt from other card decks than the ones installed now")
        return cls(names, timer)


def build_game(setup: Vntypl8sSetup, seed: int) -> Game:
    return Game(setup.players, random.Random(seed), plate_judge(), load_decks())


def game_screen(setup: Vntypl8sSetup, app: App) -> Vntypl8sScreen:
    """A new game for *setup*, autosaved from its first action."""
    seed = app.new_seed()  # type: ignore[attr-defined]
    game = build_game(setup, seed)
    saver = Autosaver(SaveStore(), SaveRecord(GAME, setup.to_json(), seed, title=save_title(game)))
    return Vntypl8sScreen(game, timer=setup.timer, autosave=saver, new_game=lambda: game_screen(setup, app))


def start_screen(players: Sequence[str] | None, timer: int | None, app: App) -> Screen:
    """The setup form when no players were given (the menu), else straight into a game."""
    if players is None:
        return Vntypl8sSetupScreen(timer)
    return game_screen(Vntypl8sSetup(tuple(players), timer), app)


def latest_save() -> SaveRecord:
    """The most recent unfinished VNTYPL8S game, for ``boardgames vntypl8s --resume``."""
    return latest_unfinished(GAME, "VNTYPL8S")


def replayed(record: SaveRecord) -> tuple[Vntypl8sSetup, Game, list[Event]]:
    """The saved game rebuilt from its seed and actions, and the last action's events.

    ``UserFacingError`` (naming the file) when the save cannot be replayed exactly.
    """
    last: list[Event] = []
    try:
        setup = Vntypl8sSetup.from_json(record.setup)
        game = build_game(setup, record.seed)
        for action in replay(record, ACTION_CLASSES):
            if not isinstance(action, engine.SubmitPlate | engine.WritingTimeUp | engine.Guess | engine.NobodyKnows):
                raise SaveFormatError(f"{type(action).__name__} is not a VNTYPL8S action")
            last = game.apply(action)
    except (SaveFormatError, ValueError, IllegalActionError) as exc:
        raise UserFacingError(f"The saved VNTYPL8S game {record.filename} cannot be resumed: {exc}") from None
    return setup, game, last


def resume_screen(record: SaveRecord, app: App) -> Vntypl8sScreen:
    """The saved game, replayed to the moment of its last action (P20)."""
    setup, game, last = replayed(record)
    return Vntypl8sScreen(
        game,
        timer=setup.timer,
        autosave=Autosaver(SaveStore(), record),
        new_game=lambda: game_screen(setup, app),
        resumed=last if record.actions else [],
    )
