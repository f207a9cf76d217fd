"""Vowl's setup rules, without a terminal: every problem reported, in words."""

from __future__ import annotations

import pytest

from boardgames.common.names import BadNames
from boardgames.vowl.spec import VowlSetup, parse_players


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
    for bad in ("25", "25,x", "25,20"):
        with pytest.raises(UserFacingError):
            setup_from_args(args(timers=bad))
