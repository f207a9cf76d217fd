"""Finished games written into a data folder's ``history/``, as the autosave files them."""

from __future__ import annotations

import random
from typing import Any

from boardgames.common.saves import SaveRecord, SaveStore, encode
from boardgames.common.session import GameSession
from tests.conformance.adapters import ADAPTERS


def finish(
    store: SaveStore,
    key: str,
    seed: int,
    setup: Any = None,
    *,
    steps: int = 4000,
    last: object | None = None,
    title: str | None = None,
) -> SaveRecord:
    """A *key* game played by its random player until it ends, filed in *store*'s history.

    *last*: an action that ends the game once *steps* random ones were played (UWO's resign);
    *title*: the save's title, instead of the game's own (hostile names).
    """
    from tests.fourth.registration import TEST_GAMES

    adapter = {**ADAPTERS, **TEST_GAMES}[key]()
    setup = setup if setup is not None else adapter.setup(seed)
    session = GameSession.start(adapter.spec, setup, seed, store=store)
    assert session.autosave is not None
    record = session.autosave.record
    engine = session.engine
    pick = adapter.player(random.Random(seed))
    played = 0
    while engine.outcome() is None:
        action = last if last is not None and played >= steps else pick(engine)
        engine.apply(action)
        record.actions.append(encode(action))
        played += 1
        assert played <= steps + 1 or last is None, "the game did not end"
    record.title = title if title is not None else adapter.spec.save_title(engine, setup)
    assert store.finish(record) is None
    session.close()
    return record
