"""Vowl's setup rules, without a terminal: every problem reported, in words."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest

from boardgames.common.names import BadNames
from boardgames.games import GameEntry, get_game
from boardgames.vowl.entry import ENTRY
from boardgames.vowl.spec import SPEC, VowlSetup, parse_players


def test_parse_players_trims_and_refuses_blanks() -> None:
    # Names are trimmed and inner runs of spaces closed up; an empty name between commas
    # is a name left out by mistake, so it is refused, said once, not dropped (common.names).
    assert parse_players(" Ann  Lee, Bob Roy ") == ("Ann Lee", "Bob Roy")
    with pytest.raises(BadNames) as info:
        parse_players(" Ann  Lee, Bob Roy ,, ")
    assert info.value.problems == ("2 players' names are empty: give every player a name.",)


def test_two_to_five_players() -> None:
    assert VowlSetup(("A", "B"), (25, 25)).problems() == []
    assert VowlSetup(("A",), (25,)).problems()[0].startswith("Vowl needs 2 to 5 players")
    six = tuple("ABCDEF")
    assert VowlSetup(six, (25,) * 6).problems()


def test_practice_is_for_one() -> None:
    assert VowlSetup(("Ann",), (15,), practice=True).problems() == []
    assert VowlSetup(("Ann", "Bob"), (15, 15), practice=True).problems()


def test_duplicate_names_and_bad_timers_reported_together() -> None:
    problems = VowlSetup(("Ann", "ann"), (25, 20)).problems()
    assert any("names must differ" in p for p in problems)
    assert any("25 or 15 seconds" in p for p in problems)


def test_cli_timers_per_player() -> None:
    import argparse

    from boardgames.common.errors import UserFacingError
    from boardgames.vowl.entry import setup_from_args

    def args(**kw: object) -> argparse.Namespace:
        base = {"players": "Ann Lee,Bob Roy", "board": "advanced", "practice": False, "timers": None}
        return argparse.Namespace(**{**base, **kw})

    assert setup_from_args(args()).timers == (25, 25)
    setup = setup_from_args(args(timers="25, 15"))
    assert setup.timers == (25, 15) and setup.advanced
    for bad in ("25,x", "25,20", "25,15,25", "x"):
        with pytest.raises(UserFacingError):
            setup_from_args(args(timers=bad))


def test_one_timer_is_for_everyone() -> None:
    """``--timers 15`` with two players was refused (it needed 15,15): one value is for everyone."""
    import argparse

    from boardgames.common.errors import UserFacingError
    from boardgames.vowl.entry import setup_from_args

    def args(players: str, timers: str) -> argparse.Namespace:
        return argparse.Namespace(players=players, board=None, practice=False, timers=timers)

    assert setup_from_args(args("Ann Lee,Bob Roy", "15")).timers == (15, 15)
    assert setup_from_args(args("Ann,Bob,Cy", " 15 ")).timers == (15, 15, 15)
    with pytest.raises(UserFacingError, match="25 or 15 seconds"):
        setup_from_args(args("Ann,Bob", "20"))


def test_the_registry_holds_the_vowl_entry() -> None:
    entry = get_game("vowl").entry
    assert entry is ENTRY and isinstance(entry, GameEntry)
    assert entry.spec is SPEC and [i.label for i in entry.menu_items()] == ["practice stats"]


def test_launch_is_gone() -> None:
    assert importlib.util.find_spec("boardgames.vowl.launch") is None


@pytest.mark.parametrize(
    ("module", "absent"),
    [
        ("boardgames.vowl.spec", "textual"),  # the spec is pure: no screen, no Textual
        ("boardgames.vowl.screen", "boardgames.vowl.entry"),  # screens never import the entry
        ("boardgames.vowl.setup", "boardgames.vowl.entry"),
    ],
)
def test_no_import_circle_through_the_entry(module: str, absent: str) -> None:
    code = f"import sys, {module}; print({absent!r} in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_the_parser_imports_no_vowl_screen() -> None:
    """``boardgames --help`` (any command) builds every game's parser: Vowl's opens no screen."""
    code = (
        "import sys\n"
        "from boardgames.cli import build_parser\n"
        "build_parser()\n"
        "print(sorted(m for m in sys.modules if m.startswith('boardgames.vowl.')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "'boardgames.vowl.entry'" in out
    for heavy in ("boardgames.vowl.screen", "boardgames.vowl.setup", "boardgames.vowl.spec"):
        assert f"'{heavy}'" not in out, out
