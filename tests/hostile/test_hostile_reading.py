"""``storage``: every file is looked at before it is opened, read with a cap, parsed with limits.

The special files here would hang (a FIFO), never end (``/dev/zero``), leak (a link
outside the data folder) or crash (deep nesting, ``1e400``) a naive ``read_bytes`` +
``json.loads``; each must come back as ``Loaded(None, one message)`` with the file
set aside beside itself, never opened.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from boardgames.common import storage
from boardgames.common.storage import FileProblem, load_json, parse_json, read_bytes
from tests.hostile.corpus import SPECIAL, aside_of, dump, fingerprint, good_record, make_special


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every path ``storage`` opens (a FIFO opened for reading blocks until a writer comes)."""
    seen: list[str] = []
    real = os.open

    def spy(path: object, flags: int, *args: object, **kwargs: object) -> int:
        seen.append(os.fspath(path))  # type: ignore[arg-type]
        if os.path.exists(path) and not os.path.isfile(path):  # type: ignore[arg-type]
            raise AssertionError(f"opened a special file: {path}")
        return real(path, flags, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(storage.os, "open", spy)
    return seen


@pytest.mark.parametrize("kind", SPECIAL)
def test_special_files_are_set_aside_without_being_opened(kind: str, tmp_path: Path, opened: list[str]) -> None:
    data = tmp_path / "data"
    outside = tmp_path / "outside.json"
    outside.write_bytes(dump({"version": 1, "x": 1}))
    before = fingerprint(outside)
    path = make_special(kind, data, "stats.json", outside)
    loaded = load_json(path, 1, root=data)
    assert loaded.data is None and loaded.warning is not None
    assert loaded.warning.startswith("stats.json was unreadable (") and "kept as stats.json.corrupt-" in loaded.warning
    assert not os.path.lexists(path)
    (aside,) = aside_of(data, "stats.json")
    assert aside == loaded.aside and aside.name in loaded.warning
    assert opened == []  # looked at with lstat only
    assert fingerprint(outside) == before  # a link's target is never touched: the link itself moved
    if kind.startswith("link"):
        assert aside.is_symlink()


def test_a_link_to_a_regular_file_inside_the_data_folder_is_read(tmp_path: Path) -> None:
    (tmp_path / "real.json").write_bytes(dump({"version": 1, "x": 2}))
    (tmp_path / "stats.json").symlink_to(tmp_path / "real.json")
    assert load_json(tmp_path / "stats.json", 1, root=tmp_path).data == {"version": 1, "x": 2}


def test_the_size_cap_is_checked_before_reading_and_while_reading(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    path.write_bytes(dump({"version": 1, "pad": "x" * 200}))
    with pytest.raises(FileProblem, match="larger than 0 KiB"):
        read_bytes(path, limit=100)
    assert read_bytes(path, limit=1000).startswith(b"{")
    loaded = load_json(path, 1, limit=100)
    assert loaded.data is None and "larger than" in (loaded.warning or "")


def test_a_file_that_cannot_be_opened_is_set_aside_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An unreadable file (root ignores chmod 000, so the refusal is made by hand)."""
    path = tmp_path / "stats.json"
    path.write_bytes(dump({"version": 1}))
    real = os.open

    def refuse(p: object, flags: int, *args: object, **kwargs: object) -> int:
        if os.fspath(p) == os.fspath(path):  # type: ignore[arg-type]
            raise PermissionError(13, "Permission denied")
        return real(p, flags, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(storage.os, "open", refuse)
    loaded = load_json(path, 1)
    assert loaded.warning and "cannot be read: Permission denied" in loaded.warning
    assert aside_of(tmp_path, "stats.json") and not path.exists()


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a file whatever its mode")
def test_a_mode_000_file_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    path.write_bytes(dump({"version": 1}))
    path.chmod(0)
    loaded = load_json(path, 1)
    assert loaded.warning and "Permission denied" in loaded.warning


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (b'{"a": NaN}', "NaN, which is not a number"),
        (b'{"a": Infinity}', "Infinity, which is not a number"),
        (b'{"a": -Infinity}', "-Infinity, which is not a number"),
        (b'{"a": 1e400}', "a number too large"),
        (b'{"a": -1e400}', "a number too large"),
        (b'{"a": ' + b"1" * 41 + b"}", "more than 40 digits"),
        (b'{"a": ' + b"1" * 5000 + b"}", "more than 40 digits"),
        (b"[" * 100_000 + b"]" * 100_000, "nested deeper than 32 levels"),
        (b"[" * 33 + b"]" * 33, "nested deeper than 32 levels"),
        (b'{"a":' * 40 + b"1" + b"}" * 40, "nested deeper than 32 levels"),
        (b"\xff", "not UTF-8"),
        (b"", "not valid JSON"),
    ],
)
def test_json_python_accepts_but_we_refuse(text: bytes, problem: str) -> None:
    with pytest.raises(FileProblem, match=problem.replace("(", r"\(")):
        parse_json(text)


def test_limits_let_real_values_through() -> None:
    assert parse_json(b"[" * 32 + b"]" * 32) is not None
    assert parse_json(b'{"seed": 18446744073709551615, "t": 1.5e300}') == {"seed": 2**64 - 1, "t": 1.5e300}


def test_a_file_that_cannot_be_moved_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "stats.json"
    path.write_text("{")
    monkeypatch.setattr(storage, "set_aside", lambda p: None)
    loaded = load_json(path, 1)
    assert loaded.aside is None and loaded.warning and "could not be moved aside" in loaded.warning
    assert path.exists()


def test_a_value_json_cannot_hold_is_a_warning_not_a_crash(tmp_path: Path) -> None:
    warning = storage.save_json(tmp_path / "s.json", {"version": 1, "t": float("inf")})
    assert warning and "play continues without saving" in warning
    assert not (tmp_path / "s.json").exists()


def test_a_good_save_is_under_the_save_cap() -> None:
    assert len(dump(good_record("vowl", "x"))) < 2 * storage.MIB
