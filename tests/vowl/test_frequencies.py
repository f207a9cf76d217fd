"""``frequency.txt`` read in one pass when it is as the deck build writes it.

Every Vowl game reads it before its first frame (the command line checks each deck
file first); line by line, 5,300 ``DeckLine`` and as many matches took about 9 ms.
The one-pass reader must never accept what the line-by-line one refuses, nor read a
table different from it: anything it is not sure of is left to the line-by-line one,
which names the line at fault.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardgames.common.decks import DECKS_ENV, DeckError, deck_path, read_text
from boardgames.vowl import cards


def test_the_shipped_file_is_read_in_one_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    line_by_line = cards._frequencies_line_by_line(deck_path("vowl", cards.FREQUENCY_FILE))

    def no_lines(path: Path) -> Iterator[object]:
        raise AssertionError(f"{path} read line by line")

    monkeypatch.setattr(cards, "read_lines", no_lines)
    table = cards.load_frequencies.__wrapped__()
    assert table == line_by_line and list(table) == list(line_by_line)  # the same words, in the same order
    assert len(table) > 5000


#: Lines the deck build writes, and lines it does not that a person editing the file
#: might: each is either read alike by both readers or left to the line-by-line one.
LINES = [
    "ab 1.23",
    "cd 0.00",
    "ef 7.99",
    "gh\t3.10",
    "ij   2.50",
    "# a comment",
    "",
    "ab 4.56",
    "  kl 1.00",
    "mn 1.00  # why",
    "op 1.00 ",
    "qr 8.00",
    "st 9.99",
    "Uv 1.00",
    "w 1.00",
    "xy 1.0",
    "xy 12.00",
    "zz 1.00\r",
    "   ",
    "\t# indented comment",
    "ab1 1.00",
    "été 1.00",
    "ab 1.23 4.56",
    "\ufeffcd 2.00",
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(LINES), max_size=8), st.booleans())
def test_one_pass_reads_what_the_line_by_line_reader_reads(
    tmp_path_factory: pytest.TempPathFactory, lines: list[str], final_newline: bool
) -> None:
    folder = tmp_path_factory.mktemp("decks")
    path = folder / "frequency.txt"
    path.write_text("\n".join(lines) + ("\n" if final_newline else ""), encoding="utf-8")
    one_pass = cards._well_formed_frequencies(read_text(path))
    try:
        line_by_line: dict[str, float] | None = cards._frequencies_line_by_line(path)
    except DeckError:
        line_by_line = None
    if one_pass is not None:
        assert line_by_line is not None, "read in one pass, refused line by line"
        assert one_pass == line_by_line and list(one_pass) == list(line_by_line)


@pytest.mark.parametrize(
    ("text", "line"),
    [("# head\nab 1.00\nab 2.00\n", 3), ("ab 1.00\ncd 8.50\n", 2), ("ab 1.00\nnot a frequency line\n", 2)],
)
def test_a_file_at_fault_is_still_blamed_by_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, line: int
) -> None:
    (tmp_path / "vowl").mkdir()
    (tmp_path / "vowl" / cards.FREQUENCY_FILE).write_text(text, encoding="utf-8")
    monkeypatch.setenv(DECKS_ENV, str(tmp_path))
    with pytest.raises(DeckError) as raised:
        cards.load_frequencies.__wrapped__()
    assert raised.value.line == line


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(LINES), max_size=8), st.booleans())
def test_the_check_before_the_first_frame_accepts_what_the_line_by_line_reader_reads(
    tmp_path_factory: pytest.TempPathFactory, lines: list[str], final_newline: bool
) -> None:
    folder = tmp_path_factory.mktemp("decks")
    (folder / "vowl").mkdir()
    path = folder / "vowl" / cards.FREQUENCY_FILE
    path.write_text("\n".join(lines) + ("\n" if final_newline else ""), encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(DECKS_ENV, str(folder))
        try:
            cards._frequencies_line_by_line(path)
        except DeckError as refused:
            with pytest.raises(DeckError) as raised:
                cards.check_frequencies()
            assert raised.value.line == refused.line
        else:
            cards.check_frequencies()


def test_the_command_lines_deck_check_builds_no_frequency_table() -> None:
    """The table is first used by the review, after the first frame; before it
    the file is only checked (``check_frequencies``)."""
    from boardgames.vowl.entry import ENTRY

    cards.load_frequencies.cache_clear()
    try:
        ENTRY.validate_decks()
        assert cards.load_frequencies.cache_info().currsize == 0
    finally:
        cards.load_frequencies.cache_clear()
