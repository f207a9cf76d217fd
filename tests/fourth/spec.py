"""Tricks's setup declaration: who plays and how many cards each, as the session saves it."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import msgspec

from boardgames.common.saves import SaveFormatError, classes_of
from tests.fourth import engine
from tests.fourth.engine import Play, TimeUp, Tricks, load_cards


class TricksSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    names: tuple[str, ...]
    hand: int = 5

    def __post_init__(self) -> None:
        if not 2 <= len(self.names) <= 4 or len(set(self.names)) != len(self.names) or not all(self.names):
            raise ValueError("two to four players, each named once")
        if not 1 <= self.hand <= 8:
            raise ValueError("a hand holds 1 to 8 cards")


class TricksSpec:
    key: str = "tricks"
    title: str = "Tricks"
    action_classes: Mapping[str, type] = classes_of(engine)

    def build(self, setup: TricksSetup, seed: int) -> Tricks:
        return Tricks(setup.names, setup.hand, random.Random(seed), load_cards())

    def setup_to_json(self, setup: TricksSetup) -> dict[str, Any]:
        return msgspec.to_builtins(setup)

    def setup_from_json(self, data: dict[str, Any]) -> TricksSetup:
        try:
            return msgspec.convert(data, TricksSetup)
        except (msgspec.ValidationError, ValueError) as exc:
            raise SaveFormatError(f"not a Tricks setup ({exc})") from None

    def is_action(self, value: object) -> bool:
        return isinstance(value, Play | TimeUp)

    def save_title(self, game: Tricks, setup: TricksSetup) -> str:
        scores = ", ".join(f"{n} {t}" for n, t in zip(game.names, game.tricks, strict=True))
        return f"{scores} — trick {game.trick_number} of {setup.hand}"


SPEC = TricksSpec()
