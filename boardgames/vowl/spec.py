"""Vowl as the session layer sees it: a setup, a seed and actions (``common.session.GameSpec``).

This is the one place that says how a Vowl game is built from its setup: the decks
from ``decks/vowl``, the dictionary-backed skeleton matcher as the judge and a
``random.Random(seed)`` for the dice and the shuffles; ``GameSession`` does the
autosaving and the replaying.  It also holds what the setup form, the command line
and the saves share: the setup itself (``VowlSetup``, with every problem in words)
and how player names are read (by the one rule of ``common.names``).

A save's ``setup`` object holds (as it always has, so old saves resume):

- ``names``: the players' full names, in seating order (seat 0 first);
- ``timers``: each player's sand timer in seconds, 25 or 15;
- ``advanced``: the advanced (red) board side;
- ``practice``: solitaire practice for one player;
- ``simultaneous`` (only when true: ``boardgames host vowl``): head-to-head racers race at
  the same time, each on their own device (Interpretation V34).

This module imports no screen (and nothing from Textual): the screens import it,
``entry`` imports both, and nothing imports ``entry`` but the game registry - so
there is no import circle.
"""

from __future__ import annotations

import functools
import random
from typing import Any

from msgspec import Struct

from boardgames.common.dictionary import deferred_dictionary
from boardgames.common.names import BadNames, clean_names, split_names
from boardgames.common.saves import classes_of
from boardgames.common.session import GameSession, GameSpec
from boardgames.common.skeleton import SkeletonMatcher
from boardgames.games import get_game
from boardgames.vowl import actions, cards
from boardgames.vowl.actions import Action
from boardgames.vowl.cards import load_decks
from boardgames.vowl.engine import MAX_PLAYERS, PlayerSetup, VowlGame
from boardgames.vowl.old_saves import upgrade_record
from boardgames.vowl.track import Board, Timer

GAME = "vowl"
#: The sand timers a player may choose, in seconds.
TIMERS = tuple(int(t) for t in Timer)

#: Every class a saved Vowl action is made of, by name (the names old saves hold).
ACTION_CLASSES: dict[str, type] = classes_of(actions, cards)


# --- the setup -----------------------------------------------------------------------------


class VowlSetup(Struct, frozen=True):
    """What the setup form (or the command line) decided."""

    names: tuple[str, ...]
    timers: tuple[int, ...]
    advanced: bool = False
    practice: bool = False
    #: Interpretation V34: a device per racer, head-to-head raced at the same time (``host vowl``)
    simultaneous: bool = False

    def problems(self) -> list[str]:
        """Everything wrong with this setup, in words for the players.

        The names are checked by ``common.names.clean_names`` (the one rule for names);
        names as typed (untrimmed, several spaces) are no problem: ``cleaned`` tidies them.
        """
        out: list[str] = []
        n = len(self.names)
        if self.practice:
            bounds, game = (1, 1), "Solitaire practice"
        else:
            bounds, game = (2, MAX_PLAYERS), "Vowl"
        try:
            clean_names(self.names, at_least=bounds[0], at_most=bounds[1], game=game)
        except BadNames as exc:
            out.extend(exc.problems)
            if not self.practice and n == 1:
                out.append("(One player? Choose practice.)")
        for timer in self.timers:
            if timer not in TIMERS:
                out.append(f"A sand timer is 25 or 15 seconds, not {timer}.")
        return out

    def cleaned(self) -> VowlSetup:
        """This setup with its names as the game keeps them (call once ``problems()`` is empty)."""
        names = clean_names(self.names, at_least=0, at_most=len(self.names))
        return VowlSetup(names, self.timers, self.advanced, self.practice, self.simultaneous)


def check_setup(setup: VowlSetup, saved: dict[str, Any]) -> None:
    """A save's setup, by the form's rules (``ValueError``); its names as the game writes them."""
    if len(setup.timers) != len(setup.names):
        raise ValueError("not a Vowl setup (the timers must be one whole number per player)")
    problems = setup.problems()
    if problems:
        raise ValueError(" ".join(problems))
    if setup.cleaned() != setup:
        raise ValueError("the players' names are not written as the game writes them (trimmed, single spaces)")


def parse_players(text: str) -> tuple[str, ...]:
    """``"Ann Lee, Bob Roy"`` -> ``("Ann Lee", "Bob Roy")``: the names as the game keeps them.

    ``BadNames`` (a ``UserFacingError``, exit 2) with every problem when a name breaks
    the rules of ``common.names`` (empty, unprintable, too long, twice) or there are
    more than ``MAX_PLAYERS``; how many a game needs is ``VowlSetup.problems``'s to say.
    """
    return clean_names(split_names(text), at_least=1, at_most=MAX_PLAYERS, game="Vowl")


# --- the game ------------------------------------------------------------------------------


@functools.cache
def matcher() -> SkeletonMatcher:
    """The judge of answers; the dictionary behind it is the process's one, opened at its
    first word (``DeferredDictionary``: not before the game's first frame)."""
    return SkeletonMatcher(deferred_dictionary())


def build_game(setup: VowlSetup, seed: int) -> VowlGame:
    """A new game for *setup*: dice and decks from ``random.Random(seed)``.

    ``SetupError`` (a ``ValueError``) for a setup the rules refuse; ``setup.problems()``
    catches every such setup first, so the form and the command line never get here.
    """
    players = [PlayerSetup(n, Timer(t)) for n, t in zip(setup.names, setup.timers, strict=True)]
    board = Board.ADVANCED if setup.advanced else Board.STANDARD
    return VowlGame(
        players,
        board=board,
        decks=load_decks(),
        judge=matcher(),
        rng=random.Random(seed),
        simultaneous=setup.simultaneous,
    )


def _option_when_on(data: dict[str, Any]) -> dict[str, Any]:
    """A hot-seat save's setup is written as it always was: ``simultaneous`` only when on."""
    if not data.get("simultaneous"):
        data = {k: v for k, v in data.items() if k != "simultaneous"}
    return data


def _off_unless_said(data: dict[str, Any]) -> dict[str, Any]:
    """A save without ``simultaneous`` (every hot-seat one, and all before V34) races in turn."""
    return data if "simultaneous" in data else {**data, "simultaneous": False}


def save_title(game: VowlGame) -> str:
    """How the resume menu names a Vowl game."""
    if game.is_practice:
        p = game.players[0]
        return f"practice: {p.name}, {p.score} of {p.victory} points"
    scores = ", ".join(f"{p.name} {p.score}" for p in game.players)
    return f"{scores} — turn {game.turn}"


# --- the spec ------------------------------------------------------------------------------


SPEC: GameSpec[VowlGame, VowlSetup] = GameSpec(
    get_game(GAME),
    setup=VowlSetup,
    build=build_game,
    save_title=lambda game, setup: save_title(game),
    action_type=Action,
    action_classes=ACTION_CLASSES,
    check=check_setup,
    to_save=_option_when_on,
    from_save=_off_unless_said,
    upgrade=upgrade_record,  # saves from before actions named seats
)

#: A Vowl game in play: the engine, its setup, its autosave.
VowlSession = GameSession[VowlGame, VowlSetup]
