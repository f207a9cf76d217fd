"""The two decks: counts, uniqueness, format, and clear errors for malformed files."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from boardgames.common.decks import DECKS_ENV, DeckError, decks_root
from boardgames.common.skeleton import VOWELS
from boardgames.vntypl8s import cards
from boardgames.vntypl8s.cards import (
    OWNER_COUNT,
    REQUIREMENT_COUNT,
    load_decks,
    load_owners,
    load_requirements,
    normalise_requirement,
    requirement_key,
)
from boardgames.vntypl8s.judge import PlateJudge, title_words


def test_owner_deck_has_184_unique_titles() -> None:
    owners = load_decks().owners
    assert len(owners) == OWNER_COUNT == 184
    assert len({o.lower() for o in owners}) == 184


def test_owner_titles_are_well_formed() -> None:
    for title in load_decks().owners:
        assert re.fullmatch(r"[A-Z][a-z]+(?:[ -][A-Z][a-z]+){0,3}", title), title
        assert len(title) <= cards.MAX_TITLE_LENGTH


def test_owner_deck_has_the_rulebook_examples() -> None:
    owners = set(load_decks().owners)
    assert {"Fire Fighter", "Elementary Teacher", "Truck Driver", "Farmer", "Park Ranger", "Chef"} <= owners


def test_no_owner_title_is_contained_in_another() -> None:
    """Varied enough to tell apart: never "Chef" beside "Pastry Chef"."""
    words = {o: set(title_words(o)) for o in load_decks().owners}
    for a, wa in words.items():
        for b, wb in words.items():
            if a != b:
                assert not wa <= wb, f"{a!r} is contained in {b!r}"


def test_every_owner_can_get_a_legal_plate(judge: PlateJudge) -> None:
    """No title bans the plain digits-and-consonants plate the deck tests use."""
    for owner in load_decks().owners:
        assert judge.judge("7QX9", owner).legal, owner


def test_requirements_deck_has_36_unique_cards() -> None:
    reqs = load_decks().requirements
    assert len(reqs) == REQUIREMENT_COUNT == 36
    assert len({requirement_key(r) for r in reqs}) == 36, "two cards have the same characters"


def test_requirements_cards_fit_on_a_plate(judge: PlateJudge) -> None:
    for card in load_decks().requirements:
        assert len(card) == 3
        assert all(ch.isdigit() or (ch.isupper() and ch not in VOWELS) for ch in card), card
        # The card itself, written as a plate, breaks no rule.
        assert judge.judge(card, "Zzz").legal, card


def test_normalise_requirement_accepts_lower_case_and_refuses_vowels() -> None:
    assert normalise_requirement(" sh5 ") == "SH5"
    with pytest.raises(ValueError, match="vowel"):
        normalise_requirement("SA5")
    with pytest.raises(ValueError, match="exactly 3"):
        normalise_requirement("SH")
    with pytest.raises(ValueError, match="cannot be on a plate"):
        normalise_requirement("S-5")


# --- malformed files -----------------------------------------------------------------


@pytest.fixture
def deck_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A private copy of every deck, pointed at by $BOARDGAMES_DECKS."""
    root = tmp_path / "decks"
    shutil.copytree(decks_root(), root)
    monkeypatch.setenv(DECKS_ENV, str(root))
    load_decks.cache_clear()
    yield root / "vntypl8s"
    load_decks.cache_clear()


def _replace_line(path: Path, old: str, new: str) -> int:
    lines = path.read_text(encoding="utf-8").split("\n")
    number = lines.index(old)
    lines[number] = new
    path.write_text("\n".join(lines), encoding="utf-8")
    return number + 1


@pytest.mark.parametrize(
    ("bad", "problem"),
    [
        ("fire fighter", "capital"),
        ("Fire  Fighter", "capital"),
        ("Fire-Fighter!", "capital"),
        ("Extraordinarily Long Job Title", "at most 24"),
        ("A B C D E", "more than 4 words"),
        ("Fire Fighter", "already on line"),
    ],
)
def test_malformed_owner_line_names_file_and_line(deck_copy: Path, bad: str, problem: str) -> None:
    path = deck_copy / "owners.txt"
    number = _replace_line(path, "Farmer", bad)
    with pytest.raises(DeckError) as info:
        load_owners()
    assert info.value.path == path and info.value.line == number
    assert f"{path}, line {number}" in info.value.message
    assert problem in info.value.message


@pytest.mark.parametrize(
    ("bad", "problem"),
    [
        ("SA5", "vowel"),
        ("SH", "exactly 3"),
        ("SH55", "exactly 3"),
        ("sh5", "capital consonants"),
        ("S-5", "capital consonants"),
        ("HS5", "same characters"),
        ("TR8", "repeats line"),
    ],
)
def test_malformed_requirement_line_names_file_and_line(deck_copy: Path, bad: str, problem: str) -> None:
    path = deck_copy / "requirements.txt"
    number = _replace_line(path, "BL4", bad)
    with pytest.raises(DeckError) as info:
        load_requirements()
    assert info.value.line == number
    assert f"requirements.txt, line {number}" in info.value.message
    assert problem in info.value.message


def test_wrong_count_is_reported_with_the_file(deck_copy: Path) -> None:
    path = deck_copy / "owners.txt"
    _replace_line(path, "Farmer", "# Farmer left out")
    with pytest.raises(DeckError, match="expected 184 owner cards, found 183"):
        load_owners()


def test_missing_file_is_reported(deck_copy: Path) -> None:
    (deck_copy / "requirements.txt").unlink()
    with pytest.raises(DeckError, match="missing"):
        load_requirements()


def test_bad_utf8_names_the_line(deck_copy: Path) -> None:
    path = deck_copy / "owners.txt"
    data = path.read_bytes().replace(b"\nFarmer\n", b"\nFarm\xffer\n")
    path.write_bytes(data)
    number = data.split(b"\n").index(b"Farm\xffer") + 1
    with pytest.raises(DeckError) as info:
        load_owners()
    assert info.value.line == number
