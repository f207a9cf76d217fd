"""Release artefacts: the sdist and the wheel build, the wheel installs into a fresh venv
outside the checkout, and the installed command plays (decks, rules and licence inside).

``python -m build`` builds the sdist and then the wheel *from the sdist*, as a release
does (and as ``pip install`` of the sdist would), so a file the sdist forgets fails here too.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import boardgames

ROOT = Path(__file__).resolve().parents[1]
DIST = "hotseat_boardgames"


def _run(*cmd: str | Path, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, cwd=cwd, env=env, timeout=600)
    assert done.returncode == 0, f"{cmd}: {done.stdout}\n{done.stderr}"
    return done


def test_sdist_and_wheel_install_into_a_fresh_venv_and_play(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    _run(sys.executable, "-m", "build", "--outdir", dist, ROOT, cwd=tmp_path)
    version = boardgames.__version__
    (sdist,) = dist.glob(f"{DIST}-{version}.tar.gz")
    (wheel,) = dist.glob(f"{DIST}-{version}-py3-none-any.whl")

    with tarfile.open(sdist) as tf:
        in_sdist = {name.split("/", 1)[1] for name in tf.getnames() if "/" in name}
    for needed in ("LICENSE", "README.md", "CHANGELOG.md", "pyproject.toml", "docs/rules/uwo.md", "decks/vowl"):
        assert any(n == needed or n.startswith(needed + "/") for n in in_sdist), needed

    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        metadata = zf.read(f"{DIST}-{version}.dist-info/METADATA").decode()
    for game in ("vowl", "uwo", "vntypl8s"):
        assert f"boardgames/_docs/rules/{game}.md" in names
        assert any(n.startswith(f"boardgames/_decks/{game}/") for n in names)
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert "boardgames/py.typed" in names  # the "Typing :: Typed" classifier's marker
    assert f"Version: {version}" in metadata and "License-Expression: MIT" in metadata
    assert "Classifier: Topic :: Games/Entertainment :: Board Games" in metadata

    # A fresh venv in an empty folder: nothing of the checkout on the path.
    # Without a pip of its own (ensurepip took a third of this test): this suite's pip
    # installs into it (``--python``), the checks below run the venv's own Python.
    venv = tmp_path / "venv"
    _run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path)
    python = venv / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "BOARDGAMES_DECKS")}
    env["BOARDGAMES_DATA"] = str(tmp_path / "data")
    # The wheel, which ``build`` made from the sdist: installing the sdist as well had pip
    # build that same wheel from that same sdist again (nothing new checked).
    _run(sys.executable, "-m", "pip", "--python", python, "install", "-q", wheel, cwd=tmp_path, env=env)
    command = venv / "bin" / "boardgames"
    assert _run(command, "--version", cwd=tmp_path, env=env).stdout.strip() == f"boardgames {version}"
    assert "savor" in _run(command, "vowl", "solve", "SVR", cwd=tmp_path, env=env).stdout.split()
    where = _run(python, "-c", "import boardgames; print(boardgames.__file__)", cwd=tmp_path, env=env).stdout
    assert str(venv) in where, where
    rules = _run(
        python,
        "-c",
        "from boardgames.common.resources import read_rules; print(read_rules('uwo'))",
        cwd=tmp_path,
        env=env,
    ).stdout
    assert "Interpretations" in rules
