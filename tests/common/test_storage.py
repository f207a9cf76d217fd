"""Small JSON files never break a game: atomic writes, corrupt files set aside."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from boardgames.common.storage import data_dir, load_json, save_json


def test_data_dir_honours_override(_private_data_dir: Path) -> None:
    assert data_dir() == _private_data_dir


def test_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "stats.json"
    assert load_json(path, 1).data is None
    assert save_json(path, {"version": 1, "solved": 3}) is None
    assert load_json(path, 1).data == {"version": 1, "solved": 3}
    assert [p.name for p in path.parent.iterdir()] == ["stats.json"]  # no temp file left


@pytest.mark.parametrize(
    "content",
    ['{"version": 1, "solved": ', "not json at all", "[1, 2]", '{"version": 99}', '{"solved": 1}'],
    ids=["truncated", "garbage", "not-an-object", "future-version", "no-version"],
)
def test_bad_file_is_set_aside_not_deleted(tmp_path: Path, content: str) -> None:
    path = tmp_path / "stats.json"
    path.write_text(content)
    loaded = load_json(path, 1)
    assert loaded.data is None
    assert loaded.warning is not None and "stats.json" in loaded.warning
    assert not path.exists()
    (aside,) = tmp_path.iterdir()
    assert aside.name.startswith("stats.json.corrupt-")
    assert aside.read_text() == content
    assert aside.name in loaded.warning


def test_invalid_utf8_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    path.write_bytes(b'{"version": 1, "x": "\xff"}')
    loaded = load_json(path, 1)
    assert loaded.data is None and loaded.warning


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write to read-only folders")
def test_read_only_folder_warns_instead_of_raising(tmp_path: Path) -> None:
    tmp_path.chmod(0o500)
    try:
        warning = save_json(tmp_path / "stats.json", {"version": 1})
    finally:
        tmp_path.chmod(0o700)
    assert warning is not None and "play continues" in warning


def test_unwritable_target_warns_instead_of_raising(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    # A path *under a regular file* cannot be created, even by root.
    warning = save_json(blocker / "stats.json", {"version": 1})
    assert warning is not None and "play continues" in warning


def test_write_is_atomic_json(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    save_json(path, {"version": 1, "a": [1, 2]})
    assert json.loads(path.read_text()) == {"version": 1, "a": [1, 2]}
