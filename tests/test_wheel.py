"""The built wheel carries its decks and rules: an installed copy works outside a checkout."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_finds_its_decks_and_rules(tmp_path: Path) -> None:
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path / "dist"), str(ROOT)],
        capture_output=True, text=True, timeout=300,
    )
    assert built.returncode == 0, built.stderr
    (wheel,) = (tmp_path / "dist").glob("boardgames-*.whl")
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        zf.extractall(site)
    for game in ("vowl", "uwo", "vntypl8s"):
        assert f"boardgames/_docs/rules/{game}.md" in names
        assert any(n.startswith(f"boardgames/_decks/{game}/") for n in names)
    # Run from an empty folder with only the unpacked wheel on the path: no checkout to lean on.
    code = (
        "import sys, boardgames; assert 'site' in boardgames.__file__, boardgames.__file__\n"
        "from boardgames.common.resources import read_rules\n"
        "assert 'Interpretations' in read_rules('uwo')\n"
        "from boardgames.cli import main; sys.exit(main(['vowl', 'solve', 'SVR']))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "BOARDGAMES_DECKS"}
    env["PYTHONPATH"] = str(site)
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120
    )
    assert run.returncode == 0, run.stderr
    assert "savor" in run.stdout.split()
