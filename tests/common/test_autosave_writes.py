"""The autosave's cost per action, counted: no ``fsync`` and no re-encoding of
the whole game on the thread that applies the action, and still a complete save on
disk, readable by the loader, the moment ``record_action`` returns."""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from pathlib import Path

import pytest

from boardgames.common import saves
from boardgames.common.saves import Autosaver, SaveRecord, SaveStore, decode, encode, read_record


@dataclass(frozen=True)
class Step:
    n: int
    word: str


CLASSES = {"Step": Step}


def test_every_action_is_on_disk_at_once_and_reads_back(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    saver = Autosaver(store, SaveRecord("vowl", {"players": ["Ann"]}, 7, title="Ann"))
    for n in range(5):
        assert saver.record_action(Step(n, f"w{n}"), title=f"Ann — {n}") is None
        (record,) = store.unfinished("vowl").records  # read at once: nothing waits to be written
        record.read_actions()
        assert [decode(a, CLASSES) for a in record.actions] == [Step(i, f"w{i}") for i in range(n + 1)]
        assert record.title == f"Ann — {n}" and record.seed == 7
    saver.flush()
    on_disk = read_record(store.path(saver.record)).to_json()
    assert on_disk == saver.record.to_json()  # the same fields as ever, in version 2's lines


def test_no_fsync_and_no_whole_record_copy_on_the_acting_thread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    synced_on: list[threading.Thread] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        synced_on.append(threading.current_thread())
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)

    def no_deep_copy(self: SaveRecord) -> dict[str, object]:
        raise AssertionError("the whole record is copied for every action")

    store = SaveStore(tmp_path)
    saver = Autosaver(store, SaveRecord("uwo", {}, 1))
    monkeypatch.setattr(SaveRecord, "to_json", no_deep_copy)
    actions = 50
    for n in range(actions):
        assert saver.record_action(Step(n, "x")) is None
        assert threading.current_thread() not in synced_on
    saver.flush()
    monkeypatch.undo()
    assert synced_on, "the saves reach the disk, from the background"
    assert threading.main_thread() not in synced_on
    assert saves._Syncer.syncs >= 1  # noqa: SLF001
    (record,) = store.unfinished("uwo").records
    record.read_actions()
    assert len(record.actions) == actions


def test_finishing_waits_for_the_last_sync_and_files_the_game(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    saver = Autosaver(store, SaveRecord("vowl", {}, 3))
    saver.record_action(Step(1, "a"))
    assert saver.finish() is None
    assert not store.path(saver.record).exists()
    (done,) = (tmp_path / "history").glob("*.json")
    assert read_record(done).actions == [encode(Step(1, "a"))]


def test_a_value_json_cannot_hold_is_a_warning_not_a_crash(tmp_path: Path) -> None:
    saver = Autosaver(SaveStore(tmp_path), SaveRecord("vowl", {}, 3))
    warning = saver.record_action(float("nan"))
    assert warning is not None and "play continues without saving" in warning
    assert not saver.enabled


def test_no_thread_is_started_per_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each save whose previous sync was done started a thread of its own, and
    ``Thread.start`` waits until the new thread runs: a context switch for every key,
    which on a busy machine cost more than the save itself.  One thread
    syncs every save, of every game, and is kept between them."""
    started: list[str] = []
    real_start = threading.Thread.start

    def start(self: threading.Thread) -> None:
        started.append(self.name)
        real_start(self)

    monkeypatch.setattr(threading.Thread, "start", start)
    savers = [Autosaver(SaveStore(tmp_path / name), SaveRecord("vowl", {}, 1)) for name in ("a", "b")]
    synced = saves._Syncer.syncs  # noqa: SLF001
    for n in range(6):
        for saver in savers:
            assert saver.record_action(Step(n, "x")) is None
            saver.flush()  # synced: the next save finds no sync under way
    assert saves._Syncer.syncs >= synced + 12  # noqa: SLF001 - every one reached the disk
    assert len(started) <= 1, started
