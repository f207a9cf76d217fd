"""The command line has limits, and says so in one line.

- ``vowl solve`` lists answers for any skeleton up to ``MAX_SKELETON`` consonants from
  the dictionary's index; only the exhaustive fallback (a dictionary with no
  word list) stops at ``MAX_SOLVED`` (``SkeletonTooLong``);
- ``vntypl8s check`` reads at most ``MAX_JUDGED`` characters (Interpretation P21), and
  the judge itself does not read a longer plate for title words;
- a closed output pipe ends any command quietly (exit 141, no traceback);
- contradictory options (``--resume`` with a setup option, ``--practice`` with several
  players) are refused with one line and exit 2, the same way in every game.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from boardgames.cli import BROKEN_PIPE_EXIT, main
from boardgames.common.skeleton import (
    MAX_SKELETON,
    MAX_SOLVED,
    SkeletonError,
    SkeletonMatcher,
    SkeletonTooLong,
)
from boardgames.vntypl8s.judge import PlateJudge, Rule
from boardgames.vntypl8s.limits import MAX_JUDGED, MAX_LENGTH
from boardgames.vowl.cards import load_decks

ROOT = Path(__file__).resolve().parents[2]
CONSONANTS = "BCDFGHJKLMNPQRSTVWXZ"


def skeleton_of(n: int) -> str:
    return (CONSONANTS * 3)[:n]


class CountingBackend:
    """A dictionary that knows nothing and counts how often it was asked."""

    def __init__(self) -> None:
        self.checks = 0

    def check(self, word: str) -> bool:
        self.checks += 1
        return False


# --- vowl solve: any length from the index; the exhaustive fallback stops at MAX_SOLVED------------------------------------


def test_the_matcher_refuses_to_enumerate_past_the_limit_before_any_work() -> None:
    backend = CountingBackend()
    matcher = SkeletonMatcher(backend)
    with pytest.raises(SkeletonTooLong, match=f"at most {MAX_SOLVED}"):
        matcher.solutions(skeleton_of(MAX_SOLVED + 1))
    assert backend.checks == 0
    with pytest.raises(SkeletonError):  # callers that catch the old error still catch it
        matcher.solutions(skeleton_of(16))


def test_the_limit_still_lists_answers_up_to_it() -> None:
    backend = CountingBackend()
    assert SkeletonMatcher(backend).solutions(skeleton_of(MAX_SOLVED)) == []
    assert backend.checks == 5 ** (MAX_SOLVED - 1) * 6


def test_every_deck_card_stays_solvable() -> None:
    longest = max(len(card.skeleton) for deck in load_decks().values() for card in deck)
    assert longest <= MAX_SOLVED


def test_solve_answers_a_skeleton_the_exhaustive_search_never_could(capsys: pytest.CaptureFixture[str]) -> None:
    """14 consonants are 5^13 x 6 = 7.3e9 candidates for the old search; the
    index answers at once (no timing asserted: the old search would not end at all)."""
    assert main(["vowl", "solve", "HNRFCBLTDNTTBS"]) == 0
    assert capsys.readouterr().out.split() == ["honorificabilitudinitatibus"]


def test_solve_refuses_an_absurd_skeleton_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["vowl", "solve", "B" * (MAX_SKELETON + 1)]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err.count("\n") == 1
    assert "malformed skeleton" in out.err and f"at most {MAX_SKELETON}" in out.err


def test_solve_answers_the_longest_deck_card(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["vowl", "solve", "CRNVRS"]) == 0
    assert "coronavirus" in capsys.readouterr().out.split()


def test_check_takes_long_skeletons_but_not_absurd_ones(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["vowl", "check", "MNRLGCL", "mineralogical"]) == 0
    assert main(["vowl", "check", skeleton_of(MAX_SKELETON), "bob"]) == 1  # judged, not refused: check is cheap
    assert "does not fit" in capsys.readouterr().out
    assert main(["vowl", "check", "B" * (MAX_SKELETON + 1), "bob"]) == 2
    err = capsys.readouterr().err
    assert "malformed skeleton" in err and f"at most {MAX_SKELETON}" in err
    assert len(err) < 300  # the pasted text is not echoed whole


def test_help_states_the_limit() -> None:
    for args in (["vowl", "solve", "--help"],):
        result = subprocess.run(
            [sys.executable, "-m", "boardgames", *args], capture_output=True, text=True, cwd=ROOT, timeout=60
        )
        assert result.returncode == 0
        assert f"{MAX_SKELETON} consonants" in " ".join(result.stdout.split())


# --- vntypl8s check: at most MAX_JUDGED characters (P21) -----------------------------


class NoWords:
    def check(self, word: str) -> bool:
        return False


def test_the_editor_and_the_judge_agree_on_the_length() -> None:
    """P21: the editor holds MAX_JUDGED characters, twice the rule's eight."""
    assert MAX_JUDGED == 2 * MAX_LENGTH == 16


