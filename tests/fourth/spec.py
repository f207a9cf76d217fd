"""Tricks's setup declaration: its registry row, who plays and how many cards each, as the
session saves it."""

from __future__ import annotations

import random

import msgspec

from boardgames.common.saves import classes_of
from boardgames.common.session import GameSpec
from boardgames.games import GameInfo
from tests.fourth import engine
from tests.fourth.engine import Play, TimeUp, Tricks, load_cards

#: Its row in the registry, which only the tests add it to (``registration``).
INFO = GameInfo(
    "tricks",
    "Tricks",
    "Take the most tricks: follow suit, highest card wins.",
    (2, 4),
    "Tricks: a small trick-taking game with hidden hands",
    module="tests.fourth.entry",
)


class TricksSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    names: tuple[str, ...]
    hand: int = 5

    def __post_init__(self) -> None:
        if not 2 <= len(self.names) <= 4 or len(set(self.names)) != len(self.names) or not all(self.names):
            raise ValueError("two to four players, each named once")
        if not 1 <= self.hand <= 8:
            raise ValueError("a hand holds 1 to 8 cards")


def build(setup: TricksSetup, seed: int) -> Tricks:
    return Tricks(setup.names, setup.hand, random.Random(seed), load_cards())


def save_title(game: Tricks, setup: TricksSetup) -> str:
    scores = ", ".join(f"{n} {t}" for n, t in zip(game.names, game.tricks, strict=True))
    return f"{scores} — trick {game.trick_number} of {setup.hand}"


SPEC: GameSpec[Tricks, TricksSetup] = GameSpec(
    INFO,
    setup=TricksSetup,
    build=build,
    save_title=save_title,
    action_type=Play | TimeUp,
    action_classes=classes_of(engine),
)
