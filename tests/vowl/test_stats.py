"""Solitaire practice stats: recorded, persisted, and never a crash on a bad file."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from boardgames.vowl.stats import FILENAME, PracticeStats, StatsStore


def test_record_pile_tracks_cards_best_times_and_streaks() -> None:
    s = PracticeStats()
    assert s.record_pile(size=4, solved=4, beaten=True, elapsed=20.0)
    assert not s.record_pile(size=4, solved=4, beaten=True, elapsed=22.0)
    assert s.record_pile(size=4, solved=4, beaten=True, elapsed=18.5)
    assert s.record_pile(size=5, solved=3, beaten=False, elapsed=25.0) is False
    assert s.cards_solved == 15
    assert s.piles_played == 4 and s.piles_beaten == 3
    assert s.best_times == {4: 18.5}
    assert s.streak == 0 and s.best_streak == 3


def test_store_round_trip(_private_data_dir: Path) -> None:
    store = StatsStore()
    store.get("Ann Lee").record_pile(3, 3, True, 12.25)
    assert store.save() is None
    again = StatsStore()
    assert again.warning is None
    assert again.get("Ann Lee").best_times == {3: 12.25}
    assert again.get("Bob").piles_played == 0


def test_saved_at_once_and_synced_off_the_acting_thread(
    _private_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pile's end writes the stats: complete on disk when ``save`` returns, the ``fsync``
    in the background (on the UI thread it held the turn's review for the disk)."""
    synced_on: list[threading.Thread] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        synced_on.append(threading.current_thread())
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    store = StatsStore()
    store.get("Ann").record_pile(3, 3, True, 12.25)
    assert store.save() is None
    assert threading.current_thread() not in synced_on
    assert StatsStore().get("Ann").best_times == {3: 12.25}  # read at once: nothing waits to be written
    store.flush()
    assert synced_on and threading.current_thread() not in synced_on


def test_corrupt_stats_file_is_set_aside_with_a_message(_private_data_dir: Path) -> None:
    path = _private_data_dir / FILENAME
    path.write_text('{"version": 1, "players": {"Ann": {"cards_solved": "lots"')
    store = StatsStore()
    assert store.warning is not None
    assert "vowl-stats.json" in store.warning and "unreadable" in store.warning
    assert store.get("Ann").cards_solved == 0
    assert any(p.name.startswith(f"{FILENAME}.corrupt-") for p in _private_data_dir.iterdir())


def test_damaged_record_is_set_aside(_private_data_dir: Path) -> None:
    path = _private_data_dir / FILENAME
    path.write_text('{"version": 1, "players": {"Ann": {"cards_solved": "lots"}}}')
    store = StatsStore()
    assert store.warning and "damaged" in store.warning
    assert not path.exists()
    store.get("Ann").record_pile(3, 3, True, 9.0)
    assert store.save() is None
    assert StatsStore().get("Ann").piles_beaten == 1
