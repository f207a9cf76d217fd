"""VNTYPL8S as the session layer sees it: a setup, a seed and actions (``common.session.GameSpec``).

This is the one place that says how a VNTYPL8S game is built from its setup: the
decks from ``decks/vntypl8s``, the dictionary-backed plate judge and a
``random.Random(seed)``; ``GameSession`` does the autosaving and the replaying.
It also holds what the setup form, the command line and the saves share: the
players' names (``parse_players``, by the one rule of ``common.names``) and the
process-wide judge.

A save's ``setup`` object holds:

- ``players``: the names in clockwise seat order;
- ``timer``: the writing timer in seconds, or ``null`` for none;
- ``writing``: ``"at once"`` for a hosted game whose writers write at the same time
  (P33); absent for writers in turn (P13), as in every save written before it existed,
  so a hot-seat save is written exactly as before;
- ``decks``: a fingerprint of both decks as they were dealt from.  Replaying the
  actions from the seed rebuilds the game only if the decks are the same, so a
  save made with other card files is refused with a plain message rather than
  resumed into a different game.

This module imports no screen (and nothing from Textual): the screens import it,
``entry`` imports both, and nothing imports ``entry`` but the game registry - so
there is no import circle.
"""

from __future__ import annotations

import functools
import hashlib
import random
from typing import Any

from msgspec import Struct

from boardgames.common.dictionary import deferred_dictionary
from boardgames.common.saves import SaveFormatError, classes_of
from boardgames.common.session import GameSession, GameSpec
from boardgames.games import get_game
from boardgames.vntypl8s import engine
from boardgames.vntypl8s.cards import Decks, load_decks
from boardgames.vntypl8s.engine import Action, Game, Phase, Writing
from boardgames.vntypl8s.judge import PlateJudge
from boardgames.vntypl8s.limits import players_from

GAME = "vntypl8s"

#: Every class a saved VNTYPL8S action is made of, by name (the names old saves hold).
ACTION_CLASSES: dict[str, type] = classes_of(engine)


# --- players and the judge ---------------------------------------------------------------


@functools.cache
def plate_judge() -> PlateJudge:
    """The process-wide judge (it memoises each owner's title words); its dictionary is
    opened at the first word it reads (``DeferredDictionary``)."""
    return PlateJudge(deferred_dictionary())


# --- the setup -----------------------------------------------------------------------------


def decks_fingerprint(decks: Decks) -> str:
    """A short digest of both decks in file order: same digest, same deal from a seed."""
    text = "\n".join(decks.owners) + "\n--\n" + "\n".join(decks.requirements)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


class Vntypl8sSetup(Struct, frozen=True):
    """Who plays (clockwise), the optional writing timer (P17), and whether the writers
    write in turn (P13, one keyboard) or at once (P33, ``boardgames host vntypl8s``)."""

    players: tuple[str, ...]
    timer: int | None = None
    writing: Writing = Writing.IN_TURN


def check_setup(setup: Vntypl8sSetup, saved: dict[str, Any]) -> None:
    """The setup of a save, by the rules of the setup form, dealt from the decks installed
    now (``SaveFormatError``): replaying from the seed deals the same only from the same decks."""
    try:
        names = players_from(setup.players)
    except ValueError as exc:
        raise SaveFormatError(str(exc)) from None
    if names != setup.players:
        raise SaveFormatError("the players' names are not written as the game writes them (trimmed, single spaces)")
    if setup.timer is not None and not 1 <= setup.timer <= 3600:
        raise SaveFormatError(f"the writing timer {setup.timer!r} is not a number of seconds")
    if saved.get("decks") != decks_fingerprint(load_decks()):
        raise SaveFormatError("it was dealt from other card decks than the ones installed now")


def _with_decks(data: dict[str, Any]) -> dict[str, Any]:
    """A save records the decks it was dealt from (``check_setup`` compares them); writers
    in turn are not written (the saves made before P33 hold no ``writing``)."""
    if data.get("writing") == Writing.IN_TURN.value:
        data = {k: v for k, v in data.items() if k != "writing"}
    return {**data, "decks": decks_fingerprint(load_decks())}


def _in_turn_unless_said(data: dict[str, Any]) -> dict[str, Any]:
    """A save without ``writing`` (every one before P33, and every hot-seat one) writes in turn."""
    return data if "writing" in data else {**data, "writing": Writing.IN_TURN.value}


def build_game(setup: Vntypl8sSetup, seed: int) -> Game:
    """A new game for *setup*: both decks shuffled by ``random.Random(seed)``."""
    return Game(setup.players, random.Random(seed), plate_judge(), load_decks(), writing=setup.writing)


def save_title(game: Game) -> str:
    """How the main menu's "Resume" line names a VNTYPL8S game."""
    scores = ", ".join(f"{name} {score}" for name, score in zip(game.players, game.scores(), strict=True))
    phase = "game over" if game.phase is Phase.GAME_OVER else game.phase.value
    return f"{scores} — round {game.round} of {game.rounds}, {phase}"


# --- the spec ------------------------------------------------------------------------------


SPEC: GameSpec[Game, Vntypl8sSetup] = GameSpec(
    get_game(GAME),
    setup=Vntypl8sSetup,
    build=build_game,
    save_title=lambda game, setup: save_title(game),
    action_type=Action,
    action_classes=ACTION_CLASSES,
    check=check_setup,
    to_save=_with_decks,
    from_save=_in_turn_unless_said,
)

#: A VNTYPL8S game in play: the engine, its setup, its autosave.
Vntypl8sSession = GameSession[Game, Vntypl8sSetup]