def test_the_judge_reads_up_to_max_judged_and_no_further() -> None:
    """P21: up to 16 characters every rule is named; past it, only "too long" and the characters."""
    judge = PlateJudge(NoWords())
    within = "FGHTR" + "B" * (MAX_JUDGED - 5)
    assert Rule.TITLE_WORD in judge.judge(within, "Fire Fighter").broken()
    beyond = "FGHTR" + "B" * (MAX_JUDGED - 4)
    judgement = judge.judge(beyond, "Fire Fighter")
    assert not judgement.legal
    assert judgement.broken() == {Rule.TOO_LONG}
    assert "not read past 16 characters" in " ".join(judgement.lines())


def test_the_judge_takes_a_huge_plate_in_its_stride() -> None:
    """A damaged save's plate of 200,000 characters: judged illegal, nothing read."""
    judgement = PlateJudge(NoWords()).judge("FGHTR-" * 40_000, "Fire Fighter")
    assert judgement.broken() == {Rule.TOO_LONG, Rule.PUNCTUATION}


def test_check_refuses_an_over_long_plate_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["vntypl8s", "check", "B" * 200, "--owner", "Fire Fighter"]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err.count("\n") == 1 and "at most 16" in out.err


def test_check_still_names_every_rule_up_to_sixteen(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["vntypl8s", "check", "FGHTR" + "B" * 11, "--owner", "Fire Fighter"]) == 1
    out = capsys.readouterr().out
    assert "16 characters: a plate holds at most 8" in out and "fighter" in out


def test_check_refuses_an_absurd_owner(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["vntypl8s", "check", "N0FL4M3S", "--owner", "Fire Fighter " * 100]) == 2
    assert "owner title too long" in capsys.readouterr().err


async def test_the_plate_editor_holds_max_judged() -> None:
    from boardgames.vntypl8s.screen import Vntypl8sScreen
    from tests.screen import wait_for
    from tests.vntypl8s.ui import game_screen, make_app

    app, _clock = make_app()
    async with app.run_test(size=(110, 44)) as pilot:
        await wait_for(
            pilot, lambda: any(isinstance(s, Vntypl8sScreen) and s.is_mounted for s in app.screen_stack), "the game"
        )
        editor = game_screen(app).query_one("#plate-input")
        assert editor.max_length == MAX_JUDGED


