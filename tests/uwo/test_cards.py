"""The card catalog file: loaded and checked at start-up, clear errors naming file and line;
and ``docs/rules/uwo.md`` describing exactly the cards and rows the code uses."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from boardgames.common.decks import DeckError, deck_path
from boardgames.uwo.cards import Role, load_catalog, parse_catalog

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rules" / "uwo.md"
SOURCE = deck_path("uwo", "cards.txt")


def test_the_catalog_loads() -> None:
    cat = load_catalog()
    assert len(cat.kinds) == 9, "the published game has nine kinds of card"
    assert cat.deck_size == 40 and cat.troop.count == 10
    assert cat.energy == 6 and cat.evasion == 9
    for role in (Role.BAZOOKA, Role.RIDER, Role.DYNAMITE):
        assert cat.of_role(role).role is role
    assert cat.of_role(Role.DYNAMITE).count == 1, "once per game by nature"


def _line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def _mutated(tmp_path: Path, old: str, new: str) -> tuple[Path, str]:
    text = SOURCE.read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / "cards.txt"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path, text.replace(old, new, 1)


BAD = [
    ("kind skitter  ", "kind Skitter  ", "kind Skitter", "must be lower-case letters"),
    ("count=5  move=3/1", "count=five  move=3/1", "kind skitter", "whole number"),
    ("move=3/1", "move=3", "kind skitter", "RANGE/COST"),
    ("move=3/1", "move=3/9", "kind skitter", "between 1 and 6"),
    ("role=regular  count=5  move=3/1", "role=hero  count=5  move=3/1", "kind skitter", "unknown role"),
    ("shield=troop,skitter,longeye", "shield=troop,skitter,dragon", "kind shell", "not a kind"),
    ("shield=troop,skitter,longeye", "shield=troop,dynamite", "kind shell", "dynamite"),
    ("shield=rider,troop", "shield=troop", "kind bazooka", "must name the rider"),
    ("move=3/2 attack=-", "move=2/2 attack=-", "kind rider", "move=3/2"),
    ("attack=blast/2", "attack=1/2", "kind dynamite", "blast/COST"),
    ("name=Wisp ", "name=Wisp colour=blue ", "kind wisp", "unknown field"),
    ("name=Wisp ", "", "kind wisp", "missing field"),
    ("count=10 move=1/1", "count=9 move=1/1", "kind troop", "count must be 10"),
    ("kind wisp ", "kind brawler ", "kind brawler  ", "already defined"),
    ("supply evasion count=9", "supply evasion count=9\nsupply evasion count=8", "supply evasion count=8", "twice"),
    ("supply energy  count=6", "deal energy count=6", "deal energy", "unknown record"),
]


@pytest.mark.parametrize(("old", "new", "where", "words"), BAD, ids=[b[3] for b in BAD])
def test_a_malformed_line_is_reported_with_file_and_line(
    tmp_path: Path, old: str, new: str, where: str, words: str
) -> None:
    path, text = _mutated(tmp_path, old, new)
    with pytest.raises(DeckError) as err:
        parse_catalog(path)
    lines = [i for i, line in enumerate(text.splitlines(), 1) if line.startswith(where)]
    assert err.value.line in lines, (err.value.line, err.value.message)
    assert words in err.value.message
    assert str(path) in err.value.message and f"line {err.value.line}" in err.value.message


def test_counts_that_do_not_add_up_name_the_file(tmp_path: Path) -> None:
    path, _ = _mutated(tmp_path, "count=5  move=3/1", "count=6  move=3/1")
    with pytest.raises(DeckError, match="add up to 41") as err:
        parse_catalog(path)
    assert err.value.path == path


def test_a_missing_supply_line(tmp_path: Path) -> None:
    path, _ = _mutated(tmp_path, "supply energy  count=6", "")
    with pytest.raises(DeckError, match="supply energy"):
        parse_catalog(path)


def test_the_cli_reports_a_broken_catalog_without_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Start-up validation: ``boardgames`` exits 4 with the file and line on stderr."""
    from boardgames.cli import main
    from boardgames.uwo import cards

    decks = tmp_path / "decks"
    shutil.copytree(SOURCE.parent.parent, decks)
    broken = decks / "uwo" / "cards.txt"
    text = broken.read_text(encoding="utf-8").replace("move=3/1", "move=three", 1)
    broken.write_text(text, encoding="utf-8")
    monkeypatch.setenv("BOARDGAMES_DECKS", str(decks))
    cards.load_catalog.cache_clear()
    try:
        code = main(["uwo", "selfplay", "--games", "1"])
    finally:
        cards.load_catalog.cache_clear()
    err = capsys.readouterr().err
    assert code == 4
    assert f"line {_line_of(text, 'move=three')}" in err and "cards.txt" in err and "Traceback" not in err


# ------------------------------------------------------------------ the rules document


def _doc_table(heading: str) -> list[list[str]]:
    text = DOC.read_text(encoding="utf-8")
    section = text.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("|")]
    return [[c.strip() for c in row.strip("|").split("|")] for row in rows[2:]]


def test_the_card_table_in_the_rules_matches_the_catalog() -> None:
    cat = load_catalog()
    rows = _doc_table("The cards")
    assert [r[0] for r in rows] == [k.name for k in cat.kinds]
    for row, kind in zip(rows, cat.kinds, strict=True):
        name, count, move, attack, shield = row[:5]
        assert int(count) == kind.count, name
        steps = " steps" if kind.role is Role.RIDER else ""
        assert move == f"{kind.move}{steps} / {kind.move_cost}", name
        if kind.role is Role.DYNAMITE:
            assert attack == f"blast / {kind.attack_cost}"
        elif not kind.can_attack:
            assert attack == "—"
        else:
            assert attack == f"{kind.attack} / {kind.attack_cost}", name
        names = set() if shield == "—" else {s.strip() for s in shield.split(",")}
        assert names == {cat[k].name for k in kind.shield}, name


def test_every_interpretation_row_is_cited_by_a_test_and_the_code() -> None:
    rows = _doc_table("Interpretations")
    ids = [r[0] for r in rows]
    assert ids == [f"U{i}" for i in range(1, len(ids) + 1)], "rows are numbered U1, U2, ... in order"
    tests = " ".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_*.py"))
    # The game's own code, and the hosted table's, which carries the rows for a terminal per side.
    sources = [*(ROOT / "boardgames" / "uwo").glob("*.py"), *(ROOT / "boardgames" / "net").rglob("*.py")]
    code = " ".join(p.read_text(encoding="utf-8") for p in sources)
    for uid in ids:
        pattern = re.compile(rf"(?<![A-Za-z0-9]){uid}(?![0-9])")
        assert pattern.search(tests.replace("test_every_interpretation", "")), f"no test cites {uid}"
        assert pattern.search(code) or uid in _DOC_ONLY, f"the code never cites {uid}"


#: Rows that decide what is *not* in the code (nothing to point at there).
_DOC_ONLY: set[str] = set()
