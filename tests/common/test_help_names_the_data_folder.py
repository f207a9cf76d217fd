"""``boardgames --help`` says where saves and settings live, and that sentence is true of
``common.storage.data_dir``, the one place the folder is decided."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardgames import cli
from boardgames.common import storage


def test_help_names_the_folder_and_the_variable_that_moves_it() -> None:
    text = cli.build_parser(whole=False).format_help()
    assert "~/.local/share/boardgames" in text and "BOARDGAMES_DATA=FOLDER" in text


def test_the_folder_is_the_xdg_one_unless_boardgames_data_moves_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv(storage.DATA_ENV, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert storage.data_dir() == tmp_path / "xdg" / "boardgames"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert storage.data_dir() == tmp_path / "home" / ".local" / "share" / "boardgames"
    monkeypatch.setenv(storage.DATA_ENV, str(tmp_path / "elsewhere"))
    assert storage.data_dir() == tmp_path / "elsewhere"
