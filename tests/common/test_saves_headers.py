"""Version 2 of the save format: a header line that lists a save without its actions.

Listing reads each file no further than its first line (counted through
``storage._read``, the one place the storage module reads a file), the actions are
read and checked when a game is resumed, a version-1 save (one JSON object) still
lists and resumes and becomes version 2 when next written, and the autosave's
rewrite stays atomic.  No timing anywhere: bytes are counted, not seconds.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from boardgames.common import storage
from boardgames.common.saves import (
    HEADER_LIMIT,
    VERSION,
    ActionsNotRead,
    Autosaver,
    SaveRecord,
    SaveStore,
    read_record,
)
from boardgames.common.session import GameSession, SaveNotResumable
from boardgames.games import get_game
from tests.hostile.corpus import count_reads, dump, good_actions, good_record, good_setup


@pytest.fixture
def bytes_read(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every read the storage module makes, by size (what listing costs in bytes)."""
    return count_reads(monkeypatch)


def spec(game: str) -> Any:
    return get_game(game).entry.spec


def long_save(store: SaveStore, ident: str, actions: int = 1000) -> SaveRecord:
    record = SaveRecord("vowl", good_setup("vowl"), 7, title=f"game {ident}", id=ident)
    record.actions = [{"$type": "Answer", "word": f"word{n}", "elapsed": n / 10} for n in range(actions)]
    assert store.write(record) is None
    return record


def first_line(path: Path) -> dict[str, Any]:
    with path.open("rb") as fh:
        return json.loads(fh.readline())


def test_listing_long_games_reads_only_their_headers(tmp_path: Path, bytes_read: list[int]) -> None:
    store = SaveStore(tmp_path)
    written = [long_save(store, f"g{n:02d}") for n in range(50)]
    on_disk = sum(store.path(r).stat().st_size for r in written)
    bytes_read.clear()
    listing = store.unfinished()
    assert sorted(r.id for r in listing.records) == sorted(r.id for r in written) and listing.warnings == ()
    assert len(bytes_read) == 50 and sum(bytes_read) <= 50 * storage.LINE_CHUNK < on_disk // 10
    assert all(isinstance(r.actions, ActionsNotRead) and r.unread is not None for r in listing.records)  # not read yet
    record = listing.records[0]
    record.read_actions()  # resuming reads the whole file, once
    assert record.unread is None and len(record.actions) == 1000
    assert record.actions == next(r for r in written if r.id == record.id).actions


