"""The command line builds only the chosen game's parser, and says the same.

``boardgames vowl check SVR savor`` should cost little more than the pyenchant call
it makes, so the command line builds the subtree of the game it names and nothing
else (``subcommands.LazyCommands``).  What a player reads must not change with that: every
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
    ("--help",),
    ("-h",),
    ("--version",),
    ("--bogus",),
    ("nope",),
    ("--theme",),
    ("--theme", "nope"),
    ("--th", "nord", "--help"),
    ("--theme=nord", "nope"),
    ("--theme", "nope", "vowl", "check", "SVR", "savor"),
    ("vowl", "--help"),
    ("vowl", "check", "--help"),
    ("vowl", "solve", "-h"),
    ("vowl", "--bogus"),
    ("vowl", "--version"),
    ("vowl", "--board", "huge"),
    ("vowl", "nope"),
    ("vowl", "check"),
    ("vowl", "check", "SVR"),
    ("vowl", "check", "SVR", "savor", "extra"),
    ("vowl", "solve"),
    ("vowl", "--theme"),
    ("vowl", "--seed", "x", "check", "SVR", "savor"),
    ("uwo", "--help"),
    ("uwo", "selfplay", "--help"),
    ("uwo", "--level", "grandmaster"),
    ("uwo", "--side", "x"),
    ("uwo", "selfplay", "--gnorfs", "wizard"),
    ("uwo", "selfplay", "--games", "0"),
    ("uwo", "selfplay", "--games", "x"),
    ("uwo", "selfplay", "--bogus"),
    ("uwo", "nope"),
    ("vntypl8s", "--help"),
    ("vntypl8s", "check", "--help"),
    ("vntypl8s", "favourites", "--help"),
    ("vntypl8s", "--timer", "5"),
    ("vntypl8s", "--timer", "soon"),
    ("vntypl8s", "--players", "Ann,Bob"),
    ("vntypl8s", "check", "N0FL4M3S"),
    ("vntypl8s", "check"),
    ("vntypl8s", "favourites", "extra"),
    ("serve", "--help"),
    ("serve", "--port", "x"),
    ("serve", "--bogus"),
    ("uwo", "selfplay", "--games", "99999999999999999999"),
    ("uwo", "selfplay", "--games", "10001"),
    ("uwo", "selfplay", "--seed", "-1"),
    ("vowl", "--seed", "18446744073709551616"),
    ("vntypl8s", "--seed", "1e3"),
    ("serve", "--port", "0"),
    ("serve", "--port", "65536"),
    ("host", "--help"),
    ("host", "uwo", "--help"),
    ("host", "vntypl8s", "--help"),
    ("host", "vowl"),
    ("host", "uwo", "--port", "65536"),
    ("host", "uwo", "--vs-computer"),
    ("join", "--help"),
    ("join",),
)


def transcript(argv: tuple[str, ...]) -> dict[str, object]:
    """What ``boardgames ARGV`` prints and returns, in a terminal 80 columns wide."""
    result = subprocess.run(
        [sys.executable, "-m", "boardgames", *argv],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        env={**os.environ, "COLUMNS": "80", "LINES": "24"},
    )
    return {"stdout": result.stdout, "stderr": result.stderr, "exit": result.returncode}


@pytest.mark.parametrize("argv", ARGVS, ids=" ".join)
def test_help_and_usage_errors_are_unchanged(argv: tuple[str, ...]) -> None:
    recorded = json.loads(TRANSCRIPTS.read_text(encoding="utf-8"))
    assert transcript(argv) == recorded[" ".join(argv)]


#: Commands that parse: the lazy parser must read them exactly as the whole one does.
VALID: tuple[tuple[str, ...], ...] = (
    (),
    ("--theme", "nord"),
    ("--th", "nord", "uwo"),
    ("--theme=nord", "vowl", "check", "SVR", "savor"),
    ("vowl",),
    ("vowl", "--players", "Ann,Bob", "--board", "advanced", "--timers", "25,15", "--seed", "3"),
    ("vowl", "--practice"),
    ("vowl", "--resume", "--theme", "nord"),
    ("vowl", "check", "SVR", "savor"),
    ("vowl", "--seed", "2", "solve", "svr"),
    ("uwo",),
    ("uwo", "--vs-computer", "--level", "hard", "--side", "pnorfs"),
    ("uwo", "--first-game", "selfplay", "--games", "2", "--seed", "4", "--gnorfs", "greedy", "--each"),
    ("vntypl8s", "--players", "Ann,Bob,Cy", "--timer", "30"),
    ("vntypl8s", "check", "N0FL4M3S", "--owner", "Chef"),
    ("vntypl8s", "favourites"),
    ("serve", "--port", "8080", "--host", "0.0.0.0"),
)


@pytest.mark.parametrize("argv", VALID, ids=lambda argv: " ".join(argv) or "(menu)")
def test_the_lazy_parser_reads_a_command_as_the_whole_one_does(argv: tuple[str, ...]) -> None:
    from boardgames.cli import build_parser

    assert vars(build_parser(whole=False).parse_args(argv)) == vars(build_parser().parse_args(argv))


def test_the_menu_opens_with_what_the_parser_reads_from_no_argument() -> None:
    """``boardgames`` alone skips the parser: it must get what parsing gave."""
    from boardgames.cli import build_parser, menu_arguments

    assert (
        vars(menu_arguments()) == vars(build_parser(whole=False).parse_args([])) == vars(build_parser().parse_args([]))
    )


def imported_by(argv: tuple[str, ...]) -> list[str]:
    """The modules ``boardgames ARGV`` has imported when it ends (a fresh interpreter)."""
    code = (
        "import sys\n"
        "from boardgames.cli import main\n"
        "try:\n"
        f"    main({list(argv)!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(' '.join(sorted(sys.modules)), file=sys.stderr)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    return result.stderr.strip().splitlines()[-1].split()


def test_vowl_check_imports_neither_other_games_nor_textual_nor_the_cards() -> None:
    """The tool builds Vowl's options only, reads no card deck (only the curated
    word lists it judges with) and opens no screen."""
    modules = imported_by(("vowl", "check", "SVR", "savor"))
    assert "enchant" in modules and "boardgames.vowl.entry" in modules  # it did judge
    unwanted = [
        m
        for m in modules
        if m.split(".")[0] in ("textual", "plotext")
        or m.startswith(("boardgames.uwo", "boardgames.vntypl8s", "boardgames.app"))
        or m in ("boardgames.vowl.cards", "boardgames.vowl.spec", "boardgames.common.ui")
    ]
    assert unwanted == []


def test_vowl_check_imports_neither_dataclasses_nor_rich() -> None:
    """``vowl check`` stays near a raw pyenchant script's cost: ``dataclasses`` with
    ``inspect`` behind it, and Rich through the text helpers, were a fifth of its time."""
    modules = imported_by(("vowl", "check", "SVR", "savor"))
    assert "boardgames.common.skeleton" in modules and "boardgames.common.text" in modules  # it did judge
    assert [m for m in modules if m.split(".")[0] in ("dataclasses", "inspect", "rich")] == []


def test_help_imports_only_what_parsing_needs() -> None:
    """``boardgames --help`` lists the games from the registry: no game's entry, no
    dictionary, no Textual, no rich, not even ``dataclasses``."""
    modules = imported_by(("--help",))
    ours = sorted(m for m in modules if m.startswith("boardgames"))
    assert ours == [
        "boardgames",
        "boardgames.cli",
        "boardgames.common",
        "boardgames.common.errors",
        "boardgames.games",
        "boardgames.subcommands",
    ]
    assert [m for m in modules if m.split(".")[0] in ("textual", "rich", "enchant", "dataclasses")] == []


@pytest.mark.parametrize("game", ["vowl", "uwo", "vntypl8s"])
def test_a_games_help_builds_that_game_only(game: str) -> None:
    modules = imported_by((game, "--help"))
    entries = sorted(m for m in modules if m.endswith(".entry"))
    assert entries == [f"boardgames.{game}.entry"]


if __name__ == "__main__":  # pragma: no cover - re-recording, by hand
    if sys.argv[1:] != ["--write"]:
        raise SystemExit("usage: python -m tests.common.test_cli_parser --write")
    TRANSCRIPTS.write_text(
        json.dumps({" ".join(argv): transcript(argv) for argv in ARGVS}, indent=1, ensure_ascii=False) + "\n",
        encoding="utf-8",
    )
