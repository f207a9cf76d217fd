"""The command line builds only the chosen game's parser (issue 16), and says the same.

``boardgames vowl check SVR savor`` should cost little more than the pyenchant call
it makes, so the command line builds the subtree of the game it names and nothing
else (``cli.LazyCommands``).  What a player reads must not change with that: every
``--help`` at every level, ``--version`` and every usage error is compared with the
transcript the whole parser gave (``cli_transcripts.json``, recorded before the
change; ``python -m tests.common.test_cli_parser --write`` records it again after an
intended change of wording, and the diff is reviewed like a snapshot's).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TRANSCRIPTS = Path(__file__).with_name("cli_transcripts.json")

#: Every help page, and the usage errors argparse (or the theme check) ends a command with.
ARGVS: tuple[tuple[str, ...], ...] = (
    ("--help",), ("-h",), ("--version",), ("--bogus",), ("nope",), ("--theme",), ("--theme", "nope"),
    ("--th", "nord", "--help"), ("--theme=nord", "nope"), ("--theme", "nope", "vowl", "check", "SVR", "savor"),
    ("vowl", "--help"), ("vowl", "check", "--help"), ("vowl", "solve", "-h"), ("vowl", "--bogus"),
    ("vowl", "--version"), ("vowl", "--board", "huge"), ("vowl", "nope"), ("vowl", "check"),
    ("vowl", "check", "SVR"), ("vowl", "check", "SVR", "savor", "extra"), ("vowl", "solve"),
    ("vowl", "--theme"), ("vowl", "--seed", "x", "check", "SVR", "savor"),
    ("uwo", "--help"), ("uwo", "selfplay", "--help"), ("uwo", "--level", "grandmaster"), ("uwo", "--side", "x"),
    ("uwo", "selfplay", "--gnorfs", "wizard"), ("uwo", "selfplay", "--games", "0"),
    ("uwo", "selfplay", "--games", "x"), ("uwo", "selfplay", "--bogus"), ("uwo", "nope"),
    ("vntypl8s", "--help"), ("vntypl8s", "check", "--help"), ("vntypl8s", "favourites", "--help"),
    ("vntypl8s", "--timer", "5"), ("vntypl8s", "--timer", "soon"), ("vntypl8s", "--players", "Ann,Bob"),
    ("vntypl8s", "check", "N0FL4M3S"), ("vntypl8s", "check"), ("vntypl8s", "favourites", "extra"),
    ("serve", "--help"), ("serve", "--port", "x"), ("serve", "--bogus"),
)


def transcript(argv: tuple[str, ...]) -> dict[str, object]:
    """What ``boardgames ARGV`` prints and returns, in a terminal 80 columns wide."""
    result = subprocess.run(
        [sys.executable, "-m", "boardgames", *argv],
        capture_output=True, text=True, cwd=ROOT, timeout=60,
        env={**os.environ, "COLUMNS": "80", "LINES": "24"},
    )
    return {"stdout": result.stdout, "stderr": result.stderr, "exit": result.returncode}


@pytest.mark.parametrize("argv", ARGVS, ids=" ".join)
def test_help_and_usage_errors_are_unchanged(argv: tuple[str, ...]) -> None:
    recorded = json.loads(TRANSCRIPTS.read_text(encoding="utf-8"))
    assert transcript(argv) == recorded[" ".join(argv)]


if __name__ == "__main__":  # pragma: no cover - re-recording, by hand
    if sys.argv[1:] != ["--write"]:
        raise SystemExit("usage: python -m tests.common.test_cli_parser --write")
    TRANSCRIPTS.write_text(
        json.dumps({" ".join(argv): transcript(argv) for argv in ARGVS}, indent=1, ensure_ascii=False) + "\n",
        encoding="utf-8",
    )
