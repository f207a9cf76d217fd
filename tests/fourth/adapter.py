"""Tricks for the conformance suite: deal, play a random legal card, run out of time."""

from __future__ import annotations

from typing import Any

from tests.conformance.adapters import Adapter
from tests.fourth.engine import TimeUp
from tests.fourth.spec import SPEC, TricksSetup


def adapter() -> Adapter:
    def time_up(game: Any) -> TimeUp | None:
        return None if game.to_play is None else TimeUp(game.to_play)

    setups = (TricksSetup(("Ann", "Bob")), TricksSetup(("Ann", "Bob", "Cy"), 4), TricksSetup(("A", "B", "C", "D"), 6))
    from tests.fourth.screen import Words

    return Adapter(
        "tricks",
        SPEC,
        setups,
        lambda rng: lambda game: rng.choice(list(game.legal_actions)),
        time_up,
        lambda game, action: getattr(action, "seat", None),
        words=Words(),
        hands=_hands,
    )


def _hands() -> Any:
    from tests.fourth.hands import TRICKS

    return TRICKS
