"""``boardgames vntypl8s check``: the exact outputs and exit codes."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from boardgames.cli import main
from boardgames.common.decks import DECKS_ENV, decks_root
from boardgames.games import GameEntry, get_game
from boardgames.vntypl8s.cards import load_decks
from boardgames.vntypl8s.entry import ENTRY
from boardgames.vntypl8s.favourites import Favourite, add_favourites
from boardgames.vntypl8s.spec import SPEC


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["vntypl8s", "check", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_legal_plate_prints_legal_exit_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "N0FL4M3S", "--owner", "Fire Fighter") == (0, "legal\n", "")


def test_illegal_plate_lists_every_broken_rule_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "FGHTSF1R", "--owner", "Fire Fighter")
    assert code == 1
    assert out.splitlines() == [
        "illegal:",
        "  - F1R reads as \u201cfire\u201d, a word of the owner's title",
        "  - FGHTS reads as \u201cfights\u201d, a form of \u201cFighter\u201d in the owner's title",
    ]


def test_character_rules_each_on_its_own_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "ab-CDEFGHJ", "--owner", "Chef")
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == "illegal:"
    assert [line.split(" (")[0].split(":")[0] for line in lines[1:]] == [
        "  - lower-case letters",
        "  - punctuation",
        "  - 10 characters",
        "  - vowels",
    ]


def test_requirements_missing(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "5YR0LDS", "--owner", "Elementary Teacher", "--requirements", "SH5")
    assert (code, out) == (0, "legal\nrequirements: missing H\n")


def test_requirements_met(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "5HYR0LDS", "--owner", "Elementary Teacher", "--requirements", "sh5")
    assert (code, out) == (0, "legal\nrequirements: met\n")


def test_requirements_printed_after_an_illegal_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "CHF5H", "--owner", "Chef", "--requirements", "SH5")
    assert code == 1
    assert out.splitlines()[-1] == "requirements: missing S"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["N0FL4M3S", "--owner", "  "], "bad owner"),
        (["N0FL4M3S", "--owner", "Chef", "--requirements", "SA5"], "bad requirements card"),
        (["N0FL4M3S", "--owner", "Chef", "--requirements", "SHHH"], "bad requirements card"),
    ],
)
def test_bad_usage_exits_2(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == "" and message in err


@pytest.mark.parametrize("args", [["N0FL4M3S"], [], ["N0FL4M3S", "--owner"]])
def test_missing_arguments_exit_2(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["vntypl8s", "check", *args])
    assert info.value.code == 2


@pytest.mark.parametrize(
    "argv",
    [
        ["vntypl8s", "--players", "Ann,Bob"],
        ["vntypl8s", "--players", "A,B,C,D,E,F,G,H,I"],
        ["vntypl8s", "--players", "Ann,ann,Cy"],
        ["vntypl8s", "--players", "Ann,,Cy"],
        ["vntypl8s", "--timer", "0"],
        ["vntypl8s", "--timer", "soon"],
    ],
)
def test_bad_play_options_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert "error" in capsys.readouterr().err


def test_malformed_deck_stops_every_command_with_file_and_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tmp_path / "decks"
    shutil.copytree(decks_root(), root)
    reqs = root / "vntypl8s" / "requirements.txt"
    reqs.write_text(reqs.read_text(encoding="utf-8").replace("\nBL4\n", "\nBLA\n"), encoding="utf-8")
    monkeypatch.setenv(DECKS_ENV, str(root))
    load_decks.cache_clear()
    try:
        code = main(["vntypl8s", "check", "N0FL4M3S", "--owner", "Chef"])
    finally:
        load_decks.cache_clear()
    err = capsys.readouterr().err
    assert code == 4
    assert "requirements.txt, line" in err and "vowel" in err
    assert "Traceback" not in err


def test_favourites_lists_saved_plates(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["vntypl8s", "favourites"]) == 0
    assert "no favourite plates yet" in capsys.readouterr().out
    assert add_favourites([Favourite("H3NF33D", "Farmer", "NTH", "Cy")]) is None
    assert main(["vntypl8s", "favourites"]) == 0
    out = capsys.readouterr().out
    assert "H3NF33D" in out and "0WN3R: Farmer" in out and "R3QRMNTS: NTH" in out and "by Cy" in out


def test_the_entry_is_the_registrys_and_offers_the_favourites_page() -> None:
    entry = get_game("vntypl8s").entry
    assert entry is ENTRY and isinstance(entry, GameEntry) and entry.spec is SPEC
    (item,) = entry.menu_items()
    assert item.label == "favourite license plates" and callable(item.open)


@pytest.mark.parametrize(
    ("module", "absent"),
    [
        ("boardgames.vntypl8s.spec", "textual"),  # the spec is pure: no screen, no Textual
        ("boardgames.vntypl8s.screen", "boardgames.vntypl8s.entry"),  # screens never import the entry
    ],
)
def test_no_import_circle_through_the_entry(module: str, absent: str) -> None:
    code = f"import sys, {module}; print({absent!r} in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
