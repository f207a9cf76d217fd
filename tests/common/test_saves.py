"""Autosaves: the codec round-trips actions, files are atomic, bad files are set aside."""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from boardgames.common.saves import (
    SaveFormatError,
    SaveRecord,
    SaveStore,
    classes_of,
    decode,
    encode,
    replay,
)
from boardgames.vowl import actions as vowl_actions
from boardgames.vowl import cards as vowl_cards
from boardgames.vowl.cards import Card, Tier


class Colour(enum.Enum):
    RED = "red"


@dataclass(frozen=True)
class Pos:
    x: int
    y: int


@dataclass(frozen=True)
class Move:
    path: tuple[Pos, ...]
    colour: Colour
    tags: frozenset[str]
    note: str | None = None


CLASSES = {"Pos": Pos, "Move": Move, "Colour": Colour}


def test_round_trip_nested_values() -> None:
    move = Move((Pos(0, 1), Pos(0, 2)), Colour.RED, frozenset({"b", "a"}), None)
    data = encode(move)
    assert json.loads(json.dumps(data)) == data  # plain JSON
    assert decode(data, CLASSES) == move


def test_vowl_actions_round_trip() -> None:
    classes = classes_of(vowl_actions, vowl_cards)  # what Vowl's spec decodes saves with
    card = Card("SVR", Tier.BASIC, ("savor",))
    for action in [
        vowl_actions.Roll(),
        vowl_actions.Answer("savor", elapsed=3.5),
        vowl_actions.Revisit(card),
        vowl_actions.Discard(frozenset({card, Card("CT", Tier.BASIC)})),
        vowl_actions.ScoreOne(1),
    ]:
        assert decode(encode(action), classes) == action


@pytest.mark.parametrize(
    "data",
    [{"$type": "Nope"}, {"$enum": "Colour", "value": "green"}, {"what": 1}, {"$type": "Pos", "z": 1}],
)
def test_bad_content_is_a_save_format_error(data: dict) -> None:
    with pytest.raises((SaveFormatError, ValueError)):
        decode(data, CLASSES)


def test_store_write_list_finish(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    rec = SaveRecord("vowl", {"names": ["Ann", "Bob"]}, seed=7, title="Ann, Bob")
    rec.actions.append(encode(Pos(1, 2)))
    assert store.write(rec) is None
    listing = store.unfinished()
    assert [r.id for r in listing.records] == [rec.id] and not listing.warnings
    again = listing.records[0]
    assert list(replay(again, CLASSES)) == [Pos(1, 2)]
    assert store.unfinished("uwo").records == ()
    assert store.finish(again) is None
    assert store.unfinished().records == ()
    assert (tmp_path / "history" / rec.filename).exists()


@pytest.mark.parametrize(
    "content",
    ["{", '{"version": 2, "game": "vowl"}', '{"version": 1, "game": "vowl"}', b"\xff\xfe"],
    ids=["truncated", "future-version", "missing-fields", "not-utf8"],
)
def test_corrupt_saves_are_set_aside_with_a_message(tmp_path: Path, content: str | bytes) -> None:
    store = SaveStore(tmp_path)
    good = SaveRecord("vowl", {}, seed=1)
    store.write(good)
    bad = tmp_path / "saves" / "vowl-bad.json"
    bad.write_bytes(content if isinstance(content, bytes) else content.encode())
    listing = store.unfinished()
    assert [r.id for r in listing.records] == [good.id]
    assert len(listing.warnings) == 1 and "vowl-bad.json" in listing.warnings[0]
    assert not bad.exists()
    assert any(p.name.startswith("vowl-bad.json.corrupt-") for p in (tmp_path / "saves").iterdir())


def test_unwritable_folder_is_a_warning(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    store = SaveStore(blocker)  # saves/ would have to live under a regular file
    warning = store.write(SaveRecord("vowl", {}, seed=1))
    assert warning is not None and "play continues without saving" in warning
