"""Saves written before Vowl's actions named seats: their actions named players by name.

A save is setup + seed + actions (``common.saves``); an action that named a player held
the name (``{"$type": "Buzz", "player": "Ann Lee"}``), where one now holds the seat
(``{"$type": "Buzz", "seat": 0}``).  The setup's ``names`` are in seat order, so each old
action becomes the new one before it is decoded; anything else passes through as it is
(a name no one at the table has is left for ``decode`` to refuse, the file set aside).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from boardgames.common.saves import SaveRecord

#: The action classes that named a player, and the field that held the name.
_NAMED = {"ChooseOpponent": "player", "ChoosePartner": "player", "Buzz": "player", "ScoreOne": "other"}
#: Where the seat goes now.
_SEAT_FIELD = {"ChooseOpponent": "seat", "ChoosePartner": "seat", "Buzz": "seat", "ScoreOne": "other"}


def upgrade_action(data: Any, names: Sequence[str]) -> Any:
    """One saved action as JSON, name-keyed ones turned seat-keyed (others unchanged)."""
    if not isinstance(data, Mapping):
        return data
    kind = data.get("$type")
    if not isinstance(kind, str) or kind not in _NAMED:
        return data
    field = _NAMED[kind]
    if set(data) != {"$type", field}:
        return data
    name = data[field]
    if not isinstance(name, str) or name not in names:
        return data
    return {"$type": kind, _SEAT_FIELD[kind]: list(names).index(name)}


def setup_names(setup: Any) -> tuple[str, ...]:
    """The players' names of a saved setup (JSON), in seat order; none if it has none."""
    names = setup.get("names") if isinstance(setup, Mapping) else None
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        return ()
    return tuple(names)


def upgrade_record(record: SaveRecord) -> SaveRecord:
    """*record* with its actions read and every old name-keyed one made seat-keyed (in place)."""
    record.read_actions()
    names = setup_names(record.setup)
    record.actions[:] = [upgrade_action(a, names) for a in record.actions]
    return record
