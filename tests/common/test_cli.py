"""The command line as a player at a real table uses it: outputs and exit codes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from boardgames.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "boardgames", *args],
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        cwd=ROOT,
        timeout=60,
    )


@pytest.mark.parametrize(
    ("skeleton", "word", "out", "code"),
    [
        ("SVR", "savor", "accepted", 0),
        ("svr", "SEVERE", "accepted", 0),
        ("SVR", "savior", "rejected: does not fit the letters", 1),
        ("SVR", "savory", "rejected: does not fit the letters", 1),
        ("SVR", "sivor", "rejected: not a word", 1),
    ],
)
def test_vowl_check(capsys: pytest.CaptureFixture[str], skeleton: str, word: str, out: str, code: int) -> None:
    assert main(["vowl", "check", skeleton, word]) == code
    assert capsys.readouterr().out.startswith(out)


@pytest.mark.parametrize("bad", ["", "SAV", "S1R", "S-R"])
def test_vowl_check_malformed_skeleton_exits_2(capsys: pytest.CaptureFixture[str], bad: str) -> None:
    assert main(["vowl", "check", bad, "savor"]) == 2
    assert "malformed skeleton" in capsys.readouterr().err


def test_vowl_solve_lists_sorted_answers(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["vowl", "solve", "svr"]) == 0
    lines = capsys.readouterr().out.split()
    assert lines == sorted(lines)
    assert {"savor", "sever", "severe"} <= set(lines)


def test_vowl_solve_none_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["vowl", "solve", "XQZ"]) == 1
    assert capsys.readouterr().out == ""


def test_vowl_solve_malformed_exits_2() -> None:
    assert main(["vowl", "solve", "AEI"]) == 2


def test_help_on_every_command() -> None:
    for args in (["--help"], ["vowl", "--help"], ["vowl", "check", "--help"], ["vowl", "solve", "--help"]):
        result = run(*args)
        assert result.returncode == 0, result.stderr
        assert "usage: boardgames" in result.stdout


def _fake_enchant(tmp_path: Path, body: str) -> dict[str, str]:
    pkg = tmp_path / "enchant"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(body)
    return {"PYTHONPATH": str(tmp_path)}


def test_missing_enchant_library_is_one_clear_paragraph(tmp_path: Path) -> None:
    env = _fake_enchant(tmp_path, "raise ImportError(\"The 'enchant' C library was not found\")\n")
    result = run("vowl", "solve", "SVR", env=env)
    assert result.returncode == 3
    assert "Traceback" not in result.stderr
    assert "spell-checker library" in result.stderr
    assert "apt-get install libenchant-2-2 hunspell-en-us" in result.stderr


def test_missing_en_us_dictionary_is_one_clear_paragraph(tmp_path: Path) -> None:
    env = _fake_enchant(
        tmp_path,
        "class errors:\n"
        "    class DictNotFoundError(Exception):\n        pass\n"
        "class Broker:\n"
        "    def set_ordering(self, *a):\n        pass\n"
        "    def request_dict(self, tag):\n        raise errors.DictNotFoundError(tag)\n",
    )
    for args in (["vowl", "check", "SVR", "savor"], ["vntypl8s", "check", "N0FL4M3S", "--owner", "Fire Fighter"]):
        result = run(*args, env=env)
        assert result.returncode == 3
        assert "Traceback" not in result.stderr
        assert "(en_US) hunspell dictionary is not installed" in result.stderr
        assert "hunspell-en-us" in result.stderr
