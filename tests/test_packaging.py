"""What pyproject.toml says of the package is true: each claim is checked against the
thing it claims (the build backend's version, the files, what CI runs on)."""

from __future__ import annotations

import argparse
import re
import sys
import tomllib
from pathlib import Path

import pytest

from boardgames import cli
from boardgames.common.errors import UserFacingError

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
CLASSIFIERS: list[str] = PYPROJECT["project"]["classifiers"]


def _minimum(requirement: str) -> tuple[int, ...]:
    found = re.search(r">=\s*([0-9.]+)", requirement)
    assert found, f"{requirement!r} names no minimum version"
    return tuple(int(part) for part in found.group(1).split("."))


def test_the_build_backend_minimum_reads_the_license_files_list() -> None:
    # hatchling reads ``license-files`` as a list (PEP 639) from 1.27 on; 1.21 fails the build.
    assert isinstance(PYPROJECT["project"]["license-files"], list)
    (hatchling,) = [r for r in PYPROJECT["build-system"]["requires"] if r.startswith("hatchling")]
    assert _minimum(hatchling) >= (1, 27)


def test_typed_is_claimed_only_with_a_py_typed_marker() -> None:
    assert ("Typing :: Typed" in CLASSIFIERS) == (ROOT / "boardgames" / "py.typed").is_file()


def test_no_curses_claim_textual_draws_without_curses() -> None:
    assert not [c for c in CLASSIFIERS if "Curses" in c]


def test_operating_systems_claimed_are_the_ones_ci_runs_on() -> None:
    # CI and every test run on Linux; macOS and Windows were never tried (README says so).
    assert [c for c in CLASSIFIERS if c.startswith("Operating System ::")] == ["Operating System :: POSIX :: Linux"]


def test_the_pythons_claimed_are_the_ones_ci_checks() -> None:
    claimed = {c.rsplit(" ", 1)[1] for c in CLASSIFIERS if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)}
    assert claimed == {"3.11", "3.12", "3.13"}
    assert PYPROJECT["project"]["requires-python"] == ">=3.11"
    # .ci/run reads the same classifiers to choose the Pythons it runs the suite on.
    assert "Programming Language :: Python" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_missing_web_extra_says_how_for_pipx_uv_and_pip(monkeypatch: pytest.MonkeyPatch) -> None:
    """pipx and uv keep their own venvs: a plain ``pip install`` would not reach them."""
    monkeypatch.setitem(sys.modules, "boardgames.serve", None)  # as if textual-serve were missing
    with pytest.raises(UserFacingError) as raised:
        cli._run_serve(argparse.Namespace(host="127.0.0.1", port=8000))
    message = str(raised.value)
    assert "pipx inject hotseat-boardgames textual-serve" in message
    assert "uv tool install" in message and "pip install 'hotseat-boardgames[web]'" in message
