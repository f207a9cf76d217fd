"""The judge agrees with a table on a labelled corpus of plates (Interpretation P32).

``plates.tsv`` holds plates invented for owner cards of the deck, each with the verdict
a table gives and the reading a person gives: legal plates a table accepts (inventive
ones included) and illegal ones of every kind P32 names (a root, an inflection, a
compound part, a short form, a sound-alike spelling, a word beside a digit).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from boardgames.cli import main
from boardgames.vntypl8s.cards import load_owners
from boardgames.vntypl8s.judge import PlateJudge, Rule, check_requirements

CORPUS = Path(__file__).with_name("plates.tsv")
_REQUIREMENTS = re.compile(r"^(?P<card>[A-Z0-9]{3}) \((?:met|missing (?P<missing>[A-Z0-9](?:, [A-Z0-9])*))\)$")


@dataclass(frozen=True)
class Row:
    line: int
    plate: str
    owner: str
    requirements: str
    verdict: str
    reading: str

    @property
    def word(self) -> str:
        """For an illegal plate, the word the judge must name as read."""
        return self.reading.split(":", 1)[0].split(" ", 1)[0]


def _rows() -> list[Row]:
    rows = []
    for number, text in enumerate(CORPUS.read_text(encoding="utf-8").splitlines(), start=1):
        if not text or text.startswith("#"):
            continue
        fields = text.split("\t")
        assert len(fields) == 5, f"plates.tsv, line {number}: five fields separated by tabs"
        rows.append(Row(number, *fields))
    return rows


ROWS = _rows()


def test_the_corpus_is_large_and_a_third_of_it_illegal() -> None:
    assert len(ROWS) >= 300
    assert sum(r.verdict == "illegal" for r in ROWS) * 3 >= len(ROWS)


def test_every_line_is_well_formed() -> None:
    owners = set(load_owners())
    seen: set[tuple[str, str]] = set()
    for row in ROWS:
        where = f"plates.tsv, line {row.line}"
        assert row.owner in owners, f"{where}: {row.owner!r} is no owner card"
        assert row.verdict in ("legal", "illegal"), where
        assert row.reading.strip(), f"{where}: say how a person reads it"
        assert not row.requirements or _REQUIREMENTS.match(row.requirements), where
        assert (row.plate, row.owner) not in seen, f"{where}: repeated"
        seen.add((row.plate, row.owner))


@pytest.mark.parametrize("row", ROWS, ids=[f"{r.plate}-{r.owner}" for r in ROWS])
def test_the_judge_agrees_with_the_table(judge: PlateJudge, row: Row) -> None:
    verdict = judge.judge(row.plate, row.owner)
    if row.verdict == "legal":
        assert verdict.legal, (row.reading, verdict.lines())
        return
    # Only the title-word rule is broken, and one refusal names the reading.
    assert verdict.broken() == {Rule.TITLE_WORD}, verdict.lines()
    assert row.word in [v.reading for v in verdict.violations], (row.reading, verdict.lines())


@pytest.mark.parametrize("row", [r for r in ROWS if r.requirements], ids=lambda r: f"{r.plate}-{r.requirements}")
def test_requirements_as_the_table_counts_them(row: Row) -> None:
    match = _REQUIREMENTS.match(row.requirements)
    assert match is not None
    check = check_requirements(row.plate, match["card"])
    assert check.missing == tuple((match["missing"] or "").split(", ") if match["missing"] else ())


CLI_SAMPLE = [r for r in ROWS if r.verdict == "illegal"][::9] + [r for r in ROWS if r.verdict == "legal"][::25]


@pytest.mark.parametrize("row", CLI_SAMPLE, ids=lambda r: f"{r.plate}-{r.owner}")
def test_check_gives_the_same_verdict_and_reasons(
    judge: PlateJudge, capsys: pytest.CaptureFixture[str], row: Row
) -> None:
    args = ["vntypl8s", "check", row.plate, "--owner", row.owner]
    verdict = judge.judge(row.plate, row.owner)
    expected = verdict.lines()
    if row.requirements:
        card = row.requirements.split(" ", 1)[0]
        args += ["--requirements", card]
        expected.append(check_requirements(row.plate, card).message)
    code = main(args)
    assert code == (0 if verdict.legal else 1)
    assert capsys.readouterr().out.splitlines() == expected
