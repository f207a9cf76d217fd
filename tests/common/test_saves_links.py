"""A link in place of a folder (or a save) of the data folder never leads our writes out of it.

``saves/``, ``history/`` and ``crash-reports/`` replaced by links to a folder elsewhere
used to be followed: a file there was set aside as ``.corrupt-…``, overwritten by a
finished game, or given a crash report.  Each test puts a link in place and checks
that the folder it leads to is exactly as it was, and that the player is told once.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from boardgames.common.crash import FOLDER, Crash, write_report
from boardgames.common.saves import SaveRecord, SaveStore
from boardgames.common.storage import FileProblem, FolderProblem, own_folder, read_bytes


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under *folder* (names and bytes): what "untouched" means."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A folder outside the data folder, holding files a link must never let us touch."""
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "notes.json").write_text("my own notes, not a save")
    (folder / "vowl-0123456789ab.json").write_text("an important file that happens to look like a save")
    return folder


@pytest.fixture
def data(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    return folder


def test_a_linked_saves_folder_is_not_listed_and_nothing_outside_is_set_aside(data: Path, outside: Path) -> None:
    before = snapshot(outside)
    (data / "saves").symlink_to(outside, target_is_directory=True)
    listing = SaveStore(data).unfinished()
    assert listing.records == ()
    assert listing.unlisted is not None and "is a link to somewhere else" in listing.unlisted
    assert snapshot(outside) == before  # nothing renamed .corrupt-… there


def test_a_linked_saves_folder_is_never_written_through(data: Path, outside: Path) -> None:
    before = snapshot(outside)
    (data / "saves").symlink_to(outside, target_is_directory=True)
    record = SaveRecord("vowl", {}, seed=1, id="0123456789ab")
    warning = SaveStore(data).write(record)
    assert warning is not None and "is a link to somewhere else" in warning
    assert "play continues without saving" in warning
    assert SaveStore(data).set_aside(record).startswith("Its file was left alone")
    assert SaveStore(data).discard(record) is not None
    assert snapshot(outside) == before


def test_a_linked_history_folder_is_not_overwritten_by_a_finished_game(data: Path, outside: Path) -> None:
    store = SaveStore(data)
    record = SaveRecord("vowl", {}, seed=1, id="0123456789ab")
    assert store.write(record) is None
    before = snapshot(outside)
    (data / "history").symlink_to(outside, target_is_directory=True)
    warning = store.finish(record)
    assert warning is not None and "is a link to somewhere else" in warning
    assert snapshot(outside) == before
    assert (data / "saves" / record.filename).exists()  # the game is kept where it was


def test_a_linked_crash_reports_folder_gets_no_report(data: Path, outside: Path) -> None:
    before = snapshot(outside)
    (data / FOLDER).symlink_to(outside, target_is_directory=True)
    assert write_report(Crash(RuntimeError("boom")), data) is None
    assert snapshot(outside) == before


def test_a_real_crash_reports_folder_still_gets_its_report(data: Path) -> None:
    """Control: the check lets a real folder (made on the way) through."""
    report = write_report(Crash(RuntimeError("boom")), data)
    assert report is not None and report.parent == data / FOLDER and report.is_file()


def test_a_linked_save_file_is_set_aside_as_a_link_and_its_target_untouched(data: Path, outside: Path) -> None:
    before = snapshot(outside)
    (data / "saves").mkdir()
    link = data / "saves" / "vowl-0123456789ab.json"
    link.symlink_to(outside / "vowl-0123456789ab.json")
    listing = SaveStore(data).unfinished()
    assert listing.records == () and len(listing.warnings) == 1
    assert "outside the data folder" in listing.warnings[0]
    aside = [p for p in (data / "saves").iterdir() if p.name.startswith(link.name + ".corrupt-")]
    assert len(aside) == 1 and aside[0].is_symlink()  # the link moved, not what it points at
    assert snapshot(outside) == before


def test_a_save_written_over_a_link_replaces_the_link_not_its_target(data: Path, outside: Path) -> None:
    before = snapshot(outside)
    (data / "saves").mkdir()
    record = SaveRecord("vowl", {}, seed=1, id="0123456789ab")
    (data / "saves" / record.filename).symlink_to(outside / record.filename)
    assert SaveStore(data).write(record) is None
    assert not (data / "saves" / record.filename).is_symlink()
    assert snapshot(outside) == before


def test_reading_a_file_in_a_folder_linked_out_of_the_root_is_refused(data: Path, outside: Path) -> None:
    """``read_bytes`` checks the file's folder too: ``lstat`` follows a linked folder."""
    (data / "saves").symlink_to(outside, target_is_directory=True)
    with pytest.raises(FileProblem, match="outside the data folder"):
        read_bytes(data / "saves" / "notes.json", root=data)


@pytest.mark.parametrize("kind", ["link", "file", "dot-dot"])
def test_own_folder_refuses_what_is_not_a_real_folder_inside(data: Path, outside: Path, kind: str) -> None:
    name = "saves"
    if kind == "link":
        (data / name).symlink_to(outside, target_is_directory=True)
    elif kind == "file":
        (data / name).write_text("x")
    else:  # a real folder, but not one inside the root: its real path says so
        name = "../outside"
    before = snapshot(outside)
    with pytest.raises(NotADirectoryError if kind == "file" else FolderProblem):
        own_folder(data, name, create=True)
    assert snapshot(outside) == before


def test_own_folder_makes_a_missing_folder_and_accepts_a_real_one(data: Path) -> None:
    assert own_folder(data, "saves", create=True) == data / "saves"
    assert (data / "saves").is_dir()
    assert own_folder(data, "saves") == data / "saves"