# --- a closed pipe --------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["uwo", "selfplay", "--games", "1", "--each"],
        ["vowl", "solve", "SVR"],
        ["vowl", "check", "SVR", "savor"],
        ["vntypl8s", "check", "N0FL4M3S", "--owner", "Fire Fighter"],
        ["vntypl8s", "favourites"],
        ["--help"],
        ["--version"],
    ],
    ids=lambda a: " ".join(a[:2]),
)
def test_a_reader_that_went_away_ends_the_command_quietly(args: list[str]) -> None:
    """``... | head -0``: the pipe is closed before the command writes a byte.

    Every command ends with 141 and nothing says more than that; ``--help`` and
    ``--version`` too (argparse drops a failed write itself, and they exited 0).
    """
    proc = subprocess.Popen(
        [sys.executable, "-m", "boardgames", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=os.environ.copy(),
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader is gone before anything was written
    err = proc.stderr.read().decode()
    code = proc.wait(timeout=120)
    assert "Traceback" not in err and "BrokenPipeError" not in err, err
    assert code == BROKEN_PIPE_EXIT


# --- contradictory options ------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["vowl", "--resume", "--players", "Ann,Bob"], "--players"),
        (["vowl", "--resume", "--practice"], "--practice"),
        (["vowl", "--resume", "--board", "standard"], "--board"),
        (["vowl", "--resume", "--timers", "25,25"], "--timers"),
        (["vowl", "--resume", "--seed", "3"], "--seed"),
        (["uwo", "--resume", "--first-game"], "--first-game"),
        (["uwo", "--resume", "--vs-computer"], "--vs-computer"),
        (["uwo", "--resume", "--level", "easy"], "--level"),
        (["uwo", "--resume", "--side", "pnorfs"], "--side"),
        (["uwo", "--resume", "--seed", "3"], "--seed"),
        (["vntypl8s", "--resume", "--players", "Ann,Bob,Cy"], "--players"),
        (["vntypl8s", "--resume", "--timer", "30"], "--timer"),
        (["vntypl8s", "--resume", "--seed", "3"], "--seed"),
    ],
)
def test_resume_with_a_setup_option_is_refused(capsys: pytest.CaptureFixture[str], args: list[str], named: str) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert f"--resume cannot be combined with {named}" in err


def test_resume_names_every_clashing_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["uwo", "--resume", "--first-game", "--seed", "3"]) == 2
    assert "--first-game or --seed" in capsys.readouterr().err


def test_practice_with_several_players_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["vowl", "--practice", "--players", "Ann,Bob"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "practice is for one player" in err


def test_practice_with_one_player_is_a_practice_setup() -> None:
    import argparse

    from boardgames.vowl.entry import setup_from_args

    args = argparse.Namespace(players="Ann", practice=True, board=None, timers=None)
    setup = setup_from_args(args)
    assert setup is not None and setup.names == ("Ann",) and setup.practice and not setup.advanced


# --- counts and seeds: a documented range, refused by the parser with one line -----------------------------------------

OUT_OF_RANGE = (
    ["uwo", "selfplay", "--games", "99999999999999999999"],  # ran until it was killed
    ["uwo", "selfplay", "--games", "10001"],
    ["uwo", "selfplay", "--seed", "-1"],
    ["uwo", "--seed", "18446744073709551616"],  # more than a save's 64-bit seed
    ["vowl", "--seed", "-3"],
    ["vntypl8s", "--seed", "9" * 5000],  # past Python's own limit for int()
    ["serve", "--port", "70000"],
)


@pytest.mark.parametrize("argv", OUT_OF_RANGE, ids=" ".join)
def test_a_count_or_seed_out_of_its_range_is_a_usage_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    from boardgames.cli import build_parser

    with pytest.raises(SystemExit) as exited:
        build_parser(whole=False).parse_args(argv)
    assert exited.value.code == 2
    err = capsys.readouterr().err
    [message] = [line for line in err.splitlines() if "error:" in line]
    assert "expected a whole number from " in message and len(message) < 200


def test_the_edges_of_each_range_are_accepted() -> None:
    from boardgames.cli import build_parser

    parser = build_parser(whole=False)
    assert parser.parse_args(["uwo", "selfplay", "--games", "10000"]).games == 10000
    assert build_parser(whole=False).parse_args(["uwo", "selfplay", "--games", "1"]).games == 1
    assert build_parser(whole=False).parse_args(["vowl", "--seed", str(2**64 - 1)]).seed == 2**64 - 1
    assert build_parser(whole=False).parse_args(["vowl", "--seed", "0"]).seed == 0


def test_no_integer_option_is_left_without_a_range() -> None:
    """A plain ``type=int`` takes any number, however absurd: every one goes through
    ``subcommands.whole_number`` (this test is the guard's control)."""
    import argparse

    from boardgames.cli import build_parser

    def actions(parser: argparse.ArgumentParser) -> list[argparse.Action]:
        found = list(parser._actions)
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for child in dict.fromkeys(action.choices.values()):
                    found += actions(child)
        return found

    unbounded = [a.option_strings or a.dest for a in actions(build_parser()) if a.type is int]
    assert unbounded == []
