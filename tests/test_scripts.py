"""``scripts/bootstrap.sh`` (behind ``./scripts/play`` and ``./scripts/test``): ``PYTHON=``
is honoured when a venv made by another Python is already there, and an interpreter
that cannot run is named.  Run on a tiny project beside a copy of the script, so the
install it does is quick and touches nothing of this checkout."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(shutil.which("dpkg-query") is None, reason="the script is for Debian/Ubuntu")

PYPROJECT = """[build-system]
requires = ["hatchling"]
build-backend = "hatchling.build"

[project]
name = "bootstrap-probe"
version = "0"
"""


def other_python() -> str | None:
    """A Python 3.1x other than the one running the tests, if this machine has one."""
    mine = f"{sys.version_info[0]}.{sys.version_info[1]}"
    for version in ("3.12", "3.13", "3.11"):
        if version == mine:
            continue
        candidates = [
            shutil.which(f"python{version}"),
            *sorted(glob.glob(os.path.expanduser(f"~/.pyenv/versions/{version}*/bin/python{version}"))),
        ]
        for found in filter(None, candidates):
            if subprocess.run([found, "-c", "pass"], capture_output=True).returncode == 0:
                return found
    return None


def project(tmp_path: Path) -> Path:
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "bootstrap.sh", tmp_path / "scripts" / "bootstrap.sh")
    (tmp_path / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    (tmp_path / "bootstrap_probe").mkdir()
    (tmp_path / "bootstrap_probe" / "__init__.py").write_text("", encoding="utf-8")
    return tmp_path


def bootstrap(root: Path, python: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHON": python, "BOOTSTRAP_FOR": "play"}
    env.pop("BOARDGAMES_VENV", None)
    return subprocess.run(
        ["bash", "-c", "source scripts/bootstrap.sh"], cwd=root, env=env, capture_output=True, text=True, timeout=600
    )


def venv_version(root: Path) -> str:
    return subprocess.run(
        [str(root / ".venv" / "bin" / "python"), "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()


@pytest.mark.slow
def test_a_venv_of_another_python_is_made_again_with_the_python_asked_for(tmp_path: Path) -> None:
    other = other_python()
    if other is None:
        pytest.skip("this machine has no second Python 3.1x")
    root = project(tmp_path)
    subprocess.run([other, "-m", "venv", "--without-pip", str(root / ".venv")], check=True)
    mine = f"{sys.version_info[0]}.{sys.version_info[1]}"
    done = bootstrap(root, sys.executable)
    assert done.returncode == 0, done.stderr
    assert "making it again" in done.stderr and f"is Python {mine}" in done.stderr, done.stderr
    assert venv_version(root) == mine


def test_an_interpreter_that_cannot_run_is_named_with_what_it_said(tmp_path: Path) -> None:
    root = project(tmp_path)
    broken = tmp_path / "python3.99"
    broken.write_text("#!/bin/sh\necho 'cannot open shared object libpython3.99.so' >&2\nexit 127\n", encoding="utf-8")
    broken.chmod(0o755)
    done = bootstrap(root, str(broken))
    assert done.returncode == 1
    assert "could not run" in done.stderr and "libpython3.99.so" in done.stderr, done.stderr
    assert not (root / ".venv").exists()


@pytest.mark.slow
def test_a_venv_whose_interpreter_is_gone_is_made_again(tmp_path: Path) -> None:
    root = project(tmp_path)
    (root / ".venv" / "bin").mkdir(parents=True)
    (root / ".venv" / "bin" / "python").symlink_to(tmp_path / "gone" / "python3")
    done = bootstrap(root, sys.executable)
    assert done.returncode == 0, done.stderr
    assert "no Python that runs" in done.stderr, done.stderr
    assert venv_version(root) == f"{sys.version_info[0]}.{sys.version_info[1]}"
