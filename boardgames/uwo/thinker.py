"""UWO's part of the computer's search process (``common.bots``): what crosses the pipe
and how the child decides.

The request is the level, the seat's own view (``Game.view(side)``: the computer sees
exactly what a person in its seat sees) and the player's ``snapshot()`` (its generator
and the rest of its turn's plan); back come the action and the new snapshot, which the
app's player takes over (``restore``).  The decisions are therefore exactly those the
player would make in the app, and if the process is lost the same player goes on
deciding from where it was.  Card kinds (compared by identity in the search) travel by
their key and are looked up in the catalog on the other side.
"""

from __future__ import annotations

import os
import pickle
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar

from boardgames.common.bots import DEADLINE, NICENESS, ThinkerError, serve
from boardgames.common.bots import Thinker as ProcessThinker
from boardgames.uwo.cards import Kind, load_catalog

if TYPE_CHECKING:
    from boardgames.uwo.actions import Action
    from boardgames.uwo.players import Player, Restorable
    from boardgames.uwo.view import UwoView

    Decide = Callable[[UwoView, Sequence[Action]], Action]

__all__ = ["DEADLINE", "NICENESS", "Thinker", "ThinkerError"]


class KindsByKey:
    """Card kinds by their catalog key: the search compares them by identity."""

    def persistent_id(self, obj: object) -> str | None:
        if type(obj) is Kind:
            if load_catalog().by_key.get(obj.key) is not obj:
                raise pickle.PicklingError(f"kind {obj.key!r} is not the catalog's")
            return obj.key
        return None

    def persistent_load(self, pid: str) -> object:
        return load_catalog().by_key[pid]


class Thinker(ProcessThinker):
    """The search process deciding for UWO's computer player."""

    MODULE: ClassVar[str] = "boardgames.uwo.thinker"
    pickling = KindsByKey()

    def choose(self, level: str, player: Restorable, view: UwoView) -> Action:
        """``player.choose(view)``, computed in the child; ``player`` takes over the state
        the decision leaves (as if it had decided itself).  ``ThinkerError`` if the child
        cannot answer: ``player`` is then as it was, and may decide itself."""
        answer = self.ask((level, player.snapshot(), view))
        assert isinstance(answer, tuple)
        action, state = answer
        player.restore(state)
        return action


def deciders(player: Player, level: str, thinker: Thinker | None) -> tuple[Decide, Decide | None]:
    """How the computer's *player* decides for a ``common.bots.Bot``: here, and (a player
    that can hand its state over) in *thinker*'s process."""
    from boardgames.uwo.players import Restorable  # noqa: PLC0415

    def here(view: UwoView, legal: Sequence[Action]) -> Action:
        return player.choose(view)

    if thinker is None or not isinstance(player, Restorable):
        return here, None
    restorable = player

    def away(view: UwoView, legal: Sequence[Action]) -> Action:
        return thinker.choose(level, restorable, view)

    return here, away


def _decider() -> Callable[[object], object]:
    """The child's decisions: one player per level and seat, restored before each."""
    import random  # noqa: PLC0415

    from boardgames.uwo.players import PLAYERS, Restorable  # noqa: PLC0415

    players: dict[tuple[str, object], Restorable] = {}
    load_catalog()

    def handle(request: object) -> object:
        assert isinstance(request, tuple)
        level, state, view = request
        key = (level, view.viewer)
        player = players.get(key)
        if player is None:
            made = PLAYERS[level](view.viewer, random.Random(0))
            assert isinstance(made, Restorable), f"{level} cannot be restored"
            player = players[key] = made
        player.restore(state)
        action = player.choose(view)
        return action, player.snapshot()

    return handle


if __name__ == "__main__":
    sys.exit(serve(int(sys.argv[1]) if len(sys.argv) > 1 else os.getppid(), _decider(), KindsByKey()))