def test_a_save_whose_body_is_garbage_lists_and_is_set_aside_only_when_resumed(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    header = {**good_record("vowl", "bad"), "version": VERSION, "actions": 3}
    del header["title"]
    header["title"] = "looks fine"
    store.saves.mkdir(parents=True)
    path = store.saves / "vowl-bad.json"
    path.write_bytes(json.dumps(header).encode() + b"\n" + b"\x00\xffnot an action\n" * 20_000)
    long_save(store, "good")
    listing = store.unfinished()
    assert sorted(r.id for r in listing.records) == ["bad", "good"] and listing.warnings == ()
    bad = next(r for r in listing.records if r.id == "bad")
    with pytest.raises(SaveNotResumable) as caught:
        GameSession.resume(spec("vowl"), bad, store=store)
    assert caught.value.message.startswith("The saved Vowl game vowl-bad.json cannot be resumed: ")
    assert "\n" not in caught.value.message
    assert store.set_aside(bad).startswith("It was kept as vowl-bad.json.corrupt-")
    assert [r.id for r in store.unfinished().records] == ["good"]  # everything else goes on


@pytest.mark.parametrize("game", ["vowl", "uwo"])
def test_a_version_1_save_lists_resumes_and_is_version_2_once_played(game: str, tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    store.saves.mkdir(parents=True)
    path = store.saves / f"{game}-old.json"
    path.write_bytes(dump(good_record(game, "old")))  # as the previous version wrote it
    (record,) = store.unfinished().records
    assert record.actions == good_actions(game) and record.title == f"a good {game} game"
    session = GameSession.resume(spec(game), record, store=store)
    assert path.read_bytes() == dump(good_record(game, "old"))  # resuming alone writes nothing
    action = next(iter(session.engine.legal_list())) if game == "uwo" else _vowl_next()
    step = session.apply(action)
    assert step.applied and step.warning is None
    session.autosave.flush()  # type: ignore[union-attr]
    assert first_line(path)["version"] == VERSION  # converted by the first write after it
    (again,) = store.unfinished().records
    assert again.unread is not None
    session.close()  # left: one window at a time holds a game (test_save_lock)
    resumed = GameSession.resume(spec(game), again, store=store)
    assert len(again.actions) == len(good_actions(game)) + 1
    assert resumed.engine.view(None) == session.engine.view(None)


def _vowl_next() -> object:
    from boardgames.vowl.actions import StartRun

    return StartRun()


def test_a_version_1_save_on_one_line_lists_too(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    store.saves.mkdir(parents=True)
    (store.saves / "uwo-one.json").write_text(json.dumps(good_record("uwo", "one")))
    (record,) = store.unfinished().records
    assert record.actions == good_actions("uwo")


def test_the_header_is_checked_again_when_resumed(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    long_save(store, "swap", actions=3)
    (record,) = store.unfinished().records
    path = store.path(record)
    text = path.read_text()
    path.write_text(text.replace('"seed": 7', '"seed": 8', 1))  # another game under the same name
    with pytest.raises(SaveNotResumable, match="changed after it was listed"):
        GameSession.resume(spec("vowl"), record, store=store)


def test_a_file_swapped_for_a_fifo_after_listing_is_not_opened_on_resume(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    long_save(store, "fifo", actions=3)
    (record,) = store.unfinished().records
    path = store.path(record)
    path.unlink()
    os.mkfifo(path)  # opening it would block forever
    with pytest.raises(SaveNotResumable, match="named pipe"):
        GameSession.resume(spec("vowl"), record, store=store)


def test_a_header_its_own_listing_would_refuse_is_never_written(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    record = SaveRecord("vowl", {"names": ["x" * HEADER_LIMIT]}, 1)
    warning = store.write(record)
    assert warning and "header would be longer than 64 KiB" in warning
    assert not store.path(record).exists()


def test_a_record_listed_from_its_header_is_written_whole(tmp_path: Path) -> None:
    """Writing a listed record never writes it without its actions (nothing is lost)."""
    store = SaveStore(tmp_path)
    long_save(store, "keep", actions=5)
    (record,) = store.unfinished().records
    saver = Autosaver(store, record)  # never replayed: the actions are read before the write
    assert saver.save_now() is None
    saver.flush()
    assert len(read_record(store.path(record)).actions) == 5


def test_a_crash_mid_write_leaves_the_previous_save_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The autosave still rewrites atomically: a write that fails before its rename (a
    crash, a full disk) leaves the last complete file, which lists and reads whole."""
    store = SaveStore(tmp_path)
    saver = Autosaver(store, SaveRecord("vowl", good_setup("vowl"), 1))
    for n in range(3):
        assert saver.record_action(_vowl_next(), title=f"turn {n}") is None

    def crash(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    assert "No space left" in (saver.record_action(_vowl_next(), title="turn 3") or "")
    monkeypatch.undo()
    saver.flush()
    assert [p.name for p in store.saves.iterdir()] == [saver.record.filename]  # no temporary file left
    (record,) = store.unfinished().records
    assert record.title == "turn 2"
    record.read_actions()
    assert len(record.actions) == 3


def test_a_listed_saves_actions_cannot_be_mistaken_for_none(tmp_path: Path) -> None:
    """Before ``read_actions`` a listed record's actions refuse every look: empty, they
    would pass for a game with no actions (two tests compared two such lists)."""
    store = SaveStore(tmp_path)
    long_save(store, "g00")
    (record,) = store.unfinished().records
    for look in (len, list, bool, lambda a: a[0], lambda a: a == [], lambda a: 1 in a, lambda a: a.append(1)):
        with pytest.raises(RuntimeError, match="read_actions"):
            look(record.actions)
    assert "not read" in repr(record)
    record.read_actions()
    assert len(record.actions) == 1000 and record.actions[0] == record.actions[0]
