"""A malformed deck file is reported clearly -- file and line -- and never as a traceback.

Each test copies the real ``decks/`` folder into ``tmp_path``, breaks one thing in
the copy, points ``$BOARDGAMES_DECKS`` at it and loads the Vowl decks the way the
game does at start-up.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from boardgames.cli import main
from boardgames.common.decks import DECKS_ENV, DeckError
from boardgames.common.errors import UserFacingError
from boardgames.vowl.cards import Tier, load_decks

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class DeckCopy:
    """A private copy of ``decks/`` with helpers to break the Vowl files."""

    root: Path

    def path(self, tier: Tier) -> Path:
        return self.root / "vowl" / tier.filename

    def lines(self, tier: Tier) -> list[bytes]:
        return self.path(tier).read_bytes().split(b"\n")

    def card_line_numbers(self, tier: Tier) -> list[int]:
        """1-based numbers of the lines that hold a card (not comments, not blank)."""
        return [n for n, raw in enumerate(self.lines(tier), start=1) if raw.split(b"#", 1)[0].strip()]

    def skeleton_at(self, tier: Tier, number: int) -> str:
        return self.lines(tier)[number - 1].split()[0].decode()

    def replace_line(self, tier: Tier, number: int, new: bytes) -> None:
        lines = self.lines(tier)
        lines[number - 1] = new
        self.path(tier).write_bytes(b"\n".join(lines))

    def delete_line(self, tier: Tier, number: int) -> None:
        lines = self.lines(tier)
        del lines[number - 1]
        self.path(tier).write_bytes(b"\n".join(lines))

    def append_line(self, tier: Tier, new: bytes) -> None:
        data = self.path(tier).read_bytes()
        self.path(tier).write_bytes(data.rstrip(b"\n") + b"\n" + new + b"\n")

    def find(self, tier: Tier, skeleton: str) -> int:
        for n, raw in enumerate(self.lines(tier), start=1):
            if raw.split(b"#", 1)[0].split()[:1] == [skeleton.encode()]:
                return n
        raise LookupError(skeleton)


@pytest.fixture
def decks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[DeckCopy]:
    monkeypatch.delenv(DECKS_ENV, raising=False)
    source = ROOT / "decks"
    copy = tmp_path / "decks"
    shutil.copytree(source, copy)
    monkeypatch.setenv(DECKS_ENV, str(copy))
    load_decks.cache_clear()
    yield DeckCopy(copy)
    load_decks.cache_clear()


def load_error() -> DeckError:
    load_decks.cache_clear()
    with pytest.raises(DeckError) as info:
        load_decks()
    return info.value


def assert_names(error: DeckError, path: Path, line: int | None) -> None:
    assert error.path == path
    assert str(path) in error.message
    assert error.line == line
    if line is not None:
        assert f"line {line}:" in error.message


# --- the copy itself is fine ------------------------------------------------------------


def test_an_intact_copy_loads(decks: DeckCopy) -> None:
    loaded = load_decks()
    assert [len(loaded[t]) for t in Tier] == [210, 130, 60]
    assert all(card.answers for t in Tier for card in loaded[t])


def test_deck_error_is_a_user_facing_error() -> None:
    error = DeckError(Path("x.txt"), 3, "broken")
    assert isinstance(error, UserFacingError)
    assert error.exit_code == 4
    assert error.message == "Card data error in x.txt, line 3: broken"


# --- counts -----------------------------------------------------------------------------


def test_a_missing_card_line_gives_the_wrong_count(decks: DeckCopy) -> None:
    decks.delete_line(Tier.BASIC, decks.card_line_numbers(Tier.BASIC)[17])
    error = load_error()
    assert_names(error, decks.path(Tier.BASIC), None)
    assert "expected 210 cards, found 209" in error.message


def test_an_extra_card_line_gives_the_wrong_count(decks: DeckCopy) -> None:
    decks.append_line(Tier.EXPERT, b"XQZ")  # a well-formed, unused skeleton
    error = load_error()
    assert_names(error, decks.path(Tier.EXPERT), None)
    assert "expected 60 cards, found 61" in error.message


def test_an_emptied_file_gives_the_wrong_count(decks: DeckCopy) -> None:
    decks.path(Tier.ADVANCED).write_text("# nothing left\n", encoding="utf-8")
    error = load_error()
    assert_names(error, decks.path(Tier.ADVANCED), None)
    assert "expected 130 cards, found 0" in error.message


def test_a_missing_file_is_named(decks: DeckCopy) -> None:
    decks.path(Tier.ADVANCED).unlink()
    error = load_error()
    assert_names(error, decks.path(Tier.ADVANCED), None)
    assert "missing" in error.message


# --- one bad line -----------------------------------------------------------------------


def test_a_skeleton_repeated_across_decks_names_both_places(decks: DeckCopy) -> None:
    first_basic = decks.card_line_numbers(Tier.BASIC)[0]
    skeleton = decks.skeleton_at(Tier.BASIC, first_basic)
    target = decks.card_line_numbers(Tier.EXPERT)[5]
    decks.replace_line(Tier.EXPERT, target, skeleton.encode())
    error = load_error()
    assert_names(error, decks.path(Tier.EXPERT), target)
    assert f"skeleton {skeleton} already appears in basic.txt line {first_basic}" in error.message


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (b"SAVR savor", "'A' is a vowel"),
        (b"SV2R", "'2' is not a letter"),
        (b"S-R", "'-' is not a letter"),
        (b"svr savor", "must be in capitals"),
    ],
    ids=["vowel", "digit", "symbol", "lower-case"],
)
def test_a_malformed_skeleton_names_its_line(decks: DeckCopy, text: bytes, problem: str) -> None:
    target = decks.card_line_numbers(Tier.ADVANCED)[42]
    decks.replace_line(Tier.ADVANCED, target, text)
    error = load_error()
    assert_names(error, decks.path(Tier.ADVANCED), target)
    assert problem in error.message


@pytest.mark.parametrize(
    ("answer", "problem"),
    [
        (b"savory", "'savory' does not fit SVR"),  # Y is a consonant
        (b"savior", "'savior' does not fit SVR"),  # double vowel
        (b"Savor", "'Savor' must be a lower-case word"),
        (b"sav0r", "'sav0r' must be a lower-case word"),
    ],
    ids=["y-is-a-consonant", "double-vowel", "capital", "digit"],
)
def test_a_bad_reference_answer_names_its_line(decks: DeckCopy, answer: bytes, problem: str) -> None:
    target = decks.find(Tier.BASIC, "SVR")
    decks.replace_line(Tier.BASIC, target, b"SVR severe " + answer)
    error = load_error()
    assert_names(error, decks.path(Tier.BASIC), target)
    assert problem in error.message


def test_invalid_utf8_names_its_line(decks: DeckCopy) -> None:
    target = decks.card_line_numbers(Tier.EXPERT)[9]
    decks.replace_line(Tier.EXPERT, target, b"MDCN medic\xff\xfeine")
    error = load_error()
    assert_names(error, decks.path(Tier.EXPERT), target)
    assert "not valid UTF-8" in error.message


def test_a_comment_after_a_card_is_not_an_error(decks: DeckCopy) -> None:
    """The mutations above are what break the files: comments and blanks are fine."""
    target = decks.find(Tier.BASIC, "SVR")
    decks.replace_line(Tier.BASIC, target, b"  SVR\tsavor sever   # the rulebook's example\n")
    loaded = load_decks()
    svr = next(card for card in loaded[Tier.BASIC] if card.skeleton == "SVR")
    assert svr.answers == ("savor", "sever")


# --- the command line -------------------------------------------------------------------


def test_cli_reports_a_broken_deck_without_a_traceback(decks: DeckCopy, capsys: pytest.CaptureFixture[str]) -> None:
    target = decks.card_line_numbers(Tier.ADVANCED)[3]
    decks.replace_line(Tier.ADVANCED, target, b"CPT4L capital")
    load_decks.cache_clear()
    code = main(["vowl", "--resume"])  # checks the decks before it looks for a save (the tools read none)
    out, err = capsys.readouterr()
    assert code == DeckError.exit_code != 0
    assert out == ""  # nothing is dealt from a broken card set
    assert err.startswith("boardgames: Card data error in ")
    assert f"{decks.path(Tier.ADVANCED)}, line {target}:" in err
    assert "'4' is not a letter" in err
    assert "Traceback" not in err


def test_installed_command_reports_a_broken_deck_without_a_traceback(decks: DeckCopy) -> None:
    decks.path(Tier.EXPERT).unlink()
    script = Path(sys.executable).with_name("boardgames")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "boardgames"]
    result = subprocess.run(
        [*command, "vowl", "--resume"],  # checks the decks before it looks for a save
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, DECKS_ENV: str(decks.root)},
        timeout=60,
    )
    assert result.returncode == 4
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    assert result.stderr.strip() == (f"boardgames: Card data error in {decks.path(Tier.EXPERT)}: the file is missing")


# --- the main menu -------------------------------------------------------------------------


async def test_the_menu_opens_with_a_broken_deck_and_names_it_when_the_game_is_opened(decks: DeckCopy) -> None:
    """The menu reads no deck before its first frame; a broken Vowl deck is
    named when Vowl is opened, the menu stays, and UWO still opens."""
    from boardgames.app import BoardgamesApp, MainMenu
    from tests.screen import record_notifications, settled, wait_for

    decks.path(Tier.EXPERT).unlink()
    load_decks.cache_clear()
    app = BoardgamesApp(seed=1)
    async with app.run_test(size=(100, 36)) as pilot:
        said = record_notifications(app)
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and app.screen.is_mounted, "the menu")
        assert not said  # nothing was wrong before a game was chosen
        app.open_game("vowl")
        expected = f"Card data error in {decks.path(Tier.EXPERT)}: the file is missing"
        await wait_for(pilot, lambda: expected in said, "the broken file named")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        app.open_game("uwo")
        await wait_for(pilot, lambda: getattr(app.screen, "GAME", None) == "uwo", "the UWO screen")
        await wait_for(pilot, lambda: settled(app), "the UWO screen mounted")
    load_decks.cache_clear()
