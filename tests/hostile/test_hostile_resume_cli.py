"""``boardgames <game> --resume`` on every hostile save: one line, exit 1, the file set aside.

The newest save is the bad one and an older good one waits beside it: ``--resume``
must not open the older game in its place (the players asked for the newest), so the
app never starts here - ``BoardgamesApp.run`` fails the test if it is called.  The
line names the file, where it was set aside, and the command to run again.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from boardgames.app import BoardgamesApp
from boardgames.cli import main
from tests.hostile.corpus import (
    GAMES,
    SPECIAL,
    Case,
    all_cases,
    all_header_cases,
    aside_of,
    dump,
    fingerprint,
    good_record,
    make_special,
)

NOW = 1_800_000_000.0


@pytest.fixture(autouse=True)
def _no_app(monkeypatch: pytest.MonkeyPatch) -> None:
    def run(self: BoardgamesApp, *args: object, **kwargs: object) -> None:
        raise AssertionError("--resume opened a game although the newest save is bad")

    monkeypatch.setattr(BoardgamesApp, "run", run)


def older_good_save(data: Path, game: str) -> tuple[Path, tuple[bytes, int]]:
    saves = data / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    good = saves / f"{game}-older.json"
    good.write_bytes(dump(good_record(game, "older", updated=NOW - 3600)))
    return good, fingerprint(good)


def newest(case: Case) -> Case:
    """*case* as the newest save (where its updated time is still a number to change)."""
    content = case.content.replace(b'"updated": 1700000000.0', f'"updated": {NOW}'.encode())
    return Case(case.id, case.game, case.name, content, case.stage)


def one_line(capsys: pytest.CaptureFixture[str]) -> str:
    out, err = capsys.readouterr()
    assert out == ""
    assert "Traceback" not in err and err.endswith("\n") and err.count("\n") == 1, err
    return err.strip()


@pytest.mark.parametrize("case", all_cases() + all_header_cases(), ids=lambda c: c.id)
def test_resume_of_a_bad_newest_save_is_one_line_and_sets_it_aside(
    case: Case, _private_data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good, before = older_good_save(_private_data_dir, case.game)
    case = newest(case)
    path = case.write(_private_data_dir / "saves")
    assert main([case.game, "--resume"]) == 1
    line = one_line(capsys)
    (aside,) = aside_of(path.parent, case.name)
    assert not os.path.lexists(path)
    assert line.startswith("boardgames: ") and case.name in line and f"kept as {aside.name}" in line
    assert str(path.parent) in line  # where it is now
    assert f"Run `boardgames {case.game} --resume` again" in line
    assert fingerprint(good) == before  # the older game is neither opened nor changed


@pytest.mark.parametrize("kind", SPECIAL)
@pytest.mark.parametrize("game", GAMES)
def test_resume_with_a_special_file_is_one_line(
    kind: str, game: str, _private_data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    outside = tmp_path / "outside.json"
    outside.write_bytes(dump(good_record(game, "x1", updated=NOW)))
    sentinel = fingerprint(outside)
    good, before = older_good_save(_private_data_dir, game)
    make_special(kind, _private_data_dir / "saves", f"{game}-x1.json", outside)
    assert main([game, "--resume"]) == 1
    line = one_line(capsys)
    assert f"{game}-x1.json was unreadable (" in line and "kept as" in line
    assert fingerprint(outside) == sentinel and fingerprint(good) == before


def test_several_bad_saves_are_still_one_line(_private_data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saves = _private_data_dir / "saves"
    saves.mkdir()
    for n in range(3):
        (saves / f"vowl-bad{n}.json").write_text("{")
    assert main(["vowl", "--resume"]) == 1
    assert "(2 more Vowl files were set aside too.)" in one_line(capsys)


def test_an_unlistable_saves_folder_is_one_line(_private_data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (_private_data_dir / "saves").write_text("not a folder")
    assert main(["uwo", "--resume"]) == 1
    assert one_line(capsys).startswith("boardgames: Cannot list the saved games in ")


def test_the_next_run_opens_the_good_save(
    _private_data_dir: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Set aside, then ``--resume`` again: the command the line names opens the older game."""
    older_good_save(_private_data_dir, "uwo")
    bad = good_record("uwo", "new", updated=NOW)
    bad["actions"] = [{"$type": "Move", "src": "a", "dst": 12}]
    (_private_data_dir / "saves" / "uwo-new.json").write_bytes(dump(bad))
    assert main(["uwo", "--resume"]) == 1
    assert "bad Move: src must be int" in one_line(capsys)
    opened: list[str] = []
    # the game's first screen: the duel, or the handover it opens on (``OpeningHandover``)
    monkeypatch.setattr(BoardgamesApp, "run", lambda self: opened.append(self._start().GAME))
    assert main(["uwo", "--resume"]) == 0
    assert opened == ["uwo"]
